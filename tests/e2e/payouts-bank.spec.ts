// Paying through the bank, end to end (issue 24): a member of the test's own asks for two payouts
// from Mis Recompensas, to the account she saved in Mi Cuenta; Laura approves both; the member then
// changes her account, which does not move the approved money; Laura gives the bank one PAB file
// with exactly those two (written from the database's rows), meets the bank's reply in a preview that
// refuses line by line (an unknown reference, a different amount) and changes nothing until she
// confirms; one is paid, and the member sees it «Pagado». The database is checked after each step.
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/format/format';
import { expectAccessible, shootScreen } from './look';
import { asPerson, one } from './db';
import { expect, test } from './fixtures';
import { accountNumberOf, holderOf, type Earner } from './own';
import { openAs } from './session';
import { personas, withDb } from './support';

const payoutInDb = (id: string) =>
  one<{ status: string; payment_reference: string | null; paid_at: Date | null }>(
    'select status, payment_reference, paid_at from public.payout_requests where id = $1',
    [id],
  );
const balanceOf = (clientId: string) =>
  one<{ available: string; reserved: string; paid: string }>('select available, reserved, paid from private.balance_of($1)', [clientId]);
const currency = async () => (await one<{ currency: string }>("select currency from public.metadata where id = 'app_settings'")).currency;

/** The downloaded file's bytes as the bank reads them (PAB is ISO-8859-1, one record per CR LF). */
async function recordsOf(download: Download) {
  const bytes = await readFile((await download.path())!);
  return { bytes, records: new TextDecoder('latin1').decode(bytes).split('\r\n') };
}

interface Request {
  id: string;
  reference: string;
  amount: number;
}
/** The member's requests, oldest first, with the reference the bank sees. */
const requestsOf = (earner: Earner) =>
  withDb(async (db) =>
    (
      await db.query<{ id: string; reference: string; amount: string }>(
        `select r.id, 'RET-' || lpad(r.number::text, 6, '0') as reference, r.amount from public.payout_requests r
            where r.client_id = $1 order by r.requested_at, r.number`,
        [earner.id],
      )
    ).rows.map((r): Request => ({ ...r, amount: Number(r.amount) })),
  );

/** The PAB record of one request: the fields at the positions of the layout (see pab_file in SQL). */
const detailOf = (records: string[], reference: string) => {
  const record = records.find((r) => r.startsWith('6') && r.slice(100, 121).trim() === reference);
  expect(record, `el archivo trae ${reference}`).toBeTruthy();
  return {
    document: record!.slice(1, 16).trim(),
    holder: record!.slice(16, 46).trim(),
    bank: record!.slice(46, 55),
    account: record!.slice(55, 72).trim(),
    accountType: record!.slice(73, 75),
    cents: Number(record!.slice(75, 92)),
    length: record!.length,
  };
};

const requestRow = (page: Page, earner: Earner, money: string) =>
  page.getByRole('table').getByRole('row').filter({ hasText: earner.name }).filter({ hasText: money });

test('de «Solicitar retiro» a «Pagado» con el archivo del banco y su respuesta', async ({ page, own, people }) => {
  test.setTimeout(180_000);
  const earner = await own.earner([]);
  const code = await currency();
  const money = (n: number) => formatMoney(n, code);
  const savedAccount = await withDb(
    async (db) =>
      (
        await db.query<{ account_number: string }>('select account_number from public.payout_accounts where client_id = $1 and replaced_at is null', [
          earner.id,
        ])
      ).rows[0]!.account_number,
  );

  // The member asks twice, to the account the dialog names.
  await openAs(page, earner.email, '/mi-cuenta/recompensas');
  for (const amount of [60_000, 25_000]) {
    await page.getByRole('button', { name: 'Solicitar retiro' }).click();
    const ask = page.getByRole('dialog', { name: 'Solicitar retiro' });
    await expect(ask.getByTestId('payout-destination')).toContainText(`Bancolombia`);
    await expect(ask.getByTestId('payout-destination')).toContainText(savedAccount.slice(-3));
    await ask.getByLabel('Importe').fill(String(amount));
    await ask.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByText('Solicitud de retiro enviada.', { exact: true }).first()).toBeVisible();
    await expect(ask).toBeHidden();
  }
  const [paid, returned] = (await requestsOf(earner)) as [Request, Request];
  expect([paid.amount, returned.amount]).toEqual([60_000, 25_000]);
  expect(await balanceOf(earner.id)).toEqual({ available: '15000.00', reserved: '85000.00', paid: '0.00' });

  // Laura approves both from Pagos (another browser context: another person).
  const pagos = await people.open(personas.admin, '/pagos?por_pagina=100');
  for (const r of [paid, returned]) {
    const row = requestRow(pagos, earner, money(r.amount));
    await expect(row).toContainText('Bancolombia · Cuenta de ahorros');
    await row.getByRole('button', { name: 'Aprobar' }).click();
    const confirm = pagos.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Aprobar' }).click();
    await expect(confirm).toBeHidden();
    await expect.poll(async () => (await payoutInDb(r.id)).status).toBe('approved');
  }

  // After approval she moves her account elsewhere: the approved requests keep the one they were approved with.
  const newNumber = accountNumberOf(`f${earner.id.slice(1, 7)}`);
  await asPerson({ userId: earner.userId }, `select public.save_payout_account('1007', 'corriente', $1, $2, 'CC', $3)`, [
    newNumber,
    holderOf(earner.name),
    earner.document.slice(3),
  ]);

  // «Exportar archivo de pago»: only hers ticked, in Bancolombia's layout.
  await pagos.goto('/pagos?estado=aprobado&por_pagina=100');
  await expect(requestRow(pagos, earner, money(paid.amount))).toBeVisible();
  await pagos.getByRole('button', { name: 'Exportar archivo de pago' }).click();
  const exportDialog = pagos.getByRole('dialog', { name: 'Exportar archivo de pago' });
  await exportDialog.getByRole('radio', { name: /Bancolombia PAB/ }).check();
  await exportDialog.getByRole('button', { name: 'Ninguna' }).click();
  for (const r of [paid, returned]) await exportDialog.getByRole('checkbox', { name: new RegExp(r.reference) }).check();
  await expect(exportDialog).toContainText(`2 solicitudes · ${money(85_000)}`);
  await pagos.mouse.move(0, 0);
  await expectAccessible(pagos, 'Exportar archivo de pago');
  await shootScreen(pagos, 'pagos-exportar-archivo', { fullPage: false });
  const fileDownload = pagos.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Generar y descargar' }).click();
  const file = await fileDownload;
  await expect(exportDialog).toBeHidden();
  expect(file.suggestedFilename()).toMatch(/\.txt$/);
  const { bytes, records } = await recordsOf(file);

  // The file is the database's rows: exactly the two chosen, to the account each was approved with.
  const batch = await withDb(
    async (db) =>
      (
        await db.query<{ id: string; batch_no: string; payout_count: number; total_amount: string }>(
          `select b.id, b.batch_no, b.payout_count, b.total_amount from public.payout_batches b
            where b.id = (select i.batch_id from public.payout_batch_items i where i.payout_id = $1)`,
          [paid.id],
        )
      ).rows[0]!,
  );
  expect(batch).toMatchObject({ payout_count: 2, total_amount: '85000.00' });
  expect(records.at(-1)).toBe(''); // every record ends in CR LF
  expect(records.slice(0, -1).every((r) => r.length === 264)).toBe(true);
  expect(records[0]!.slice(0, 1)).toBe('1');
  expect(Number(records[0]!.slice(63, 69)), 'registros de detalle del lote').toBe(2);
  expect(Number(records[0]!.slice(86, 103)), 'créditos del lote en centavos').toBe(8_500_000);
  for (const r of [paid, returned]) {
    expect(detailOf(records, r.reference)).toEqual({
      document: earner.document.slice(3),
      holder: holderOf(earner.name).toUpperCase(),
      bank: '000001007',
      account: savedAccount,
      accountType: '37',
      cents: r.amount * 100,
      length: 264,
    });
  }
  expect(records.filter((r) => r.startsWith('6'))).toHaveLength(2);
  expect(records.join('')).not.toContain(newNumber);

  // Twice does not pay twice: the dialog no longer offers them, and «Descargar de nuevo» gives the same bytes.
  await pagos.getByRole('button', { name: 'Exportar archivo de pago' }).click();
  await expect(exportDialog.getByRole('radio', { name: /CSV simple/ })).toBeVisible(); // loaded
  await expect(exportDialog.getByRole('checkbox', { name: new RegExp(paid.reference) })).toHaveCount(0);
  await pagos.keyboard.press('Escape');
  await expect(exportDialog).toBeHidden();
  const batchItem = pagos.getByTestId('payout-batch').filter({ hasText: `Archivo N.º ${batch.batch_no}` });
  await expect(batchItem).toContainText('Esperando al banco');
  const again = pagos.waitForEvent('download');
  await batchItem.getByRole('button', { name: /Descargar de nuevo/ }).click();
  expect((await recordsOf(await again)).bytes.equals(bytes)).toBe(true);

  // The bank's reply: hers paid, the other returned with the bank's reason, plus two lines to refuse.
  const reply = [
    'Referencia;Estado;Valor;Comprobante;Motivo',
    `${paid.reference};Pagado;60000,00;TRX-${batch.batch_no}-1;`,
    `${returned.reference};Rechazado;25000,00;;Cuenta embargada`,
    'RET-999999999;Pagado;10000,00;;',
    `${paid.reference.replace(/\d+$/, (n) => String(Number(n) + 1_000_000))};Pagado;60000,00;;`,
  ].join('\r\n');
  const wrongAmount = reply.replace(`${paid.reference};Pagado;60000,00`, `${paid.reference};Pagado;61000,00`);

  // First a reply whose amount differs: refused at its line, nothing to apply for it.
  await pagos.getByRole('button', { name: 'Marcar pagados' }).click();
  const replyDialog = pagos.getByRole('dialog', { name: 'Marcar pagados con la respuesta del banco' });
  // Which file the reply answers: this test's own (other files may wait for the bank beside it).
  const upload = async (text: string) => {
    await replyDialog.getByLabel('Archivo de pago al que responde').selectOption(String(batch.batch_no));
    await replyDialog.locator('input[type="file"]').setInputFiles({ name: 'respuesta-banco.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'latin1') });
  };
  await upload(wrongAmount);
  const line = (n: number): Locator => replyDialog.getByTestId('reply-line').filter({ hasText: `Línea ${n}` });
  await expect(line(2)).toContainText('Rechazada');
  await expect(line(2)).toContainText(
    `El archivo dice ${formatMoney(61000, code)} y la solicitud ${paid.reference} es de ${formatMoney(60000, code)}: no se aplica.`,
  );

  // The right reply: each line says what it would do; nothing changes until she confirms.
  await upload(reply);
  await expect(replyDialog.getByTestId('reply-summary')).toHaveText('1 se marca pagada · 1 sigue aprobada (devuelta por el banco) · 2 líneas rechazadas');
  await expect(line(2)).toContainText('Se paga');
  await expect(line(3)).toContainText('Sigue aprobada');
  await expect(line(3)).toContainText('Cuenta embargada');
  await expect(line(4)).toContainText('Rechazada');
  await expect(line(4)).toContainText('No hay ninguna solicitud de retiro RET-999999999.');
  await expect(line(5)).toContainText('Rechazada');
  await pagos.mouse.move(0, 0);
  await expectAccessible(pagos, 'Vista previa de la respuesta del banco');
  await shootScreen(pagos, 'pagos-respuesta-banco', { fullPage: false });
  expect(await payoutInDb(paid.id)).toMatchObject({ status: 'approved', paid_at: null });
  expect(await balanceOf(earner.id)).toEqual({ available: '15000.00', reserved: '85000.00', paid: '0.00' });

  await replyDialog.getByRole('button', { name: 'Aplicar 2 líneas' }).click();
  await expect(pagos.getByText('1 solicitud pagada; 1 sigue aprobada con el motivo del banco.', { exact: true })).toBeVisible();
  await expect(replyDialog).toBeHidden();
  expect(await payoutInDb(paid.id)).toMatchObject({ status: 'paid', payment_reference: `TRX-${batch.batch_no}-1` });
  expect(await payoutInDb(returned.id)).toMatchObject({ status: 'approved', paid_at: null });
  expect(await balanceOf(earner.id)).toEqual({ available: '15000.00', reserved: '25000.00', paid: '60000.00' });
  await expect(requestRow(pagos, earner, money(returned.amount))).toContainText('El banco no la pagó: Cuenta embargada');
  await expect(batchItem).toContainText('1 pagadas');

  // The same reply again is refused whole, where the person is looking: a reply answers one file, once.
  await pagos.getByRole('button', { name: 'Marcar pagados' }).click();
  await upload(reply);
  await expect(replyDialog.getByRole('alert')).toHaveText(
    'Esta respuesta del banco ya se aplicó: cada respuesta se aplica una sola vez. Si el banco envió otra, elige ese archivo.',
  );
  await expect(replyDialog.getByTestId('reply-line')).toHaveCount(0);
  await shootScreen(pagos, 'pagos-respuesta-ya-aplicada', { fullPage: false });
  await pagos.keyboard.press('Escape');
  await expect(replyDialog).toBeHidden();

  // The member sees it paid, with the bank's voucher; the returned one is still on its way.
  await page.reload();
  const history = page.getByTestId('payout').filter({ hasText: money(60_000) });
  await expect(history).toContainText('Pagado');
  await expect(history).toContainText(`TRX-${batch.batch_no}-1`);
  await expect(page.getByTestId('payout-in-progress').filter({ hasText: money(25_000) })).toContainText('Aprobado');
});
