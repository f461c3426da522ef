// Pagos as the demo admin (Laura): a member of the test's own with money available asks for payouts
// (tests/e2e/own.ts, `earner`); Laura approves one (seeing the account it goes to), marks it paid by
// hand with the bank's reference, rejects another (the amount goes back to the balance), and meets
// the database's refusal when another admin rejected a request while she was paying it. The database
// is checked after each step. The first test also reads the company's totals: @empresa, while nobody
// else asks for or decides a payout. Paying through the bank's file and reply: payouts-bank.spec.ts.
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/format/format';
import { asPerson, one } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Earner, Payout } from './own';
import { openAs } from './session';
import { personas, withDb } from './support';

// Sofía has an account from the demo history (Diego's appears only at his first sign-in).
const OTHER_ADMIN = personas.superFinance;

interface PayoutRow {
  status: string;
  payment_reference: string | null;
  rejection_reason: string | null;
  decided_at: Date | null;
  paid_at: Date | null;
}
const payoutInDb = (id: string) =>
  withDb(
    async (db) =>
      (await db.query<PayoutRow>('select status, payment_reference, rejection_reason, decided_at, paid_at from public.payout_requests where id = $1', [id]))
        .rows[0]!,
  );
const balanceOf = (clientId: string) =>
  withDb(
    async (db) =>
      (await db.query<{ available: string; reserved: string; paid: string }>('select available, reserved, paid from private.balance_of($1)', [clientId]))
        .rows[0]!,
  );

const currency = async () => (await one<{ currency: string }>("select currency from public.metadata where id = 'app_settings'")).currency;

const rowOf = (page: Page, earner: Earner, payout: Payout, money: (n: number) => string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: earner.name })
    .filter({ hasText: money(payout.amount) });

const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

async function downloadText(download: Download) {
  const bytes = await readFile((await download.path())!);
  return { bom: [...bytes.subarray(0, 3)], lines: new TextDecoder().decode(bytes.subarray(3)).split('\r\n') };
}

/** The four totals on screen are the database's (get_payout_totals as Laura). */
async function expectTotalsAsInDb(page: Page, money: (n: number) => string) {
  const totals = await asPerson<{ status: string; requests: string; amount: string }>(personas.admin, 'select * from public.get_payout_totals()');
  for (const t of totals) {
    const count = Number(t.requests);
    await expect(page.getByTestId(`total-${t.status}-amount`)).toHaveText(money(Number(t.amount)));
    await expect(page.getByTestId(`total-${t.status}-count`)).toHaveText(count === 1 ? '1 solicitud' : `${count} solicitudes`);
  }
}

const dialog = (page: Page): Locator => page.getByRole('alertdialog');

test('aprobar viendo la cuenta, marcar pagado con la referencia y rechazar con motivo', { tag: '@empresa' }, async ({ page, own }) => {
  test.setTimeout(120_000);
  const earner = await own.earner([
    { amount: 45_500, details: 'Banco Pagos, ahorros 111-222' },
    { amount: 30_000, details: 'Nequi 300 000 0000' },
  ]);
  const [toPay, toReject] = earner.payouts as [Payout, Payout];
  const code = await currency();
  const money = (n: number) => formatMoney(n, code);
  expect(await balanceOf(earner.id)).toEqual({ available: '24500.00', reserved: '75500.00', paid: '0.00' });

  await openAs(page, personas.admin, '/pagos?por_pagina=100');
  await expect(page.getByRole('heading', { level: 2, name: 'Pendientes de aprobar, la más antigua primero' })).toBeVisible();
  await expectTotalsAsInDb(page, money);
  const pending = rowOf(page, earner, toPay, money);
  await expect(pending).toContainText('Bancolombia · Cuenta de ahorros'); // the account saved in Mi Cuenta
  // Her available balance (100 less both requests), said for what it is.
  await expect(pending).toContainText(`${money(24_500)}después de reservar esta y sus otras solicitudes abiertas`);
  await shootScreen(page, 'pagos');
  await expectAccessible(page, 'Pagos, pendientes');

  // Approve: no money moves yet.
  await pending.getByRole('button', { name: 'Aprobar' }).click();
  await expect(dialog(page)).toContainText(`Aprobar todavía no mueve dinero: los ${money(45_500)} que pidió ${earner.name} siguen reservados`);
  await expect(dialog(page)).toContainText('Bancolombia · Cuenta de ahorros');
  await page.mouse.move(0, 0);
  await expectAccessible(page, 'Pagos con el diálogo de aprobar abierto');
  await dialog(page).getByRole('button', { name: 'Aprobar' }).click();
  await expect(toasts(page).getByText('Solicitud aprobada.')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(pending).toBeHidden(); // it left the pending list
  const approved = await payoutInDb(toPay.id);
  expect(approved).toMatchObject({ status: 'approved', paid_at: null });
  expect(approved.decided_at).not.toBeNull();
  expect(await balanceOf(earner.id)).toEqual({ available: '24500.00', reserved: '75500.00', paid: '0.00' });

  // Reject the other with a reason: its 30.000 goes back to her available balance.
  const toRejectRow = rowOf(page, earner, toReject, money);
  await toRejectRow.getByRole('button', { name: 'Rechazar' }).click();
  await expect(dialog(page)).toContainText(`Rechazar devuelve ${money(30_000)} al saldo de ${earner.name}`);
  await dialog(page).getByRole('button', { name: 'Rechazar' }).click();
  await expect(dialog(page).getByText('Escribe un motivo de al menos 3 caracteres.')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Faltan los datos del titular de la cuenta.' }).click();
  await dialog(page).getByRole('button', { name: 'Rechazar' }).click();
  await expect(toasts(page).getByText('Solicitud rechazada: el importe vuelve al saldo del miembro.')).toBeVisible();
  await expect(toRejectRow).toBeHidden();
  expect(await payoutInDb(toReject.id)).toMatchObject({ status: 'rejected', rejection_reason: 'Faltan los datos del titular de la cuenta.' });
  expect(await balanceOf(earner.id)).toEqual({ available: '54500.00', reserved: '45500.00', paid: '0.00' });

  // The approved ones, and the bank's payment file.
  await page
    .getByRole('navigation', { name: 'Solicitudes por estado' })
    .getByRole('link', { name: /Aprobadas sin pagar/ })
    .click();
  await expect(page).toHaveURL(/\?estado=aprobado$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Aprobadas por pagar, la más antigua primero' })).toBeVisible();
  await expectTotalsAsInDb(page, money);
  const toPayRow = rowOf(page, earner, toPay, money);
  await expect(toPayRow).toBeVisible();
  // Reachable without scrolling sideways (other specs' rows may push it down: scroll to it first).
  await toPayRow.scrollIntoViewIfNeeded();
  await expect(toPayRow.getByRole('button', { name: 'Rechazar' })).toBeInViewport();
  await shootScreen(page, 'pagos-aprobadas');

  // Mark it paid: the reference is required.
  await toPayRow.getByRole('button', { name: 'Marcar pagado' }).click();
  await expect(dialog(page)).toContainText(`Marcar pagado: registra que ya le transferiste ${money(45_500)} a ${earner.name}`);
  await expect(dialog(page).getByLabel('Referencia del pago')).toBeFocused();
  await dialog(page).getByRole('button', { name: 'Marcar pagado' }).click();
  await expect(dialog(page).getByText('Escribe la referencia del pago.')).toBeVisible();
  await page.mouse.move(0, 0); // a hovered button is lighter: judge the dialog at rest
  await expectAccessible(page, 'Pagos con el diálogo de marcar pagado abierto');
  const reference = `TRF-E2E-${earner.payouts[0]!.id.slice(0, 6)}`;
  await dialog(page).getByLabel('Referencia del pago').fill(reference);
  await dialog(page).getByRole('button', { name: 'Marcar pagado' }).click();
  await expect(toasts(page).getByText('Pago registrado.')).toBeVisible();
  await expect(toPayRow).toBeHidden();
  const paid = await payoutInDb(toPay.id);
  expect(paid).toMatchObject({ status: 'paid', payment_reference: reference });
  expect(paid.paid_at).not.toBeNull();
  expect(await balanceOf(earner.id)).toEqual({ available: '54500.00', reserved: '0.00', paid: '45500.00' });

  // This month's paid ones show it with its reference; the CSV is the list as filtered.
  await page
    .getByRole('navigation', { name: 'Solicitudes por estado' })
    .getByRole('link', { name: /Pagadas este mes/ })
    .click();
  await expect(page).toHaveURL(/\?estado=pagado$/);
  await expectTotalsAsInDb(page, money);
  await expect(rowOf(page, earner, toPay, money)).toContainText(`Ref. ${reference}`);
  // An earlier step's toast may still cover the button, and sonner keeps a hovered toast up (the
  // pointer rests where the last click was): move away and let it go before clicking under it.
  await page.mouse.move(0, 0);
  await expect(toasts(page).locator('[data-sonner-toast]')).toHaveCount(0);
  const listDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const list = await downloadText(await listDownload);
  expect(list.bom).toEqual([0xef, 0xbb, 0xbf]);
  expect(list.lines[0]).toBe(
    'Solicitud,Solicitada,Miembro,Correo,Documento,Importe,Moneda,Estado,Referencia de la solicitud,Banco o billetera,Tipo de cuenta,Número de cuenta,Titular,Documento del titular,Cuenta cambiada hace (días),Archivo de pago,Motivo del banco,Datos de pago,Decidida,Pagada,Referencia del pago,Motivo del rechazo,Saldo disponible',
  );
  const line = list.lines.find((l) => l.startsWith(toPay.id));
  expect(line).toMatch(
    new RegExp(
      `,${earner.name},${earner.email},${earner.document},45500\\.00,${code},Pagado,RET-\\d{6,},Bancolombia,Cuenta de ahorros,\\d{11},Ana Pagos,CC ${earner.document.slice(3)},,,,"Banco Pagos, ahorros 111-222",.+,${reference},,54500\\.00$`,
    ),
  );
  expect(list.lines.some((l) => l.startsWith(toReject.id))).toBe(false);
});

test('pagar una solicitud que otro administrador rechazó entretanto: la negativa de la base, dentro del diálogo', async ({ page, own }) => {
  test.setTimeout(90_000);
  const earner = await own.earner([{ amount: 20_000, details: null }]);
  const [payout] = earner.payouts as [Payout];
  const code = await currency();
  const money = (n: number) => formatMoney(n, code);
  await asPerson(personas.admin, 'select public.approve_payout($1)', [payout.id]);

  await openAs(page, personas.admin, '/pagos?estado=aprobado&por_pagina=100');
  const row = rowOf(page, earner, payout, money);
  await expect(row).toContainText('Bancolombia · Cuenta de ahorros');
  await row.getByRole('button', { name: 'Marcar pagado' }).click();
  await dialog(page).getByLabel('Referencia del pago').fill('TRF-TARDE');

  // Meanwhile Sofía, another admin, rejects it.
  await asPerson(OTHER_ADMIN, 'select public.reject_payout($1, $2)', [payout.id, 'El miembro pidió anularla']);
  await dialog(page).getByRole('button', { name: 'Marcar pagado' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'La solicitud de cobro está rechazada: solo se paga una aprobada. La lista ya muestra su estado actual.',
  );
  await expect(dialog(page).getByLabel('Referencia del pago')).toHaveValue('TRF-TARDE');
  await shootScreen(page, 'pagos-negativa-en-el-dialogo');
  expect(await payoutInDb(payout.id)).toMatchObject({
    status: 'rejected',
    payment_reference: null,
    paid_at: null,
    rejection_reason: 'El miembro pidió anularla',
  });
  expect(await balanceOf(earner.id)).toEqual({ available: '100000.00', reserved: '0.00', paid: '0.00' });

  await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toBeHidden(); // the list refreshed after the refusal
});
