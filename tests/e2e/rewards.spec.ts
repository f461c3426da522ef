// Mis Recompensas as the members who use it: each entry says why (the database's fields, in one
// sentence), a forfeit says which figure lost it, the filters live in the URL, a payout request
// goes end to end (row pending, balance reserved) and its refusals show at the amount field, and the
// CSV is the filtered ledger with its BOM and header. What is read is María's (whom no spec changes)
// or the demo's closed history; the payout requests are asked by a member of the test's own with
// money available (tests/e2e/own.ts, `earner`).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatMoney, formatMonth, formatMonthName, formatPercent, formatPoints } from '../../src/lib/format/format';
import { one, readAs, readSettings, refusalOf } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import { rewards } from './pages/rewards';
import { personas, withDb } from './support';

const FORFEIT = 'Beneficiario inactivo al cierre del mes';

interface Entry {
  id: string;
  period_month: string;
  type: string;
  amount: string;
  generation: number | null;
  base: string | null;
  rate: string | null;
  star_level: number | null;
  plan_version: number;
  source_client_name: string | null;
}
interface Balance {
  available: string;
  reserved: string;
  min_payout: string;
}

const ledgerOf = (email: string, where = 'true') =>
  readAs(
    email,
    async (db) =>
      (await db.query<Entry>(`select *, to_char(period_month, 'YYYY-MM') as period_month from public.get_ledger(p_limit => 500) where ${where}`)).rows,
  );
const balanceOf = (email: string) => readAs(email, async (db) => (await db.query<Balance>('select * from public.get_balance()')).rows[0]!);

const openRewards = (page: Page, email: string, query = '') => rewards(page).open(email, query);

test('cada comisión dice por qué, con los campos que da get_ledger, y el filtro por tipo vive en la URL', async ({ page }) => {
  const settings = await readSettings();
  const money = (v: string | number) => formatMoney(v, settings.currency);
  const [newest] = await ledgerOf(personas.memberActive, `type = 'commission_purchase'`);
  expect(newest, 'María tiene comisiones por compras de su red').toBeTruthy();

  await openRewards(page, personas.memberActive);
  await page.getByLabel('Tipo').selectOption({ label: 'Comisión por compra' });
  await expect(page).toHaveURL(/[?&]tipo=commission_purchase/);
  const entry = page.locator(`[data-entry-id="${newest!.id}"]`);
  await expect(entry.getByTestId('ledger-why')).toHaveText(
    `Comisión por la compra de ${newest!.source_client_name} (${newest!.generation}.ª generación): ${formatPercent(newest!.rate!)} de ${money(newest!.base!)} = ${money(newest!.amount)} · nivel ★${newest!.star_level} · plan v${newest!.plan_version}`,
  );
  await expect(entry.getByTestId('ledger-value')).toHaveText(`+${money(newest!.amount)}`);
  // Every entry on the page is of the filtered type, once the filtered page has replaced the one
  // before (the newest commission is on both, so seeing it does not say which page is up).
  await expect.poll(async () => new Set(await page.getByTestId('ledger-type').allInnerTexts())).toEqual(new Set(['Comisión por compra']));
  await page.getByRole('button', { name: 'Quitar filtros' }).first().click();
  await expect(page).not.toHaveURL(/tipo=/);
});

test('una comisión anulada al cierre dice con qué puntos terminó el mes, y el filtro por mes vive en la URL', async ({ page }) => {
  // A demo member who signs in and lost something at a close (the seed's history has several).
  const found = await withDb(
    async (db) =>
      (
        await db.query<{ email: string; month: string; id: string; personal_points: number; activity_points: number }>(
          `select c.email, to_char(r.period_month, 'YYYY-MM') as month, r.id::text as id, t.personal_points,
                (v.plan ->> 'activity_points')::integer as activity_points
           from public.reward_transactions r
           join public.reward_transactions x on x.reverses_id = r.id and x.reason = $1
           join public.clients c on c.id = r.beneficiary_id and c.auth_uid is not null
           join private.member_period_totals t on t.client_id = c.id and t.period = r.period_month
           join public.periods p on p.month = r.period_month
           join public.plan_versions v on v.version = (p.summary ->> 'plan_version')::integer
          where c.email = any($2)
          order by c.email = $3 desc, r.period_month desc, r.id desc
          limit 1`,
          [FORFEIT, [personas.memberActive, personas.memberInactive, personas.memberB, 'lorena.pena@savia.test'], personas.memberActive],
        )
      ).rows[0],
  );
  expect(found, 'la historia de la demo tiene una comisión anulada al cierre').toBeTruthy();

  await openRewards(page, found!.email);
  await page.getByLabel('Mes', { exact: true }).selectOption(found!.month);
  await expect(page).toHaveURL(new RegExp(`[?&]mes=${found!.month}`));
  await expect(page.getByTestId('ledger-month')).toHaveCount(1);
  await expect(page.getByTestId('ledger-month')).toHaveAttribute('data-month', found!.month);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(formatMonth(found!.month));
  await expect(page.getByTestId('ledger-month')).toContainText('Cerrado');
  await expect(page.getByTestId('ledger-month-totals')).toContainText(
    `Puntos personales${formatPoints(found!.personal_points)} de ${formatPoints(found!.activity_points)}`,
  );

  const entry = page.locator(`[data-entry-id="${found!.id}"]`);
  // The page loads 25 entries at a time: «Ver más» until the forfeited one is there.
  for (let i = 0; i < 20 && (await entry.count()) === 0; i++) await page.getByRole('button', { name: 'Ver más movimientos' }).click();
  await expect(entry.getByTestId('ledger-note')).toHaveText(
    `No cobrada: al cierre de ${formatMonthName(found!.month)} tenías ${formatPoints(found!.personal_points)} de ${formatPoints(found!.activity_points)} puntos`,
  );
  await expect(entry).toContainText('No cobrada');
  await expect(entry.getByTestId('ledger-value')).toHaveCSS('text-decoration-line', 'line-through');

  // A reload and the back button keep the filter.
  await page.reload();
  await expect(page.getByLabel('Mes', { exact: true })).toHaveValue(found!.month);
});

const requestsOf = async (clientId: string) =>
  Number((await one<{ n: string }>('select count(*) as n from public.payout_requests where client_id = $1', [clientId])).n);

test('«Solicitar retiro» dice sus límites antes de enviar y muestra en el campo los rechazos de la base de datos', async ({ page, own }) => {
  const settings = await readSettings();
  const money = (v: string | number) => formatMoney(v, settings.currency);
  const earner = await own.earner();
  const email = earner.email;
  const before = await balanceOf(email);
  const min = Number(before.min_payout);
  const available = Number(before.available);
  expect(available, 'tiene saldo disponible').toBeGreaterThan(min);
  const requestsBefore = await requestsOf(earner.id);
  const tooMuch = (available + 1).toFixed(2);
  const tooLittle = (min - 1).toFixed(2);
  // The database's own sentences (asked as the member in a transaction rolled back): the form shows them.
  const aboveBalance = await refusalOf(email, 'select public.request_payout($1::numeric)', [tooMuch]);
  const belowMinimum = await refusalOf(email, 'select public.request_payout($1::numeric)', [tooLittle]);

  const screen = rewards(page);
  await screen.open(email);
  const dialog = await screen.openPayout();
  await expect(dialog.getByTestId('payout-limits')).toHaveText(
    `Puedes retirar desde ${money(min)} (el mínimo) hasta ${money(available)} (tu saldo disponible).`,
  );
  await expectAccessible(page, 'Solicitar retiro');
  await shootScreen(page, 'solicitar-retiro', { fullPage: false });

  // The money goes to the account saved in Mi Cuenta: the dialog says which.
  const account = await one<{ institution: string; number: string }>(
    `select i.name as institution, a.account_number as number from public.payout_accounts a
       join public.payout_institutions i on i.code = a.institution_code where a.client_id = $1 and a.replaced_at is null`,
    [earner.id],
  );
  await expect(dialog.getByTestId('payout-destination')).toContainText(account.institution);
  await expect(dialog.getByTestId('payout-destination')).toContainText(account.number.slice(-3));
  const amount = dialog.getByLabel('Importe');
  await screen.requestPayout(tooMuch);
  await expect(dialog.getByText(aboveBalance, { exact: true })).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toBeFocused();

  await amount.fill(tooLittle.replace('.', ','));
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(dialog.getByText(belowMinimum, { exact: true })).toBeVisible();
  expect(await requestsOf(earner.id), 'ningún rechazo guardó nada').toBe(requestsBefore);
  expect((await balanceOf(email)).reserved).toBe(before.reserved);
});

test('un miembro pide un retiro: la solicitud queda pendiente y su saldo, reservado', async ({ page, own }) => {
  const settings = await readSettings();
  const money = (v: string | number) => formatMoney(v, settings.currency);
  const earner = await own.earner();
  const email = earner.email;
  const before = await balanceOf(email);
  const min = Number(before.min_payout);
  const available = Number(before.available);
  expect(available, 'tiene saldo disponible para retirar el mínimo').toBeGreaterThanOrEqual(min);
  const requestsBefore = await requestsOf(earner.id);

  const screen = rewards(page);
  await screen.open(email);
  const dialog = await screen.openPayout();
  await screen.requestPayout(String(min));
  await expect(page.getByText('Solicitud de retiro enviada.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const request = await one<{ id: string; amount: string; status: string; payment_details: string | null }>(
    `select id, amount, status, payment_details from public.payout_requests where client_id = $1 order by requested_at desc limit 1`,
    [earner.id],
  );
  expect(request).toMatchObject({ amount: min.toFixed(2), status: 'pending', payment_details: null });
  expect(await requestsOf(earner.id)).toBe(requestsBefore + 1);
  const after = await balanceOf(email);
  expect(Number(after.reserved)).toBeCloseTo(Number(before.reserved) + min, 2);
  expect(Number(after.available)).toBeCloseTo(available - min, 2);
  await expect(page.getByTestId('balance-reserved')).toHaveText(money(after.reserved));
  await expect(page.getByTestId('balance-available')).toHaveText(money(after.available));
  const newest = page.getByTestId('payout').first();
  await expect(newest).toContainText(money(min));
  await expect(newest).toContainText('Pendiente');
  // «Mis retiros», beside the balance, shows it on its way to her account.
  await expect(
    page
      .getByTestId('payouts-in-progress')
      .getByTestId('payout-in-progress')
      .filter({ hasText: money(min) })
      .first(),
  ).toContainText('Pendiente');
});

test('Exportar CSV descarga el libro filtrado: BOM, cabecera, fechas ISO y decimales con punto', async ({ page }) => {
  const month = await withDb(
    async (db) =>
      (await db.query<{ month: string }>(`select to_char(max(month), 'YYYY-MM') as month from public.periods where status = 'closed'`)).rows[0]!.month,
  );
  const rows = await ledgerOf(personas.memberActive, `to_char(period_month, 'YYYY-MM') = '${month}'`);
  expect(rows.length).toBeGreaterThan(0);

  await openRewards(page, personas.memberActive, `?mes=${month}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`mis-recompensas-${month}.csv`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('fecha,mes,tipo,estado,importe,puntos,venta,origen,generacion,base,tasa,nivel,plan,porque,nota');
  expect(lines).toHaveLength(rows.length + 1);
  for (const line of lines.slice(1)) expect(line).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[-+]\\d{2}:\\d{2},${month},`));
  const amounts = lines.slice(1).map((line) => line.split(',')[4]);
  expect(amounts.every((a) => /^-?\d+\.\d{2}$/.test(a!))).toBe(true);
});

test('Mis Recompensas se lee con lector de pantalla en los dos temas y cabe en 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRewards(page, personas.memberActive);
  await expect(page.getByTestId('payout').first()).toBeVisible();
  // «Mis retiros» (the payouts on their way) is in view on arrival, without scrolling, with María's
  // pending request (the demo's) and its state.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('heading', { level: 2, name: 'Mis retiros' })).toBeInViewport();
  const onItsWay = page.getByTestId('payout-in-progress').first();
  await expect(onItsWay).toContainText('Pendiente');
  await expect(onItsWay).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'Mis Recompensas');
  await shootScreen(page, 'mis-recompensas');
});
