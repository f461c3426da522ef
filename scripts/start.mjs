// `npm start`: the whole local system with demo data, in one terminal. Ctrl-C stops it all.
import { performance } from 'node:perf_hooks';
import { stackConfig } from './lib/config.mjs';
import { ensureSystemPackages } from './lib/system-deps.mjs';
import { spawnService, stopAllOnExit, waitFor } from './lib/processes.mjs';
import { startStack } from './stack/run.mjs';
import { demoAccounts } from './stack/demo-accounts.mjs';

const started = performance.now();
const cfg = stackConfig(process.env.SAVIA_PROFILE ?? 'dev');
stopAllOnExit();
const log = (msg) => console.log(`· ${msg}`);

ensureSystemPackages(['postgres'], log);
const { pool } = await startStack(cfg, { log });

// --api-only: the backend alone (used while developing the stack itself).
const apiOnly = process.argv.includes('--api-only');
if (!apiOnly)
  spawnService('vite', process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', String(cfg.appPort), '--strictPort'], {
    logDir: cfg.logDir,
    env: { VITE_SUPABASE_URL: cfg.apiUrl, VITE_SUPABASE_PUBLISHABLE_KEY: cfg.publishableKey },
  });
if (!apiOnly) await waitFor(async () => (await fetch(`http://127.0.0.1:${cfg.appPort}/`)).ok, { what: 'Vite', timeoutMs: 60000 });

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const accounts = await demoAccounts(pool);
console.log(`
Savia está lista en ${seconds} s.

  App                    http://127.0.0.1:${cfg.appPort}
  API                    ${cfg.apiUrl}   (rest, auth, storage, functions bajo /<servicio>/v1)
  Base datos             ${cfg.dbUrl}
  Correo (MailDev)       ${cfg.mailUrl}   (bandeja web; SMTP en 127.0.0.1:${cfg.smtpPort})
  Publishable key        ${cfg.publishableKey}
  Secret key             ${cfg.secretKey}   (solo en servidores, nunca en el navegador)
  anon (legado)          ${cfg.anonKey}
  service_role (legado)  ${cfg.serviceRoleKey}
  Logs                   ${cfg.logDir}

Cuentas de demostración (entra con «Continuar con Google» y elige una):
${accounts.map((a) => `  ${a.email.padEnd(32)} ${a.name.padEnd(18)} ${a.label}`).join('\n') || '  (sin cuentas: falta supabase/seed.sql)'}

Ctrl-C para detener todo.`);
console.log('SAVIA_READY');
