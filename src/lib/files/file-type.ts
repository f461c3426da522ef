// What a file really is, from its first bytes: a name or a MIME type is whatever the sender says.

export type SniffedType = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf';

export const SNIFF_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type of a file's head, or null when it is none Savia takes. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  // ISO-BMFF «ftyp» with an HEIF brand: iPhone photos, which browsers other than Safari cannot decode.
  if (startsWith(bytes, ascii('ftyp'), 4) && ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].some((brand) => startsWith(bytes, ascii(brand), 8)))
    return 'heic';
  return null;
}

export async function readFileHead(file: Blob, length = SNIFF_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer());
}

export const MIME_BY_TYPE: Record<SniffedType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};
