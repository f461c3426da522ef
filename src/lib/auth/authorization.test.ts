import { describe, expect, it } from 'vitest';
import { allRoutes } from '@/config/paths';
import { canAccessPath, hasAccess, roleHome, toRole, type Principal } from './authorization';

const superFinance: Principal = { role: 'superadmin', finance: true };
const superNoFinance: Principal = { role: 'superadmin', finance: false };
const admin: Principal = { role: 'admin', finance: false };
const adminWithFinance: Principal = { role: 'admin', finance: true };
const cliente: Principal = { role: 'cliente', finance: false };
const sinRol: Principal = { role: 'sin_rol', finance: false };

describe('roleHome', () => {
  it('sends staff to /dashboard, members to /mi-cuenta, everyone else to /login', () => {
    expect(roleHome(superFinance)).toBe('/dashboard');
    expect(roleHome(superNoFinance)).toBe('/dashboard');
    expect(roleHome(admin)).toBe('/dashboard');
    expect(roleHome(cliente)).toBe('/mi-cuenta');
    expect(roleHome(sinRol)).toBe('/login');
    expect(roleHome(null)).toBe('/login');
    expect(roleHome(undefined)).toBe('/login');
  });
});

describe('toRole', () => {
  it('keeps the three roles and turns anything else into sin_rol', () => {
    expect(toRole('superadmin')).toBe('superadmin');
    expect(toRole('admin')).toBe('admin');
    expect(toRole('cliente')).toBe('cliente');
    expect(toRole(undefined)).toBe('sin_rol');
    expect(toRole(null)).toBe('sin_rol');
    expect(toRole('Admin')).toBe('sin_rol');
    expect(toRole('sin_rol')).toBe('sin_rol');
  });
});

describe('route permissions', () => {
  const staffRoutes = ['/dashboard', '/productos', '/clientes', '/ventas', '/aprobaciones', '/pagos', '/recetario'];
  const superOnly = ['/gestion-usuarios', '/proveedores', '/analizador-salud', '/configuracion'];
  const memberOnly = ['/mi-cuenta', '/mi-cuenta/hacer-pedido', '/mi-cuenta/mis-pedidos', '/mi-cuenta/enrolar', '/mi-cuenta/mi-red', '/mi-cuenta/recompensas'];

  it('admin: the seven staff routes only', () => {
    for (const p of staffRoutes) expect(canAccessPath(admin, p), p).toBe(true);
    for (const p of [...superOnly, '/finanzas', ...memberOnly]) expect(canAccessPath(admin, p), p).toBe(false);
  });

  it('a finance claim does not open /finanzas to an admin', () => {
    expect(canAccessPath(adminWithFinance, '/finanzas')).toBe(false);
  });

  it('superadmin: everything of admin plus its own, /finanzas only with the claim', () => {
    for (const p of [...staffRoutes, ...superOnly]) {
      expect(canAccessPath(superNoFinance, p), p).toBe(true);
      expect(canAccessPath(superFinance, p), p).toBe(true);
    }
    expect(canAccessPath(superNoFinance, '/finanzas')).toBe(false);
    expect(canAccessPath(superFinance, '/finanzas')).toBe(true);
    for (const p of memberOnly) expect(canAccessPath(superFinance, p), p).toBe(false);
  });

  it('cliente: only the /mi-cuenta pages', () => {
    for (const p of memberOnly) expect(canAccessPath(cliente, p), p).toBe(true);
    for (const p of [...staffRoutes, ...superOnly, '/finanzas']) expect(canAccessPath(cliente, p), p).toBe(false);
  });

  it('sin_rol and nobody: no route at all', () => {
    for (const r of allRoutes) {
      expect(canAccessPath(sinRol, r.path), r.path).toBe(false);
      expect(canAccessPath(null, r.path), r.path).toBe(false);
    }
  });

  it('ignores a trailing slash and refuses unknown paths', () => {
    expect(canAccessPath(admin, '/dashboard/')).toBe(true);
    expect(canAccessPath(superFinance, '/no-existe')).toBe(false);
  });

  it('matches an item route by its pattern', () => {
    expect(canAccessPath(admin, '/clientes/0b5e3c1a-1111-4222-8333-944455556666')).toBe(true);
    expect(canAccessPath(cliente, '/clientes/0b5e3c1a-1111-4222-8333-944455556666')).toBe(false);
    expect(canAccessPath(admin, '/clientes/a/b')).toBe(false);
  });

  it('finance access needs superadmin and finance === true', () => {
    expect(hasAccess(superFinance, 'finance')).toBe(true);
    expect(hasAccess(superNoFinance, 'finance')).toBe(false);
    expect(hasAccess(adminWithFinance, 'finance')).toBe(false);
    expect(hasAccess(null, 'finance')).toBe(false);
  });
});
