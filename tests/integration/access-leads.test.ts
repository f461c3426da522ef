// The public contact form (anon): its brake of 20 leads per page and hour holds under a burst, and every
// refusal is a 400 with a Spanish message and a stable code, never a 500.
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cfg, sql } from './support';
import { registeredMember } from './fixtures/personas';

const anon = () => createClient(cfg.apiUrl, cfg.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });

const lead = (slug: string, overrides: Record<string, unknown> = {}) =>
  anon().rpc('submit_lead', { p_slug: slug, p_name: 'Visitante', p_email: 'visitante@correo.test', p_message: 'Hola', p_consent: true, ...overrides });

describe('el formulario de contacto de la página pública', () => {
  it('40 envíos a la vez guardan exactamente 20 contactos', async () => {
    const page = await registeredMember();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => lead(page.slug, { p_name: `Visitante ${i}` })));
    const stored = await sql<{ n: number }>('select count(*)::int as n from public.leads where client_id = $1', [page.id]);
    expect(stored[0].n).toBe(20);
    expect(answers.filter((a) => a.error === null)).toHaveLength(20);
    for (const refused of answers.filter((a) => a.error !== null)) {
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({
        code: 'P0001',
        hint: 'savia:too_many_leads',
        message: 'Recibimos demasiados mensajes para esta página; inténtalo más tarde.',
      });
    }
  });

  it.each([
    ['una página que no existe', { p_slug: 'no-existe-esta-pagina' }, 'page_not_found', 'Esta página no existe.'],
    ['sin correo ni teléfono', { p_email: null }, 'contact_required', 'Déjanos un correo o un teléfono para poder contactarte.'],
    ['sin nombre', { p_name: ' ' }, 'invalid_name', 'Escribe tu nombre (entre 2 y 120 caracteres).'],
    ['un nombre larguísimo', { p_name: 'x'.repeat(500) }, 'invalid_name', 'Escribe tu nombre (entre 2 y 120 caracteres).'],
    ['un correo inválido', { p_email: 'no-es-correo' }, 'invalid_email', 'El correo no parece válido.'],
    ['un teléfono larguísimo', { p_phone: '3'.repeat(100) }, 'invalid_phone', 'El teléfono admite hasta 40 caracteres.'],
    ['un mensaje larguísimo', { p_message: 'x'.repeat(3000) }, 'message_too_long', 'El mensaje admite hasta 2.000 caracteres.'],
    ['sin la autorización de datos', { p_consent: false }, 'consent_required', 'Para enviar tu mensaje, marca la casilla de autorización de datos.'],
  ])('%s: 400 con mensaje en español', async (_label, overrides, code, message) => {
    const page = await registeredMember();
    const { status, error } = await lead(page.slug, overrides);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', hint: `savia:${code}`, message });
  });
});
