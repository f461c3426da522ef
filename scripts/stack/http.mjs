// @ts-check
// Small HTTP helpers shared by the gateway and the emulators.

/**
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 */

export class HttpError extends Error {
  /** @param {number} status @param {{ msg?: string, message?: string, error?: string }} body the JSON body, already in the service's own error shape */
  constructor(status, body) {
    super(body?.msg ?? body?.message ?? body?.error ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export const MAX_JSON_BODY = 1024 * 1024;

/**
 * Reads the whole body, refusing more than `limit` bytes with a 413 in the caller's shape.
 * @param {Request} req
 * @param {number} limit
 * @param {Error} [tooLarge]
 * @returns {Promise<Buffer>}
 */
export function readBody(req, limit, tooLarge) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge ?? new HttpError(413, { message: 'Payload too large' }));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * @param {Response} res
 * @param {number} status
 * @param {unknown} body
 * @param {import('node:http').OutgoingHttpHeaders} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** @param {Response} res @param {string} location */
export function redirect(res, location) {
  res.writeHead(302, { location, 'content-length': 0 });
  res.end();
}

/** @param {Response} res @param {number} status @param {string} html */
export function sendHtml(res, status, html) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

/** @param {Request} req */
export function bearerToken(req) {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : null;
}
