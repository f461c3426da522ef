// @ts-check
// Image transformation options as storage-api reads them when transformations are enabled (as on a
// project that has them): the `transform` body of POST /object/sign/{bucket}/{key} is checked against
// its schema (src/http/schemas/transformations.ts) and turned into the `transformations` claim of a
// /render/image/sign URL (ImageRenderer.applyTransformation with the original resize kept). The
// emulator signs that URL like storage-api; only fetching it is refused, since nothing here renders.
import { ERRORS } from './errors.mjs';

/** storage-api's default limits for a transformed image's side (IMAGE_TRANSFORMATION_LIMIT_MIN/MAX_SIZE). */
const SIZE = { min: 1, max: 2000 };

/**
 * @typedef {{ height?: number, width?: number, resize?: string, format?: string, quality?: number,
 *   gravity?: string, x_offset?: number, y_offset?: number }} TransformOptions
 * @typedef {{ type: 'integer' | 'number' | 'string', minimum?: number, maximum?: number, allowed?: string[] }} Rule
 */

/** The schema's properties, in its order (Ajv reports the first failure it meets). */
/** @type {[keyof TransformOptions, Rule][]} */
const PROPERTIES = [
  ['height', { type: 'integer', minimum: 0 }],
  ['width', { type: 'integer', minimum: 0 }],
  ['resize', { type: 'string', allowed: ['cover', 'contain', 'fill'] }],
  ['format', { type: 'string', allowed: ['origin', 'avif', 'webp'] }],
  ['quality', { type: 'integer', minimum: 20, maximum: 100 }],
  ['gravity', { type: 'string', allowed: ['no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe', 'ce', 'sm', 'fp'] }],
  ['x_offset', { type: 'number' }],
  ['y_offset', { type: 'number' }],
];

/** @param {string} message */
const invalid = (message) => ERRORS.invalidRequest(`body/transform${message}`);

/**
 * Fastify's Ajv coerces scalar types (`coerceTypes`): "100" is a number, 5 a string. Undefined when
 * the value cannot be coerced.
 * @param {unknown} value
 * @param {Rule['type']} type
 */
function coerce(value, type) {
  if (type === 'string') {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return value === null ? '' : undefined;
  }
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  if (value === null) return 0;
  return typeof value === 'string' && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : undefined;
}

/**
 * The `transform` field checked and coerced as storage-api's schema does it (the first failure, in Ajv's words).
 * @param {Record<string, unknown>} body
 * @returns {TransformOptions | undefined}
 */
export function readTransform(body) {
  const transform = body.transform;
  if (transform === undefined) return undefined;
  if (!transform || typeof transform !== 'object' || Array.isArray(transform)) throw invalid(' must be object');
  const given = /** @type {Record<string, unknown>} */ (transform);
  /** @type {Record<string, string | number>} */
  const options = {};
  for (const [name, rule] of PROPERTIES) {
    if (given[name] === undefined) continue;
    const value = coerce(given[name], rule.type);
    if (value === undefined || (rule.type === 'integer' && !Number.isInteger(value)) || (typeof value === 'number' && !Number.isFinite(value))) {
      throw invalid(`/${name} must be ${rule.type}`);
    }
    if (rule.allowed && !rule.allowed.includes(/** @type {string} */ (value))) throw invalid(`/${name} must be equal to one of the allowed values`);
    if (rule.minimum !== undefined && /** @type {number} */ (value) < rule.minimum) throw invalid(`/${name} must be >= ${rule.minimum}`);
    if (rule.maximum !== undefined && /** @type {number} */ (value) > rule.maximum) throw invalid(`/${name} must be <= ${rule.maximum}`);
    options[name] = value;
  }
  // The schema's if/then: focal-point gravity needs both offsets, each between 0 and 1.
  if (options.gravity === 'fp') {
    for (const name of ['x_offset', 'y_offset']) {
      if (options[name] === undefined) throw invalid(` must have required property '${name}'`);
      if (/** @type {number} */ (options[name]) < 0) throw invalid(`/${name} must be >= 0`);
      if (/** @type {number} */ (options[name]) > 1) throw invalid(`/${name} must be <= 1`);
    }
  }
  return options;
}

/** @param {number} value */
const clampSize = (value) => Math.min(Math.max(value, SIZE.min), SIZE.max);

/**
 * The claims a signed URL carries for these options: `transformations` ("height:100,width:100,resize:cover",
 * storage-api's segments and order, `resize:undefined` included when none was given) and `format`; an
 * empty claim is left out, and without `transformations` the URL stays an /object/sign one.
 * @param {TransformOptions | undefined} options
 * @returns {{ transformations?: string, format?: string }}
 */
export function transformationClaims(options = {}) {
  const segments = [];
  if (options.height) segments.push(`height:${clampSize(options.height)}`);
  if (options.width) segments.push(`width:${clampSize(options.width)}`);
  if (options.width || options.height) segments.push(`resize:${options.resize}`);
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`);
  if (options.gravity === 'sm') segments.push('gravity:sm');
  else if (options.gravity === 'fp') segments.push(`gravity:fp:${options.x_offset}:${options.y_offset}`);
  else if (options.gravity) {
    const { x_offset: x, y_offset: y } = options;
    segments.push(x === undefined && y === undefined ? `gravity:${options.gravity}` : `gravity:${options.gravity}:${x ?? 0}:${y ?? 0}`);
  }
  const claims = { transformations: segments.join(','), format: options.format ?? '' };
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value));
}
