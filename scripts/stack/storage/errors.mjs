// @ts-check
// Errors in storage-api's shape. Like the real service, every 4xx is sent with HTTP 400 and the
// meaningful status travels in the body's `statusCode` string (storage-js reads both); only
// 5xx keep their status. The not-found route handler is the exception, a real 404.

export class StorageError extends Error {
  /**
   * @param {number} status the status reported in the body
   * @param {string} code storage-api's ErrorCode
   * @param {string} message
   * @param {string} [error] the legacy `error` field; defaults to the code
   */
  constructor(status, code, message, error = code) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error;
  }

  get httpStatus() {
    return this.status >= 500 ? this.status : 400;
  }

  toJSON() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (/** @type {string} */ key) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (/** @type {string} */ message) => new StorageError(400, 'InvalidRequest', message),
  invalidJwt: (/** @type {string} */ message) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
  /** @param {string} [message] */
  invalidSignature: (message) => new StorageError(400, 'InvalidSignature', message || 'Invalid signature'),
  /** @param {string} [message] */
  accessDenied: (message) => new StorageError(403, 'AccessDenied', message || 'Access denied', 'Unauthorized'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidMimeType: (/** @type {string} */ mime) => new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  internal: () => new StorageError(500, 'InternalError', 'Internal server error', 'Internal'),
  // storage-api's code for a feature that is off; 501 because the emulator has no image renderer.
  transformationsNotAvailable: () =>
    new StorageError(
      501,
      'FeatureNotEnabled',
      'Image transformations are not available locally: the storage emulator cannot resize or convert images. Ask for the object without transform options.',
    ),
};

/** A unique index refused the row (Postgres 23505). @param {unknown} error */
export const isUniqueViolation = (error) => /** @type {{ code?: string } | null} */ (error)?.code === '23505';

/**
 * Maps a Postgres error raised while acting as the caller, as storage-api's DBError does.
 * @param {any} error
 * @returns {StorageError | null}
 */
export function fromPgError(error) {
  switch (error?.code) {
    case '42501':
      return ERRORS.accessDenied(error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message);
    case '23505':
      return new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate');
    case '23503':
      return error.detail?.includes('is still referenced from table')
        ? new StorageError(409, 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint')
        : new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '57014':
      return new StorageError(544, 'DatabaseTimeout', 'The connection to the database timed out');
    default:
      return null;
  }
}

/**
 * Sends any thrown value: storage errors as they are, everything else as a logged 500.
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} error
 */
export function sendError(res, error) {
  const storageError = error instanceof StorageError ? error : (fromPgError(error) ?? ERRORS.internal());
  // Refusals the emulator means (a StorageError) are not failures worth a log line.
  if (!(error instanceof StorageError) && storageError.status >= 500) console.error('[storage]', error);
  if (res.headersSent) return res.destroy();
  const text = JSON.stringify(storageError);
  res.writeHead(storageError.httpStatus, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
