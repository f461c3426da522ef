// Mi Red through PostgREST, as each persona: a member reads their own network only, with contact data
// (e-mail, phone) only for their direct enrollees; a deeper member's and another branch's contact
// data never leave the database, whatever the member asks for.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { memberPersona, registeredMember, signedIn, staffPersona, type Persona } from './fixtures/personas';

type Tree = {
  me: Persona & { clientId: string };
  direct: { id: string; email: string; phone: string };
  deeper: { id: string; email: string; phone: string };
  other: { id: string; email: string; phone: string };
  otherChild: { id: string; email: string; phone: string };
};

async function withPhone(member: { id: string; email: string }, phone: string) {
  await sql('update public.clients set phone = $2 where id = $1', [member.id, phone]);
  return { ...member, phone };
}

let tree: Tree;

beforeAll(async () => {
  //   me ─ direct ─ deeper          other ─ otherChild      (other: another tree)
  const me = await memberPersona();
  const direct = await withPhone(await registeredMember(me.clientId), '+57 300 111 0001');
  const deeper = await withPhone(await registeredMember(direct.id), '+57 300 111 0002');
  const other = await withPhone(await registeredMember(), '+57 300 111 0003');
  const otherChild = await withPhone(await registeredMember(other.id), '+57 300 111 0004');
  tree = { me, direct, deeper, other, otherChild };
});

/** Nothing of these people's contact data appears anywhere in the answer. */
function expectNoContactOf(body: unknown, ...people: { email: string; phone: string }[]) {
  const text = JSON.stringify(body);
  for (const person of people) {
    expect(text).not.toContain(person.email);
    expect(text).not.toContain(person.phone);
  }
}

describe('Mi Red por la API', () => {
  it('el miembro ve correo y teléfono de su enrolado directo', async () => {
    const { data, error } = await tree.me.client.rpc('get_network_page', { p_generation: 1 });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ id: tree.direct.id, email: tree.direct.email, phone: tree.direct.phone, enrollees: 1, total: 1 })]);
  });

  it('un miembro más profundo sale sin datos de contacto, en la tabla y en el árbol', async () => {
    const byGeneration = await tree.me.client.rpc('get_network_page', { p_generation: 2 });
    const byNode = await tree.me.client.rpc('get_network_page', { p_parent_id: tree.direct.id });
    for (const { data, error } of [byGeneration, byNode]) {
      expect(error).toBeNull();
      expect(data).toEqual([expect.objectContaining({ id: tree.deeper.id, email: null, phone: null, generation: 2 })]);
      expectNoContactOf(data, tree.deeper);
    }
  });

  it('ni buscando, filtrando o leyendo la tabla clients aparece el contacto del más profundo', async () => {
    const searched = await tree.me.client.rpc('get_network_page', { p_generation: 2, p_search: tree.deeper.email });
    expect(searched.data).toEqual([]); // the search is by name: an e-mail finds nobody, so it tells nothing
    const direct = await tree.me.client.from('clients').select('email, phone').eq('id', tree.deeper.id);
    expect(direct.data).toEqual([]);
    expectNoContactOf([searched, direct], tree.deeper);
  });

  it('un miembro de otra rama: rechazado sin revelar nada', async () => {
    const asNode = await tree.me.client.rpc('get_network_page', { p_parent_id: tree.other.id });
    const asRoot = await tree.me.client.rpc('get_network_page', { p_client_id: tree.other.id, p_generation: 1 });
    const summary = await tree.me.client.rpc('get_network_summary', { p_client_id: tree.other.id });
    for (const answer of [asNode, asRoot, summary]) {
      expect(answer.data).toBeNull();
      expect(answer.error).toMatchObject({ hint: 'savia:forbidden', message: 'Solo puedes ver tu propia red.' });
      expectNoContactOf(answer, tree.other, tree.otherChild);
    }
    expect(asNode.status).toBe(403);
  });

  it('el enrolado directo no lee la red de su patrocinador', async () => {
    const { error } = await tree.me.client.rpc('get_network_page', { p_parent_id: tree.direct.id });
    expect(error).toBeNull(); // the member's own branch opens
    const direct = await signedIn(tree.direct.email);
    const upward = await direct.client.rpc('get_network_page', { p_parent_id: tree.me.clientId });
    expect(upward.error).toMatchObject({ hint: 'savia:forbidden' });
  });

  it('el personal lee la red de cualquiera, con contacto', async () => {
    const admin = await staffPersona('admin');
    const { data, error } = await admin.client.rpc('get_network_page', { p_client_id: tree.me.clientId, p_generation: 2 });
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ id: tree.deeper.id, email: tree.deeper.email, phone: tree.deeper.phone })]);
  });

  it('anon no llega a la red', async () => {
    const { data, error } = await anonClient().rpc('get_network_page', { p_client_id: tree.me.clientId, p_generation: 1 });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '42501' });
  });
});
