// Images are made small in the browser before they are uploaded: the longest side at most 1600 px,
// WebP (JPEG where the browser cannot write WebP), at most 400 KB, lowering the quality step by
// step and then the size until it fits. Re-encoding also drops the photo's metadata (EXIF, with its
// GPS position) and applies its orientation. The codec is injectable: jsdom has no canvas.

export const MAX_IMAGE_SIDE = 1600;
export const MAX_IMAGE_BYTES = 400 * 1024;
/** Qualities tried in order at each size. */
export const QUALITY_STEPS = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35] as const;
/** When no quality fits, the sides shrink by this factor, down to MIN_IMAGE_SIDE. */
export const SHRINK_FACTOR = 0.75;
export const MIN_IMAGE_SIDE = 480;

export interface DecodedImage {
  width: number;
  height: number;
  close?: () => void;
}

export interface ImageCodec<T extends DecodedImage = DecodedImage> {
  decode: (file: Blob) => Promise<T>;
  /** Draws the image at that size and encodes it; the Blob's type says what it really wrote. */
  encode: (image: T, size: { width: number; height: number }, type: string, quality: number) => Promise<Blob>;
}

/** A codec of any image representation (ImageBitmap in browsers, a fake in tests). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the representation is the codec's own business
export type AnyImageCodec = ImageCodec<any>;

/** The size that fits `max` on the longest side, never enlarging. */
export function fitWithin(width: number, height: number, max: number) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface ResizeResult {
  blob: Blob;
  width: number;
  height: number;
  quality: number;
}

/** The first encoding within the limits, or null when even the smallest size does not fit. */
export async function resizeImage<T extends DecodedImage>(
  file: Blob,
  codec: ImageCodec<T>,
  { maxSide = MAX_IMAGE_SIDE, maxBytes = MAX_IMAGE_BYTES }: { maxSide?: number; maxBytes?: number } = {},
): Promise<ResizeResult | null> {
  const image = await codec.decode(file);
  try {
    let type = 'image/webp';
    let side = Math.min(maxSide, Math.max(image.width, image.height));
    for (;;) {
      const size = fitWithin(image.width, image.height, side);
      for (const quality of QUALITY_STEPS) {
        let blob = await codec.encode(image, size, type, quality);
        if (blob.type !== type) {
          // Safari's canvas cannot write WebP and silently gives PNG: JPEG from here on.
          type = 'image/jpeg';
          blob = await codec.encode(image, size, type, quality);
        }
        if (blob.size <= maxBytes) return { blob, ...size, quality };
      }
      const next = Math.floor(side * SHRINK_FACTOR);
      if (next < MIN_IMAGE_SIDE) return null;
      side = next;
    }
  } finally {
    image.close?.();
  }
}
