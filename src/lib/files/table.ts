// What an export is, independent of its file: columns with a declared kind, and rows fetched page by
// page. The CSV (csv.ts, for machines) and the Excel workbook (xlsx.ts, for people) are written from
// the same declaration, so a column is a number, a date or text in both, decided by its kind and never
// by looking at a value: a negative amount stays a number, «-10 % de descuento» stays text.

/**
 * text: anything people or the database wrote, always written as text (neutralised in a CSV, an
 *   inline string in Excel): a spreadsheet never runs it as a formula.
 * integer: counts, points, numbers of sales. money: amounts in the settings' currency. decimal: other
 *   amounts with two decimals. percent: a fraction (0.1 = 10 %).
 * instant: a timestamp, shown in the company's time zone. month: a business month, `YYYY-MM-01`.
 */
export type ColumnKind = 'text' | 'integer' | 'money' | 'decimal' | 'percent' | 'instant' | 'month';

export type CellValue = string | number | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  kind: ColumnKind;
  value: (row: Row) => CellValue;
}

/** How the values of a column kind become text or cells: the company's time zone and currency. */
export interface ExportContext {
  timeZone: string;
  currency: string;
  /** The settings' locale: where the XLSX's currency format puts the symbol. */
  locale?: string;
}

/** Where the next page starts, or null when there is no more. */
export type NextPage<C> = C | null;

/** A list as it is exported: exactly as filtered, fetched a page at a time, never all at once. */
export type FetchPage<Row, C> = (cursor: C | null) => Promise<{ rows: Row[]; next: NextPage<C> }>;

/** Every page, one after another; `onRow` sees each row as it arrives (a count, a stream). */
export async function eachRow<Row, C>(fetchPage: FetchPage<Row, C>, onRow: (row: Row) => void): Promise<void> {
  let cursor: C | null = null;
  do {
    const page = await fetchPage(cursor);
    for (const row of page.rows) onRow(row);
    cursor = page.next;
  } while (cursor !== null);
}

/** One page that is all there is (a month's report, twelve months): small by nature. */
export const onePage =
  <Row>(rows: Row[]): FetchPage<Row, never> =>
  async () => ({ rows, next: null });

/** The two files an «Exportar» offers. */
export type ExportFormat = 'csv' | 'xlsx';
