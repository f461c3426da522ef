// The real codec of image-resize.ts: createImageBitmap to decode (applying the EXIF orientation),
// a canvas to draw and encode. Transparent pixels become white, since JPEG has no alpha.
import type { ImageCodec } from '@/lib/files/image-resize';

type Bitmap = ImageBitmap;

function draw(canvas: OffscreenCanvas | HTMLCanvasElement, image: Bitmap, width: number, height: number) {
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error('canvas 2d no disponible');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
}

export const browserImageCodec: ImageCodec<Bitmap> = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  encode: async (image, { width, height }, type, quality) => {
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      draw(canvas, image, width, height);
      return canvas.convertToBlob({ type, quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    draw(canvas, image, width, height);
    return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob falló'))), type, quality));
  },
};
