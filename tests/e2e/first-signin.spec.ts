// The first sign-in of a person whose enrolment is not approved (issue 25 §1). Google lets them in
// with an account without a role (the before_user_created hook), and /login shows where their
// enrolment stands, read by get_my_enrolment: pending (who enrolled them, what comes next, the
// company's contact), rejected or cancelled (the reason and whom to ask). An address nobody enrolled still
// ends on /auth-error (auth.spec.ts). Each test enrols a person of its own, under a member of its own.
import { asPerson, one } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import type { Own } from './own';
import { personas, signInWithTypedEmail } from './support';

/** A person enrolled by a member of the test's own, as Enrolar Miembro sends it: pending approval. */
async function enrolled(own: Own, name: string) {
  const enroller = await own.member({ name: `Marta Enroladora ${own.tag}`, account: true });
  const kit = await own.product({ name: `Kit de inicio ${own.tag}`, price: 100, points: 40, stock: 5, kit: true });
  const email = own.email(name);
  const [sale] = await asPerson<{ id: string }>(enroller.email, 'select (public.enrol_member($1, $2, $3)).id', [`${name} ${own.tag}`, email, kit.id]);
  return { enroller, email, saleId: sale!.id };
}

const companyContact = async () => (await one<{ contact_info: string }>(`select contact_info from public.metadata where id = 'app_settings'`)).contact_info;

test('un enrolamiento pendiente entra y lee que está en revisión, quién lo enroló y qué sigue; aprobado, entra a su cuenta', async ({ page, own }) => {
  const { enroller, email, saleId } = await enrolled(own, 'Ricardo Nuevo');
  await signInWithTypedEmail(page, email);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu enrolamiento está en revisión' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/login$/);
  await expect(main).toContainText(`Hola, Ricardo. ${enroller.name} te enroló el`);
  await expect(page.getByRole('heading', { level: 2, name: 'Qué sigue' })).toBeVisible();
  await expect(main).toContainText('Cuando lo aprueben, vuelve a entrar con este mismo correo de Google');
  await expect(main).toContainText(`¿Tienes dudas? Pregúntale a ${enroller.name} o escribe a la empresa:`);
  await expect(page.getByTestId('company-contact')).toHaveText((await companyContact()).replace(/\s+/g, ' '));
  await expect(main).toContainText(email);
  await expect(main).not.toContainText('no está registrado');
  await expectAccessible(page, 'enrolamiento en revisión');
  await shootScreen(page, 'primer-ingreso-en-revision');

  // Approved meanwhile: the account he already has is linked, and his next visit opens his own.
  await asPerson(personas.admin, 'select public.approve_sale($1)', [saleId]);
  await page.reload();
  await expect(page).toHaveURL(/\/mi-cuenta$/, { timeout: 20_000 });
  // His kit is in Mis Pedidos; its points went to whoever enrolled him, not to him.
  await page.goto('/mi-cuenta/mis-pedidos');
  const kitRow = page.getByRole('table', { name: 'Tus pedidos' }).getByRole('row').filter({ hasText: 'Enrolamiento' });
  await expect(kitRow).toContainText('Para quien te enroló');
});

test('un enrolamiento rechazado entra y lee el motivo y a quién acudir', async ({ page, own }) => {
  const { enroller, email, saleId } = await enrolled(own, 'Sara Rechazada');
  const reason = 'El comprobante no corresponde al importe.';
  await asPerson(personas.admin, 'select public.reject_sale($1, $2)', [saleId, reason]);
  await signInWithTypedEmail(page, email);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu enrolamiento no fue aprobado' })).toBeVisible({ timeout: 20_000 });
  await expect(main).toContainText(`Hola, Sara. La empresa revisó el enrolamiento que ${enroller.name} hizo para ti y el`);
  await expect(main).toContainText(`Motivo: ${reason}`);
  await expect(main).toContainText(`habla con ${enroller.name}, que puede enrolarte de nuevo, o contacta a`);
  await expect(page.getByTestId('company-contact')).toHaveText((await companyContact()).replace(/\s+/g, ' '));
  await expectAccessible(page, 'enrolamiento rechazado');
  await shootScreen(page, 'primer-ingreso-rechazado');
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
});

test('un enrolamiento cancelado entra y lee que se canceló, por qué y a quién acudir', async ({ page, own }) => {
  const { enroller, email, saleId } = await enrolled(own, 'Tomás Cancelado');
  const reason = 'Se enroló con otra persona.';
  await asPerson(enroller.email, 'select public.cancel_sale($1, $2)', [saleId, reason]);
  await signInWithTypedEmail(page, email);
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu enrolamiento fue cancelado' })).toBeVisible({ timeout: 20_000 });
  await expect(main).toContainText(`Hola, Tomás. El enrolamiento que ${enroller.name} hizo para ti se canceló el`);
  await expect(main).toContainText(`Motivo: ${reason}`);
  await expect(main).not.toContainText('no está registrado');
  await expectAccessible(page, 'enrolamiento cancelado');
  await shootScreen(page, 'primer-ingreso-cancelado');
});
