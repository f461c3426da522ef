// The decision about a file a person picked: refuse it (in Spanish, saying why), pass a PDF
// through, or resize an image. The type is sniffed from the bytes, not taken from the name.
import { MIME_BY_TYPE, readFileHead, sniffFileType } from '@/lib/files/file-type';
import { MAX_IMAGE_BYTES, resizeImage, type DecodedImage, type ImageCodec } from '@/lib/files/image-resize';

export type UploadAccept = 'images' | 'images+pdf';

export const MAX_PDF_BYTES = 5 * 1024 * 1024;
/** A photo larger than this is not worth decoding in a phone's memory. */
export const MAX_IMAGE_INPUT_BYTES = 25 * 1024 * 1024;

export const ACCEPT_ATTRIBUTE: Record<UploadAccept, string> = {
  images: 'image/jpeg,image/png,image/webp',
  'images+pdf': 'image/jpeg,image/png,image/webp,application/pdf',
};

export type PreparedUpload = { ok: true; file: File; kind: 'image' | 'pdf' } | { ok: false; message: string };

/** `1,5 MB`, `820 KB`. */
export function formatFileSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.max(1, Math.round(kb))} KB`;
  return `${(kb / 1024).toLocaleString('es', { maximumFractionDigits: 1 })} MB`;
}

const uploadMessages = {
  wrongType: { images: 'Ese archivo no es una imagen JPG, PNG o WebP.', 'images+pdf': 'Ese archivo no es una imagen (JPG, PNG o WebP) ni un PDF.' },
  heic: 'Las fotos HEIC no se pueden subir: elige una JPG o PNG (en el iPhone, Ajustes › Cámara › Formatos › Más compatible).',
  pdfTooBig: (size: number) => `El PDF pesa ${formatFileSize(size)}; el máximo es ${formatFileSize(MAX_PDF_BYTES)}.`,
  imageTooBig: (size: number) => `La imagen pesa ${formatFileSize(size)}; el máximo es ${formatFileSize(MAX_IMAGE_INPUT_BYTES)}.`,
  cannotShrink: `No pudimos reducir la imagen a ${formatFileSize(MAX_IMAGE_BYTES)}; prueba con otra foto o recórtala.`,
  unreadable: 'No pudimos leer la imagen; puede estar dañada. Prueba con otra.',
} as const;

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'archivo';

export async function prepareUpload<T extends DecodedImage>(file: File, accept: UploadAccept, codec: ImageCodec<T>): Promise<PreparedUpload> {
  const type = sniffFileType(await readFileHead(file));
  if (type === 'heic') return { ok: false, message: uploadMessages.heic };
  if (type === null || (type === 'pdf' && accept === 'images')) return { ok: false, message: uploadMessages.wrongType[accept] };

  if (type === 'pdf') {
    if (file.size > MAX_PDF_BYTES) return { ok: false, message: uploadMessages.pdfTooBig(file.size) };
    return { ok: true, kind: 'pdf', file: new File([file], `${baseName(file.name)}.pdf`, { type: MIME_BY_TYPE.pdf }) };
  }

  if (file.size > MAX_IMAGE_INPUT_BYTES) return { ok: false, message: uploadMessages.imageTooBig(file.size) };
  let resized;
  try {
    resized = await resizeImage(file, codec);
  } catch {
    return { ok: false, message: uploadMessages.unreadable };
  }
  if (!resized) return { ok: false, message: uploadMessages.cannotShrink };
  const extension = resized.blob.type === 'image/webp' ? 'webp' : 'jpg';
  return { ok: true, kind: 'image', file: new File([resized.blob], `${baseName(file.name)}.${extension}`, { type: resized.blob.type }) };
}
