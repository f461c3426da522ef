// A company deploys Savia to a project created today and its owner gets in (README «Deploying»):
// on the database `supabase db push` left (migrations only, no seed: npm test's owner stage, which
// runs this spec alone, SAVIA_E2E_BARE=1), the owner names the first superadmin with
// `npm run bootstrap-owner`, that person signs in through the Google chooser and lands on the
// Dashboard with Finanzas in the navigation, and the command then refuses to run again.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './look';
import { cfg, navLabels, signInWithTypedEmail, SUPER_NAV, withDb } from './support';

const OWNER = 'duena@empresa.test';

/** The command as the README gives it; its sentence, and whether it exited 0. */
async function bootstrapOwner(email: string) {
  const script = join(import.meta.dirname, '../../scripts/bootstrap-owner.mjs');
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--db-url', cfg.dbUrl, '--email', email]);
    return { ok: true, said: stdout.trim() };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { ok: false, exitCode: failed.code, said: (failed.stderr ?? '').trim() };
  }
}

test('la primera persona superadmin entra a un proyecto recién desplegado, y el comando no se repite', async ({ page }) => {
  const { rows } = await withDb((db) =>
    db.query(`select (select count(*) from public.users_roles)::int as roles, (select count(*) from public.clients)::int as members`),
  );
  expect(rows[0], 'la base es la que deja supabase db push: sin semilla, sin nadie con acceso').toEqual({ roles: 0, members: 0 });

  // Nobody can get in before the owner names someone.
  await signInWithTypedEmail(page, OWNER);
  await expect(page).toHaveURL(/\/auth-error$/, { timeout: 20_000 });

  expect(await bootstrapOwner(OWNER)).toEqual({
    ok: true,
    said: `Listo: invitamos a ${OWNER} como superadmin con acceso a finanzas. Que entre a Savia con «Continuar con Google» usando ese correo.`,
  });

  await signInWithTypedEmail(page, OWNER);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await navLabels(page, 'Navegación principal')).toEqual([...SUPER_NAV, 'Finanzas']);
  // An empty company is a state of its own: the Dashboard with nothing in it is still readable.
  await expectAccessible(page, 'Dashboard de una empresa sin datos');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Finanzas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Finanzas' })).toBeVisible();

  expect(await bootstrapOwner('otra.persona@empresa.test')).toEqual({
    ok: false,
    exitCode: 1,
    said: 'Savia ya tiene superadmin: este comando solo nombra al primero. A las demás personas las invita un superadmin desde Usuarios.',
  });
  const audit = await withDb((db) =>
    db.query(`select table_name, db_role from public.audit_logs where table_name in ('staff_invitations', 'users_roles') and action = 'INSERT' order by id`),
  );
  expect(audit.rows, 'la bitácora guarda la invitación (hecha por postgres) y el rol que dio al entrar').toEqual([
    { table_name: 'staff_invitations', db_role: 'postgres' },
    { table_name: 'users_roles', db_role: 'supabase_auth_admin' },
  ]);
});
