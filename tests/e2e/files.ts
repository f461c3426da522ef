// Files the end-to-end tests upload as a person would pick them.
import { crc32, deflateSync } from 'node:zlib';

let made = 0;

/**
 * A real 96×64 PNG (a green box), small enough to send and real enough for the browser to resize.
 * Each call's first row differs (this process's id and a counter): two specs' vouchers are never the
 * same file, which the approval would rightly flag as a fraud sign.
 */
export function pngImage(): Buffer {
  const width = 96;
  const height = 64;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([16, 122, 61]))]);
  made += 1;
  const first = Buffer.from(row);
  first.writeUInt32BE((process.pid * 1000 + made) >>> 0, 1);
  first.writeUInt32BE(Math.floor(Math.random() * 0xffffffff), 5);
  const pixels = Buffer.concat([first, ...Array.from({ length: height - 1 }, () => row)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
