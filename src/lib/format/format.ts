// Every figure and date a person reads goes through here, in the settings' currency, locale and the
// company's time zone (never the browser's): a sale at 22:00 on the 31st in Bogotá belongs to that
// month, as private.business_month() says. Pure functions, so e2e tests can format as the screens do;
// `useFormat()` (use-format.ts) binds them to the current settings. The database writes money and
// rates in its sentences the same way (private.money_in, private.pct_in; an integration test compares).
import { DEFAULT_LOCALE, safeLocale, type SupportedLocale } from './locales';

export interface FormatSettings {
  currency: string;
  timezone: string;
  /** The settings' locale; es-CO when absent (a test's settings). */
  locale?: string;
}

/** A business month as the database stores it: the first day, `YYYY-MM-01`. */
export type MonthStart = `${number}-${number}-01`;

type Instant = string | number | Date;
type Amount = number | string;

// The settings' locale for the calls that have no settings at hand (a count in a toast, a pager): the
// settings gate sets it when the settings load or change, before any screen renders.
let activeLocale: SupportedLocale = DEFAULT_LOCALE;

/** Called by SettingsGate with the settings' locale. */
export function setActiveLocale(locale: string): void {
  activeLocale = safeLocale(locale);
}

/** The settings' locale as last set (es-CO before the settings load): what a typed amount is read in. */
export function activeFormatLocale(): SupportedLocale {
  return activeLocale;
}

// Spanish groups 4-digit numbers only from 10 000 by default («1234» but «12.345»); a column of
// amounts reads better with one rule, so every figure groups its thousands.
const GROUPING = 'always' as const;

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
// Fixed rather than from Intl: browsers' ICU versions disagree on the dot («oct» or «oct.»).
const MONTHS_SHORT = ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.'];

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key);
  if (!formatter) cache.set(key, (formatter = make()));
  return formatter as T;
}

const FALLBACK_TIME_ZONE = 'America/Bogota';

// A mistyped setting must not take every screen down with a RangeError: money falls back to a plain
// number with the code, a time zone to the company's default one.
function safeTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat(DEFAULT_LOCALE, { timeZone });
    return timeZone;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

function moneyFormatter(currency: string, locale: SupportedLocale, cents = false): Intl.NumberFormat | null {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      useGrouping: GROUPING,
      ...(cents && { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    });
  } catch {
    return null;
  }
}

const toNumber = (value: Amount): number => (typeof value === 'number' ? value : Number(value));
const toDate = (value: Instant): Date => (value instanceof Date ? value : new Date(value));

// ── numbers ──────────────────────────────────────────────────────────────────────────────────

/**
 * `US$ 1.234,50`, `$ 25.000` (es-CO): amounts come from the database as numbers or numeric strings. A
 * currency written without cents (COP) still shows them when an amount has some («$ 2.800,50»):
 * rounding a commission to the peso would show a member a figure the ledger does not hold.
 */
export function formatMoney(value: Amount, currency: string, locale: string = activeLocale): string {
  const loc = safeLocale(locale);
  const amount = toNumber(value);
  const whole = cached(
    `money:${loc}:${currency}`,
    () => moneyFormatter(currency, loc) ?? new Intl.NumberFormat(loc, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: GROUPING }),
  );
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  const formatter =
    hasCents && whole.resolvedOptions().maximumFractionDigits === 0
      ? cached(`money-cents:${loc}:${currency}`, () => moneyFormatter(currency, loc, true)!)
      : whole;
  const text = formatter.format(amount);
  return formatter.resolvedOptions().style === 'currency' ? text : `${text}\u00a0${currency}`;
}

/**
 * An amount as a person would type it in the company's currency, for a field's example: `25.000` for
 * pesos (no cents), `25,00` for dollars in es-CO, `25.00` in es-MX.
 */
export function amountExample(currency: string, locale: string = activeLocale): string {
  const loc = safeLocale(locale);
  const digits = moneyFormatter(currency, loc)?.resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(loc, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: GROUPING }).format(digits === 0 ? 25_000 : 25);
}

/** Points are whole: `1.234` (`1,234` in es-MX). */
export function formatPoints(value: Amount, locale: string = activeLocale): string {
  const loc = safeLocale(locale);
  return cached(`points:${loc}`, () => new Intl.NumberFormat(loc, { maximumFractionDigits: 0, useGrouping: GROUPING })).format(toNumber(value));
}

/** Any count (rows, units): `12.345`. */
export const formatCount = formatPoints;

/** A rate such as 0.025 as `2,5%` (es-CO; `2,5 %` in es-ES), as private.pct writes it. */
export function formatPercent(rate: Amount, locale: string = activeLocale): string {
  const loc = safeLocale(locale);
  return cached(`percent:${loc}`, () => new Intl.NumberFormat(loc, { style: 'percent', maximumFractionDigits: 2, useGrouping: GROUPING })).format(
    toNumber(rate),
  );
}

// ── instants ─────────────────────────────────────────────────────────────────────────────────

/** `31 de oct de 2026` (es-CO; `31 oct 2026` in es-MX), the day in the company's time zone. */
export function formatDate(value: Instant, timeZone: string, locale: string = activeLocale): string {
  const loc = safeLocale(locale);
  return cached(
    `date:${loc}:${timeZone}`,
    () => new Intl.DateTimeFormat(loc, { timeZone: safeTimeZone(timeZone), day: 'numeric', month: 'short', year: 'numeric' }),
  ).format(toDate(value));
}

/** `31 de oct de 2026, 22:00` (es-CO), in the company's time zone. */
export function formatDateTime(value: Instant, timeZone: string, locale: string = activeLocale): string {
  const loc = safeLocale(locale);
  return cached(
    `datetime:${loc}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(loc, {
        timeZone: safeTimeZone(timeZone),
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  ).format(toDate(value));
}

/** The calendar date and time of an instant in a time zone, as numbers. */
function zonedParts(value: Instant, timeZone: string) {
  const parts = cached(
    `parts:${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: safeTimeZone(timeZone),
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'longOffset',
      }),
  ).formatToParts(toDate(value));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = get('timeZoneName').replace('GMT', '') || '+00:00';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
    offset,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// ── business months ──────────────────────────────────────────────────────────────────────────

/** `2026-10`, `2026-10-01` or a Date-like string starting so: the year and month, or null. */
export function parseMonth(value: string | null | undefined): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})(?:-01)?$/.exec(value ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  // Any month the database can hold is a month (an old one too), only not year 0.
  return month >= 1 && month <= 12 && year >= 1 ? { year, month } : null;
}

function requireMonth(value: string) {
  const parsed = parseMonth(value);
  if (!parsed) throw new RangeError(`Mes no válido: ${value}`);
  return parsed;
}

/** The `YYYY-MM` key of a month (what `?mes=` holds). */
export function monthKey(value: string): string {
  const { year, month } = requireMonth(value);
  return `${year}-${pad(month)}`;
}

/** The `YYYY-MM-01` date the database stores for a month. */
export function monthStart(value: string): MonthStart {
  return `${monthKey(value)}-01` as MonthStart;
}

/** The month `n` months after (or before, when negative) another, as `YYYY-MM`. */
export function addMonths(value: string, n: number): string {
  const { year, month } = requireMonth(value);
  const index = year * 12 + (month - 1) + n;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** `octubre de 2026`: a calendar month, never an instant (so no time zone can move it). */
export function formatMonth(value: string): string {
  const { year, month } = requireMonth(value);
  return `${MONTHS[month - 1]} de ${year}`;
}

/** `octubre`: the month's name alone, where the year goes without saying («al cierre de octubre»). */
export function formatMonthName(value: string): string {
  return MONTHS[requireMonth(value).month - 1]!;
}

/** `30 de noviembre` from a calendar date `YYYY-MM-DD` (a day of the business calendar, no instant). */
export function formatDayMonth(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || month < 1 || month > 12 || day < 1 || day > 31) throw new RangeError(`Fecha no válida: ${value}`);
  return `${day} de ${MONTHS[month - 1]}`;
}

/** `oct. 2026`. */
export function formatMonthShort(value: string): string {
  const { year, month } = requireMonth(value);
  return `${MONTHS_SHORT[month - 1]} ${year}`;
}

/** The business month (`YYYY-MM`) an instant belongs to in the company's time zone. */
export function businessMonthOf(value: Instant, timeZone: string): string {
  const { year, month } = zonedParts(value, timeZone);
  return `${year}-${pad(month)}`;
}

/** Days left in the business month of `now`, today included (the last day answers 1). */
export function daysLeftInBusinessMonth(timeZone: string, now: Instant = new Date()): number {
  const { year, month, day } = zonedParts(now, timeZone);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return daysInMonth - day + 1;
}

// ── CSV and other machine-readable text ──────────────────────────────────────────────────────

/** A plain decimal with a dot and no grouping (`1234.5` → `1234.50`), as CSV files expect. */
export function csvDecimal(value: Amount, fractionDigits = 2): string {
  return toNumber(value).toFixed(fractionDigits);
}

/** The ISO calendar date (`2026-10-31`) of an instant in the company's time zone. */
export function isoDate(value: Instant, timeZone: string): string {
  const { year, month, day } = zonedParts(value, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** ISO 8601 with the company's offset (`2026-10-31T22:00:00-05:00`): the same instant, read locally. */
export function isoDateTime(value: Instant, timeZone: string): string {
  const p = zonedParts(value, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${p.hour}:${p.minute}:${p.second}${p.offset}`;
}

// ── bound to the settings ────────────────────────────────────────────────────────────────────

export interface Formatters {
  money: (value: Amount) => string;
  points: (value: Amount) => string;
  count: (value: Amount) => string;
  percent: (rate: Amount) => string;
  date: (value: Instant) => string;
  dateTime: (value: Instant) => string;
  month: (value: string) => string;
  monthShort: (value: string) => string;
  /** The business month of an instant (default: now), `YYYY-MM`. */
  businessMonth: (value?: Instant) => string;
  daysLeftInMonth: (now?: Instant) => number;
  isoDate: (value: Instant) => string;
  isoDateTime: (value: Instant) => string;
  csvDecimal: (value: Amount, fractionDigits?: number) => string;
  currency: string;
  timeZone: string;
  locale: SupportedLocale;
}

export function createFormatters({ currency, timezone: timeZone, locale: stored }: FormatSettings): Formatters {
  const locale = safeLocale(stored);
  return {
    money: (value) => formatMoney(value, currency, locale),
    points: (value) => formatPoints(value, locale),
    count: (value) => formatCount(value, locale),
    percent: (rate) => formatPercent(rate, locale),
    date: (value) => formatDate(value, timeZone, locale),
    dateTime: (value) => formatDateTime(value, timeZone, locale),
    month: formatMonth,
    monthShort: formatMonthShort,
    businessMonth: (value = new Date()) => businessMonthOf(value, timeZone),
    daysLeftInMonth: (now) => daysLeftInBusinessMonth(timeZone, now),
    isoDate: (value) => isoDate(value, timeZone),
    isoDateTime: (value) => isoDateTime(value, timeZone),
    csvDecimal,
    currency,
    timeZone,
    locale,
  };
}
