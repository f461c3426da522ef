// Enrolar Miembro through PostgREST, as the members who use it: the addresses enrol_member refuses
// (a member's, staff's, a pending enrolment's) come back as one Spanish refusal that does not say
// whose the address is, with nothing written; the preview is a member's; a member reads only the enrolments they placed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { tagOf } from './engine-support';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';
import { unique } from './fixtures/auth-helpers';

type Member = Persona & { clientId: string };
let ana: Member;
let beto: Member;
let admin: Persona;
let kitId: string;
let pendingEmail: string;
let invitedEmail: string;

const enrol = (who: Member, email: string, name = 'Persona Nueva') =>
  who.client.rpc('enrol_member', { p_name: name, p_email: email, p_kit_id: kitId, p_payment_method: 'efectivo' });
const rowsWith = async (email: string) =>
  (await sql<{ n: number }>('select count(*)::int as n from public.clients where lower(email) = lower($1)', [email]))[0].n;

beforeAll(async () => {
  [ana, beto, admin] = await Promise.all([memberPersona(), memberPersona(), staffPersona('admin')]);
  [{ id: kitId }] = await sql<{ id: string }>(
    `insert into public.products (sku, name, price, commissionable_amount, points, stock, is_kit)
     values ($1, 'Kit de prueba de enrolamiento', 80, 60, 40, 10, true) returning id`,
    [`T-KIT-${tagOf()}`],
  );
  invitedEmail = unique('invitada');
  await sql(`insert into public.staff_invitations (email, role) values ($1, 'admin')`, [invitedEmail]);
  pendingEmail = unique('pendiente');
  const { data, error } = await enrol(ana, pendingEmail, 'Paula Pendiente');
  expect(error).toBeNull();
  expect(data).toMatchObject({ kind: 'enrollment', status: 'Pendiente de Enrolamiento' });
});
afterAll(async () => {
  await sql('update public.products set is_active = false where id = $1', [kitId]);
  await sql('delete from public.staff_invitations where email = $1', [invitedEmail]);
});

describe('enrol_member: correos que no se pueden enrolar', () => {
  // Issue 23 §8: a member learns nothing about whose an address is (staff's, a member's, a pending
  // enrolment's): one sentence for every case, and nothing written. Staff read the detail in
  // Clientes and Usuarios.
  const UNAVAILABLE = {
    code: 'P0001',
    hint: 'savia:email_unavailable',
    details: 'email',
    message: 'Ese correo no se puede usar para un enrolamiento nuevo. Si crees que es un error, escribe a la empresa.',
  };

  it('el de una persona con un enrolamiento pendiente, aunque lo intente otro miembro y en mayúsculas', async () => {
    for (const [who, email] of [
      [ana, pendingEmail],
      [beto, pendingEmail.toUpperCase()],
    ] as const) {
      const { data, error } = await enrol(who, email);
      expect(data).toBeNull();
      expect(error).toEqual(UNAVAILABLE);
    }
    expect(await rowsWith(pendingEmail)).toBe(1);
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from public.sales s join public.clients c on c.id = s.client_id where lower(c.email) = lower($1)`,
      [pendingEmail],
    );
    expect(n, 'una sola venta de enrolamiento').toBe(1);
  });

  it('el de un miembro registrado', async () => {
    const { error } = await enrol(ana, beto.email);
    expect(error).toEqual(UNAVAILABLE);
    expect(await rowsWith(beto.email)).toBe(1);
  });

  it('el de una cuenta del personal y el de una invitación de personal pendiente', async () => {
    for (const email of [admin.email, invitedEmail]) {
      const { error } = await enrol(ana, ` ${email.toUpperCase()} `);
      expect(error).toEqual(UNAVAILABLE);
      expect(await rowsWith(email)).toBe(0);
    }
  });

  it('las cuatro negativas son la misma: el miembro no distingue de quién es el correo', async () => {
    const answers = await Promise.all([pendingEmail, beto.email, admin.email, invitedEmail].map((email) => enrol(beto, email)));
    expect(new Set(answers.map((a) => JSON.stringify(a.error))).size).toBe(1);
  });
});

describe('lo que ve cada quien', () => {
  it('la vista previa es de un miembro: el personal no enrola', async () => {
    const { data, error } = await ana.client.rpc('preview_enrolment', { p_kit_id: kitId }).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ kit_points: 40, kit_base: 60, points: 40 });
    const staff = await admin.client.rpc('preview_enrolment', { p_kit_id: kitId });
    expect(staff.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
  });

  it('un miembro lee sus enrolamientos y ninguno de otro, ni por la función ni por las tablas', async () => {
    const mine = await ana.client.rpc('get_my_enrolments', { p_page: 1, p_page_size: 10 });
    expect(mine.error).toBeNull();
    const [sale] = (mine.data as { enrolments: { sale_id: string; email: string; name: string; status: string }[] }).enrolments;
    expect(sale).toMatchObject({ email: pendingEmail, name: 'Paula Pendiente', status: 'Pendiente de Enrolamiento' });
    expect((mine.data as { total: number }).total).toBe(1);

    const theirs = await beto.client.rpc('get_my_enrolments', { p_page: 1, p_page_size: 10 });
    expect(theirs.data).toEqual({ total: 0, enrolments: [] });
    const saleRow = await beto.client.from('sales').select('id').eq('id', sale.sale_id);
    expect(saleRow.data).toEqual([]);
    const person = await beto.client.from('clients').select('id').ilike('email', pendingEmail);
    expect(person.data).toEqual([]);
    const items = await beto.client.from('sale_items').select('id').eq('sale_id', sale.sale_id);
    expect(items.data).toEqual([]);
  });

  it('sin sesión no se llama', async () => {
    for (const [fn, args] of [
      ['get_my_enrolments', { p_page: 1 }],
      ['preview_enrolment', { p_kit_id: kitId }],
    ] as const) {
      const { error } = await anonClient().rpc(fn, args);
      expect(error).toMatchObject({ code: '42501' });
    }
  });
});
