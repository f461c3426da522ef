// @ts-check
// Reading request bodies the way GoTrue does: at most 1 MB, JSON objects only, and a
// `bad_json` 400 for anything that does not decode into the handler's parameters.
import { readBody } from '../http.mjs';
import { AuthError, badRequest } from './errors.mjs';

const MAX_BODY = 1 << 20;

function bodyTooLarge() {
  return new AuthError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY} bytes)`);
}

/**
 * @param {import('../http.mjs').Request} req
 * @returns {Promise<Record<string, unknown>>}
 */
export async function readJsonParams(req) {
  const text = (await readBody(req, MAX_BODY, bodyTooLarge())).toString('utf8');
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${text.trim() ? /** @type {Error} */ (error).message : 'unexpected end of JSON input'}`,
    );
  }
  // Go decodes `null` into an empty struct; arrays and scalars are type errors.
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', `Could not parse request body as JSON: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into an object`);
  }
  return value;
}

/**
 * Who is asking, as GoTrue records it on a session (user agent and address).
 * @param {import('../http.mjs').Request} req
 * @returns {import('./tokens.mjs').ClientInfo}
 */
export function clientInfo(req) {
  return { userAgent: req.headers['user-agent'], ip: req.socket.remoteAddress?.replace(/^::ffff:/, '') };
}

/**
 * An HTML form post (the account chooser), same size limit.
 * @param {import('../http.mjs').Request} req
 */
export async function readFormParams(req) {
  const text = (await readBody(req, MAX_BODY, bodyTooLarge())).toString('utf8');
  return new URLSearchParams(text);
}

/**
 * The named field as GoTrue would decode it into a Go type; a wrong JSON type is `bad_json`.
 * @template {'string' | 'number' | 'boolean' | 'object'} T
 * @param {Record<string, unknown>} params
 * @param {string} name
 * @param {T} type
 * @returns {(T extends 'string' ? string : T extends 'number' ? number : T extends 'boolean' ? boolean : Record<string, unknown>) | undefined}
 */
export function field(params, name, type) {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  const ok = type === 'object' ? typeof value === 'object' && !Array.isArray(value) : typeof value === type;
  if (!ok) throw badRequest('bad_json', `Could not parse request body as JSON: field ${name} must be a ${type}`);
  return /** @type {any} */ (value);
}
