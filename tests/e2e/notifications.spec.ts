// Notifications as people meet them: Carlos's order is approved, and María, his sponsor, finds
// «Ganaste $ 2.800» with the why in the bell (which links to Mis Recompensas), marks everything
// read, receives the same words by e-mail in her inbox (the stack's MailDev) with the company's name,
// and turns the e-mail of her earnings off and on again in Mi Cuenta. Laura's bell is there too. The
// product and the sale are this spec's own; nothing is compared with global counts.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/format/format';
import { readSettings } from './db';
import { expectAccessible, shootScreen } from './look';
import { openAs } from './session';
import { cfg, personas, withDb } from './support';

const run = randomUUID().slice(0, 6).toUpperCase();
const stack = cfg as typeof cfg & { mailUrl: string; publishableKey: string };

/** One committed call with a person's claims, as PostgREST would run it. */
async function actAs<T>(email: string, sql: string, params: unknown[] = []): Promise<T> {
  return withDb(async (db) => {
    await db.query('begin');
    await db.query(
      `select set_config('request.jwt.claims', json_build_object('sub', u.id, 'role', 'authenticated')::text, true) from auth.users u where lower(u.email) = lower($1)`,
      [email],
    );
    const { rows } = await db.query(sql, params);
    await db.query('commit');
    return rows[0] as T;
  });
}

interface Mail {
  subject: string;
  text: string;
  headers: Record<string, string>;
}

/** The message with this Message-ID in the stack's inbox, once it has arrived. */
async function mailWithId(messageId: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        // What pg_net does every minute when something is due: ask send-notifications to drain.
        await fetch(`${stack.apiUrl}/functions/v1/send-notifications`, { method: 'POST', headers: { apikey: stack.publishableKey }, body: '{}' });
        const inbox = (await (await fetch(`${stack.mailUrl}/api/email`)).json()) as Mail[];
        found = inbox.find((m) => m.headers['message-id'] === messageId);
        return !!found;
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  return found!;
}

const bell = (page: Page) => page.getByTestId('notification-bell');

test('María recibe «Ganaste $ 2.800» con el porqué en la campana y en su correo, y decide qué le llega por correo', async ({ page }) => {
  test.setTimeout(120_000);
  const { currency, company_name } = await readSettings();
  const money = (v: number) => formatMoney(v, currency);
  const product = await withDb(
    async (db) =>
      (
        await db.query<{ id: string }>(
          `insert into public.products (sku, name, description, category, price, commissionable_amount, points, stock)
           values ($1, $2, 'Producto de la prueba de avisos.', 'Pruebas', 28000, 28000, 10, 5) returning id`,
          [`E2E-AVISOS-${run}`, `Avisos e2e ${run}`],
        )
      ).rows[0]!,
  );
  try {
    const sale = await actAs<{ id: string }>(
      personas.memberInactive,
      `select id from public.place_order(jsonb_build_array(jsonb_build_object('product_id', $1::uuid, 'quantity', 1)))`,
      [product.id],
    );
    await actAs(personas.admin, 'select public.approve_sale($1)', [sale.id]);
    const notification = await withDb(async (db) => {
      // What pg_cron does every minute: the committed approval's notifications reach the bell.
      await db.query('select private.publish_notifications()');
      const { rows } = await db.query<{ id: string; email_key: string }>(
        `select n.id, n.email_key from public.notifications n join public.clients c on c.id = n.client_id
          where lower(c.email) = $1 and n.kind = 'earning'
            and exists (select 1 from public.reward_transactions r where r.source_sale_id = $2 and r.id = any (array(select jsonb_array_elements_text(n.payload -> 'entries')::bigint)))`,
        [personas.memberActive, sale.id],
      );
      return rows[0]!;
    });
    const why = `Comisión por la compra de Carlos Rodríguez (1.ª generación): 10% de ${money(28_000)} = ${money(2_800)}`;

    // The bell: the count, the list, the why; the panel reads well in both themes and sizes.
    await openAs(page, personas.memberActive, '/mi-cuenta');
    await expect(bell(page)).toHaveAccessibleName(/^Avisos: [\d.]+ sin leer$/);
    await bell(page).click();
    const panel = page.getByTestId('notification-panel');
    const item = panel.getByTestId('notification-item').filter({ hasText: why });
    await expect(item).toContainText(`Ganaste ${money(2_800)}`);
    await expectAccessible(page, 'Avisos de María');
    await shootScreen(page, 'avisos-miembro', { fullPage: false });

    // Each notification opens its screen and is read from then on.
    await item.click();
    await expect(page).toHaveURL(/\/mi-cuenta\/recompensas$/);
    await expect
      .poll(async () => withDb(async (db) => (await db.query('select read_at from public.notifications where id = $1', [notification.id])).rows[0]!.read_at))
      .not.toBeNull();

    // «Marcar todo como leído»: what was unread when she pressed it is read.
    const latest = await withDb(async (db) => (await db.query<{ id: string }>('select max(id) as id from public.notifications')).rows[0]!.id);
    await bell(page).click();
    const markAll = page.getByRole('button', { name: 'Marcar todo como leído' });
    if (await markAll.isEnabled()) {
      await markAll.click();
      await expect(page.getByText('Todo está leído.')).toBeVisible();
    }
    const unread = await withDb(
      async (db) =>
        (
          await db.query<{ n: string }>(
            `select count(*) as n from public.notifications n join public.clients c on c.id = n.client_id where lower(c.email) = $1 and n.read_at is null and n.id <= $2`,
            [personas.memberActive, latest],
          )
        ).rows[0]!.n,
    );
    expect(Number(unread)).toBe(0);
    await page.keyboard.press('Escape');

    // The same words by e-mail, once, with the link to the screen and the company's name.
    const mail = await mailWithId(`<${notification.email_key}@savia.test>`);
    expect(mail.subject).toBe(`Ganaste ${money(2_800)}`);
    expect(mail.text).toContain(why);
    expect(mail.text).toContain('/mi-cuenta/recompensas');
    expect(mail.text).toContain(company_name);

    // Mi Cuenta: her earnings' e-mail off, then on again (in the app they always arrive).
    await page.goto('/mi-cuenta');
    const card = page.getByTestId('email-preferences-card');
    const earnings = card.getByLabel('Lo que gano: comisiones y bonos');
    await expect(earnings).toBeChecked();
    await expectAccessible(page, 'Mi Cuenta con los avisos por correo');
    await earnings.click();
    await expect(page.getByText('Ya no te enviaremos por correo: lo que gano: comisiones y bonos.')).toBeVisible();
    await expect(earnings).not.toBeChecked();
    await shootScreen(page, 'avisos-por-correo');
    const optedOut = async () =>
      withDb(
        async (db) =>
          (
            await db.query(
              `select 1 from public.notification_email_opt_outs o join auth.users u on u.id = o.user_id where lower(u.email) = $1 and o.kind = 'earning'`,
              [personas.memberActive],
            )
          ).rowCount,
      );
    expect(await optedOut()).toBe(1);
    await earnings.click();
    await expect(earnings).toBeChecked();
    await expect.poll(optedOut).toBe(0);
  } finally {
    await withDb((db) => db.query('update public.products set is_active = false where id = $1', [product.id]));
  }
});

test('el personal tiene su campana en el back office', async ({ page }) => {
  await openAs(page, personas.admin, '/dashboard');
  await expect(bell(page)).toHaveAccessibleName(/^Avisos: /);
  await bell(page).click();
  await expect(page.getByRole('dialog', { name: 'Avisos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marcar todo como leído' })).toBeVisible();
  await expectAccessible(page, 'Avisos del personal');
  await shootScreen(page, 'avisos-personal', { fullPage: false });
});
