// PostgREST behind the gateway applies the caller's role and its grants: anon sees what anon may
// see, a signed-in user sees their own rows, and the service role, which bypasses row level
// security, is granted no table (supabase/tests/database/06_api_privileges.test.sql).
import { describe, expect, it } from 'vitest';
import { createUser, signInWithGoogle } from './fixtures/auth-helpers';
import { anonClient, serviceClient, sql } from './support';

describe('REST as anon versus authenticated', () => {
  it('shows users_roles rows only to their owner', async () => {
    const person = await createUser();
    await sql(`insert into public.users_roles (user_id, role) values ($1, 'admin')`, [person.id]);

    const anon = anonClient();
    const asAnon = await anon.from('users_roles').select('user_id, role');
    expect(asAnon.error?.code).toBe('42501'); // anon holds no privilege on the table at all
    expect(asAnon.data).toBeNull();

    const { client: signedIn } = await signInWithGoogle(person.email);
    const own = await signedIn.from('users_roles').select('user_id, role');
    expect(own.data).toEqual([{ user_id: person.id, role: 'admin' }]);

    // The service role bypasses row level security, so the migrations grant it no table at all:
    // a leaked secret key reads nothing through the API (it only closes the month).
    const asService = await serviceClient().from('users_roles').select('user_id');
    expect(asService.error?.code).toBe('42501');
    expect(asService.data).toBeNull();
  });

  it('refuses a write the policies do not allow, with PostgREST error shape', async () => {
    const { error, status } = await anonClient().from('users_roles').insert({ user_id: crypto.randomUUID(), role: 'superadmin' });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });
});
