// A member's e-mail is the key Google sign-in is matched on (the before_user_created hook and the link
// trigger): changing it must never hand the member's account, and their balance, to someone else.
// Issue 23 §2: whoever chooses the address an account opens with must not be the one who lets it
// open. A staff member who changes the e-mail of a pending enrolment cannot approve it; an approved
// member's address changed by a superadmin opens no account until another staff member confirms it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { REDIRECT_TO, chooseAccount, unique } from './fixtures/auth-helpers';
import { memberPersona, registeredMember, staffPersona, type Persona } from './fixtures/personas';

/** «Continuar con Google» with `email` in the account chooser; answers the session's user or the refusal. */
async function googleSignIn(email: string) {
  const client = anonClient();
  const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: REDIRECT_TO, skipBrowserRedirect: true } });
  const location = new URL(await chooseAccount(data.url!, email));
  const code = location.searchParams.get('code');
  if (!code) return { client, userId: null, error: location.searchParams.get('error') };
  const session = await client.auth.exchangeCodeForSession(code);
  return { client, userId: session.data.user?.id ?? null, error: session.error?.message ?? null };
}

const linkedLogin = async (clientId: string) =>
  (await sql<{ auth_uid: string | null; email: string }>('select auth_uid, email from public.clients where id = $1', [clientId]))[0];

const changeEmail = (staff: Persona, clientId: string, email: string) =>
  staff.client.rpc('update_client_contact', { p_client_id: clientId, p_name: 'Miembro de Prueba', p_email: email });

let laura: Persona;
let otherAdmin: Persona;
let diego: Persona;
let enroller: Persona & { clientId: string };
let kitId: string;

beforeAll(async () => {
  [laura, otherAdmin, diego, enroller] = await Promise.all([staffPersona('admin'), staffPersona('admin'), staffPersona('superadmin'), memberPersona()]);
  [{ id: kitId }] = await sql<{ id: string }>(
    `insert into public.products (sku, name, price, points, stock, is_kit) values ($1, 'Kit de correo', 80, 40, 20, true) returning id`,
    [`MAIL-KIT-${crypto.randomUUID().slice(0, 8)}`],
  );
});
afterAll(async () => {
  await sql('update public.products set is_active = false where id = $1', [kitId]);
});

/** A pending enrolment placed by `enroller` through the API: the new person's row and the kit's sale. */
async function pendingEnrolment() {
  const email = unique('nueva');
  const placed = await enroller.client
    .rpc('enrol_member', { p_name: 'Miembro de Prueba', p_email: email, p_kit_id: kitId, p_payment_method: 'efectivo' })
    .single<{ id: string; client_id: string }>();
  expect(placed.error).toBeNull();
  return { saleId: placed.data!.id, clientId: placed.data!.client_id, email };
}

const SECOND_APPROVER = {
  code: '42501',
  hint: 'savia:second_approver_required',
};

describe('quien elige el correo de una cuenta no es quien la abre', () => {
  it('Laura cambia el correo de un enrolamiento pendiente por uno suyo y no puede aprobarlo; la persona real no queda fuera', async () => {
    const enrolment = await pendingEnrolment();
    const hers = unique('laura-otra');
    const changed = await changeEmail(laura, enrolment.clientId, hers);
    expect(changed.error).toBeNull();
    expect(changed.data).toMatchObject({ email: hers, email_check: { set_by_email: laura.email, set_by_me: true } });

    const approved = await laura.client.rpc('approve_sale', { p_sale_id: enrolment.saleId });
    expect(approved.status).toBe(403);
    expect(approved.error).toMatchObject({
      ...SECOND_APPROVER,
      message: 'Cambiaste el correo de esta persona: otra persona del personal debe aprobar su enrolamiento.',
    });
    expect(await sql('select status from public.sales where id = $1', [enrolment.saleId])).toEqual([{ status: 'Pendiente de Enrolamiento' }]);
    // Nobody signs in with a pending enrolment's address, hers included.
    expect((await googleSignIn(hers)).error).toBe('access_denied');
    expect(await linkedLogin(enrolment.clientId)).toEqual({ auth_uid: null, email: hers });

    // The approver sees who changed it, in the queue's card and the review.
    let card: { id: string; email_check: unknown } | undefined;
    for (let page = 1; !card; page++) {
      const queue = await otherAdmin.client.rpc('get_approval_queue', { p_page: page, p_page_size: 200 });
      expect(queue.error).toBeNull();
      const { sales } = queue.data as { sales: { id: string; email_check: unknown }[] };
      expect(sales.length, 'la venta está en la cola').toBeGreaterThan(0);
      card = sales.find((row) => row.id === enrolment.saleId);
    }
    expect(card.email_check).toMatchObject({ set_by_email: laura.email, set_by_me: false });
    const checks = await otherAdmin.client.rpc('get_sale_checks', { p_sale_id: enrolment.saleId });
    expect(checks.data).toMatchObject({ enrolment: { email: hers, email_check: { set_by_email: laura.email, set_by_me: false } } });
  });

  it('otra persona del personal aprueba ese enrolamiento, y con eso el correo queda confirmado', async () => {
    const enrolment = await pendingEnrolment();
    const corrected = unique('corregido');
    expect((await changeEmail(laura, enrolment.clientId, corrected)).error).toBeNull();
    expect((await otherAdmin.client.rpc('approve_sale', { p_sale_id: enrolment.saleId })).error).toBeNull();

    const signIn = await googleSignIn(corrected);
    expect(signIn.error).toBeNull();
    expect(await linkedLogin(enrolment.clientId)).toEqual({ auth_uid: signIn.userId, email: corrected });
  });

  it('un superadmin corrige el correo de un miembro aprobado sin cuenta: nadie entra con él hasta que otra persona lo confirma', async () => {
    const member = await registeredMember();
    const corrected = unique('correo-real');
    const changed = await changeEmail(diego, member.id, corrected);
    expect(changed.error).toBeNull();

    expect((await googleSignIn(corrected)).error).toBe('access_denied');
    expect(await linkedLogin(member.id)).toEqual({ auth_uid: null, email: corrected });

    const own = await diego.client.rpc('confirm_client_email', { p_client_id: member.id });
    expect(own.status).toBe(403);
    expect(own.error).toMatchObject({ ...SECOND_APPROVER, message: 'Tú cambiaste este correo: debe confirmarlo otra persona del personal.' });

    const confirmed = await laura.client.rpc('confirm_client_email', { p_client_id: member.id });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data).toMatchObject({ email: corrected, email_check: null });
    const again = await otherAdmin.client.rpc('confirm_client_email', { p_client_id: member.id });
    expect(again.error).toMatchObject({ hint: 'savia:invalid_transition', message: 'El correo de este miembro no tiene un cambio por confirmar.' });

    const signIn = await googleSignIn(corrected);
    expect(signIn.error).toBeNull();
    expect(await linkedLogin(member.id)).toEqual({ auth_uid: signIn.userId, email: corrected });
  });

  it('un admin no cambia el correo de un miembro aprobado, ni puede entrar como él', async () => {
    const victim = await registeredMember();
    const mine = unique('admin-propio');
    const changed = await changeEmail(laura, victim.id, mine);
    expect(changed.error).toMatchObject({
      code: '42501',
      message: 'Solo un superadmin puede cambiar el correo de un miembro aprobado: es con el que entra a Savia.',
    });
    expect((await googleSignIn(mine)).error).toBe('access_denied');
    expect(await linkedLogin(victim.id)).toEqual({ auth_uid: null, email: victim.email });
  });

  it('el correo de un miembro que ya tiene cuenta no crea una segunda cuenta sin rol', async () => {
    const member = await registeredMember();
    const first = await googleSignIn(member.email);
    expect(first.error).toBeNull();
    const second = unique('segunda-cuenta');
    expect((await changeEmail(diego, member.id, second)).error).toBeNull();
    expect((await laura.client.rpc('confirm_client_email', { p_client_id: member.id })).error).toBeNull();

    const attempt = await googleSignIn(second);
    expect(attempt.error).toBe('access_denied');
    expect(await sql('select 1 from auth.users where lower(email) = lower($1)', [second])).toHaveLength(0);
    expect(await linkedLogin(member.id)).toEqual({ auth_uid: first.userId, email: second });
  });

  it('ni el correo del personal ni el de una invitación pendiente se le ponen a un miembro (la invitación ganaría al entrar)', async () => {
    const enrolment = await pendingEnrolment();
    const invited = unique('invitada');
    expect((await diego.client.rpc('invite_staff', { p_email: invited, p_role: 'admin' })).error).toBeNull();
    for (const email of [invited, laura.email]) {
      const answer = await changeEmail(diego, enrolment.clientId, email.toUpperCase());
      expect(answer.error).toMatchObject({
        hint: 'savia:staff_email',
        details: 'email',
        message: `El correo ${email} es de una cuenta o una invitación del personal: un miembro no puede usarlo.`,
      });
    }
    expect(await linkedLogin(enrolment.clientId)).toEqual({ auth_uid: null, email: enrolment.email });
    // And the other way round: the invitation of a member's (or pending enrolment's) address.
    const invite = await diego.client.rpc('invite_staff', { p_email: enrolment.email, p_role: 'admin' });
    expect(invite.error).toMatchObject({ hint: 'savia:member_email' });
  });
});
