// The navigation each person sees. Recetario is reached from the header, not the rail.
import { backOfficeRoutes, memberRoutes, paths, type AppRoute } from '@/config/paths';
import { hasAccess, type Principal } from './authorization';

export type NavItem = Pick<AppRoute, 'path' | 'label'>;

export function backOfficeNav(principal: Principal | null | undefined): NavItem[] {
  return backOfficeRoutes.filter((r) => r.path !== paths.recipes && hasAccess(principal, r.access)).map(({ path, label }) => ({ path, label }));
}

export function memberNav(principal: Principal | null | undefined): NavItem[] {
  return memberRoutes.filter((r) => hasAccess(principal, r.access)).map(({ path, label }) => ({ path, label }));
}

/** The header's Recetario link: admin and superadmin. */
export function showRecipesLink(principal: Principal | null | undefined): boolean {
  return hasAccess(principal, 'staff');
}
