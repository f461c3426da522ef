// CSV exports for machines: UTF-8 with a byte-order mark (so Excel shows the accents), RFC 4180
// quoting, CRLF line ends, ISO dates with the company's offset and plain decimals. Each column is
// written by its declared kind (table.ts): numbers as numbers, and every text cell neutralised so
// that no spreadsheet runs it as a formula (issue 23 §1, OWASP «CSV Injection»): a text that starts
// with =, +, -, @, a tab or a carriage return gets a leading apostrophe. The database refuses such
// names and details at the door too (private.refuse_formula); this holds for whatever is already
// there and for text the database writes itself. People get the Excel file (xlsx.ts) beside it.
import { csvDecimal, isoDateTime } from '@/lib/format/format';
import { eachRow, type CellValue, type ExportColumn, type ExportContext, type FetchPage } from './table';

const BOM = '\uFEFF';

// Full-width forms too: Excel in East Asian locales reads ＝ as =.
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

/** A text cell as a spreadsheet must read it: never the start of a formula. */
export function neutraliseText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field: quoted when it holds a comma, a quote, a line break or edge spaces; quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A value as its column's kind writes it in a CSV. */
export function csvCell(kind: ExportColumn<unknown>['kind'], value: CellValue, ctx: ExportContext): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'text':
      return csvField(neutraliseText(String(value)));
    case 'integer':
      return String(Math.round(Number(value)));
    case 'money':
    case 'decimal':
      return csvDecimal(value);
    case 'percent':
      return csvDecimal(value, 4);
    case 'instant':
      return isoDateTime(value, ctx.timeZone);
    case 'month':
      return String(value).slice(0, 7);
  }
}

export function csvLine<Row>(columns: readonly ExportColumn<Row>[], row: Row, ctx: ExportContext): string {
  return `${columns.map((c) => csvCell(c.kind, c.value(row), ctx)).join(',')}\r\n`;
}

/**
 * The whole file from a paged source, the header first. Pages are fetched one after another, so the
 * database never serves the whole list in one request. Resolves to the file and its row count.
 */
export async function buildCsv<Row, C>(columns: readonly ExportColumn<Row>[], fetchPage: FetchPage<Row, C>, ctx: ExportContext) {
  const parts: string[] = [BOM, `${columns.map((c) => csvField(neutraliseText(c.header))).join(',')}\r\n`];
  let count = 0;
  await eachRow(fetchPage, (row) => {
    parts.push(csvLine(columns, row, ctx));
    count += 1;
  });
  return { blob: new Blob(parts, { type: 'text/csv;charset=utf-8' }), count };
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
