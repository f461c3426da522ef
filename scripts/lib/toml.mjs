// @ts-check
// supabase/config.toml (and a functions folder's own config.toml) read with smol-toml, a complete TOML
// 1.0 parser: the emulators follow the same file the Supabase CLI reads.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/**
 * The parsed file, or `{}` when there is none (a folder without its own config.toml).
 * @param {string} path
 * @returns {Record<string, any>}
 */
export function readTomlFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return {};
    throw error;
  }
  return parse(text);
}
