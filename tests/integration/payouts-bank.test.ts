// Payouts through a bank (issue 24) through PostgREST, as the screens call it: a member keeps their
// own payout account (another member can neither read nor change it), staff export the approved
// requests as Bancolombia's PAB file and mark them paid from the bank's reply, a superadmin with
// finance keeps the company's side of the file. And the PAB file byte for byte, as the browser
// saves it, against a file made by hand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBatchFile } from '../../src/features/payments/file-bytes';
import { apiAs, authUser, earnerWithBalance, enginePool, member, retireTestProducts, staff, tagOf } from './engine-support';
import { cfg, sql } from './support';

const pool = enginePool(10);
afterAll(async () => {
  await pool.end();
  await retireTestProducts();
});

async function financeSuperadmin(tag: string): Promise<string> {
  const email = `motor.finanzas.${tag}@tests.savia`;
  await sql(`insert into public.staff_invitations (email, role, finance) values ($1, 'superadmin', true)`, [email]);
  return authUser(email);
}

describe('el archivo PAB de Bancolombia', () => {
  it('sale byte por byte como el archivo hecho a mano: 264 posiciones, CR LF, ISO-8859-1', async () => {
    // A batch written as postgres in a transaction that is rolled back: fixed numbers, date and
    // company data, four lines covering every document type, account type and a wallet.
    const tag = tagOf();
    const client = new pg.Client({ connectionString: cfg.dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      const people = [
        {
          name: 'Lorena Peña',
          doc: 'CC 43.567.890',
          type: 'CC',
          number: '43567890',
          bank: '1007',
          kind: 'ahorros',
          account: '300-123456-78',
          amount: '1234567.89',
        },
        {
          name: 'José Ñáñez Ortíz-Díaz de los Santos Valderrama',
          doc: 'CE 1234567',
          type: 'CE',
          number: '1234567',
          bank: '1051',
          kind: 'corriente',
          account: '456789012345',
          amount: '80000.00',
        },
        {
          name: 'Inversiones La Ceiba S.A.S.',
          doc: 'CC 70111222',
          type: 'NIT',
          number: '900.123.456-8',
          bank: '1001',
          kind: 'ahorros',
          account: '123456789',
          amount: '150000.50',
        },
        {
          name: "María Ana O'Neill",
          doc: 'PA AB1234567',
          type: 'PA',
          number: 'AB1234567',
          bank: '1507',
          kind: 'deposito_electronico',
          account: '300 123 4567',
          amount: '20.00',
        },
      ];
      const { rows: batch } = await client.query<{ id: string }>(
        `insert into public.payout_batches (layout, application_date, day_sequence, payout_count, total_amount, currency,
                                            company_nit, debit_account_number, debit_account_type, transaction_class)
         values ('bancolombia_pab', '2026-11-26', 3, 4, 1464588.39, 'COP', '900123456', '00123456789', 'corriente', '238') returning id`,
      );
      for (const [i, p] of people.entries()) {
        const { rows: c } = await client.query<{ id: string }>(
          `insert into public.clients (name, email, enrollment_status, joined_at, document_number) values ($1, $2, 'registered', now(), $3) returning id`,
          [p.name, `pab${i}.${tag}@tests.savia`, p.doc],
        );
        if (p.type === 'NIT')
          await client.query(`insert into public.payout_holder_exceptions (client_id, reason) values ($1, 'Cobra en su empresa')`, [c[0]!.id]);
        const { rows: a } = await client.query<{ id: string }>(
          `insert into public.payout_accounts (client_id, institution_code, account_type, account_number, holder_name, holder_document_type, holder_document_number)
           values ($1, $2, $3, $4, $5, $6, $7) returning id`,
          [c[0]!.id, p.bank, p.kind, p.account, p.name, p.type, p.number],
        );
        const { rows: r } = await client.query<{ id: string }>(
          `insert into public.payout_requests (number, client_id, amount, status, payout_account_id, decided_at)
           overriding system value values ($1, $2, $3, 'approved', $4, now()) returning id`,
          [900101 + i, c[0]!.id, p.amount, a[0]!.id],
        );
        await client.query(`insert into public.payout_batch_items (batch_id, payout_id, line_no, amount, payout_account_id) values ($1, $2, $3, $4, $5)`, [
          batch[0]!.id,
          r[0]!.id,
          i + 1,
          p.amount,
          a[0]!.id,
        ]);
      }
      const { rows } = await client.query<{ content: string }>('select private.pab_file(b) as content from public.payout_batches b where b.id = $1', [
        batch[0]!.id,
      ]);
      const bytes = encodeBatchFile(rows[0]!.content, 'ISO-8859-1');
      const expected = readFileSync(join(process.cwd(), 'tests/integration/fixtures/pab-expected.txt'));
      expect(Buffer.from(bytes).toString('latin1')).toBe(expected.toString('latin1'));
      expect(Buffer.compare(Buffer.from(bytes), expected)).toBe(0);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});

describe('la cuenta para retiros por la API', () => {
  it('un miembro guarda la suya, con cada negativa en su campo; otro miembro no la lee ni la cambia', async () => {
    const tag = tagOf();
    const ana = await member(tag, 'Ana', null);
    const bea = await member(tag, 'Bea', null);
    await sql(`update public.clients set document_number = 'CC 52111222' where id = $1`, [ana.id]);
    const asAna = await apiAs(ana.userId);
    const asBea = await apiAs(bea.userId);

    const institutions = await asAna.from('payout_institutions').select('code, name').eq('enabled', true);
    expect(institutions.data?.map((i) => i.name)).toEqual(expect.arrayContaining(['Bancolombia', 'Nequi', 'Davivienda']));

    const save = (number: string, doc = '52111222') =>
      asAna.rpc('save_payout_account', {
        p_institution_code: '1007',
        p_account_type: 'ahorros',
        p_account_number: number,
        p_holder_name: 'Ana Prueba',
        p_holder_document_type: 'CC',
        p_holder_document_number: doc,
      });
    const short = await save('1234');
    expect(short.error).toMatchObject({
      code: 'P0001',
      hint: 'savia:invalid_payout_account',
      details: 'account_number',
      message: 'El número de Bancolombia tiene 11 dígitos, sin letras.',
    });
    const someoneElse = await save('12345678901', '52999888');
    expect(someoneElse.error).toMatchObject({ hint: 'savia:payout_holder_not_member', details: 'holder_document_number' });
    const saved = await save('123-456789-01');
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ account_number: '12345678901', holder_is_member: true });

    expect((await asAna.from('payout_accounts').select('account_number').is('replaced_at', null)).data).toEqual([{ account_number: '12345678901' }]);
    expect((await asBea.from('payout_accounts').select('account_number').eq('client_id', ana.id)).data).toEqual([]);
    const tamper = await asBea.from('payout_accounts').update({ account_number: '99999999999' }).eq('client_id', ana.id);
    expect(tamper.error?.code).toBe('42501');
    const insert = await asBea.from('payout_accounts').insert({
      client_id: ana.id,
      institution_code: '1007',
      account_type: 'ahorros',
      account_number: '99999999999',
      holder_name: 'Bea Prueba',
      holder_document_type: 'CC',
      holder_document_number: '52999888',
      holder_is_member: true,
    });
    expect(insert.error?.code).toBe('42501');
    const [row] = await sql<{ account_number: string; n: string }>(
      `select max(account_number) as account_number, count(*) as n from public.payout_accounts where client_id = $1`,
      [ana.id],
    );
    expect(row).toEqual({ account_number: '12345678901', n: '1' });

    // Neither member reaches the payment files.
    expect((await asBea.rpc('preview_payout_reply', { p_file: 'RET-000001;pagado', p_batch_no: 1 })).error?.hint).toBe('savia:forbidden');
    expect((await asBea.rpc('get_payout_batches', {})).error?.hint).toBe('savia:forbidden');
    expect((await asBea.from('payout_batches').select('id')).data).toEqual([]);
  });
});

describe('pagar por el banco por la API', () => {
  it('el personal exporta el archivo PAB, lo descarga igual dos veces y marca pagado con la respuesta del banco', async () => {
    const tag = tagOf();
    const [admin, superadmin] = await Promise.all([staff(tag), staff(tag, 'superadmin')]);
    const finance = await financeSuperadmin(tag);
    const earner = await earnerWithBalance(pool, tag, admin, superadmin);
    const asMember = await apiAs(earner.userId);
    const asAdmin = await apiAs(admin);
    const asFinance = await apiAs(finance);

    const requested = await asMember.rpc('request_payout', { p_amount: 25_000 }).single<{ id: string; number: number }>();
    expect(requested.error).toBeNull();
    const reference = `RET-${String(requested.data!.number).padStart(6, '0')}`;
    expect((await asAdmin.rpc('approve_payout', { p_payout_id: requested.data!.id })).error).toBeNull();

    const exported = await asAdmin
      .rpc('export_payout_file', { p_payout_ids: [requested.data!.id], p_layout: 'bancolombia_pab' })
      .single<{ id: string; batch_no: number }>();
    expect(exported.error).toBeNull();
    const again = await asAdmin.rpc('export_payout_file', { p_payout_ids: [requested.data!.id], p_layout: 'csv' });
    expect(again.error).toMatchObject({ hint: 'savia:payout_in_bank_file' });
    expect((await asMember.rpc('download_payout_batch_file', { p_batch_id: exported.data!.id })).error?.hint).toBe('savia:forbidden');

    const first = await asAdmin
      .rpc('download_payout_batch_file', { p_batch_id: exported.data!.id })
      .single<{ content: string; encoding: string; download_count: number }>();
    const second = await asAdmin.rpc('download_payout_batch_file', { p_batch_id: exported.data!.id }).single<{ content: string; download_count: number }>();
    expect(first.error).toBeNull();
    expect(second.data!.content).toBe(first.data!.content);
    expect([first.data!.download_count, second.data!.download_count]).toEqual([1, 2]);
    expect(first.data!.encoding).toBe('ISO-8859-1');
    const bytes = encodeBatchFile(first.data!.content, 'ISO-8859-1');
    const records = Buffer.from(bytes).toString('latin1').split('\r\n');
    expect(records.pop()).toBe('');
    expect(records.map((r) => r.length)).toEqual([264, 264]);
    expect(records[1]!.slice(75, 92)).toBe('00000000002500000'); // valor: 25000.00 in cents, positions 76–92
    expect(records[1]!.slice(100, 121).trimEnd()).toBe(reference); // referencia, positions 101–121

    // The bank's reply: a different amount is refused; the preview changes nothing.
    const batchNo = exported.data!.batch_no;
    const wrong = await asFinance.rpc('preview_payout_reply', { p_file: `Referencia;Estado;Valor\r\n${reference};Pagado;24000,00`, p_batch_no: batchNo });
    expect(wrong.data).toMatchObject([
      { action: 'refused', message: `El archivo dice $\u00a024.000 y la solicitud ${reference} es de $\u00a025.000: no se aplica.` },
    ]);
    const reply = `Referencia;Estado;Valor;Comprobante\r\n${reference};Pagado;25000,00;TRX-${tag}`;
    const preview = await asFinance.rpc('preview_payout_reply', { p_file: reply, p_batch_no: batchNo });
    expect(preview.data).toMatchObject([{ reference, action: 'pay' }]);
    const [{ status: before }] = await sql<{ status: string }>('select status from public.payout_requests where id = $1', [requested.data!.id]);
    expect(before).toBe('approved');
    const applied = await asFinance.rpc('apply_payout_reply', { p_file: reply, p_digest: preview.data![0].digest, p_batch_no: batchNo });
    expect(applied.error).toBeNull();
    const [paid] = await sql<{ status: string; payment_reference: string }>('select status, payment_reference from public.payout_requests where id = $1', [
      requested.data!.id,
    ]);
    expect(paid).toEqual({ status: 'paid', payment_reference: `TRX-${tag}` });
    const replayed = await asAdmin.rpc('apply_payout_reply', { p_file: reply, p_digest: preview.data![0].digest, p_batch_no: batchNo });
    // The same reply again is refused whole: a reply answers one file, once.
    expect(replayed.error).toMatchObject({ hint: 'savia:reply_already_applied' });
    expect(await sql('select * from private.engine_invariant_violations()')).toEqual([]);

    // The member sees where it went and that it was paid.
    const mine = await asMember.from('payout_requests').select('status, payment_reference, payout_accounts(account_number)').eq('id', requested.data!.id);
    expect(mine.data).toMatchObject([{ status: 'paid', payment_reference: `TRX-${tag}`, payout_accounts: { account_number: expect.any(String) } }]);
  });

  it('solo un superadmin cambia los datos del archivo; el NIT se comprueba con su dígito', async () => {
    const tag = tagOf();
    const admin = await staff(tag);
    const finance = await financeSuperadmin(tag);
    const [current] = await sql<{
      company_nit: string;
      company_nit_dv: number;
      debit_account_number: string;
      debit_account_type: string;
      transaction_class: string;
      enabled_layouts: string[];
    }>(`select company_nit, company_nit_dv, debit_account_number, debit_account_type, transaction_class, enabled_layouts from public.payout_file_settings`);
    const args = {
      p_company_nit: `${current!.company_nit}-${current!.company_nit_dv}`,
      p_debit_account_number: current!.debit_account_number,
      p_debit_account_type: current!.debit_account_type,
      p_transaction_class: current!.transaction_class,
      p_enabled_layouts: current!.enabled_layouts,
    };
    const byAdmin = await (await apiAs(admin)).rpc('save_payout_file_settings', args);
    expect(byAdmin.error).toMatchObject({ code: '42501', hint: 'savia:forbidden' });
    const asFinance = await apiAs(finance);
    const badNit = await asFinance.rpc('save_payout_file_settings', { ...args, p_company_nit: '900.123.456-7' });
    expect(badNit.error).toMatchObject({ hint: 'savia:invalid_settings', details: 'company_nit' });
    const same = await asFinance.rpc('save_payout_file_settings', args).single();
    expect(same.error).toBeNull();
    expect(same.data).toMatchObject({ company_nit: current!.company_nit, enabled_layouts: current!.enabled_layouts });
    // A member who asks with no account is told where to register one.
    const newcomer = await member(tag, 'Sincuenta', null);
    const refused = await (await apiAs(newcomer.userId)).rpc('request_payout', { p_amount: 25_000 });
    expect(refused.error).toMatchObject({ hint: 'savia:payout_account_required' });
  });
});
