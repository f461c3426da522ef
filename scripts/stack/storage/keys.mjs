// @ts-check
// Object keys and where their bytes live. Keys follow storage-api's rules (S3-safe characters);
// because our backend is the file system, `.`/`..` segments, absolute paths and NUL are refused
// too, and every resolved path is checked to stay inside the bucket's folder.
import { isAbsolute, join, resolve, sep } from 'node:path';
import { ERRORS } from './errors.mjs';

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

/** storage-api records an owner uuid only when the caller's `sub` is one (owner_id keeps it either way). */
export const isUuid = (/** @type {unknown} */ value) =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * @param {unknown} key
 * @returns {string} the key, or throws InvalidKey
 */
export function mustBeValidKey(key) {
  const bad =
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > 1024 ||
    key.includes('\0') ||
    isAbsolute(key) ||
    !VALID_OBJECT_KEY.test(key) ||
    key.split('/').some((segment) => segment === '.' || segment === '..');
  if (bad) throw ERRORS.invalidKey(String(key ?? ''));
  return key;
}

/**
 * @param {unknown} name
 * @returns {string}
 */
export function mustBeValidBucketName(name) {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100 || !VALID_BUCKET_NAME.test(name) || name === '.' || name === '..') {
    throw ERRORS.invalidBucketName();
  }
  return name;
}

/**
 * The folder of an object's versions: `<storageDir>/<bucket>/<key>/`, each version a file named
 * by its uuid (storage-api's file backend lays objects out the same way).
 * @param {string} storageDir
 * @param {string} bucket
 * @param {string} key
 */
export function objectDir(storageDir, bucket, key) {
  const bucketRoot = resolve(storageDir, mustBeValidBucketName(bucket));
  const dir = resolve(join(bucketRoot, mustBeValidKey(key)));
  if (!dir.startsWith(bucketRoot + sep)) throw ERRORS.invalidKey(key);
  return dir;
}
