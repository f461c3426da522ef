import { describe, expect, it } from 'vitest';
import { encodeBatchFile, readReplyFile } from './file-bytes';

describe('los bytes del archivo de pago', () => {
  it('PAB: un byte por carácter en ISO-8859-1, con CR LF', () => {
    expect([...encodeBatchFile('6A Ñ\r\n', 'ISO-8859-1')]).toEqual([0x36, 0x41, 0x20, 0xd1, 0x0d, 0x0a]);
  });
  it('un carácter que ISO-8859-1 no tiene no se escribe', () => {
    expect(() => encodeBatchFile('€', 'ISO-8859-1')).toThrow('El carácter «€» (posición 1) no existe en ISO-8859-1.');
  });
  it('el CSV simple en UTF-8 con marca de orden de bytes', () => {
    expect([...encodeBatchFile('ñ', 'UTF-8')]).toEqual([0xef, 0xbb, 0xbf, 0xc3, 0xb1]);
  });
});

describe('la respuesta del banco', () => {
  it('se lee en UTF-8 si lo es', async () => {
    expect(await readReplyFile(new Blob([new TextEncoder().encode('RET-000001;Pagado;Peña')]))).toBe('RET-000001;Pagado;Peña');
  });
  it('si no, en Windows-1252 (las eñes y tildes de un banco)', async () => {
    expect(await readReplyFile(new Blob([new Uint8Array([0x50, 0x65, 0xf1, 0x61, 0x20, 0xe9])]))).toBe('Peña é');
  });
});
