// Usuarios (/gestion-usuarios): Diego (superadmin without finance) is refused giving finance, invites
// a new admin, who signs in through Google's chooser with that role; Diego revokes them and their
// very next action, in the tab they still have open, is refused. The invitee is this run's own.
import { expect, test } from '@playwright/test';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { personas, signInWithTypedEmail, withDb } from './support';

const invitee = `nuevo.admin.${Math.random().toString(36).slice(2, 7)}@savia.test`;

test('el superadmin invita a un admin que entra con ese rol, y al revocarlo su siguiente acción se rechaza', async ({ page, browser }) => {
  // Two people, two sign-ins (one through Google's chooser) and a reload: longer than one screen's test.
  test.setTimeout(90_000);
  await openAs(page, personas.superadmin, '/gestion-usuarios');
  const table = page.getByRole('table', { name: 'Personal con acceso al back office' });
  await expect(table.getByRole('row').filter({ hasText: personas.superadmin })).toContainText('Tú');
  await expectAccessible(page, 'Usuarios');
  await shootScreen(page, 'usuarios');

  await page.getByRole('button', { name: 'Invitar' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invitar al personal' });
  await dialog.getByLabel('Correo de Google').fill(invitee);
  await dialog.getByLabel('Rol').selectOption('superadmin');
  await dialog.getByLabel('Acceso a finanzas').check();
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Solo un superadmin con acceso a finanzas puede dar o quitar ese acceso.');
  await expectAccessible(page, 'el diálogo «Invitar» con su rechazo');

  await dialog.getByLabel('Rol').selectOption('admin');
  await expect(dialog.getByLabel('Acceso a finanzas')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Invitación enviada: ${invitee} ya puede entrar con Google.`)).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: invitee });
  await expect(row).toContainText('Invitación pendiente');

  // The invitee signs in with Google (the chooser, a typed address) and lands in the back office as admin.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await signInWithTypedEmail(them, invitee);
  await expect(them).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(them.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Clientes' })).toBeVisible();
  await expect(them.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  const roleOf = () =>
    withDb(
      async (db) =>
        (
          await db.query<{ role: string; finance: boolean }>(
            `select ur.role, ur.finance from public.users_roles ur join auth.users u on u.id = ur.user_id where u.email = $1`,
            [invitee],
          )
        ).rows,
    );
  expect(await roleOf()).toEqual([{ role: 'admin', finance: false }]);

  await page.reload();
  await expect(row).toContainText('Activo');
  await expect(row).not.toContainText('Nunca');
  await row.getByRole('button', { name: `Revocar el acceso de ${invitee}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revocar acceso' });
  await expect(confirm).toContainText('su siguiente acción se rechaza aunque tenga la sesión abierta');
  await confirm.getByRole('button', { name: 'Revocar acceso' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Sin acceso');
  expect(await roleOf()).toEqual([]);

  // Their open tab, their old token: the next read is the database's refusal, not the data.
  await them.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Clientes' }).click();
  await expect(them.getByRole('alert')).toContainText('No pudimos cargar');
  await expect(them.getByRole('alert')).toContainText('Solo el personal (admin o superadmin) puede realizar esta acción.');
  await theirs.close();
});
