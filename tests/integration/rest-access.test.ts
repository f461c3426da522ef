// PostgREST behind the gateway applies the caller's role: anon sees what anon may see, a signed-in
// user sees their own rows, and the service role bypasses row level security.
import { describe, expect, it } from 'vitest';
import { createUser } from './fixtures/auth-helpers';
import { anonClient, serviceClient, sql } from './support';

describe('REST as anon versus authenticated', () => {
  it('shows users_roles rows only to their owner', async () => {
    const person = await createUser();
    await sql(`insert into public.users_roles (user_id, role) values ($1, 'admin')`, [person.id]);

    const anon = anonClient();
    const asAnon = await anon.from('users_roles').select('user_id, role');
    expect(asAnon.error?.code).toBe('42501'); // anon holds no privilege on the table at all
    expect(asAnon.data).toBeNull();

    const signedIn = anonClient();
    const { error } = await signedIn.auth.signInWithPassword({ email: person.email, password: person.password });
    expect(error).toBeNull();
    const own = await signedIn.from('users_roles').select('user_id, role');
    expect(own.data).toEqual([{ user_id: person.id, role: 'admin' }]);

    const all = await serviceClient().from('users_roles').select('user_id', { count: 'exact', head: true });
    expect(all.count).toBeGreaterThan(1);
  });

  it('refuses a write the policies do not allow, with PostgREST error shape', async () => {
    const { error, status } = await anonClient().from('users_roles').insert({ user_id: crypto.randomUUID(), role: 'superadmin' });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });
});
