// «¿Por qué no cobró?» and «Cambiar enrolador» on a member's detail (/clientes/:id).
// Laura (admin) opens the why of a month the demo history closed with a forfeit and reads its reason;
// Diego (superadmin) moves a member of the test's own: the dialog previews the subtree, shows the
// database's refusal of a cycle, then changes the enroller with a reason; the database is checked.
// The test's people are a tree of their own (no persona's network sees them); the change's record
// is append-only, so they stay, named with the test's tag.
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { personas, withDb } from './support';

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

test('el admin lee por qué un miembro no cobró un mes con anulación', async ({ page }) => {
  // A month of the demo's closed history where this member's income was forfeited at the close.
  const [forfeit] = await withDb(
    async (db) =>
      (
        await db.query<{ client_id: string; month: string; points: number }>(
          `select r.beneficiary_id as client_id, to_char(r.period_month, 'YYYY-MM') as month, t.personal_points as points
           from public.reward_transactions r
           join private.member_period_totals t on t.client_id = r.beneficiary_id and t.period = r.period_month
          where r.reason = 'Beneficiario inactivo al cierre del mes'
          order by r.period_month, r.id limit 1`,
        )
      ).rows,
  );
  expect(forfeit, 'la historia de la demo tiene un mes con anulación').toBeTruthy();
  const [year, month] = forfeit!.month.split('-').map(Number);

  await openAs(page, personas.admin, `/clientes/${forfeit!.client_id}?tab=por-que-no-cobro&mes=${forfeit!.month}`);
  const answer = page.getByTestId('why-answer');
  await expect(answer).toContainText(`No cobró porque en ${MONTHS[month! - 1]} de ${year} tuvo ${forfeit!.points} de 100 puntos`);
  await expect(
    page
      .getByTestId('why-forfeit')
      .filter({ hasText: `terminó el mes con ${forfeit!.points} de 100 puntos personales` })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('why-entry').filter({ hasText: 'Anulada al cierre' }).first()).toBeVisible();
  await expectAccessible(page, '«¿Por qué no cobró?»');
  await shootScreen(page, 'clientes-por-que-no-cobro');
});

test('el superadmin cambia el enrolador: vista previa, ciclo rechazado y cambio hecho', async ({ page, own }) => {
  const tag = own.tag;
  const names = { root: `Rita Raíz ${tag}`, mover: `Mario Movido ${tag}`, child: `Celia Hija ${tag}`, target: `Tobías Nuevo ${tag}` };
  const root = (await own.member({ name: names.root })).id;
  const mover = (await own.member({ name: names.mover, enroller: root })).id;
  const child = (await own.member({ name: names.child, enroller: mover })).id;
  const target = (await own.member({ name: names.target })).id;
  const ids = { root, mover, child, target };

  await openAs(page, personas.superadmin, `/clientes/${ids.mover}`);
  await page.getByRole('button', { name: 'Cambiar enrolador' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar enrolador' });
  const search = dialog.getByLabel('Buscar al nuevo enrolador');

  // His own enrollee as the new enroller: the database refuses the cycle, inside the dialog.
  await search.fill(`Celia Hija ${tag}`);
  await dialog.getByRole('button', { name: new RegExp(names.child) }).click();
  await expect(dialog.getByTestId('enroller-refusal')).toHaveText(
    `${names.mover} no puede quedar debajo de ${names.child}: ${names.child} está en su propia red y se formaría un ciclo.`,
  );
  await expect(dialog.getByRole('button', { name: 'Confirmar cambio' })).toBeDisabled();

  await search.fill(`Tobías Nuevo ${tag}`);
  await dialog.getByRole('button', { name: new RegExp(names.target) }).click();
  const preview = dialog.getByTestId('enroller-preview');
  await expect(preview).toContainText('Se mueven 2 personas');
  await expect(preview).toContainText(names.child);
  await expect(preview.getByRole('list', { name: 'Línea ascendente ahora' })).toHaveText(names.root);
  await expect(preview.getByRole('list', { name: 'Línea ascendente después' })).toHaveText(names.target);
  await expect(dialog.getByTestId('enroller-what-happens')).toHaveText(`${names.mover} y 1 persona de su red pasarán a estar bajo ${names.target}.`);
  await dialog.getByLabel('Motivo del cambio').fill('Se enroló con Tobías; se registró mal.');
  await expectAccessible(page, '«Cambiar enrolador» con la vista previa');
  await shootScreen(page, 'clientes-cambiar-enrolador', { fullPage: false });

  await dialog.getByRole('button', { name: 'Confirmar cambio' }).click();
  await expect(page.getByText('Enrolador cambiado.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const after = await withDb(
    async (db) =>
      (
        await db.query<{ enroller_id: string; child_under_target: boolean; reason: string; moved_members: number }>(
          `select m.enroller_id, c.path <@ t.path as child_under_target, e.reason, e.moved_members
           from public.clients m, public.clients c, public.clients t, public.enroller_changes e
          where m.id = $1 and c.id = $2 and t.id = $3 and e.client_id = m.id`,
          [ids.mover, ids.child, ids.target],
        )
      ).rows,
  );
  expect(after).toEqual([{ enroller_id: ids.target, child_under_target: true, reason: 'Se enroló con Tobías; se registró mal.', moved_members: 2 }]);
});
