// Mi Cuenta's contacts through PostgREST, as the leads api resource asks for them: a member reads the
// contacts of their own page, newest first, and moves their follow-up along; nothing else of a
// contact, and nothing of another member's.
import { describe, expect, it } from 'vitest';
import { sql } from './support';
import { memberPersona } from './fixtures/personas';

const COLUMNS = 'id, name, email, phone, message, status, created_at';

async function leadFor(clientId: string, name: string, createdAt: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (client_id, name, email, message, created_at, consented_at) values ($1, $2, 'visita@correo.test', 'Hola', $3, $3) returning id`,
    [clientId, name, createdAt],
  );
  return row!.id;
}

describe('los contactos de la página pública de un miembro', () => {
  it('los ve el miembro, del más nuevo al más viejo, y cambia su seguimiento; nada más', async () => {
    const member = await memberPersona();
    const other = await memberPersona();
    const older = await leadFor(member.clientId, 'Primera Visita', '2026-11-01T10:00:00Z');
    const newer = await leadFor(member.clientId, 'Segunda Visita', '2026-11-02T10:00:00Z');
    const foreign = await leadFor(other.clientId, 'Visita Ajena', '2026-11-03T10:00:00Z');

    const page = await member.client
      .from('leads')
      .select(COLUMNS, { count: 'exact' })
      .eq('client_id', member.clientId)
      .order('created_at', { ascending: false })
      .order('id')
      .range(0, 4);
    expect(page.error).toBeNull();
    expect(page.count).toBe(2);
    expect(page.data!.map((l) => l.id)).toEqual([newer, older]);
    const all = await member.client.from('leads').select('id');
    expect(all.data!.map((l) => l.id).sort()).toEqual([older, newer].sort());

    const moved = await member.client.from('leads').update({ status: 'contacted' }).eq('id', older).select(COLUMNS).maybeSingle();
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ id: older, status: 'contacted' });
    expect(await sql('select status from public.leads where id = $1', [older])).toEqual([{ status: 'contacted' }]);

    const rewritten = await member.client.from('leads').update({ name: 'Otro Nombre' }).eq('id', newer).select(COLUMNS).maybeSingle();
    // Only the state is writable through the API (a column grant): what the visitor wrote is theirs.
    expect(rewritten.error).toMatchObject({ code: '42501', message: 'permission denied for table leads' });
    const invalid = await member.client.from('leads').update({ status: 'perdido' }).eq('id', newer).select(COLUMNS).maybeSingle();
    expect(invalid.error).toMatchObject({ code: '23514' });

    // Another member's contact: RLS hides it, so the update touches nothing and answers no row.
    const hidden = await member.client.from('leads').update({ status: 'closed' }).eq('id', foreign).select(COLUMNS).maybeSingle();
    expect(hidden).toMatchObject({ error: null, data: null });
    expect(await sql('select name, status from public.leads where id = any($1) order by name', [[newer, foreign]])).toEqual([
      { name: 'Segunda Visita', status: 'new' },
      { name: 'Visita Ajena', status: 'new' },
    ]);
  });
});
