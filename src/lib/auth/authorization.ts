// The browser's mirror of who may go where (the database's row-level security is the authority).
import { allRoutes, paths, type Access, type Role } from '@/config/paths';

export type { Role };

export const ROLES: readonly Role[] = ['superadmin', 'admin', 'cliente', 'sin_rol'];

/** What access decisions need to know about the signed-in person. */
export interface Principal {
  role: Role;
  finance: boolean;
}

export function toRole(value: unknown): Role {
  return value === 'superadmin' || value === 'admin' || value === 'cliente' ? value : 'sin_rol';
}

export const isStaff = (role: Role) => role === 'admin' || role === 'superadmin';

/** Home after login: staff to /dashboard, members to /mi-cuenta, anyone else (or nobody) to /login. */
export function roleHome(principal: Principal | null | undefined): string {
  if (!principal) return paths.login;
  if (isStaff(principal.role)) return paths.dashboard;
  if (principal.role === 'cliente') return paths.account;
  return paths.login;
}

export function hasAccess(principal: Principal | null | undefined, access: Access): boolean {
  if (!principal) return false;
  switch (access) {
    case 'staff':
      return isStaff(principal.role);
    case 'superadmin':
      return principal.role === 'superadmin';
    case 'finance':
      return principal.role === 'superadmin' && principal.finance === true;
    case 'cliente':
      return principal.role === 'cliente';
  }
}

/** `/clientes/:id` → a pattern a path of that route matches (one segment per param). */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);

/** Whether the principal may open a protected path; unknown paths are never "allowed". */
export function canAccessPath(principal: Principal | null | undefined, path: string): boolean {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const route = allRoutes.find((r) => r.path === normalized || (r.path.includes(':') && patternOf(r.path).test(normalized)));
  return route ? hasAccess(principal, route.access) : false;
}
