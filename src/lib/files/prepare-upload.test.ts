import { describe, expect, it, vi } from 'vitest';
import { sniffFileType } from './file-type';
import { MAX_IMAGE_BYTES, QUALITY_STEPS, fitWithin, resizeImage, type DecodedImage, type ImageCodec } from './image-resize';
import { MAX_PDF_BYTES, formatFileSize, prepareUpload } from './prepare-upload';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], '\0\x10JFIF');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], '\0\0\0\rIHDR');
const WEBP = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ');
const PDF = bytes('%PDF-1.7\n%âãÏÓ');
const HEIC = bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]);
const EXE = bytes('MZ', [0x90, 0]);

/** A file of `size` bytes whose head is `head`. */
const fileOf = (head: Uint8Array, size: number, name: string, type = '') => {
  const body = new Uint8Array(size);
  body.set(head.subarray(0, size));
  return new File([body], name, { type });
};

/** Encodes to a size that falls with the quality and the area; says what type it wrote. */
function fakeCodec({
  width = 4000,
  height = 3000,
  bytesAt = (q: number, w: number, h: number) => Math.round(q * w * h * 0.2),
  writes = (t: string) => t,
} = {}) {
  const calls: { width: number; height: number; type: string; quality: number }[] = [];
  const close = vi.fn();
  const codec: ImageCodec<DecodedImage> = {
    decode: async () => ({ width, height, close }),
    encode: async (_img, size, type, quality) => {
      calls.push({ ...size, type, quality });
      return new Blob([new Uint8Array(bytesAt(quality, size.width, size.height))], { type: writes(type) });
    },
  };
  return { codec, calls, close };
}

describe('sniffFileType', () => {
  it('reconoce por los primeros bytes, no por el nombre', () => {
    expect(sniffFileType(JPEG)).toBe('jpeg');
    expect(sniffFileType(PNG)).toBe('png');
    expect(sniffFileType(WEBP)).toBe('webp');
    expect(sniffFileType(PDF)).toBe('pdf');
    expect(sniffFileType(HEIC)).toBe('heic');
    expect(sniffFileType(EXE)).toBeNull();
    expect(sniffFileType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });
});

describe('resizeImage', () => {
  it('lleva el lado mayor a 1600 px y baja la calidad paso a paso hasta caber en 400 KB', async () => {
    const { codec, calls, close } = fakeCodec({ bytesAt: (q, w, h) => Math.round(q * w * h * 0.3) });
    const result = await resizeImage(new Blob(), codec);
    expect(calls.every((c) => c.width === 1600 && c.height === 1200 && c.type === 'image/webp')).toBe(true);
    // At 1600×1200, 0.85 and 0.75 weigh more than 400 KB and 0.65 fits: the loop stops there.
    const fits = QUALITY_STEPS.find((q) => Math.round(q * 1600 * 1200 * 0.3) <= MAX_IMAGE_BYTES);
    expect(fits).toBe(0.65);
    expect(result).toMatchObject({ width: 1600, height: 1200, quality: fits });
    expect(calls.map((c) => c.quality)).toEqual(QUALITY_STEPS.slice(0, QUALITY_STEPS.indexOf(fits!) + 1));
    expect(result!.blob.size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    expect(close).toHaveBeenCalled();
  });

  it('si ninguna calidad cabe, reduce el tamaño y vuelve a empezar', async () => {
    const { codec, calls } = fakeCodec({ bytesAt: (q, w, h) => Math.round(q * w * h * 1.2) });
    const result = await resizeImage(new Blob(), codec);
    expect(calls.slice(0, QUALITY_STEPS.length).every((c) => c.width === 1600)).toBe(true);
    expect(calls[QUALITY_STEPS.length]).toMatchObject({ width: 1200, height: 900, quality: 0.85 });
    expect(result!.blob.size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    expect(Math.max(result!.width, result!.height)).toBeLessThan(1600);
  });

  it('sin WebP en el navegador (Safari da PNG) sigue en JPEG', async () => {
    const { codec, calls } = fakeCodec({ writes: (t) => (t === 'image/webp' ? 'image/png' : t) });
    const result = await resizeImage(new Blob(), codec);
    expect(result!.blob.type).toBe('image/jpeg');
    expect(calls.filter((c) => c.type === 'image/webp')).toHaveLength(1);
  });

  it('no agranda una imagen pequeña y se rinde si ni la más pequeña cabe', async () => {
    const small = fakeCodec({ width: 300, height: 200 });
    expect(await resizeImage(new Blob(), small.codec)).toMatchObject({ width: 300, height: 200, quality: 0.85 });
    const hopeless = fakeCodec({ bytesAt: () => MAX_IMAGE_BYTES + 1 });
    expect(await resizeImage(new Blob(), hopeless.codec)).toBeNull();
    expect(Math.min(...hopeless.calls.map((c) => Math.max(c.width, c.height)))).toBeGreaterThanOrEqual(480);
  });

  it('fitWithin conserva la proporción', () => {
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});

describe('prepareUpload', () => {
  it('rechaza lo que no es imagen ni PDF aunque se llame .jpg', async () => {
    const { codec } = fakeCodec();
    expect(await prepareUpload(fileOf(EXE, 100, 'foto.jpg', 'image/jpeg'), 'images+pdf', codec)).toEqual({
      ok: false,
      message: 'Ese archivo no es una imagen (JPG, PNG o WebP) ni un PDF.',
    });
    expect(await prepareUpload(fileOf(PDF, 100, 'recibo.pdf', 'application/pdf'), 'images', codec)).toEqual({
      ok: false,
      message: 'Ese archivo no es una imagen JPG, PNG o WebP.',
    });
    expect(await prepareUpload(fileOf(HEIC, 100, 'IMG_0001.HEIC'), 'images', codec)).toMatchObject({ ok: false, message: expect.stringContaining('HEIC') });
  });

  it('acepta un PDF hasta 5 MB tal cual, aunque su nombre o tipo digan otra cosa', async () => {
    const { codec, calls } = fakeCodec();
    const ok = await prepareUpload(fileOf(PDF, MAX_PDF_BYTES, 'comprobante', 'application/octet-stream'), 'images+pdf', codec);
    expect(ok).toMatchObject({ ok: true, kind: 'pdf' });
    if (ok.ok) expect([ok.file.name, ok.file.type, ok.file.size]).toEqual(['comprobante.pdf', 'application/pdf', MAX_PDF_BYTES]);
    expect(calls).toHaveLength(0);
    expect(await prepareUpload(fileOf(PDF, MAX_PDF_BYTES + 1, 'grande.pdf'), 'images+pdf', codec)).toEqual({
      ok: false,
      message: 'El PDF pesa 5 MB; el máximo es 5 MB.',
    });
    expect(await prepareUpload(fileOf(PDF, 6 * 1024 * 1024 + 300 * 1024, 'grande.pdf'), 'images+pdf', codec)).toEqual({
      ok: false,
      message: 'El PDF pesa 6,3 MB; el máximo es 5 MB.',
    });
  });

  it('reduce una foto y la nombra por lo que es', async () => {
    const { codec } = fakeCodec();
    for (const head of [JPEG, PNG, WEBP]) {
      const result = await prepareUpload(fileOf(head, 3 * 1024 * 1024, 'IMG 2041.jpeg'), 'images', codec);
      expect(result).toMatchObject({ ok: true, kind: 'image' });
      if (result.ok) expect([result.file.name, result.file.type]).toEqual(['IMG 2041.webp', 'image/webp']);
    }
  });

  it('rechaza una foto imposible de reducir o de leer, y una enorme sin leerla', async () => {
    const hopeless = fakeCodec({ bytesAt: () => MAX_IMAGE_BYTES + 1 });
    expect(await prepareUpload(fileOf(JPEG, 1000, 'a.jpg'), 'images', hopeless.codec)).toMatchObject({
      ok: false,
      message: expect.stringContaining('No pudimos reducir la imagen a 400 KB'),
    });
    const broken: ImageCodec = { decode: () => Promise.reject(new Error('bad')), encode: () => Promise.reject(new Error('never')) };
    expect(await prepareUpload(fileOf(JPEG, 1000, 'a.jpg'), 'images', broken)).toMatchObject({
      ok: false,
      message: expect.stringContaining('No pudimos leer la imagen'),
    });
    const huge = fakeCodec();
    expect(await prepareUpload(fileOf(JPEG, 26 * 1024 * 1024, 'a.jpg'), 'images', huge.codec)).toEqual({
      ok: false,
      message: 'La imagen pesa 26 MB; el máximo es 25 MB.',
    });
    expect(huge.calls).toHaveLength(0);
  });

  it('formatFileSize', () => {
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(400 * 1024)).toBe('400 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});
