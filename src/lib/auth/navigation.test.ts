import { describe, expect, it } from 'vitest';
import { backOfficeNav, memberNav, showRecipesLink } from './navigation';

const labels = (items: { label: string }[]) => items.map((i) => i.label);
const base = ['Dashboard', 'Productos', 'Clientes', 'Ventas', 'Aprobaciones', 'Pagos'];
const superExtras = ['Usuarios', 'Proveedores', 'Análisis de Salud', 'Configuración'];

describe('back office navigation', () => {
  it('admin sees the six shared items', () => {
    expect(labels(backOfficeNav({ role: 'admin', finance: false }))).toEqual(base);
    expect(labels(backOfficeNav({ role: 'admin', finance: true }))).toEqual(base);
  });

  it('superadmin adds four more, and Finanzas only with the claim', () => {
    expect(labels(backOfficeNav({ role: 'superadmin', finance: false }))).toEqual([...base, ...superExtras]);
    expect(labels(backOfficeNav({ role: 'superadmin', finance: true }))).toEqual([...base, ...superExtras, 'Finanzas']);
  });

  it('Recetario is a header link, never a rail item', () => {
    expect(labels(backOfficeNav({ role: 'superadmin', finance: true }))).not.toContain('Recetario');
    expect(showRecipesLink({ role: 'admin', finance: false })).toBe(true);
    expect(showRecipesLink({ role: 'superadmin', finance: false })).toBe(true);
    expect(showRecipesLink({ role: 'cliente', finance: false })).toBe(false);
    expect(showRecipesLink(null)).toBe(false);
  });

  it('members, people without role and nobody see no back office items', () => {
    expect(backOfficeNav({ role: 'cliente', finance: false })).toEqual([]);
    expect(backOfficeNav({ role: 'sin_rol', finance: true })).toEqual([]);
    expect(backOfficeNav(null)).toEqual([]);
  });

  it('links each item to its route', () => {
    expect(backOfficeNav({ role: 'superadmin', finance: true }).map((i) => i.path)).toEqual([
      '/dashboard',
      '/productos',
      '/clientes',
      '/ventas',
      '/aprobaciones',
      '/pagos',
      '/gestion-usuarios',
      '/proveedores',
      '/analizador-salud',
      '/configuracion',
      '/finanzas',
    ]);
  });
});

describe('member navigation', () => {
  it('a cliente sees the six items in order', () => {
    expect(memberNav({ role: 'cliente', finance: false })).toEqual([
      { path: '/mi-cuenta', label: 'Mi Cuenta' },
      { path: '/mi-cuenta/hacer-pedido', label: 'Hacer un Pedido' },
      { path: '/mi-cuenta/mis-pedidos', label: 'Mis Pedidos' },
      { path: '/mi-cuenta/enrolar', label: 'Enrolar Miembro' },
      { path: '/mi-cuenta/mi-red', label: 'Mi Red' },
      { path: '/mi-cuenta/recompensas', label: 'Mis Recompensas' },
    ]);
  });

  it('nobody else does', () => {
    expect(memberNav({ role: 'admin', finance: false })).toEqual([]);
    expect(memberNav({ role: 'superadmin', finance: true })).toEqual([]);
    expect(memberNav({ role: 'sin_rol', finance: false })).toEqual([]);
  });
});
