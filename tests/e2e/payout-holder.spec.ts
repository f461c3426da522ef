// The company's side of paying through a bank (issue 24): Configuración › Pagos a miembros refuses a
// NIT with the wrong check digit at its field and keeps what was saved; «Exportar archivo de pago»
// offers exactly the layouts enabled there, plus the plain CSV; in Clientes › Retiros only a
// superadmin may let a member be paid into someone else's account, with a reason, and then (only
// then) the member can save such an account.
import { expectAccessible } from './look';
import { asPerson } from './db';
import { expect, test } from './fixtures';
import { accountNumberOf } from './own';
import { openAs } from './session';
import { personas, withDb } from './support';

interface FileSettings {
  company_nit: string;
  company_nit_dv: number;
  enabled_layouts: string[];
}
const fileSettings = () =>
  withDb(
    async (db) =>
      (await db.query<FileSettings>(`select company_nit, company_nit_dv, enabled_layouts from public.payout_file_settings where id = 'app_settings'`)).rows[0]!,
  );

test('Configuración › Pagos a miembros: un NIT con otro dígito de verificación se rechaza en su campo; Pagos ofrece los formatos habilitados y el CSV', async ({
  page,
  people,
}) => {
  const before = await fileSettings();
  expect(before.enabled_layouts, 'la demostración paga con Bancolombia PAB').toEqual(['bancolombia_pab']);
  await openAs(page, personas.superadmin, '/configuracion?tab=pagos');
  const nit = page.getByLabel('NIT de la empresa', { exact: true });
  await expect(nit).toHaveValue(`${before.company_nit}-${before.company_nit_dv}`);
  const wrong = (before.company_nit_dv + 1) % 10;
  await nit.fill(`${before.company_nit}-${wrong}`);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(
    page.getByText(`El dígito de verificación del NIT ${before.company_nit} es ${before.company_nit_dv}, no ${wrong}: revisa el número.`, { exact: true }),
  ).toBeVisible();
  await expect(nit).toHaveAttribute('aria-invalid', 'true');
  await expect(nit).toBeFocused();
  expect(await fileSettings()).toEqual(before);
  await expectAccessible(page, 'Configuración › Pagos a miembros con una negativa');

  // Pagos offers the enabled bank layouts and the plain CSV, nothing else.
  const pagos = await people.open(personas.admin, '/pagos?estado=aprobado');
  await pagos.getByRole('button', { name: 'Exportar archivo de pago' }).click();
  const layouts = pagos.getByRole('dialog', { name: 'Exportar archivo de pago' }).getByRole('group', { name: 'Formato' }).getByRole('radio');
  await expect(layouts).toHaveCount(2);
  await expect(layouts.nth(0)).toHaveAccessibleName(/^Bancolombia PAB/);
  await expect(layouts.nth(0)).toBeChecked();
  await expect(layouts.nth(1)).toHaveAccessibleName(/^CSV simple/);
});

test('Clientes › Retiros: solo un superadmin permite otro titular, con motivo, y solo entonces el miembro guarda esa cuenta', async ({ page, own, people }) => {
  const earner = await own.earner([], { payoutAccount: false });
  const otherPersons = (userId: string) =>
    asPerson({ userId }, `select public.save_payout_account('1007', 'ahorros', $1, 'Rosa Madre', 'CC', '1234567')`, [
      accountNumberOf(earner.id.replace(/-/g, '').slice(0, 8)),
    ]);
  await expect(otherPersons(earner.userId), 'sin permiso, la cuenta de otra persona no se guarda').rejects.toThrow(/La cuenta debe estar a tu nombre/);

  // An admin sees her account (none yet) and no way to allow another holder.
  const asAdmin = await people.open(personas.admin, `/clientes/${earner.id}?tab=retiros`);
  await expect(asAdmin.getByRole('region', { name: 'Cuenta para retiros' })).toContainText(`${earner.name} aún no registró una cuenta para sus retiros`);
  await expect(asAdmin.getByRole('button', { name: 'Permitir otro titular' })).toHaveCount(0);

  // The superadmin allows it, saying why.
  await openAs(page, personas.superadmin, `/clientes/${earner.id}?tab=retiros`);
  const panel = page.getByRole('region', { name: 'Cuenta para retiros' });
  await panel.getByRole('button', { name: 'Permitir otro titular' }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Permitir que ${earner.name} cobre en la cuenta de otra persona?` });
  await confirm.getByLabel('Motivo').fill('Cobra en la cuenta de su madre mientras abre la suya.');
  await confirm.getByRole('button', { name: 'Permitir otro titular' }).click();
  await expect(page.getByText('Permiso de titular actualizado.', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Puede cobrar en la cuenta de otra persona: Cobra en la cuenta de su madre mientras abre la suya.');
  await expect(panel.getByRole('button', { name: 'Quitar el permiso' })).toBeVisible();

  // Now the member's account in another's name is saved, marked as such where staff read it.
  await otherPersons(earner.userId);
  await page.reload();
  await expect(panel.getByTestId('client-payout-account')).toContainText('Rosa Madre · CC 1.234.567 · titular distinto del miembro');
  await expectAccessible(page, 'Clientes › Retiros con otro titular permitido');
});
