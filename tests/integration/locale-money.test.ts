// The database writes money and rates in its sentences (ledger explanations, refusals, notifications,
// the bank reply's preview) as the screens write them with Intl: private.money_in and private.pct_in
// replicate CLDR's patterns for the locales the settings accept. This holds them to node's Intl for
// every supported locale, every currency Intl knows and amounts that exercise the sign, the grouping,
// the cents of a currency without cents and the rounding, so they cannot drift apart unnoticed.
import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney, formatPercent } from '../../src/lib/format/format';
import { SUPPORTED_LOCALES } from '../../src/lib/format/locales';
import { sql } from './support';

const AMOUNTS = ['0', '2.5', '18', '1234.5', '25000', '-100000', '1234567.89', '-0.5', '999.995', '-18.01'];
const RATES = ['0', '0.025', '0.1', '0.05', '0.2', '0.1234', '1', '-0.025', '0.00005', '12.5'];
const LOCALES = SUPPORTED_LOCALES;
// Every currency Intl knows, beside the ones a company here would use first.
const CURRENCIES = [...new Set(['USD', 'COP', 'EUR', 'MXN', 'CLP', 'PEN', 'KWD', 'JPY', ...Intl.supportedValuesOf('currency')])];

describe('el formato regional: la base escribe como Intl', () => {
  it('cada importe, en cada formato regional y cada moneda, sale igual de private.money_in que de Intl', async () => {
    const rows = await sql<{ locale: string; currency: string; amount: string; text: string }>(
      `select l as locale, c as currency, a::text as amount, private.money_in(a, c, l) as text
         from unnest($1::text[]) l, unnest($2::text[]) c, unnest($3::numeric[]) a`,
      [LOCALES, CURRENCIES, AMOUNTS],
    );
    expect(rows).toHaveLength(LOCALES.length * CURRENCIES.length * AMOUNTS.length);
    const differences = rows
      .map((r) => ({ ...r, intl: formatMoney(r.amount, r.currency, r.locale) }))
      .filter((r) => r.text !== r.intl)
      .map((r) => `${r.locale} ${r.currency} ${r.amount}: base «${r.text}», Intl «${r.intl}»`);
    expect(differences).toEqual([]);
  });

  it('los casos que un lector reconoce, en Colombia, México, Chile y España', async () => {
    const [row] = await sql<Record<string, string>>(
      `select private.money_in(18, 'USD', 'es-CO') as co_usd, private.money_in(25000, 'COP', 'es-CO') as co_cop,
              private.money_in(2.5, 'COP', 'es-CO') as co_cents, private.money_in(-100000, 'MXN', 'es-MX') as mx,
              private.money_in(-18, 'USD', 'es-CL') as cl, private.money_in(1234.5, 'EUR', 'es-ES') as es,
              private.pct_in(0.025, 'es-CO') as co_pct, private.pct_in(0.025, 'es-ES') as es_pct`,
    );
    expect(row).toEqual({
      co_usd: 'US$\u00a018,00',
      co_cop: '$\u00a025.000',
      co_cents: '$\u00a02,50',
      mx: '-$100,000.00',
      cl: 'US$-18,00',
      es: '1.234,50\u00a0€',
      co_pct: '2,5%',
      es_pct: '2,5\u00a0%',
    });
  });

  it('cada tasa sale igual de private.pct_in que del porcentaje de Intl', async () => {
    const rows = await sql<{ locale: string; rate: string; text: string }>(
      `select l as locale, r::text as rate, private.pct_in(r, l) as text from unnest($1::text[]) l, unnest($2::numeric[]) r`,
      [LOCALES, RATES],
    );
    expect(rows).toHaveLength(LOCALES.length * RATES.length);
    const differences = rows
      .map((r) => ({ ...r, intl: formatPercent(r.rate, r.locale) }))
      .filter((r) => r.text !== r.intl)
      .map((r) => `${r.locale} ${r.rate}: base «${r.text}», Intl «${r.intl}»`);
    expect(differences).toEqual([]);
  });

  describe('la configuración elige el formato, de una lista cerrada', () => {
    let before: string;
    afterAll(async () => {
      if (before) await sql(`update public.metadata set locale = $1 where id = 'app_settings'`, [before]);
    });

    it('la base acepta exactamente los formatos que ofrece la app, es-CO por defecto', async () => {
      [{ locale: before }] = await sql<{ locale: string }>(`select locale from public.metadata where id = 'app_settings'`);
      const [{ def }] = await sql<{ def: string }>(
        `select pg_get_expr(d.adbin, d.adrelid) as def from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
          where d.adrelid = 'public.metadata'::regclass and a.attname = 'locale'`,
      );
      expect(def).toBe("'es-CO'::text");
      for (const locale of LOCALES) {
        await sql(`update public.metadata set locale = $1 where id = 'app_settings'`, [locale]);
        const [{ money, pct }] = await sql<{ money: string; pct: string }>(`select private.money(-1234.5, 'USD') as money, private.pct(0.025) as pct`);
        expect(money).toBe(formatMoney(-1234.5, 'USD', locale));
        expect(pct).toBe(formatPercent(0.025, locale));
      }
      for (const locale of ['es', 'es-AR', 'en-US', 'es-co', '']) {
        await expect(sql(`update public.metadata set locale = $1 where id = 'app_settings'`, [locale])).rejects.toMatchObject({
          message: expect.stringMatching(/^El formato regional «.*» no está disponible: elige Colombia, México, Perú, Chile, Ecuador o España\.$/),
        });
      }
    });
  });
});
