// @ts-check
// One Deno process per function, started on its first call and kept warm afterwards. A process
// per function mirrors Supabase's isolated workers (a crash or a global in one function never
// touches another) and lets each function's folder carry its own deno.json/package.json, at
// the cost of ~30 MB per warm function, which is fine for the handful a project has locally.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../lib/config.mjs';
import { killGroup } from '../../lib/processes.mjs';

const DENO = join(ROOT, 'node_modules/.bin/deno');
const BOOTSTRAP = join(import.meta.dirname, 'bootstrap.ts');
const BOOT_TIMEOUT_MS = 20000;
const LISTENING = /SAVIA_FUNCTION_LISTENING (\d+)/;

/**
 * Every live worker, so that even an abrupt exit of the stack leaves no Deno behind.
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const live = new Set();
process.on('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});

/**
 * @param {{ name: string, dir: string, entrypoint: string }} fn
 * @param {{ env: Record<string, string>, logDir: string }} options
 * @returns {{ port: Promise<number>, exited: () => boolean, stop: () => Promise<void> }}
 */
export function startWorker(fn, { env, logDir }) {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `function-${fn.name}.log`), { flags: 'a' });
  // cwd is the function's folder, so Deno discovers its own deno.json or package.json first. Unlike the
  // Supabase CLI, Deno then goes on up to the project's package.json and resolves `npm:` imports to
  // node_modules: a pinned `npm:name@x.y.z/subpath` too, to the installed copy, when package.json's range
  // for `name` admits x.y.z (outside it the import fails to load). The CLI's bundler reads only a
  // package.json beside the entrypoint (otherwise it sets DENO_NO_PACKAGE_JSON=1) and fetches from npm
  // what the specifier names: hence the functions pin the versions of package-lock.json.
  const child = spawn(DENO, ['run', '--allow-all', '--no-prompt', '--no-lock', BOOTSTRAP, fn.entrypoint], {
    cwd: fn.dir,
    env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'], // stdin only ties the child's life to ours (bootstrap.ts)
  });
  live.add(child);
  let hasExited = false;
  const exit = new Promise((resolve) => child.once('close', resolve)).then(() => {
    hasExited = true;
    live.delete(child);
    log.end();
  });
  child.stderr.pipe(log, { end: false });

  const port = new Promise((resolve, reject) => {
    /** @type {string | null} */
    let announced = '';
    child.stdout.on('data', (chunk) => {
      log.write(chunk);
      if (announced === null) return;
      announced += chunk;
      const match = LISTENING.exec(announced);
      if (match) {
        announced = null;
        resolve(Number(match[1]));
      }
    });
    child.once('error', reject);
    exit.then(() => reject(new Error(`function ${fn.name} exited before listening`)));
    setTimeout(() => reject(new Error(`function ${fn.name} did not call Deno.serve in time`)), BOOT_TIMEOUT_MS).unref();
  });
  port.catch(() => killGroup(child, 'SIGKILL'));

  return {
    port,
    exited: () => hasExited,
    async stop() {
      if (hasExited) return;
      const force = setTimeout(() => killGroup(child, 'SIGKILL'), 2000);
      killGroup(child, 'SIGTERM');
      await exit;
      clearTimeout(force);
    },
  };
}
