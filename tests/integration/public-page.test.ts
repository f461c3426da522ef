// The public page /p/{slug} through PostgREST as an anonymous visitor (the publishable key, as the
// browser sends it): it reads only what the page shows, nothing else about the member, and hostile
// contact forms (a burst of 200, HTML, 1 MB of text) are refused with a 400 and a Spanish sentence,
// never a 500, with nothing stored beyond the page's limit.
import { describe, expect, it } from 'vitest';
import { registeredMember } from './fixtures/personas';
import { anonClient, sql } from './support';

const visitor = () => anonClient();

const leadsOf = async (clientId: string) => (await sql<{ n: number }>('select count(*)::int as n from public.leads where client_id = $1', [clientId]))[0]!.n;

async function memberWithContact() {
  const member = await registeredMember();
  await sql(
    `update public.clients set city = 'Medellín', phone = '+57 300 765 4321', document_number = 'CC 99887766', landing_message = 'Mensaje propio' where id = $1`,
    [member.id],
  );
  return member;
}

describe('la página pública como visitante anónimo', () => {
  it('lee nombre y ciudad del miembro, la empresa y el catálogo, y nada más del miembro', async () => {
    const member = await memberWithContact();
    const { data, error, status } = await visitor().rpc('get_public_page', { p_slug: member.slug.toUpperCase() });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const page = data as Record<string, unknown> & { member: unknown; products: unknown[] };
    expect(Object.keys(page).sort()).toEqual(['company', 'member', 'products', 'recipes']);
    expect(page.member).toEqual({ name: 'Miembro de Prueba', slug: member.slug, city: 'Medellín' });
    const text = JSON.stringify(page);
    for (const secret of [member.email, '+57 300 765 4321', 'CC 99887766', 'Mensaje propio']) expect(text).not.toContain(secret);
    expect(page.products.length).toBeGreaterThan(0);
  });

  it.each([['no-existe-esta-pagina'], ['%'], ["ana' or '1'='1"], ['../../etc/passwd'], ['a'.repeat(100_000)]])(
    'un slug desconocido o raro (%s) no es un error: la página no existe',
    async (slug) => {
      const { data, error, status } = await visitor().rpc('get_public_page', { p_slug: slug });
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toBeNull();
    },
  );

  it('no lee miembros, contactos ni el catálogo directamente', async () => {
    for (const table of ['clients', 'leads', 'products', 'recipes']) {
      const { data, error } = await visitor().from(table).select('*').limit(1);
      expect(data, table).toBeNull();
      expect(error, table).toMatchObject({ code: '42501' });
    }
    const member = await registeredMember();
    const { error } = await visitor().from('leads').insert({ client_id: member.id, name: 'Alguien', email: 'x@correo.test' });
    expect(error).toMatchObject({ code: '42501' });
    expect(await leadsOf(member.id)).toBe(0);
  });
});

describe('el formulario de contacto ante envíos hostiles', () => {
  const send = (slug: string, overrides: Record<string, unknown> = {}) =>
    visitor().rpc('submit_lead', { p_slug: slug, p_name: 'Visitante', p_email: 'visitante@correo.test', p_message: 'Hola', p_consent: true, ...overrides });

  it('200 envíos en un minuto: se guardan 20 y los demás reciben un 400 con la frase en español', async () => {
    const member = await registeredMember();
    const started = Date.now();
    const answers = [];
    // Ten at a time, as a script hammering one page would: the burst ends well inside a minute.
    for (let i = 0; i < 200; i += 10) {
      answers.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => send(member.slug, { p_name: `Visitante ${i + j}` })))));
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(answers.map((a) => a.status).filter((s) => s !== 204 && s !== 400)).toEqual([]);
    expect(answers.filter((a) => a.error === null)).toHaveLength(20);
    const refused = answers.filter((a) => a.error !== null);
    expect(refused).toHaveLength(180);
    for (const answer of refused) {
      expect(answer.error).toMatchObject({
        code: 'P0001',
        hint: 'savia:too_many_leads',
        message: 'Recibimos demasiados mensajes para esta página; inténtalo más tarde.',
      });
    }
    expect(await leadsOf(member.id)).toBe(20);
  });

  it.each([
    [
      'HTML en el mensaje',
      { p_message: '<script>alert("hola")</script>' },
      'markup_not_allowed',
      'Escribe solo texto, sin etiquetas HTML (como <b> o <script>).',
    ],
    ['HTML en el nombre', { p_name: '<img src=x onerror=alert(1)>' }, 'markup_not_allowed', 'Escribe solo texto, sin etiquetas HTML (como <b> o <script>).'],
    ['1 MB de texto en el mensaje', { p_message: 'x'.repeat(1024 * 1024) }, 'message_too_long', 'El mensaje admite hasta 2.000 caracteres.'],
    ['1 MB de texto en el nombre', { p_name: 'x'.repeat(1024 * 1024) }, 'invalid_name', 'Escribe tu nombre (entre 2 y 120 caracteres).'],
    ['1 MB de texto en el correo', { p_email: `${'x'.repeat(1024 * 1024)}@correo.test` }, 'invalid_email', 'El correo no parece válido.'],
    ['sin marcar la autorización de datos', { p_consent: undefined }, 'consent_required', 'Para enviar tu mensaje, marca la casilla de autorización de datos.'],
    ['un slug con caracteres raros', { p_slug: "x'; drop table leads; --" }, 'page_not_found', 'Esta página no existe.'],
  ])('%s: 400 con la frase en español y nada guardado', async (_label, overrides, code, message) => {
    const member = await registeredMember();
    const { status, error } = await send(member.slug, overrides);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', hint: `savia:${code}`, message });
    expect(await leadsOf(member.id)).toBe(0);
  });
});
