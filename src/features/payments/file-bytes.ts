// The payment file's bytes and the bank's reply's text, without any dependency (the integration test
// compares these bytes with a file made by hand). The database writes the file's text from its rows
// and says its encoding; this only turns it into bytes: PAB is ISO-8859-1 (one byte per position, as
// the bank counts them), the plain CSV UTF-8 with a byte-order mark (so a spreadsheet shows the
// accents). A reply comes as the bank or a spreadsheet saved it: UTF-8 if it is valid UTF-8,
// otherwise Windows-1252 (Latin-1 with the bank's Ñ and tildes).
export type FileEncoding = 'ISO-8859-1' | 'UTF-8';

export function encodeBatchFile(content: string, encoding: FileEncoding): Uint8Array {
  if (encoding === 'UTF-8') return new TextEncoder().encode(`\uFEFF${content}`);
  const bytes = new Uint8Array(content.length);
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    // A character ISO-8859-1 cannot hold would shift every position after it: never write it.
    if (code > 0xff) throw new RangeError(`El carácter «${content[i]}» (posición ${i + 1}) no existe en ISO-8859-1.`);
    bytes[i] = code;
  }
  return bytes;
}

/** The largest reply the database reads (2 MB of text). */
export const REPLY_MAX_BYTES = 2_000_000;

export async function readReplyFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
