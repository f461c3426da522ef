// Time from `npm start` to ready (the line SAVIA_READY), cold (no cluster yet) and warm
// (data kept from the previous run). Runs on its own ports so it never touches a dev stack.
// Usage: node bench/start-time.mjs [runs]
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ROOT, stackConfig } from '../scripts/lib/config.mjs';
import { destroyCluster } from '../scripts/lib/pg-cluster.mjs';
import { atExit } from './lib/cleanup.mjs';

const env = { ...process.env, SAVIA_DB_PORT: '53322', SAVIA_API_PORT: '53321', SAVIA_REST_PORT: '53330', SAVIA_APP_PORT: '53173' };
Object.assign(process.env, env);
const cfg = stackConfig('dev');
const runs = Number(process.argv[2] ?? 3);
// Interrupted or failed half way, the stack it started (its own process group) and its cluster go too.
let child;
const alive = (pid) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};
atExit(() => {
  if (child?.exitCode === null && alive(child.pid)) {
    // npm start stops its own services on SIGINT; what is still there after ten seconds is killed.
    process.kill(-child.pid, 'SIGINT');
    for (let i = 0; i < 50 && alive(child.pid); i += 1) spawnSync('sleep', ['0.2']);
    if (alive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  }
  destroyCluster(cfg);
});

function timeStart() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk) => {
      if (!chunk.toString().includes('SAVIA_READY')) return;
      const ms = performance.now() - t0;
      child.once('exit', () => resolve(ms));
      process.kill(-child.pid, 'SIGINT');
    });
    child.on('exit', (code) => code && reject(new Error(`npm start salió con ${code}`)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cold = [];
const warm = [];
for (let i = 0; i < runs; i += 1) {
  destroyCluster(cfg);
  cold.push(await timeStart());
  warm.push(await timeStart());
}
destroyCluster(cfg);
rmSync(cfg.dataDir, { recursive: true, force: true });
console.log(`machine: ${cpus().length} × ${cpus()[0].model}`);
console.log(`npm start → ready, cold (new cluster + migrations + seed): median ${(median(cold) / 1000).toFixed(2)} s of ${runs}`);
console.log(`npm start → ready, warm (data kept):                      median ${(median(warm) / 1000).toFixed(2)} s of ${runs}`);
