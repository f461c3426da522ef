// `npm ci` as a fresh clone runs it, without installing anything: package.json and package-lock.json
// alone in an empty folder, `npm ci --dry-run --ignore-scripts` (it fails when the lock lacks a
// package, another platform's optional ones included). It asks the registry, as an install does.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/config.mjs';

const dir = mkdtempSync(join(tmpdir(), 'savia-npm-ci-'));
try {
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(dir, file));
  const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const res = spawnSync(npm[0], [...npm[1], 'ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (res.status !== 0) {
    console.error(`${res.stdout}${res.stderr}`);
    console.error('npm ci fallaría en un clon nuevo: package-lock.json no está completo o no concuerda con package.json (npm install lo rehace).');
    process.exit(1);
  }
  console.log('npm ci instalaría el lock tal como está.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
