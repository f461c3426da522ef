// Mi Red as María (maria.activa@savia.test): the summary by generation, the tree opened node by node
// and page by page, the table by generation with search, filter and paging, and contact data (with
// the WhatsApp link) only for her direct enrollees. The people it looks for are its own: a direct
// enrollee of María with 22 enrollees of their own (her generation 2), made here and removed after.
// No other spec adds to María's network; this one's tests share those people, so they run one after
// the other, in one worker.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { readAs } from './db';
import { personas, withDb } from './support';

const tag = Math.random().toString(36).slice(2, 7);
const parent = { name: `Úrsula Red ${tag}`, phone: '+57 300 555 1200', email: `red.padre.${tag}@savia.test` };
const child = (n: number) => ({
  name: `Ñandú Pérez ${String(n).padStart(2, '0')} ${tag}`,
  phone: `+57 300 555 12${String(n).padStart(2, '0')}`,
  email: `red.hijo${n}.${tag}@savia.test`,
});
const CHILDREN = 22;

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  await withDb(async (db) => {
    const [maria] = (await db.query<{ id: string }>('select id from public.clients where email = $1', [personas.memberActive])).rows;
    const [p] = (
      await db.query<{ id: string }>(
        `insert into public.clients (name, email, phone, enroller_id, enrollment_status, joined_at)
         values ($1, $2, $3, $4, 'registered', now()) returning id`,
        [parent.name, parent.email, parent.phone, maria!.id],
      )
    ).rows;
    for (let n = 1; n <= CHILDREN; n++) {
      const c = child(n);
      await db.query(
        `insert into public.clients (name, email, phone, enroller_id, enrollment_status, joined_at) values ($1, $2, $3, $4, 'registered', now())`,
        [c.name, c.email, c.phone, p!.id],
      );
    }
  });
});

test.afterAll(async () => {
  await withDb(async (db) => {
    await db.query(`delete from public.clients where email like $1`, [`red.hijo%.${tag}@savia.test`]);
    await db.query(`delete from public.clients where email = $1`, [parent.email]);
  });
});

/** What the database says of María's network this month, as María would read it. */
const asMaria = <T extends Record<string, unknown>>(sql: string) => readAs(personas.memberActive, async (db) => (await db.query<T>(sql)).rows);

const tree = (page: Page) => page.getByRole('list', { name: 'Enrolados de Tú' });
const whatsappOf = (page: Page, name: string) => page.getByRole('link', { name: `Escribir por WhatsApp a ${name}` });

async function openNetwork(page: Page, search = '') {
  await openAs(page, personas.memberActive, `/mi-cuenta/mi-red${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Red' })).toBeVisible();
}

test('el resumen por generación dice lo mismo que la base', async ({ page }) => {
  await openNetwork(page);
  const summary = page.getByRole('table', { name: /Miembros, activos, en riesgo y puntos/ });
  const expected = await asMaria<{ generation: number | null; members: string; active: string; at_risk: string; month_points: string }>(
    'select generation, members, active, at_risk, month_points from public.get_network_summary()',
  );
  // Each row's figures, digits only (the screen groups thousands as the company's locale does).
  const figures = async (name: RegExp) => (await summary.getByRole('row', { name }).getByRole('cell').allTextContents()).map((t) => t.replace(/\D/g, ''));
  await expect(summary.getByRole('row', { name: /Total/ })).toBeVisible();
  for (const row of expected) {
    const name = row.generation === null ? /^Total/ : new RegExp(`^Generación ${row.generation}\\b`);
    expect(await figures(name), `fila ${row.generation ?? 'total'}`).toEqual([row.members, row.active, row.at_risk, row.month_points].map(String));
  }
  await expectAccessible(page, 'Mi Red, resumen y árbol');
});

test('el árbol abre los enrolados de un nodo página a página; el contacto solo de los directos', async ({ page }) => {
  await openNetwork(page);
  const node = tree(page).getByRole('listitem').filter({ hasText: parent.name }).first();
  await expect(node).toBeVisible();
  // A direct enrollee: WhatsApp, phone and e-mail.
  await expect(whatsappOf(page, parent.name)).toHaveAttribute('href', 'https://wa.me/573005551200');
  await expect(node.getByText(parent.email)).toBeVisible();

  await node.getByRole('button', { name: `Ver los enrolados de ${parent.name}` }).click();
  const children = page.getByRole('list', { name: `Enrolados de ${parent.name}` });
  await expect(children.getByText(child(1).name)).toBeVisible();
  await expect(children.getByText(child(20).name)).toBeVisible();
  await expect(children.getByText(child(21).name)).toHaveCount(0);
  await children.getByRole('button', { name: 'Mostrar más (2 restantes)' }).click();
  await expect(children.getByText(child(22).name)).toBeVisible();
  // Deeper people: no WhatsApp, no phone, no e-mail anywhere on the page.
  await expect(whatsappOf(page, child(1).name)).toHaveCount(0);
  await expect(page.getByText(child(1).phone)).toHaveCount(0);
  await expect(page.getByText(child(1).email)).toHaveCount(0);
  await expect(node.getByRole('button', { name: `Ocultar los enrolados de ${parent.name}` })).toHaveAttribute('aria-expanded', 'true');

  await expectAccessible(page, 'Mi Red, árbol con un nodo abierto');
  await shootScreen(page, 'mi-red-arbol');
});

test('la tabla por generación busca sin tildes, filtra y pagina en el servidor', async ({ page }) => {
  await openNetwork(page, '?vista=tabla&gen=2&por_pagina=10');
  const table = page.getByRole('table', { name: 'Personas de la generación 2' });
  const gen2 = await asMaria<{ total: string }>('select total from public.get_network_page(p_generation => 2, p_page_size => 1)');
  const total = Number(gen2[0]!.total);
  expect(total).toBeGreaterThan(CHILDREN);
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText(`${total} resultados`);
  await expect(table.getByRole('row')).toHaveCount(11); // header + 10
  await page
    .getByRole('navigation', { name: 'Paginación' })
    .getByRole('button', { name: /siguiente/i })
    .click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(table.getByRole('row')).toHaveCount(11);

  // Accents and capitals do not matter; the deeper person's contact is not there.
  await page.getByLabel('Buscar por nombre').fill(`nandu perez 07 ${tag.toUpperCase()}`);
  await expect(page).toHaveURL(/q=nandu/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(child(7).name)).toBeVisible();
  await expect(whatsappOf(page, child(7).name)).toHaveCount(0);
  await expect(page.getByText(child(7).phone)).toHaveCount(0);

  // % is a character, not a wildcard.
  await page.getByLabel('Buscar por nombre').fill('%');
  await expect(page.getByText('No hay resultados con estos filtros')).toBeVisible();
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(page.getByLabel('Buscar por nombre')).toHaveValue('');

  // The status filter shows exactly whom the database calls inactive in generation 2.
  await page.getByLabel('Estado', { exact: true }).selectOption('inactivo');
  await expect(page).toHaveURL(/estado=inactivo/);
  const inactive = await asMaria<{ total: string }>(`select total from public.get_network_page(p_generation => 2, p_status => 'inactivo', p_page_size => 1)`);
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText(`${inactive[0]!.total} resultados`);
  await expect(table.getByText('Activo', { exact: true })).toHaveCount(0);

  // Generation 1 in the table: direct enrollees, with their WhatsApp link.
  await page.getByLabel('Generación', { exact: true }).selectOption('1');
  await page.getByLabel('Estado', { exact: true }).selectOption('');
  await page.getByLabel('Buscar por nombre').fill(parent.name.toLowerCase());
  // The search reaches the URL after its pause: until then the unfiltered page is the one shown.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(whatsappOf(page, parent.name)).toBeVisible();
  // The link is on the unfiltered page too, dimmed while the search's page loads: axe reads the
  // colours at rest, once the table is no longer busy.
  await expect(page.getByRole('table', { name: 'Personas de la generación 1' })).not.toHaveAttribute('aria-busy', 'true');

  await expectAccessible(page, 'Mi Red, tabla por generación');
  await page.getByLabel('Buscar por nombre').fill('');
  await page.getByLabel('Generación', { exact: true }).selectOption('2');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await shootScreen(page, 'mi-red-tabla');
});

test('un mes pasado se muestra como era: sin quien llegó después', async ({ page }) => {
  await openNetwork(page);
  await page.getByRole('button', { name: 'Mes anterior' }).click();
  await expect(page).toHaveURL(/mes=\d{4}-\d{2}/);
  await expect(tree(page).getByRole('listitem').first()).toBeVisible();
  await expect(tree(page).getByText(parent.name)).toHaveCount(0);
});

test('en el teléfono (390 × 844) el árbol y la tabla caben sin desplazarse de lado', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openNetwork(page);
  const node = tree(page).getByRole('listitem').filter({ hasText: parent.name }).first();
  await node.getByRole('button', { name: `Ver los enrolados de ${parent.name}` }).click();
  await expect(page.getByRole('list', { name: `Enrolados de ${parent.name}` }).getByText(child(1).name)).toBeVisible();
  await expect(whatsappOf(page, parent.name)).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Por generación' }).click();
  await expect(page.getByLabel('Buscar por nombre')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'Mi Red en el teléfono');
});
