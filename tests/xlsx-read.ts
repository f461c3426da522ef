// Reads back the workbooks Savia writes (src/lib/files/xlsx.ts), for the unit and end-to-end tests:
// every cell of the first sheet with its type, its number format and its value, the column widths and
// the sheet's name. A reader of its own, as small as the writer, so a test sees exactly what Excel
// would be handed (no library that forgives or reinterprets).
import { strFromU8, unzipSync } from 'fflate';

export interface ReadCell {
  /** `s` (a number), `inlineStr` (text) or whatever else a writer used (a formula would show as `f`). */
  type: string;
  /** The number format's code, or '' for General. Built-in 3 = #,##0, 22 = the reader's date and time. */
  format: string;
  value: string;
  bold: boolean;
  formula: boolean;
}

const attrs = (text: string) => Object.fromEntries([...text.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const BUILT_IN: Record<string, string> = { '0': '', '3': '#,##0', '14': 'builtin:date', '22': 'builtin:datetime' };

export function readXlsx(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const text = (name: string) => {
    const file = files[name];
    if (!file) throw new Error(`falta ${name} en el libro`);
    return strFromU8(file);
  };
  const styles = text('xl/styles.xml');
  const numFmts = Object.fromEntries([...styles.matchAll(/<numFmt ([^>]*)\/>/g)].map((m) => [attrs(m[1]!).numFmtId, unescape(attrs(m[1]!).formatCode!)]));
  const fonts = [...styles.matchAll(/<font>(.*?)<\/font>/g)].map((m) => m[1]!.includes('<b/>'));
  const xfs = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf ([^>]*)\/>/g)].map((m) => attrs(m[1]!));
  const sheet = text('xl/worksheets/sheet1.xml');
  const cells: Record<string, ReadCell> = {};
  for (const m of sheet.matchAll(/<c ([^>]*?)(?:\/>|>(.*?)<\/c>)/g)) {
    const a = attrs(m[1]!);
    const body = m[2] ?? '';
    const xf = xfs[Number(a.s ?? 0)] ?? {};
    const fmtId = xf.numFmtId ?? '0';
    cells[a.r!] = {
      type: a.t ?? 'n',
      format: numFmts[fmtId] ?? BUILT_IN[fmtId] ?? `builtin:${fmtId}`,
      value: unescape(/<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? /<v>(.*?)<\/v>/.exec(body)?.[1] ?? ''),
      bold: fonts[Number(xf.fontId ?? 0)] ?? false,
      formula: body.includes('<f'),
    };
  }
  const widths = [...sheet.matchAll(/<col ([^>]*)\/>/g)].map((m) => Number(attrs(m[1]!).width));
  const sheetName = attrs(/<sheet ([^>]*)\/>/.exec(text('xl/workbook.xml'))?.[1] ?? '').name;
  return { cells, widths, sheetName, frozen: /state="frozen"/.test(sheet), files: Object.keys(files).sort() };
}

/** Excel's serial date as the wall-clock time it stands for, `2026-10-31T22:30:00`. */
export function serialToWallClock(serial: number): string {
  return new Date(Math.round((serial - 25_569) * 86_400_000)).toISOString().slice(0, 19);
}
