// Every route of the application, with the Spanish label the specification gives it.
// The labels double as page titles and navigation items.
import { generatePath, type PathParam } from 'react-router';

export type Role = 'superadmin' | 'admin' | 'cliente' | 'sin_rol';

/** Who may open a route: staff (admin, superadmin), superadmin only, superadmin with finance, or members. */
export type Access = 'staff' | 'superadmin' | 'finance' | 'cliente';

export interface AppRoute {
  path: string;
  label: string;
  access: Access;
}

export const paths = {
  root: '/',
  login: '/login',
  authError: '/auth-error',
  landing: '/p/:slug',
  dashboard: '/dashboard',
  products: '/productos',
  clients: '/clientes',
  clientDetail: '/clientes/:id',
  sales: '/ventas',
  approvals: '/aprobaciones',
  payments: '/pagos',
  recipes: '/recetario',
  users: '/gestion-usuarios',
  suppliers: '/proveedores',
  healthAnalysis: '/analizador-salud',
  settings: '/configuracion',
  finance: '/finanzas',
  account: '/mi-cuenta',
  placeOrder: '/mi-cuenta/hacer-pedido',
  myOrders: '/mi-cuenta/mis-pedidos',
  enrol: '/mi-cuenta/enrolar',
  network: '/mi-cuenta/mi-red',
  rewards: '/mi-cuenta/recompensas',
} as const;

export const backOfficeRoutes = [
  { path: paths.dashboard, label: 'Dashboard', access: 'staff' },
  { path: paths.products, label: 'Productos', access: 'staff' },
  { path: paths.clients, label: 'Clientes', access: 'staff' },
  { path: paths.sales, label: 'Ventas', access: 'staff' },
  { path: paths.approvals, label: 'Aprobaciones', access: 'staff' },
  { path: paths.payments, label: 'Pagos', access: 'staff' },
  { path: paths.recipes, label: 'Recetario', access: 'staff' },
  { path: paths.users, label: 'Usuarios', access: 'superadmin' },
  { path: paths.suppliers, label: 'Proveedores', access: 'superadmin' },
  { path: paths.healthAnalysis, label: 'Análisis de Salud', access: 'superadmin' },
  { path: paths.settings, label: 'Configuración', access: 'superadmin' },
  { path: paths.finance, label: 'Finanzas', access: 'finance' },
] as const satisfies readonly AppRoute[];

export const memberRoutes = [
  { path: paths.account, label: 'Mi Cuenta', access: 'cliente' },
  { path: paths.placeOrder, label: 'Hacer un Pedido', access: 'cliente' },
  { path: paths.myOrders, label: 'Mis Pedidos', access: 'cliente' },
  { path: paths.enrol, label: 'Enrolar Miembro', access: 'cliente' },
  { path: paths.network, label: 'Mi Red', access: 'cliente' },
  { path: paths.rewards, label: 'Mis Recompensas', access: 'cliente' },
] as const satisfies readonly AppRoute[];

/** Back-office pages that open one item of a section: not in the navigation (the section is). */
export const backOfficeItemRoutes = [{ path: paths.clientDetail, label: 'Clientes', access: 'staff' }] as const satisfies readonly AppRoute[];

export const allRoutes: readonly AppRoute[] = [...backOfficeRoutes, ...backOfficeItemRoutes, ...memberRoutes];

/**
 * A route's href with its `:params` filled in and encoded: `pathTo(paths.clientDetail, { id })`. React
 * Router's own generatePath, typed by the pattern: a missing or misspelt param does not compile.
 */
export function pathTo<Path extends string>(path: Path, params: { [Key in PathParam<Path>]: string }): string {
  return generatePath<string>(path, params);
}

export type BackOfficePath = (typeof backOfficeRoutes)[number]['path'];
export type MemberPath = (typeof memberRoutes)[number]['path'];

export function routeLabel(path: BackOfficePath | MemberPath): string {
  return allRoutes.find((r) => r.path === path)?.label ?? '';
}
