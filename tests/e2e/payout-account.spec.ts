// Mi Cuenta › «Cuenta para tus retiros» (issue 24), with a member of the test's own who has money
// available and no account yet: «Solicitar retiro» asks for one; the form says the bank's format at
// the field before sending and shows the database's refusal (an account in someone else's name) at
// its field; the account saved is audited; a change of account is shown to finance on the next
// request («Cuenta cambiada hoy»), in the row and in the dialog that approves it.
import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/format/format';
import { expectAccessible, shootScreen } from './look';
import { asPerson, one } from './db';
import { expect, test } from './fixtures';
import { accountNumberOf, holderOf } from './own';
import { openAs } from './session';
import { personas, withDb } from './support';

const currency = async () => (await one<{ currency: string }>("select currency from public.metadata where id = 'app_settings'")).currency;

const accountsOf = (clientId: string) =>
  withDb(
    async (db) =>
      (
        await db.query<{ id: string; account_number: string; account_type: string; replaced: boolean }>(
          `select id, account_number, account_type, replaced_at is not null as replaced from public.payout_accounts where client_id = $1 order by created_at, id`,
          [clientId],
        )
      ).rows,
  );

/** The audit trail of her account's versions (the trigger on payout_accounts writes it). */
const auditedAccountIds = (ids: string[]) =>
  withDb(
    async (db) =>
      (
        await db.query<{ row_id: string; action: string }>(
          `select row_id, action from public.audit_logs where table_name = 'payout_accounts' and row_id = any($1) order by id`,
          [ids],
        )
      ).rows,
  );

const field = (page: Page, label: string) => page.getByRole('dialog', { name: 'Tu cuenta para retiros' }).getByLabel(label, { exact: true });

test('registrar y cambiar la cuenta para retiros: el formato del banco y la negativa de la base en su campo, la bitácora y «Cuenta cambiada» para finanzas', async ({
  page,
  own,
  people,
}) => {
  test.setTimeout(120_000);
  const earner = await own.earner([], { payoutAccount: false });
  const code = await currency();
  const money = (n: number) => formatMoney(n, code);
  const holder = holderOf(earner.name);
  const ownDocument = earner.document.slice(3);

  // Without an account, «Solicitar retiro» sends her to register one.
  await openAs(page, earner.email, '/mi-cuenta');
  const card = page.getByTestId('payout-account-card');
  await expect(card).toContainText('Aún no tienes una cuenta para tus retiros');
  await card.getByRole('button', { name: 'Registrar cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tu cuenta para retiros' });

  // The bank's format, at the field, before anything is sent: Nequi is a 10-digit mobile starting with 3.
  await field(page, 'Banco o billetera').selectOption({ label: 'Nequi' });
  await field(page, 'Número de celular').fill('2005550199');
  await dialog.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(field(page, 'Número de celular')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('El número de Nequi tiene 10 dígitos y empieza por 3 (es el celular), sin letras.', { exact: true })).toBeVisible();

  // Bancolombia: 11 digits; a short number is refused at its field.
  await field(page, 'Banco o billetera').selectOption({ label: 'Bancolombia' });
  await field(page, 'Tipo de cuenta').selectOption({ label: 'Cuenta de ahorros' });
  await field(page, 'Número de cuenta').fill('123-45');
  await dialog.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(dialog.getByText('El número de Bancolombia tiene 11 dígitos, sin letras.', { exact: true })).toBeVisible();
  await expect(field(page, 'Número de cuenta')).toHaveAttribute('aria-invalid', 'true');

  // A well-formed account in someone else's name: only the database knows, and says so at the document.
  const firstNumber = accountNumberOf(earner.id.replace(/-/g, '').slice(0, 8));
  await field(page, 'Número de cuenta').fill(firstNumber);
  await expect(field(page, 'Nombre del titular')).toHaveValue(earner.name); // hers, from her record
  await field(page, 'Nombre del titular').fill(holder); // as the bank has it: letters only
  await field(page, 'Tipo de documento del titular').selectOption({ label: 'Cédula de ciudadanía' });
  await field(page, 'Número de documento del titular').fill('1234567');
  await dialog.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(
    dialog.getByText(
      'La cuenta debe estar a tu nombre: el documento del titular no es el de tu ficha. Si necesitas cobrar en la cuenta de otra persona, pide a la empresa que lo autorice.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(field(page, 'Número de documento del titular')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Número de documento del titular')).toBeFocused();
  expect(await accountsOf(earner.id)).toEqual([]);
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'Tu cuenta para retiros, con una negativa');
  await shootScreen(page, 'mi-cuenta-cuenta-retiros-formulario', { fullPage: false });

  await field(page, 'Número de documento del titular').fill(ownDocument);
  await dialog.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(page.getByText('Cuenta para retiros guardada.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('payout-account')).toContainText('Bancolombia · Cuenta de ahorros');
  await expect(card.getByTestId('payout-account')).toContainText(firstNumber.slice(-3));
  await expect(card.getByTestId('payout-account')).toContainText(holder);
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'Mi Cuenta con la cuenta para retiros');
  await shootScreen(page, 'mi-cuenta-cuenta-retiros');
  const [first] = await accountsOf(earner.id);
  expect(first).toMatchObject({ account_number: firstNumber, account_type: 'ahorros', replaced: false });

  // Her first payout goes to it and is approved (which fixes its account); then she moves to a
  // current account: a new version, both audited.
  const [request] = await asPerson<{ id: string }>({ userId: earner.userId }, 'select (public.request_payout($1, null)).id', [30_000]);
  await asPerson(personas.admin, 'select public.approve_payout($1)', [request!.id]);
  await card.getByRole('button', { name: 'Cambiar cuenta' }).click();
  await field(page, 'Tipo de cuenta').selectOption({ label: 'Cuenta corriente' });
  await dialog.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('payout-account')).toContainText('Bancolombia · Cuenta corriente');
  const versions = await accountsOf(earner.id);
  expect(versions.map((v) => [v.account_type, v.replaced])).toEqual([
    ['ahorros', true],
    ['corriente', false],
  ]);
  expect(await auditedAccountIds(versions.map((v) => v.id))).toEqual([
    { row_id: versions[0]!.id, action: 'INSERT' },
    { row_id: versions[0]!.id, action: 'UPDATE' },
    { row_id: versions[1]!.id, action: 'INSERT' },
  ]);
  await asPerson({ userId: earner.userId }, 'select public.request_payout($1, null)', [20_000]);

  // Finance sees the change on the first request to the new account, not on the one before it.
  const pagos = await people.open(personas.admin, '/pagos?por_pagina=100');
  const rowOf = (amount: number) =>
    pagos
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: earner.name })
      .filter({ hasText: money(amount) });
  await expect(rowOf(20_000)).toContainText('Cuenta cambiada hoy');
  await expect(rowOf(20_000)).toContainText('Bancolombia · Cuenta corriente');
  await rowOf(20_000).getByRole('button', { name: 'Aprobar' }).click();
  await expect(pagos.getByRole('alertdialog')).toContainText(
    `Cuenta cambiada hoy: es el primer retiro de ${earner.name} a esta cuenta. Si dudas, confírmalo con ${earner.name} antes de pagar.`,
  );
  await pagos.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
  // The one approved before the change keeps the account it was approved with, and no warning.
  await pagos.goto('/pagos?estado=aprobado&por_pagina=100');
  await expect(rowOf(30_000)).toContainText('Bancolombia · Cuenta de ahorros');
  await expect(rowOf(30_000)).not.toContainText('Cuenta cambiada');
});
