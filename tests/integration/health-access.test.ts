// Análisis de Salud through PostgREST, as each persona: health answers are sensitive, so only a superadmin
// runs an analysis or reads one (the member it is about included); the others get the database's Spanish
// refusal and no row; without consent nothing is written; an analysis is computed by the database, never
// typed in or edited through the API; every write lands in the audit log with its author.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, sql } from './support';
import { memberPersona, staffPersona, type Persona } from './fixtures/personas';

const FORBIDDEN = 'Solo un superadmin puede hacer y consultar análisis de salud: son datos sensibles.';
const answers = (extra: Record<string, unknown> = {}) => ({
  goals: ['descanso'],
  restrictions: [],
  allergies: [],
  pregnancy: false,
  breastfeeding: false,
  chronic_illness: false,
  medication: '',
  ...extra,
});

let superadmin: Persona;
let admin: Persona;
let member: Persona & { clientId: string };
let sinRol: Persona;
let analysisId = '';

const countFor = async (clientId: string) =>
  Number((await sql<{ n: string }>('select count(*) as n from public.health_analyses where client_id = $1', [clientId]))[0]!.n);

beforeAll(async () => {
  superadmin = await staffPersona('superadmin');
  admin = await staffPersona('admin');
  member = await memberPersona();
  sinRol = await staffPersona('admin');
  await sql('delete from public.users_roles where user_id = $1', [sinRol.userId]);
  const { data, error } = await superadmin.client.rpc('record_health_analysis', {
    p_client_id: member.clientId,
    p_consent: true,
    p_consent_version: '2026-11',
    p_answers: answers({ medication: 'Losartán' }),
  });
  expect(error).toBeNull();
  analysisId = (data as { id: string }).id;
});

describe('Análisis de Salud por la API', () => {
  it('admin, el propio miembro y una cuenta sin rol no leen ningún análisis', async () => {
    for (const persona of [admin, member, sinRol]) {
      const byId = await persona.client.from('health_analyses').select('id, answers').eq('id', analysisId);
      const all = await persona.client.from('health_analyses').select('id');
      for (const answer of [byId, all]) {
        expect(answer.error).toBeNull();
        expect(answer.data).toEqual([]);
      }
    }
    const anon = await anonClient().from('health_analyses').select('id');
    expect(anon.data).toBeNull();
    expect(anon.error).toMatchObject({ code: '42501' });
  });

  it('y las funciones del análisis los rechazan con la frase de la base de datos, sin nada escrito', async () => {
    const before = await countFor(member.clientId);
    for (const persona of [admin, member, sinRol]) {
      const run = await persona.client.rpc('record_health_analysis', {
        p_client_id: member.clientId,
        p_consent: true,
        p_consent_version: '2026-11',
        p_answers: answers(),
      });
      const questionnaire = await persona.client.rpc('get_health_questionnaire');
      for (const answer of [run, questionnaire]) {
        expect(answer.data).toBeNull();
        expect(answer.error).toMatchObject({ code: '42501', hint: 'savia:forbidden', message: FORBIDDEN });
      }
    }
    // anon executes nothing but the public page's functions (00_schema_lint): PostgREST refuses before
    // the function runs, with the code the app turns into «No tienes permiso para hacer esto.».
    const anon = await anonClient().rpc('record_health_analysis', {
      p_client_id: member.clientId,
      p_consent: true,
      p_consent_version: '2026-11',
      p_answers: answers(),
    });
    expect(anon.data).toBeNull();
    expect(anon.error).toMatchObject({ code: '42501' });
    expect(await countFor(member.clientId)).toBe(before);
  });

  it('un superadmin sin el consentimiento no guarda nada', async () => {
    const before = await countFor(member.clientId);
    const { data, error } = await superadmin.client.rpc('record_health_analysis', {
      p_client_id: member.clientId,
      p_consent: false,
      p_consent_version: '2026-11',
      p_answers: answers(),
    });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      code: 'P0001',
      hint: 'savia:consent_required',
      message: 'Sin el consentimiento de la persona no se guarda el análisis: marca la casilla de consentimiento.',
    });
    expect(await countFor(member.clientId)).toBe(before);
  });

  it('un superadmin lee el análisis que guardó la base de datos, con su consentimiento, y la bitácora lo registra', async () => {
    const { data, error } = await superadmin.client
      .from('health_analyses')
      .select('client_id, red_flags, warning, recommendations, consent_version, consent_text, created_by')
      .eq('id', analysisId)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      client_id: member.clientId,
      red_flags: ['medicación'],
      recommendations: [],
      consent_version: '2026-11',
      created_by: superadmin.userId,
      warning: 'Consulta a un profesional de la salud antes de tomar suplementos.',
    });
    expect(data!.consent_text).toContain('Solo los superadmins de Savia las ven');
    const audit = await sql<{ actor_id: string; action: string }>(
      `select actor_id, action from public.audit_logs where table_name = 'health_analyses' and row_id = $1`,
      [analysisId],
    );
    expect(audit).toEqual([{ actor_id: superadmin.userId, action: 'INSERT' }]);
  });

  it('ni un superadmin escribe ni edita un análisis a mano por la API', async () => {
    const insert = await superadmin.client.from('health_analyses').insert({
      client_id: member.clientId,
      answers: {},
      recommendations: [{ name: 'Lo que yo diga' }],
      consent_version: '2026-11',
      consent_text: 'Un consentimiento inventado por la API.',
      consented_at: new Date().toISOString(),
    });
    expect(insert.error).toMatchObject({ code: '42501' });
    const update = await superadmin.client.from('health_analyses').update({ recommendations: [] }).eq('id', analysisId);
    expect(update.error).toMatchObject({ code: '42501' });
    const [row] = await sql<{ warning: string }>('select warning from public.health_analyses where id = $1', [analysisId]);
    expect(row!.warning).toBe('Consulta a un profesional de la salud antes de tomar suplementos.');
  });
});
