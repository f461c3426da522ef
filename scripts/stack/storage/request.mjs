// @ts-check
// Request helpers shared by the storage routes: JSON bodies validated the way storage-api's
// schemas refuse them, and the project's upload size limit from supabase/config.toml.
import { join } from 'node:path';
import { MAX_JSON_BODY, readBody } from '../http.mjs';
import { ERRORS } from './errors.mjs';
import { readTomlFile } from '../../lib/toml.mjs';

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Record<string, unknown>>} the JSON object body
 */
export async function readJson(req) {
  const raw = await readBody(req, MAX_JSON_BODY, ERRORS.entityTooLarge());
  if (raw.length === 0) throw ERRORS.invalidRequest("Body cannot be empty when content-type is set to 'application/json'");
  let body;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw ERRORS.invalidRequest("Body is not valid JSON but content-type is set to 'application/json'");
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw ERRORS.invalidRequest('body must be object');
  return body;
}

/** @param {Record<string, unknown>} body @param {string} name */
export function requireString(body, name) {
  const value = body[name];
  if (typeof value !== 'string') throw ERRORS.invalidRequest(`body must have required property '${name}'`);
  return value;
}

/** @param {Record<string, unknown>} body */
export function requireExpiresIn(body) {
  const value = body.expiresIn;
  if (value === undefined) throw ERRORS.invalidRequest("body must have required property 'expiresIn'");
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw ERRORS.invalidRequest('body/expiresIn must be >= 1');
  return value;
}

/**
 * @param {Record<string, unknown>} body
 * @param {string} name
 * @returns {string[]}
 */
export function requireStringArray(body, name) {
  const value = body[name];
  if (!Array.isArray(value)) throw ERRORS.invalidRequest(`body must have required property '${name}'`);
  if (value.length === 0) throw ERRORS.invalidRequest(`body/${name} must NOT have fewer than 1 items`);
  if (value.length > 1000) throw ERRORS.invalidRequest(`body/${name} must NOT have more than 1000 items`);
  if (!value.every((item) => typeof item === 'string')) throw ERRORS.invalidRequest(`body/${name} must be array of strings`);
  return value;
}

/** @type {Record<string, number>} */
const UNITS = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** `10MiB`, `5MB`, `1024` → bytes; null when unreadable. */
/** @param {unknown} value */
export function parseSize(value) {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(String(value ?? ''));
  const unit = UNITS[(match?.[2] || 'b').toLowerCase()];
  return match && unit ? Math.floor(Number(match[1]) * unit) : null;
}

/** `[storage] file_size_limit` of supabase/config.toml, 50 MiB (Supabase's default) when absent. */
/** @param {string} root */
export function projectFileSizeLimit(root) {
  return parseSize(readTomlFile(join(root, 'supabase/config.toml')).storage?.file_size_limit) ?? 50 * 1024 ** 2;
}
