// @ts-check
// Reads an upload as storage-js sends it: a multipart form (Blob/File/FormData bodies, with
// `cacheControl` and `metadata` fields) or a raw body (content-type, cache-control and
// base64 `x-metadata` headers). Bodies over the limit are cut off and refused.
import { readBody } from '../http.mjs';
import { ERRORS } from './errors.mjs';

// Room for multipart boundaries and the small text fields next to the file.
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {number} maxBytes the largest file accepted
 * @returns {Promise<{ bytes: Buffer, mimeType: string, cacheControl: string, userMetadata: object | null }>}
 */
export async function readUpload(req, maxBytes) {
  const contentType = String(req.headers['content-type'] ?? '');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw ERRORS.entityTooLarge();
  const raw = await readBody(req, maxBytes + MULTIPART_OVERHEAD, ERRORS.entityTooLarge());

  const upload = /^multipart\/form-data/i.test(contentType) ? await fromMultipart(raw, contentType) : fromRaw(req, raw, contentType);
  if (upload.bytes.length > maxBytes) throw ERRORS.entityTooLarge();
  return upload;
}

/** @param {Buffer} raw @param {string} contentType */
async function fromMultipart(raw, contentType) {
  let form;
  try {
    form = await new Request('http://storage.local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(raw) }).formData();
  } catch {
    throw ERRORS.invalidRequest('Malformed multipart body');
  }
  const file = /** @type {File | undefined} */ ([...form.values()].find((value) => typeof value === 'object'));
  if (!file) throw ERRORS.noContent();
  const cacheTime = form.get('cacheControl');
  const contentTypeField = form.get('contentType');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimeType: (typeof contentTypeField === 'string' && contentTypeField) || file.type || 'application/octet-stream',
    cacheControl: typeof cacheTime === 'string' && cacheTime ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata: parseMetadata(form.get('metadata') ?? form.get('userMetadata')),
  };
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {Buffer} raw
 * @param {string} contentType
 */
function fromRaw(req, raw, contentType) {
  const header = req.headers['x-metadata'];
  return {
    bytes: raw,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: String(req.headers['cache-control'] ?? 'no-cache'),
    userMetadata: header ? parseMetadata(Buffer.from(String(header), 'base64').toString('utf8')) : null,
  };
}

/** @param {unknown} text @returns {object | null} */
function parseMetadata(text) {
  if (typeof text !== 'string' || !text) return null;
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  } catch {
    /* refused below */
  }
  throw ERRORS.invalidRequest('Invalid metadata');
}

/**
 * storage-api's rule: `type/subtype` must match an allowed entry exactly or `type/*`.
 * @param {string} mimeType
 * @param {string[] | null | undefined} allowed
 */
export function assertAllowedMimeType(mimeType, allowed) {
  if (!allowed?.length) return;
  const [type, subtype] = mimeType.split('/');
  const ok =
    subtype !== undefined &&
    allowed.some((entry) => {
      const [allowedType, allowedSubtype] = entry.split('/');
      return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype);
    });
  if (!ok) throw ERRORS.invalidMimeType(mimeType);
}
