// The Excel file of every «Exportar» (issue 25 §2): an XLSX workbook written in the browser, loaded
// only on the click that asks for it (a chunk of its own, with fflate). Why our own writer: XLSX is
// zipped XML, and the part an export needs (one sheet, typed cells, a few number formats, column
// widths, a frozen header) is about 150 lines on fflate (8 kB, zip only); the libraries that do more
// weigh 100–900 kB, and SheetJS's npm release is no longer maintained. Owning it also means this
// writer cannot emit a formula at all: it has no <f> element, and every text cell is an inline string.
//
// Each column is written by its declared kind (table.ts), never by looking at a value: money and
// other figures are real numbers with a format (the currency's symbol; thousands and decimal
// separators are the reader's, so a Colombian Excel shows 1.234,50), instants are real dates at the
// company's wall clock, months are dates shown as a month, and text is text.
import { strToU8, zipSync } from 'fflate';
import { isoDateTime } from '@/lib/format/format';
import { DEFAULT_LOCALE, safeLocale } from '@/lib/format/locales';
import { csvCell } from './csv';
import { eachRow, type CellValue, type ColumnKind, type ExportColumn, type ExportContext, type FetchPage } from './table';

// Style indexes of styles.xml's cellXfs, one per kind (0: text, the default).
const STYLE: Record<ColumnKind, number> = { text: 0, integer: 2, decimal: 3, money: 4, percent: 5, instant: 6, month: 7 };
const HEADER_STYLE = 1;

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry (a control character typed into a field would break the file).
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * «"US$"\ #,##0.00»: the currency's symbol as the company's locale writes it, on its side and with or
 * without a space (es-CO «US$ 18,00», es-MX «$18.00», es-ES «18,00 US$»). The separators stay Excel's
 * codes: the reader's Excel shows its own.
 */
export function currencyFormat(currency: string, locale: string = DEFAULT_LOCALE): string {
  try {
    const parts = new Intl.NumberFormat(safeLocale(locale), { style: 'currency', currency }).formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'currency');
    const integer = parts.findIndex((p) => p.type === 'integer');
    const quoted = `"${(parts[at]?.value ?? currency).replace(/"/g, '')}"`;
    const spaced = parts.slice(Math.min(at, integer) + 1, Math.max(at, integer)).some((p) => p.type === 'literal');
    const gap = spaced ? '\\ ' : '';
    return at < integer ? `${quoted}${gap}#,##0.00` : `#,##0.00${gap}${quoted}`;
  } catch {
    return `#,##0.00\\ "${currency.replace(/"/g, '')}"`;
  }
}

/**
 * Excel's serial date of an instant at the company's wall clock (days since 1899-12-30): the date and
 * time a person there read on the screen, with no time zone Excel could move.
 */
export function excelSerial(value: string | number | Date, timeZone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(isoDateTime(value, timeZone))!;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  return utc / 86_400_000 + 25_569;
}

function monthSerial(value: string): number {
  const [year, month] = value.split('-').map(Number);
  return Date.UTC(year!, month! - 1, 1) / 86_400_000 + 25_569;
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(ref: string, kind: ColumnKind, value: CellValue, ctx: ExportContext, style = STYLE[kind]): string {
  if (value === null || value === undefined || value === '') return '';
  let number: number;
  switch (kind) {
    case 'text':
      return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
    case 'instant':
      number = excelSerial(value, ctx.timeZone);
      break;
    case 'month':
      number = monthSerial(String(value));
      break;
    default:
      number = Number(value);
  }
  return Number.isFinite(number) ? `<c r="${ref}" s="${style}"><v>${number}</v></c>` : '';
}

/** The width a column needs, in characters: its longest header or value as a person reads it. */
function widthOf<Row>(column: ExportColumn<Row>, rows: readonly Row[], ctx: ExportContext): number {
  let longest = column.header.length + 2; // room for the filter's arrow
  for (const row of rows) {
    const value = column.value(row);
    const shown =
      column.kind === 'instant'
        ? 16
        : column.kind === 'month'
          ? 14
          : column.kind === 'text'
            ? String(value ?? '').length
            : csvCell(column.kind, value, ctx).length * 1.3 + 2;
    if (shown > longest) longest = shown;
  }
  return Math.min(Math.max(Math.ceil(longest) + 1, 8), 60);
}

function sheetXml<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[], ctx: ExportContext): string {
  const last = `${columnName(columns.length - 1)}${rows.length + 1}`;
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${widthOf(c, rows, ctx)}" customWidth="1"/>`).join('');
  const header = `<row r="1">${columns.map((c, i) => cellXml(`${columnName(i)}1`, 'text', c.header, ctx, HEADER_STYLE)).join('')}</row>`;
  const body = rows
    .map((row, r) => `<row r="${r + 2}">${columns.map((c, i) => cellXml(`${columnName(i)}${r + 2}`, c.kind, c.value(row), ctx)).join('')}</row>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<dimension ref="A1:${last}"/>` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>${header}${body}</sheetData>` +
    `<autoFilter ref="A1:${last}"/>` +
    '</worksheet>'
  );
}

function stylesXml(ctx: ExportContext): string {
  // numFmtId 3 = #,##0 and 22 = the reader's short date and time: built into Excel, shown in its own
  // locale (dd/mm/yyyy in a Colombian Excel). 164–167 are ours.
  const formats = [
    [164, '#,##0.00'],
    [165, currencyFormat(ctx.currency, ctx.locale)],
    [166, '0.00%'],
    [167, 'mmmm yyyy'],
  ] as const;
  const xf = (numFmtId: number, fontId = 0) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<numFmts count="${formats.length}">${formats.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`).join('')}</numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    // In STYLE's order: text, header, integer, decimal, money, percent, instant, month.
    `<cellXfs count="8">${[xf(0), xf(0, 1), xf(3), xf(164), xf(165), xf(166), xf(22), xf(167)].join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** A sheet's name as Excel accepts it: at most 31 characters, none of []:*?/\. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Hoja1';

/** The workbook of one sheet with these rows. */
export function workbook<Row>(name: string, columns: readonly ExportColumn<Row>[], rows: readonly Row[], ctx: ExportContext): Uint8Array {
  const xml = (text: string) => strToU8(text);
  return zipSync(
    {
      '[Content_Types].xml': xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
      ),
      '_rels/.rels': xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
          '</Relationships>',
      ),
      'xl/workbook.xml': xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          `<sheets><sheet name="${escapeXml(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets>` +
          `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${escapeXml(sheetName(name)).replace(/'/g, "''")}'!$A$1:$${columnName(columns.length - 1)}$${rows.length + 1}</definedName></definedNames>` +
          '</workbook>',
      ),
      'xl/_rels/workbook.xml.rels': xml(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
          '</Relationships>',
      ),
      'xl/styles.xml': xml(stylesXml(ctx)),
      'xl/worksheets/sheet1.xml': xml(sheetXml(columns, rows, ctx)),
    },
    { level: 6 },
  );
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The Excel file of a paged source (every page, one after another) and its row count. */
export async function buildXlsx<Row, C>(name: string, columns: readonly ExportColumn<Row>[], fetchPage: FetchPage<Row, C>, ctx: ExportContext) {
  const rows: Row[] = [];
  await eachRow(fetchPage, (row) => rows.push(row));
  const bytes = workbook(name, columns, rows, ctx);
  return { blob: new Blob([bytes as BlobPart], { type: XLSX_TYPE }), count: rows.length };
}
