// Análisis de Salud. Diego (superadmin) picks a member, tries to save without consent (refused), then
// runs an analysis with a red flag (pregnancy: no recommendations, the sentence) and one without (a
// product recommended with its reason, another excluded by an allergy, with why), downloads its PDF,
// reopens the first from the history, and the database holds both with their consent, author and audit.
// The member and the two products are the test's own (the products deactivated after); the goal
// «defensas» is one almost nothing else in the catalogue has, so the test's product is always listed.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { personas, withDb } from './support';

test('Diego hace un análisis con una señal de alerta y otro con recomendaciones y exclusiones, y descarga su PDF', async ({ page, own }) => {
  const tag = own.tag.toUpperCase();
  const memberName = `Salud ${tag} Prueba`;
  const { id: clientId } = await own.member({ name: memberName, email: `salud-${own.tag}@tests.savia`, slug: `salud-${own.tag}` });
  const defensas = (sku: string, name: string, components: string[]) => own.product({ sku, name, price: 12, points: 12, benefits: ['defensas'], components });
  const { id: acerola } = await defensas(`SAL-${tag}-A`, `Acerola ${tag}`, []);
  const { id: miel } = await defensas(`SAL-${tag}-M`, `Miel ${tag}`, ['abejas']);

  await openAs(page, personas.superadmin, '/analizador-salud');
  await expect(page.getByRole('heading', { level: 1, name: 'Análisis de Salud' })).toBeVisible();
  await expect(page.getByText('Elige un miembro para empezar')).toBeVisible();
  await page.getByLabel('Buscar miembro').fill(`Salud ${tag}`);
  await page.getByRole('button', { name: new RegExp(memberName) }).click();
  await expect(page.getByRole('region', { name: 'Miembro' }).getByText(memberName)).toBeVisible();
  await expect(page.getByText('Aún no tiene análisis')).toBeVisible();

  // Consent first: unticked, the questions locked; saving without it is refused.
  const consent = page.getByRole('checkbox', { name: /solo para sugerirle productos y recetas/ });
  await expect(consent).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'defensas' })).toBeDisabled();
  await page.getByRole('button', { name: 'Guardar análisis' }).click();
  await expect(page.getByText('Sin el consentimiento de la persona no se guarda el análisis: marca la casilla de consentimiento.')).toBeVisible();

  const answer = async (pregnant: boolean, allergy?: string) => {
    await consent.check();
    await page.getByRole('checkbox', { name: 'defensas' }).check();
    if (allergy) await page.getByRole('group', { name: 'Alergias' }).getByRole('checkbox', { name: allergy }).check();
    await page
      .getByRole('group', { name: '¿Está embarazada?' })
      .getByRole('radio', { name: pregnant ? 'Sí' : 'No' })
      .check();
    await page.getByRole('group', { name: '¿Está dando lactancia?' }).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('group', { name: '¿Tiene alguna enfermedad crónica?' }).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Guardar análisis' }).click();
  };

  // A red flag: no recommendations, and the sentence.
  await answer(true);
  await expect(page.getByText('Consulta a un profesional de la salud antes de tomar suplementos.')).toBeVisible();
  await expect(page.getByText('Respondió: embarazo.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recomendaciones' })).toHaveCount(0);
  await expect(page.getByText('Esto no es un consejo médico. Consulta a un profesional de la salud.')).toBeVisible();

  // Without red flags, allergic to bee products: Acerola recommended with its reason, Miel excluded with why.
  await page.getByRole('button', { name: 'Nuevo análisis' }).click();
  await answer(false, 'miel, propóleo o polen');
  const recommended = page.getByRole('listitem').filter({ hasText: `Acerola ${tag}` });
  await expect(recommended.getByText('Porque marcaste defensas y este producto tiene el beneficio defensas.')).toBeVisible();
  const excluded = page
    .getByRole('region', { name: 'Lo que se excluyó' })
    .getByRole('listitem')
    .filter({ hasText: `Miel ${tag}` });
  await expect(excluded.getByText('Contiene productos de las abejas y marcaste alergia a miel, propóleo o polen.')).toBeVisible();
  await expect(page.getByText('Esto no es un consejo médico. Consulta a un profesional de la salud.')).toBeVisible();
  const history = page.getByRole('list', { name: 'Análisis anteriores del miembro' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page, 'Análisis de Salud con recomendaciones');
  await shootScreen(page, 'analisis-salud');

  // The PDF, built on the click.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^analisis-salud-salud-${tag.toLowerCase()}-prueba-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The first analysis, reopened from the history.
  await history.getByRole('button').last().click();
  await expect(page.getByText('Respondió: embarazo.')).toBeVisible();

  // The database: both analyses, with their consent, their author and their audit entry.
  const rows = await withDb(
    async (db) =>
      (
        await db.query<{ red_flags: string[]; recommended: string[]; excluded: string[]; consent_version: string; author: string; audited: number }>(
          `select h.red_flags, array(select r ->> 'id' from jsonb_array_elements(h.recommendations) r) as recommended,
            array(select x ->> 'id' from jsonb_array_elements(h.exclusions) x) as excluded, h.consent_version,
            (select u.email from auth.users u where u.id = h.created_by) as author,
            (select count(*)::int from public.audit_logs l where l.table_name = 'health_analyses' and l.row_id = h.id::text and l.action = 'INSERT') as audited
       from public.health_analyses h where h.client_id = $1 order by h.created_at`,
          [clientId],
        )
      ).rows,
  );
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({
    red_flags: ['embarazo'],
    recommended: [],
    excluded: [],
    consent_version: '2026-11',
    author: personas.superadmin,
    audited: 1,
  });
  expect(rows[1]).toMatchObject({ red_flags: [], consent_version: '2026-11', author: personas.superadmin, audited: 1 });
  expect(rows[1]!.recommended).toContain(acerola);
  expect(rows[1]!.recommended).not.toContain(miel);
  expect(rows[1]!.excluded).toContain(miel);
});
