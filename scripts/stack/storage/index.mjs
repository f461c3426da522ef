// @ts-check
// The storage emulator: the storage-api endpoints that storage-js calls, with files on disk
// under cfg.storageDir and every storage.objects read or write run as the caller's role with
// the caller's JWT claims, so the project's storage policies decide as they do on Supabase.
import { resolve } from 'node:path';
import { ROOT } from '../../lib/config.mjs';
import { sendError } from './errors.mjs';
import { createFileStore } from './files.mjs';
import { projectFileSizeLimit } from './request.mjs';
import { NOT_EMULATED, findRoute } from './router.mjs';
import { sendJson } from '../http.mjs';

/**
 * What every storage handler gets: the stack's config, the pool (postgres, which each unit of work
 * scopes to the caller's role), the project's JWT verifier, the files on disk and the upload limit.
 * @typedef {{ cfg: import('../../lib/config.mjs').StackConfig, pool: import('pg').Pool,
 *   verifyJwt: (token: string) => Promise<import('jose').JWTPayload>, files: ReturnType<typeof createFileStore>,
 *   maxFileSize: number }} StorageContext
 */

/**
 * storage-api's answer for a route it does not have: a real 404 naming the route as it arrived.
 * A route storage-api has but the emulator leaves out gets the same answer, saying so.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} subPath
 * @param {URL} url
 * @param {{ notEmulated?: boolean }} [options]
 */
function routeNotFound(req, res, subPath, url, { notEmulated = false } = {}) {
  const message = `Route ${req.method}:${subPath}${url.search} not found${notEmulated ? ' (not implemented by the local storage emulator)' : ''}`;
  sendJson(res, 404, { statusCode: '404', error: 'Not Found', message, code: 'InvalidRequest' });
}

/**
 * @param {{ cfg: import('../../lib/config.mjs').StackConfig, pool: import('pg').Pool,
 *   verifyJwt: (token: string) => Promise<import('jose').JWTPayload> }} deps verifyJwt: the project's verifier
 */
export function createStorageService({ cfg, pool, verifyJwt }) {
  /** @type {StorageContext} */
  const ctx = { cfg, pool, verifyJwt, files: createFileStore(resolve(cfg.storageDir)), maxFileSize: projectFileSizeLimit(ROOT) };
  return {
    /** @type {import('../gateway.mjs').Service['handle']} */
    async handle(req, res, subPath, url) {
      try {
        const found = findRoute(req.method ?? 'GET', subPath);
        if (!found || found.handler === NOT_EMULATED) {
          if (!req.readableEnded) req.resume();
          return routeNotFound(req, res, subPath, url, { notEmulated: Boolean(found) });
        }
        await found.handler(ctx, req, res, found.params, url);
      } catch (error) {
        // The body may be unread (refused before reading): drain it so the answer reaches the client.
        if (!req.readableEnded) req.resume();
        sendError(res, error);
      }
    },
    close() {},
  };
}
