// Mi Cuenta («¿cómo voy?») as the members who use it: every figure is the one get_member_month and
// get_balance give that member (María, whom no spec changes, or a member of the test's own); the
// at-risk sentence for an inactive member with income pending; the public page's link; the contacts'
// follow-up, checked in the database, on a member of the test's own.
import type { Locator, Page, Route } from '@playwright/test';
import { formatDayMonth, formatMoney, formatPoints } from '../../src/lib/format/format';
import { one, readAs, readSettings } from './db';
import { expect, test } from './fixtures';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { personas, signInWithTypedEmail, withDb } from './support';

interface MemberMonth {
  client_id: string;
  days_left: number;
  month_end: string;
  personal_points: number;
  activity_points: number;
  is_active: boolean;
  points_missing: number;
  at_risk_amount: string;
  star_level: number;
  star_name: string;
  group_points: number;
  next_level: number | null;
  next_level_group_points: number | null;
  next_level_points_missing: number | null;
}
interface Balance {
  available: string;
  pending: string;
  paid: string;
}

const memberMonth = (email: string) =>
  readAs(email, async (db) => (await db.query<MemberMonth>(`select *, to_char(month_end, 'YYYY-MM-DD') as month_end from public.get_member_month()`)).rows[0]!);
const balanceOf = (email: string) => readAs(email, async (db) => (await db.query<Balance>('select * from public.get_balance()')).rows[0]!);
// Intl puts no-break spaces inside amounts and before «%»; the page's text keeps them.
const daysLeft = (m: MemberMonth) => (m.days_left <= 1 ? 'Hoy es el último día del mes' : `Quedan ${m.days_left} días del mes`);

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('María ve su mes como lo dan get_member_month y get_balance', async ({ page }) => {
  const settings = await readSettings();
  const money = (v: string | number) => formatMoney(v, settings.currency);
  const month = await memberMonth(personas.memberActive);
  const balance = await balanceOf(personas.memberActive);

  await openAs(page, personas.memberActive, '/mi-cuenta');
  const activity = page.getByTestId('activity-card');
  await expect(activity.getByTestId('personal-points')).toHaveText(formatPoints(month.personal_points));
  await expect(
    activity.getByRole('img', { name: `${formatPoints(month.personal_points)} de ${formatPoints(month.activity_points)} puntos personales` }),
  ).toBeVisible();
  await expect(activity.getByTestId('activity-status')).toHaveText(month.is_active ? 'Activo' : 'Inactivo');
  await expect(activity.getByTestId('days-left')).toHaveText(daysLeft(month));

  const level = page.getByTestId('level-card');
  await expect(level.getByTestId('level-name')).toHaveText(`★${month.star_level} ${month.star_name}`);
  expect(month.next_level, 'María (★3) tiene un nivel por encima').not.toBeNull();
  await expect(level.getByTestId('next-level')).toHaveText(
    `Te faltan ${formatPoints(month.next_level_points_missing!)} puntos de grupo para ★${month.next_level}`,
  );
  await expect(level.getByTestId('group-points')).toHaveText(`${formatPoints(month.group_points)} de ${formatPoints(month.next_level_group_points!)}`);

  const balances = page.getByTestId('balances-card');
  await expect(balances.getByTestId('balance-available')).toHaveText(money(balance.available));
  await expect(balances.getByTestId('balance-pending')).toHaveText(money(balance.pending));
  await expect(balances.getByTestId('balance-paid')).toHaveText(money(balance.paid));
  await expect(page.getByTestId('at-risk')).toHaveCount(0);
});

test('Mi Cuenta se lee con lector de pantalla en los dos temas y se ve bien en escritorio y en 390 px', async ({ page }) => {
  await openAs(page, personas.memberActive, '/mi-cuenta');
  // Everything loaded, the QR code (a chunk of its own) included.
  await expect(page.getByRole('img', { name: 'Código QR de tu página pública' })).toBeVisible();
  await expect(page.getByTestId('lead').first()).toBeVisible();
  await expectAccessible(page, 'Mi Cuenta de María');
  await shootScreen(page, 'mi-cuenta');
});

test('un miembro copia el enlace de su página, lo comparte y sigue un contacto (en la base de datos)', async ({ page, context, baseURL, own }) => {
  const slug = `pagina-${own.tag}`;
  const member = await own.member({ name: `Pía Página ${own.tag}`, slug, city: 'Medellín' });
  const leadName = `Contacto E2E ${own.tag}`;
  await one(
    `insert into public.leads (client_id, name, phone, message, consented_at) values ($1, $2, '+57 300 555 0199', 'Quiero conocer el té verde.', now())`,
    [member.id, leadName],
  );
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAs(page, member.email, '/mi-cuenta');

  // The public page: its address, «Copiar enlace», WhatsApp and the QR code (loaded on demand).
  const url = `${baseURL}/p/${slug}`;
  const card = page.getByTestId('public-page-card');
  await expect(card.getByTestId('public-page-url')).toHaveText(url);
  await card.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByText('Enlace copiado.', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const whatsApp = await card.getByRole('link', { name: 'Compartir por WhatsApp' }).getAttribute('href');
  expect(whatsApp).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent(whatsApp!.split('text=')[1]!)).toContain(url);
  await expect(card.getByRole('img', { name: 'Código QR de tu página pública' })).toBeVisible();

  // The newest contact first, with its follow-up changed here and in the database.
  const lead = page.getByTestId('leads-card').getByTestId('lead').first();
  await expect(lead).toContainText(leadName);
  await expect(lead).toContainText('Quiero conocer el té verde.');
  await expect(lead.getByRole('link', { name: `Llamar a ${leadName}: +57 300 555 0199` })).toHaveAttribute('href', 'tel:+573005550199');
  await lead.getByLabel(`Seguimiento de ${leadName}`).selectOption({ label: 'Contactado' });
  await expect(page.getByText('Seguimiento actualizado.', { exact: true })).toBeVisible();
  await expect.poll(async () => (await one<{ status: string }>('select status from public.leads where client_id = $1', [member.id])).status).toBe('contacted');
  await page.reload();
  await expect(page.getByLabel(`Seguimiento de ${leadName}`)).toHaveValue('contacted');
});

test('un miembro inactivo con comisiones pendientes ve cuánto perdería, sin página pública lo dice con amabilidad, y en 390 px', async ({ page, own }) => {
  // Rocío, a new member at her own root, has a direct enrollee who bought this month (a direct sale
  // Laura records) and no points of her own: inactive with a commission pending. She has no slug.
  const rocio = await own.member({ name: `Rocío Riesgo ${own.tag}`, city: 'Medellín' });
  const buyer = await own.member({ name: `Yolanda Compra ${own.tag}`, enroller: rocio.id });
  const { id: chia } = await one<{ id: string }>(`select id from public.products where sku = 'CHI-500'`);
  await own.directSale(buyer.id, [{ product_id: chia, quantity: 1 }]);
  const email = rocio.email;

  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, email, '/mi-cuenta');
  const settings = await readSettings();
  const month = await memberMonth(email);
  expect(month.is_active).toBe(false);
  expect(Number(month.at_risk_amount)).toBeGreaterThan(0);
  const when = month.days_left <= 1 ? 'actívate hoy' : `actívate antes del ${formatDayMonth(month.month_end)}`;
  const sentence = `Te faltan ${formatPoints(month.points_missing)} puntos: ${when} para no perder ${formatMoney(month.at_risk_amount, settings.currency)} en comisiones pendientes.`;
  const risk = page.getByTestId('at-risk');
  await expect(risk.getByTestId('at-risk-sentence')).toHaveText(sentence);
  await expect(page.getByTestId('activity-status')).toHaveText('Inactivo');

  await expect(page.getByTestId('public-page-card')).toContainText('Todavía no tienes una página pública');
  await expect(page.getByTestId('public-page-card').getByRole('button', { name: 'Copiar enlace' })).toHaveCount(0);
  await expect(page.getByTestId('leads-card')).toContainText('Cuando tengas tu página pública, los mensajes que te dejen aparecerán aquí.');
  await noSidewaysScroll(page);
  await expectAccessible(page, 'Mi Cuenta de un miembro en riesgo');
  await shootScreen(page, 'mi-cuenta-en-riesgo');

  await page.setViewportSize({ width: 390, height: 844 });
  await risk.getByRole('link', { name: 'Hacer un pedido' }).click();
  await expect(page).toHaveURL(/\/mi-cuenta\/hacer-pedido$/);
});

test('Mi Cuenta de un mes pasado se ve como quedó, y cabe en 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const previous = await withDb(
    async (db) =>
      (await db.query<{ month: string }>(`select to_char(max(month), 'YYYY-MM') as month from public.periods where status = 'closed'`)).rows[0]!.month,
  );
  await openAs(page, personas.memberActive, `/mi-cuenta?mes=${previous}`);
  await expect(page.getByTestId('days-left')).toHaveText('Mes cerrado');
  await expect(page.getByTestId('at-risk')).toHaveCount(0);
  await expect(page.getByLabel('Mes', { exact: true })).toHaveValue(previous);
  await noSidewaysScroll(page);
});

// On a phone the page title and the shell's header sit at the top: a toast there would cover them.
test('en un teléfono el aviso sale abajo y no tapa el título ni la cabecera', async ({ page, context, own }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await own.member({ name: `Tomás Teléfono ${own.tag}`, slug: `telefono-${own.tag}` });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAs(page, member.email, '/mi-cuenta');
  await page.getByTestId('public-page-card').getByRole('button', { name: 'Copiar enlace' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Enlace copiado.' });
  await expect(toast).toBeVisible();
  await expect(page.locator('[data-sonner-toaster][data-y-position="bottom"]')).toContainText('Enlace copiado.');

  const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
  const overlaps = (a: { y: number; height: number }, b: { y: number; height: number }) => a.y < b.y + b.height && b.y < a.y + a.height;
  // Once its entrance (a slide up from below the screen) has ended, it sits whole inside the screen.
  await expect
    .poll(async () => {
      const box = await boxOf(toast);
      return box.y + box.height;
    })
    .toBeLessThanOrEqual(844);
  const toastBox = await boxOf(toast);
  expect(overlaps(toastBox, await boxOf(page.getByRole('heading', { level: 1, name: 'Mi Cuenta' })))).toBe(false);
  expect(overlaps(toastBox, await boxOf(page.getByRole('banner')))).toBe(false);
});

// A shared computer: what one member's tab read leaves with them when they sign out in another tab, so
// the next person to sign in there never sees it, not even while their own figures are on their way.
test('al cerrar sesión en otra pestaña, esta olvida lo que leyó: quien entra después no ve el saldo del anterior', async ({ page, context, own }) => {
  const settings = await readSettings();
  const ana = await own.earner();
  const bruno = await own.member({ name: `Bruno Sesión ${own.tag}`, account: true, active: true });
  await openAs(page, ana.email, '/mi-cuenta');
  await expect(page.getByTestId('balance-available')).toHaveText(formatMoney(100_000, settings.currency));

  const other = await context.newPage();
  await other.goto('/mi-cuenta');
  await other.getByRole('button', { name: /Menú de usuario/ }).click();
  await other.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page, 'la primera pestaña también sale').toHaveURL(/\/login$/);

  // Bruno signs in in the other tab; the first follows him to his Mi Cuenta. His balance is held on
  // its way there: meanwhile the card has no figure, Ana's least of all.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/rest\/v1\/rpc\/get_balance/, (route) => (holding ? void held.push(route) : route.continue()));
  await signInWithTypedEmail(other, bruno.email);
  await expect(page).toHaveURL(/\/mi-cuenta$/, { timeout: 20_000 });
  await expect.poll(() => held.length, { message: 'la pestaña pidió el saldo de Bruno' }).toBeGreaterThan(0);
  await expect(page.getByTestId('activity-card')).toBeVisible();
  await expect(page.getByTestId('balance-available')).toHaveCount(0);
  await expect(page.getByText(formatMoney(100_000, settings.currency))).toHaveCount(0);
  holding = false;
  for (const route of held) await route.continue();
  await expect(page.getByTestId('balance-available')).toHaveText(formatMoney(0, settings.currency));
  await other.close();
});
