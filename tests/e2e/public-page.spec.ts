// The public page /p/{slug} as an anonymous visitor (no sign-in): María's page from the seed, its
// catalogue and recipes, a contact left with consent (and found in the database for her), a contact
// refused without consent (nothing stored), and an unknown or odd slug.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, shootScreen } from './look';
import { personas, withDb } from './support';

const MARIA_SLUG = 'maria-fernandez';
const PHONE = { width: 390, height: 844 };

const leadsNamed = (name: string) =>
  withDb(
    async (db) =>
      (
        await db.query<{ email: string | null; message: string | null; status: string; consented: boolean; consent_text: string | null }>(
          `select l.email, l.message, l.status, l.consented_at > now() - interval '5 minutes' as consented, l.consent_text
             from public.leads l join public.clients c on c.id = l.client_id
          where c.email = $1 and l.name = $2`,
          [personas.memberActive, name],
        )
      ).rows,
  );

async function openMaria(page: Page) {
  await page.goto(`/p/${MARIA_SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: 'María Fernández' })).toBeVisible();
}

async function fillContact(page: Page, name: string) {
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Correo electrónico').fill('visitante.e2e@correo.test');
  await page.getByLabel('Mensaje (opcional)').fill('Hola, quiero saber más de la moringa.');
}

const consent = (page: Page) => page.getByRole('checkbox', { name: /Autorizo a María Fernández y a Savia Natural/ });

test('un visitante ve la página de María, su catálogo y sus recetas, y le deja un contacto con autorización', async ({ page }) => {
  await openMaria(page);
  await expect(page.getByText('Miembro de Savia Natural')).toBeVisible();
  await expect(page.getByText('Medellín', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('María Fernández · Savia Natural');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /María Fernández.*Savia Natural|Savia Natural.*María Fernández/);

  const catalogue = page.getByRole('region', { name: 'Catálogo' });
  const moringa = catalogue.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Moringa en cápsulas' }) });
  await expect(moringa).toBeVisible();
  await expect(moringa.getByText(/25\.000/)).toBeVisible();
  await expect(moringa.getByRole('list', { name: 'Beneficios de Moringa en cápsulas' })).toContainText('Energía');
  await expect(catalogue.getByText('Este producto no es un medicamento.')).toBeVisible();
  // Neither the starter kit nor the withdrawn product is on sale here.
  await expect(catalogue.getByRole('heading', { name: 'Kit de Inicio Savia' })).toHaveCount(0);
  await expect(catalogue.getByRole('heading', { name: 'Cola de caballo' })).toHaveCount(0);
  const recipes = page.getByRole('region', { name: 'Recetas con estos productos' });
  await expect(recipes.getByRole('heading', { name: 'Batido verde de moringa y chía' })).toBeVisible();
  // The member's own e-mail and phone are nowhere on the page.
  await expect(page.getByText(personas.memberActive)).toHaveCount(0);

  await expect(consent(page)).not.toBeChecked();
  await expectAccessible(page, 'página pública');
  await shootScreen(page, 'pagina-publica');

  const name = `Visitante e2e ${Date.now()}`;
  await fillContact(page, name);
  // The authorisation as the visitor reads it: the lead keeps these very words.
  const authorisation = (await page.getByText(/^Autorizo a María Fernández y a Savia Natural/).innerText()).trim();
  await consent(page).check();
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByRole('heading', { name: `¡Gracias, ${name}!` })).toBeVisible();
  await expect(page.getByText('María Fernández recibió tu mensaje y te contactará pronto.')).toBeVisible();
  expect(await leadsNamed(name)).toEqual([
    { email: 'visitante.e2e@correo.test', message: 'Hola, quiero saber más de la moringa.', status: 'new', consented: true, consent_text: authorisation },
  ]);
  await expectAccessible(page, 'página pública, mensaje enviado');
  await page.getByRole('region', { name: 'Contacto' }).scrollIntoViewIfNeeded();
  await shootScreen(page, 'pagina-publica-gracias');
});

test('en el teléfono, sin la autorización no se envía nada y el formulario dice por qué', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openMaria(page);
  await expect(page.getByRole('heading', { name: 'Moringa en cápsulas' })).toBeVisible();
  const name = `Sin autorización ${Date.now()}`;
  await fillContact(page, name);
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Para enviar tu mensaje, marca la casilla de autorización de datos.')).toBeVisible();
  await expect(consent(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(consent(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: /¡Gracias/ })).toHaveCount(0);
  expect(await leadsNamed(name)).toEqual([]);
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'página pública, sin autorización');
  await shootScreen(page, 'pagina-publica-sin-autorizacion');
});

test('un slug desconocido o con caracteres raros muestra «Esta página no existe» con el contacto de la empresa', async ({ page }) => {
  for (const slug of ['no-existe-esta-pagina', encodeURIComponent("maria'fernandez%_<b>"), 'MARIA-FERNANDEZ..']) {
    await page.goto(`/p/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Esta página no existe' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Correo: hola@savia.test' })).toHaveAttribute('href', 'mailto:hola@savia.test');
    await expect(page).toHaveTitle('Esta página no existe · Savia Natural');
  }
  await expectAccessible(page, 'página pública inexistente');
  await shootScreen(page, 'pagina-publica-no-existe');
});
