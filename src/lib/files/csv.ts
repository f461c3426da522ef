// CSV exports as spreadsheets read them: UTF-8 with a byte-order mark (so Excel shows the accents),
// RFC 4180 quoting, CRLF line ends, ISO dates and plain decimals (format.ts: isoDate, csvDecimal).
// A list is exported exactly as filtered, fetched page by page, never all at once.

export type CsvValue = string | number | boolean | null | undefined;

const BOM = '\uFEFF';

/** One field: quoted when it holds a comma, a quote, a line break or edge spaces; quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Where the next page starts, or null when there is no more. */
export type NextPage<C> = C | null;

/**
 * Builds the whole file from a paged source: `fetchPage(cursor)` answers rows and where the next
 * page starts. Pages are fetched one after another, so the database never serves the whole list
 * in one request.
 */
export async function buildCsv<Row, C>(
  header: readonly string[],
  fetchPage: (cursor: C | null) => Promise<{ rows: Row[]; next: NextPage<C> }>,
  toValues: (row: Row) => readonly CsvValue[],
): Promise<Blob> {
  const parts: string[] = [BOM, csvLine(header)];
  let cursor: C | null = null;
  do {
    const page = await fetchPage(cursor);
    for (const row of page.rows) parts.push(csvLine(toValues(row)));
    cursor = page.next;
  } while (cursor !== null);
  return new Blob(parts, { type: 'text/csv;charset=utf-8' });
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
