// Clientes through PostgREST, as each persona: staff search and edit any member; a member gets
// nothing of another member through these reads (refused, never an empty answer that looks like data),
// cannot edit anyone's record this way, and a visitor cannot call them at all.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { memberPersona, registeredMember, staffPersona, type Persona } from './fixtures/personas';

let admin: Persona;
let member: Persona & { clientId: string };
let other: { id: string; email: string; slug: string };

beforeAll(async () => {
  admin = await staffPersona('admin');
  member = await memberPersona();
  other = await registeredMember(member.clientId);
  await sql(`update public.clients set name = 'Íñigo Peña-Test', phone = '+57 300 222 3333' where id = $1`, [other.id]);
});

describe('Clientes por la API', () => {
  it('el personal halla a un miembro sin tildes ni mayúsculas, y % no es comodín', async () => {
    const { data, error } = await admin.client.rpc('search_members', { p_query: 'INIGO pena-test' });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ id: other.id, email: other.email, total: 1, total_capped: false })]);
    const wildcard = await admin.client.rpc('search_members', { p_query: '%' });
    expect(wildcard.error).toBeNull();
    expect(wildcard.data).toEqual([]);
  });

  it('el personal cambia el teléfono y la bitácora lo anota', async () => {
    const saved = await admin.client.rpc('update_client_contact', {
      p_client_id: other.id,
      p_name: 'Íñigo Peña-Test',
      p_email: other.email,
      p_phone: '+57 301 444 5555',
    });
    expect(saved.error).toBeNull();
    expect(saved.data).toMatchObject({ phone: '+57 301 444 5555' });
    const audit = await admin.client.rpc('get_client_audit', { p_client_id: other.id });
    expect(audit.data?.[0]).toMatchObject({
      action: 'UPDATE',
      actor_role: 'admin',
      changes: { phone: { antes: '+57 300 222 3333', despues: '+57 301 444 5555' } },
    });
  });

  it('un dato no válido se rechaza con el campo en details', async () => {
    const { error } = await admin.client.rpc('update_client_contact', {
      p_client_id: other.id,
      p_name: 'Íñigo Peña-Test',
      p_email: other.email,
      p_phone: 'llámame',
    });
    expect(error).toMatchObject({ code: 'P0001', hint: 'savia:invalid_phone', details: 'phone' });
  });

  it('un miembro no busca, no lee la ficha ni la bitácora de otro, y no la edita', async () => {
    const search = await member.client.rpc('search_members', { p_query: 'pena' });
    const profile = await member.client.rpc('get_client_profile', { p_client_id: other.id });
    const audit = await member.client.rpc('get_client_audit', { p_client_id: other.id });
    const ownProfile = await member.client.rpc('get_client_profile', { p_client_id: member.clientId });
    const update = await member.client.rpc('update_client_contact', {
      p_client_id: other.id,
      p_name: 'Otro',
      p_email: other.email,
      p_phone: '+57 300 000 0000',
    });
    for (const answer of [search, profile, audit, ownProfile, update]) {
      expect(answer.data).toBeNull();
      expect(answer.error).toMatchObject({ code: 'P0001', hint: 'savia:forbidden' });
      expect(JSON.stringify(answer)).not.toContain('+57 301 444 5555');
    }
    const [row] = await sql<{ name: string; phone: string }>('select name, phone from public.clients where id = $1', [other.id]);
    expect(row).toEqual({ name: 'Íñigo Peña-Test', phone: '+57 301 444 5555' });
  });

  it('un miembro tampoco lee los pedidos, retiros ni el libro de otro', async () => {
    const sales = await member.client.from('sales').select('id').eq('client_id', other.id);
    const payouts = await member.client.from('payout_requests').select('id').eq('client_id', other.id);
    const ledger = await member.client.rpc('get_ledger', { p_client_id: other.id });
    const balance = await member.client.rpc('get_balance', { p_client_id: other.id });
    expect(sales.data).toEqual([]);
    expect(payouts.data).toEqual([]);
    expect(ledger.error).toMatchObject({ hint: 'savia:forbidden' });
    expect(balance.error).toMatchObject({ hint: 'savia:forbidden' });
  });

  it('un visitante sin sesión no puede llamarlas', async () => {
    const { error } = await anonClient().rpc('search_members', { p_query: 'pena' });
    expect(error).not.toBeNull();
    expect(error?.code).toBe('42501');
  });
});
