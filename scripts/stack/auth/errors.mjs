// @ts-check
// GoTrue's two error shapes and how it renders them.
// - HTTP errors: `{code, error_code, msg}` for clients that send no API version, and
//   `{code: <error_code>, message}` for supabase-js, which sends `X-Supabase-Api-Version: 2024-01-01`.
// - OAuth errors: `{error, error_description}`, always 400.
import { sendJson } from '../http.mjs';

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  /** @param {number} status @param {string} errorCode GoTrue's error code ('' when it sets none) @param {string} message */
  constructor(status, errorCode, message) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
  }
}

export class OAuthError extends Error {
  /** @param {string} error @param {string} description */
  constructor(error, description) {
    super(description);
    this.error = error;
    this.description = description;
  }
}

/** @typedef {(code: string, message: string) => AuthError} Refusal */

/** @type {Refusal} */
export const badRequest = (code, message) => new AuthError(400, code, message);
/** @type {Refusal} */
export const forbidden = (code, message) => new AuthError(403, code, message);
/** @type {Refusal} */
export const notFound = (code, message) => new AuthError(404, code, message);
/** @type {Refusal} */
export const unprocessable = (code, message) => new AuthError(422, code, message);
export const internalError = (/** @type {string} */ message) => new AuthError(500, 'unexpected_failure', message);

/**
 * The request asks for the 2024-01-01 error shape (any date from then on counts).
 * @param {import('../http.mjs').Request} req
 */
function usesApiVersion2024(req) {
  const value = String(req.headers[API_VERSION_HEADER] ?? '');
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION_2024;
}

/**
 * Writes `error` the way GoTrue's HandleResponseError does; anything unknown becomes a 500.
 * @param {import('../http.mjs').Request} req
 * @param {import('../http.mjs').Response} res
 * @param {unknown} error
 */
export function sendAuthError(req, res, error) {
  if (error instanceof OAuthError) {
    return sendJson(res, 400, { error: error.error, ...(error.description ? { error_description: error.description } : {}) });
  }
  if (!(error instanceof AuthError)) console.error('[auth]', error);
  const known = error instanceof AuthError ? error : internalError('Unexpected failure, please check server logs for more information');
  const code = known.errorCode || (known.status === 500 ? 'unexpected_failure' : 'unknown');
  const headers = known.errorCode ? { 'x-sb-error-code': known.errorCode } : {};
  if (usesApiVersion2024(req)) {
    return sendJson(res, known.status, { code, message: known.message }, { ...headers, [API_VERSION_HEADER]: API_VERSION_2024 });
  }
  return sendJson(res, known.status, { code: known.status, error_code: code, msg: known.message }, headers);
}
