// Who did something and when is written by the database, never taken from the request; and the audit
// trail names the database role a change came through.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from './support';
import { product, retireTestProducts, tagOf } from './engine-support';
import { createUser } from './fixtures/auth-helpers';
import { registeredMember, staffPersona } from './fixtures/personas';

afterAll(retireTestProducts);

const LONG_AGO = '2001-01-01T00:00:00+00:00';
const recent = (at: string) => Math.abs(Date.parse(at) - Date.now()) < 5 * 60_000;

describe('autoría que nadie escribe', () => {
  it('un movimiento de stock lleva a quien lo registra y la hora real, y no se escribe por la tabla', async () => {
    const admin = await staffPersona('admin');
    const someoneElse = (await staffPersona('superadmin')).userId;
    const productId = await product(tagOf(), 10, 10, 0);
    const direct = await admin.client
      .from('stock_movements')
      .insert({ product_id: productId, quantity: 5, kind: 'restock', note: 'Reposición', created_by: someoneElse, created_at: LONG_AGO });
    expect(direct.error).toMatchObject({ code: '42501' });

    const { error } = await admin.client.rpc('adjust_stock', { p_product_id: productId, p_direction: 'entrada', p_quantity: 5, p_reason: 'Conteo físico' });
    expect(error).toBeNull();
    const [moved] = await sql<{ created_by: string; created_at: string }>(
      `select created_by, to_json(created_at) #>> '{}' as created_at from public.stock_movements where product_id = $1 and kind = 'adjustment'`,
      [productId],
    );
    expect(moved!.created_by).toBe(admin.userId);
    expect(recent(moved!.created_at)).toBe(true);
  });

  it('tampoco se falsifica quién invitó, quién dio un rol, quién escribió una receta o un coste', async () => {
    // None of these tables is written through the API (issue 23 §4): a forged row is refused whole,
    // and the functions that write them sign with the caller and the time of the call.
    const superadmin = await staffPersona('superadmin', true);
    const other = (await staffPersona('admin')).userId;
    const email = `firmada-${tagOf()}@example.test`;
    const forged = await superadmin.client.from('staff_invitations').insert({ email, role: 'admin', invited_by: other, created_at: LONG_AGO });
    expect(forged.error).toMatchObject({ code: '42501' });
    expect((await superadmin.client.rpc('invite_staff', { p_email: email, p_role: 'admin' })).error).toBeNull();
    const [invitation] = await sql<{ invited_by: string; created_at: string }>(
      `select invited_by, to_json(created_at) #>> '{}' as created_at from public.staff_invitations where email = $1`,
      [email],
    );
    expect(invitation!.invited_by).toBe(superadmin.userId);
    expect(recent(invitation!.created_at)).toBe(true);

    const someone = await createUser();
    expect((await superadmin.client.from('users_roles').insert({ user_id: someone.id, role: 'admin', granted_by: other })).error).toMatchObject({
      code: '42501',
    });
    expect((await superadmin.client.rpc('invite_staff', { p_email: someone.email, p_role: 'admin' })).data).toMatchObject({ state: 'activo' });
    const [role] = await sql<{ granted_by: string; created_at: string }>(
      `select granted_by, to_json(created_at) #>> '{}' as created_at from public.users_roles where user_id = $1`,
      [someone.id],
    );
    expect(role!.granted_by).toBe(superadmin.userId);
    expect(recent(role!.created_at)).toBe(true);

    expect((await superadmin.client.from('recipes').insert({ title: 'Receta firmada', created_by: other })).error).toMatchObject({ code: '42501' });
    const productId = await product(tagOf(), 10, 10, 0);
    expect((await superadmin.client.from('product_costs').insert({ product_id: productId, unit_cost: 4, updated_by: other })).error).toMatchObject({
      code: '42501',
    });
  });
});

describe('el rol de base de datos en la auditoría', () => {
  const lastAudit = (clientId: string) =>
    sql<{ actor_id: string | null; actor_role: string; db_role: string; phone: string }>(
      `select actor_id, actor_role, db_role, new_values ->> 'phone' as phone from public.audit_logs
        where table_name = 'clients' and row_id = $1 order by id desc limit 1`,
      [clientId],
    );

  it('una petición por la API queda como authenticated, con su actor', async () => {
    const admin = await staffPersona('admin');
    const superadmin = await staffPersona('superadmin');
    const member = await registeredMember();
    await admin.client
      .rpc('update_client_contact', { p_client_id: member.id, p_name: 'Miembro de Prueba', p_email: member.email, p_phone: '+57 300 000 0001' })
      .throwOnError();
    const { data, error } = await superadmin.client
      .from('audit_logs')
      .select('actor_id, actor_role, db_role, new_values')
      .eq('table_name', 'clients')
      .eq('row_id', member.id)
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ actor_id: admin.userId, actor_role: 'admin', db_role: 'authenticated', new_values: { phone: '+57 300 000 0001' } });
  });

  it('un operador conectado directamente como postgres queda como postgres', async () => {
    const member = await registeredMember();
    await sql(`update public.clients set phone = '+57 300 000 0002' where id = $1`, [member.id]);
    expect(await lastAudit(member.id)).toEqual([{ actor_id: null, actor_role: 'postgres', db_role: 'postgres', phone: '+57 300 000 0002' }]);
  });
});
