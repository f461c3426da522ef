import { describe, expect, it } from 'vitest';
import { buildCsv, csvField, csvLine } from './csv';

describe('csvField (RFC 4180)', () => {
  it('deja tal cual lo que no necesita comillas, y vacío lo que no hay', () => {
    expect(csvField('Té de moringa')).toBe('Té de moringa');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('entrecomilla comas, comillas, saltos de línea y espacios en los bordes, y dobla las comillas', () => {
    expect(csvField('Gómez, Laura')).toBe('"Gómez, Laura"');
    expect(csvField('dijo "sí"')).toBe('"dijo ""sí"""');
    expect(csvField('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvField(' espacio')).toBe('" espacio"');
  });

  it('cada línea termina en CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('buildCsv', () => {
  it('pide las páginas una tras otra y escribe UTF-8 con BOM', async () => {
    const pages: Record<string, { rows: number[]; next: string | null }> = {
      start: { rows: [1, 2], next: 'b' },
      b: { rows: [3], next: null },
    };
    const asked: (string | null)[] = [];
    const blob = await buildCsv(
      ['n', 'doble'],
      async (cursor: string | null) => {
        asked.push(cursor);
        return pages[cursor ?? 'start'] as { rows: number[]; next: string | null };
      },
      (n) => [n, n * 2],
    );
    expect(asked).toEqual([null, 'b']);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('n,doble\r\n1,2\r\n2,4\r\n3,6\r\n');
  });
});
