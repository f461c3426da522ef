// Configuración › Plan de compensación (/configuracion?tab=plan): Sofía raises Estrella 2's first
// generation, reads the what-if of the last closed month, is refused a level whose rates add up to
// more than 100 %, saves and sees the new version; the database holds the new rates, stamped with
// her. The plan is shared by every spec: it is put back (by SQL) when the test ends.
import { expect, test } from '@playwright/test';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { personas, withDb } from './support';

type Level = { level: number; name: string; personal_points: number; group_points: number; commission_rates: string[]; volume_bonus_rate: string; starter_bonus: string };

test('Sofía edita una tasa, lee la vista previa, ve el rechazo de tasas sobre 100 % y guarda una versión nueva', async ({ page }) => {
  const original = await withDb(async (db) => (await db.query<Level>('select * from public.star_level_configs order by level')).rows);
  const versionBefore = await withDb(async (db) => (await db.query<{ v: number }>('select max(version)::int as v from public.plan_versions')).rows[0]!.v);
  try {
    await openAs(page, personas.superFinance, '/configuracion?tab=plan');
    await expect(page.getByRole('tab', { name: 'Plan de compensación' })).toHaveAttribute('aria-selected', 'true');
    const rate = page.getByLabel('Generación 1 del nivel 2 (%)');
    await expect(rate).toHaveValue('10');
    await rate.fill('12');

    await page.getByRole('button', { name: 'Vista previa' }).click();
    const whatIf = page.getByTestId('what-if');
    await expect(whatIf).toBeVisible({ timeout: 15_000 });
    await expect(whatIf).toContainText('Comisión por compra, generación 1');
    await expect(whatIf).toContainText('Con el borrador');
    await shootScreen(page, 'configuracion-plan');

    // A level whose rates add up to 104 %: refused where Sofía looks, nothing saved.
    await page.getByLabel('Generación 1 del nivel 3 (%)').fill('95');
    await page.getByRole('button', { name: 'Guardar plan' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Guardar el plan de compensación?' });
    await expect(confirm).toContainText('Lo ya pagado conserva la versión con la que se pagó');
    await expectAccessible(page, 'la confirmación de guardar el plan');
    await confirm.getByRole('button', { name: 'Guardar plan' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'nivel 3' })).toHaveText(
      'Las tasas de comisión del nivel 3 suman 104 %: no pueden pasar del 100 %.',
    );
    await expect(page.getByTestId('plan-level-3')).toHaveAttribute('aria-invalid', 'true');
    expect(await withDb(async (db) => (await db.query<{ v: number }>('select max(version)::int as v from public.plan_versions')).rows[0]!.v)).toBe(versionBefore);

    await page.getByLabel('Generación 1 del nivel 3 (%)').fill('10');
    await page.getByRole('button', { name: 'Guardar plan' }).click();
    await confirm.getByRole('button', { name: 'Guardar plan' }).click();
    await expect(page.getByText(/^Plan guardado: ahora rige la versión \d+\.$/)).toBeVisible();
    const saved = await withDb(async (db) =>
      (
        await db.query<{ rates: string[]; version: number; email: string }>(
          `select s.commission_rates::text[] as rates, v.version, u.email
             from public.star_level_configs s, public.plan_versions v join auth.users u on u.id = v.created_by
            where s.level = 2 and v.version = (select max(version) from public.plan_versions)`,
        )
      ).rows[0]!,
    );
    // Exactly one new version (its number may skip: an identity is not rolled back with a test's transaction).
    expect(saved).toEqual({ rates: ['0.1200', '0.0500'], version: expect.any(Number), email: personas.superFinance });
    const added = await withDb(async (db) => (await db.query<{ n: number }>('select count(*)::int as n from public.plan_versions where version > $1', [versionBefore])).rows[0]!.n);
    expect(added).toBe(1);
    const versions = page.getByRole('list', { name: 'Versiones del plan' });
    await expect(versions.getByRole('listitem').first()).toContainText(`Versión ${saved.version}`);
    await expect(versions.getByRole('listitem').first()).toContainText('Vigente');
    await expect(page.getByLabel('Generación 1 del nivel 2 (%)')).toHaveValue('12');

    await expectAccessible(page, 'el plan de compensación');
  } finally {
    await withDb(async (db) => {
      for (const l of original) {
        await db.query('update public.star_level_configs set commission_rates = $2, volume_bonus_rate = $3, starter_bonus = $4 where level = $1', [
          l.level,
          l.commission_rates,
          l.volume_bonus_rate,
          l.starter_bonus,
        ]);
      }
    });
  }
});
