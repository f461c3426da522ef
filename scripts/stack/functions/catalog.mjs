// @ts-check
// Where functions live and how each is configured. `supabase/functions/<name>/index.ts` is the
// Supabase CLI layout; SAVIA_EXTRA_FUNCTIONS_DIR adds another folder with the same layout (the
// tests' fixtures). Per-function settings come from `[functions.<name>]` sections: the project's
// supabase/config.toml for project functions, and a `config.toml` inside the extra folder for
// its functions. Only `verify_jwt` is read (default true, as in the Supabase CLI).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readTomlFile } from '../../lib/toml.mjs';

const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * @param {string} root the project root
 * @param {string | undefined} extraDir SAVIA_EXTRA_FUNCTIONS_DIR, relative to the root or absolute
 */
export function createCatalog(root, extraDir) {
  const sources = [{ dir: join(root, 'supabase/functions'), configPath: join(root, 'supabase/config.toml') }];
  if (extraDir) {
    const dir = resolve(root, extraDir);
    sources.push({ dir, configPath: join(dir, 'config.toml') });
  }

  /**
   * @param {string} name
   * @returns {{ name: string, dir: string, entrypoint: string, verifyJwt: boolean } | null}
   */
  return function findFunction(name) {
    if (!FUNCTION_NAME.test(name)) return null;
    for (const { dir, configPath } of sources) {
      const entrypoint = join(dir, name, 'index.ts');
      if (!existsSync(entrypoint)) continue;
      // Read on every lookup, so editing the config needs no restart (the file is tiny).
      const settings = readTomlFile(configPath).functions?.[name] ?? {};
      return { name, dir: join(dir, name), entrypoint, verifyJwt: settings.verify_jwt !== false };
    }
    return null;
  };
}
