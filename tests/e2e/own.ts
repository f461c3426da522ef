// What a test makes for itself, so tests that run side by side never see each other's rows: members,
// products, orders, direct sales and members with money to withdraw, named with the test's own tag,
// written as the seed writes them or through the engine's own functions (as the screens' actions
// would), and put away when the test ends: its products leave the catalogue and whatever of its
// members is still pending (orders, enrolments, payout requests) is rejected, so the queues stay as
// short as they were. The demo
// personas (María, Lucía, Carlos…) are only read: a spec that changes a member's money, orders,
// network or contacts makes that member here.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { actAs, asPerson, type Who } from './db';
import { personas, withDb } from './support';

export interface Member {
  id: string;
  name: string;
  email: string;
  /** The member's auth account, when made with `account: true` (as after a first Google sign-in). */
  userId: string | null;
}
export interface Product {
  id: string;
  sku: string;
  name: string;
  price: number;
  points: number;
}
export interface Sale {
  id: string;
  sale_no: number;
}
export interface Payout {
  id: string;
  amount: number;
  details: string | null;
}
/** A member with 100000.00 available (an auth account and, unless told otherwise, a payout account in Mi Cuenta), who asked for `payouts` from it. */
export interface Earner extends Member {
  userId: string;
  document: string;
  payouts: Payout[];
}
export type Items = readonly { product_id: string; quantity: number }[];

const PENDING = `status in ('Pendiente de Aprobación', 'Pendiente de Enrolamiento')`;

/** «Ñusta Pérez 01» → «nusta.perez.01»: an e-mail's local part from a name. */
const localPart = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

export class Own {
  /** Eight characters of this test's own, for names, SKUs and e-mails. */
  readonly tag = randomUUID().slice(0, 8);
  private readonly members: string[] = [];
  private readonly products: string[] = [];

  /** An address of the test's own, from a name (with the tag, if the name does not carry it). */
  email(name: string) {
    const local = localPart(name);
    return `${local.includes(this.tag) ? local : `${local}.${this.tag}`}@tests.savia`;
  }

  /** A registered member (enrolled and approved), under `enroller` or at a root of their own. */
  async member(o: {
    name: string;
    email?: string;
    enroller?: string | null;
    star?: number;
    phone?: string | null;
    document?: string | null;
    address?: string | null;
    city?: string | null;
    slug?: string | null;
    joinedAt?: string;
    /** Gives them an auth account now (linked to the member by the database's trigger, as a first Google sign-in does). */
    account?: boolean;
    /** Active this month: a direct sale of the activity points' worth (so no reminder greets them). */
    active?: boolean;
  }): Promise<Member> {
    const email = o.email ?? this.email(o.name);
    const member = await withDb(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.clients (name, email, enroller_id, star_level, phone, document_number, address, city, slug, enrollment_status, joined_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'registered', coalesce($10::timestamptz, now())) returning id`,
        [
          o.name,
          email,
          o.enroller ?? null,
          o.star ?? 1,
          o.phone ?? null,
          o.document ?? null,
          o.address ?? null,
          o.city ?? null,
          o.slug ?? null,
          o.joinedAt ?? null,
        ],
      );
      this.members.push(rows[0]!.id);
      const userId = o.account ? await accountFor(db, email) : null;
      return { id: rows[0]!.id, name: o.name, email, userId };
    });
    if (o.active) {
      const points = await withDb(
        async (db) => (await db.query<{ points: number }>(`select (p.plan ->> 'activity_points')::int as points from private.plan() p`)).rows[0]!.points,
      );
      const product = await this.product({ name: `Activación ${this.tag}`, price: 10, points, stock: 10 });
      await this.directSale(member.id, [{ product_id: product.id, quantity: 1 }]);
    }
    return member;
  }

  /**
   * Someone of the staff, invited (their first Google sign-in, through the chooser, gives them the
   * role). For what changes a person's sessions, such as signing out, which ends all of them: a
   * persona's would end the session of every test signed in as that persona meanwhile.
   */
  async staff(o: { name: string; role: 'admin' | 'superadmin'; finance?: boolean }): Promise<{ email: string }> {
    const email = this.email(o.name);
    await withDb((db) => db.query(`insert into public.staff_invitations (email, role, finance) values ($1, $2, $3)`, [email, o.role, o.finance ?? false]));
    return { email };
  }

  /** An active product of the catalogue (as the seed writes them); out of the catalogue after the test. */
  async product(o: {
    name: string;
    sku?: string;
    price: number;
    commissionable?: number;
    points: number;
    stock?: number;
    kit?: boolean;
    description?: string | null;
    category?: string | null;
    benefits?: string[];
    components?: string[];
  }): Promise<Product> {
    const sku = (o.sku ?? `E2E-${this.tag}-${this.products.length + 1}`).toUpperCase();
    const { rows } = await withDb((db) =>
      db.query<{ id: string }>(
        `insert into public.products (sku, name, description, category, benefits, components, price, commissionable_amount, points, stock, is_kit)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [
          sku,
          o.name,
          o.description ?? null,
          o.category ?? null,
          o.benefits ?? [],
          o.components ?? [],
          o.price,
          o.commissionable ?? o.price,
          o.points,
          o.stock ?? 0,
          o.kit ?? false,
        ],
      ),
    );
    this.products.push(rows[0]!.id);
    return { id: rows[0]!.id, sku, name: o.name, price: o.price, points: o.points };
  }

  /** Takes a product out of the catalogue now (its history stays: products with movements are never deleted). */
  async retire(productId: string) {
    await withDb((db) => db.query('update public.products set is_active = false where id = $1', [productId]));
  }

  /** A member's order through `place_order`, as «Hacer un Pedido» sends it: pending approval. */
  async order(who: Who, items: Items, o: { method?: string; reference?: string | null; voucherPath?: string | null; at?: string } = {}): Promise<Sale> {
    const [sale] = await asPerson<{ id: string; sale_no: number }>(
      who,
      `select id, sale_no::int as sale_no from public.place_order($1::jsonb, $2, $3, $4)`,
      [JSON.stringify(items), o.method ?? 'efectivo', o.reference ?? null, o.voucherPath ?? null],
      { at: o.at },
    );
    return sale!;
  }

  /** A direct sale to `buyer` recorded by an admin (Laura): paid at once. */
  async directSale(buyer: string, items: Items, o: { reference?: string | null; at?: string; by?: Who } = {}): Promise<Sale> {
    const [sale] = await asPerson<{ id: string; sale_no: number }>(
      o.by ?? personas.admin,
      `select id, sale_no::int as sale_no from public.create_direct_sale($1, $2::jsonb, 'efectivo', $3)`,
      [buyer, JSON.stringify(items), o.reference ?? null],
      { at: o.at },
    );
    return sale!;
  }

  /**
   * A member with 100000.00 available (pesos, as the demo company's), made by the engine in a month of
   * their own long ago (so it never meets a closed one): their recruit buys 10 × 100000.00 (10 % to
   * them, level ★1) and they buy one to stay active; the close of that month makes the 100000.00
   * available. All of it in one transaction,
   * so no other test ever sees that month open (a close refuses while an earlier month is). They are
   * active this month too (no reminder over their screens). Then they ask for `payouts`, each as its
   * own request.
   */
  async earner(
    payouts: readonly { amount: number; details: string | null }[] = [],
    { payoutAccount = true }: { payoutAccount?: boolean } = {},
  ): Promise<Earner> {
    const name = `Ana Pagos ${this.tag}`;
    const document = `CC 90${parseInt(this.tag.slice(0, 6), 16)}`;
    const ana = await this.member({ name, document, account: true, active: true });
    const beto = await this.member({ name: `Beto Pagos ${this.tag}`, enroller: ana.id, account: true });
    const product = await this.product({ name: `Producto de pagos ${this.tag}`, price: 100_000, points: 100, stock: 20 });
    await withDb(async (db) => {
      await db.query('begin');
      try {
        // One earner at a time looks for a free month, so two never pick the same one.
        await db.query(`select pg_advisory_xact_lock(hashtext('e2e: a month of an earner''s own'))`);
        const { rows } = await db.query<{ month: string }>(
          `select to_char(m, 'YYYY-MM-DD') as month
             from generate_series(900, 1200) back,
                  lateral (select (date_trunc('month', now() at time zone 'America/Bogota') - make_interval(months => back))::date as m) x
            where not exists (select 1 from public.periods p where p.month = x.m)
            order by random() limit 1`,
        );
        const month = rows[0]!.month;
        const during = `${month.slice(0, 8)}15 12:00:00-05`;
        const items = (quantity: number) => JSON.stringify([{ product_id: product.id, quantity }]);
        const [order] = await actAs<{ id: string }>(db, { userId: beto.userId! }, 'select (public.place_order($1::jsonb)).id', [items(10)], during);
        const [own] = await actAs<{ id: string }>(db, { userId: ana.userId! }, 'select (public.place_order($1::jsonb)).id', [items(1)], during);
        for (const sale of [order!, own!]) await actAs(db, personas.admin, 'select public.approve_sale($1)', [sale.id], during);
        // Closed on today's clock: its last step brings everyone's activity to this month, which
        // changes nobody else; Ana and Beto's, set by their approvals in that old month, follow.
        await db.query('select private.close_period($1::date, null)', [month]);
        await db.query('select private.refresh_activity($1::uuid[])', [[ana.id, beto.id]]);
        await db.query('commit');
      } catch (error) {
        await db.query('rollback');
        throw error;
      }
    });
    // Her payout account in Mi Cuenta (Bancolombia, savings, in her name), as she would save it: «Solicitar retiro» needs one.
    if (payoutAccount)
      await asPerson({ userId: ana.userId! }, `select public.save_payout_account('1007', 'ahorros', $1, $2, 'CC', $3)`, [
        accountNumberOf(this.tag),
        holderOf(name),
        document.slice(3),
      ]);
    const made: Payout[] = [];
    for (const { amount, details } of payouts) {
      const [row] = await asPerson<{ id: string }>({ userId: ana.userId! }, 'select (public.request_payout($1, $2)).id', [amount, details]);
      made.push({ id: row!.id, amount, details });
    }
    return { ...ana, userId: ana.userId!, document, payouts: made };
  }

  /** Puts away what the test made (called by the `own` fixture after each test). */
  async cleanUp() {
    await withDb(async (db) => {
      if (this.members.length > 0) {
        await db.query('begin');
        await actAs(
          db,
          personas.superFinance,
          `select public.reject_sale(s.id, 'Limpieza de la prueba de extremo a extremo.')
             from public.sales s left join public.clients c on c.auth_uid = s.created_by
            where s.${PENDING} and (s.client_id = any($1::uuid[]) or c.id = any($1::uuid[]))
            order by s.id`,
          [this.members],
        );
        await actAs(
          db,
          personas.superFinance,
          `select public.reject_payout(r.id, 'Limpieza de la prueba de extremo a extremo.')
             from public.payout_requests r where r.client_id = any($1::uuid[]) and r.status in ('pending', 'approved') order by r.id`,
          [this.members],
        );
        await db.query('commit');
      }
      await db.query('update public.products set is_active = false where id = any($1::uuid[])', [this.products]);
    });
  }
}

/** An 11-digit Bancolombia account number of a tag's own. */
export const accountNumberOf = (tag: string) => String(30_000_000_000 + (parseInt(tag.slice(0, 7), 16) % 9_999_999_999));

/** The holder's name as a bank has it (letters only): the member's name without the test's tag. */
export const holderOf = (name: string) => name.replace(/ [0-9a-f]{8}$/, '');

/** An auth account for `email`, given its role or member by the database's trigger (as at a first Google sign-in). */
async function accountFor(db: pg.Client, email: string): Promise<string> {
  const userId = randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), '{"provider":"google"}', '{}', now(), now())`,
    [userId, email],
  );
  return userId;
}
