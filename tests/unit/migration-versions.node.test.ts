// @vitest-environment node
// `supabase db push` refuses a migration whose version sorts before the last one applied, so a
// version dated in the future would trap every hotfix written before that date. No migration may be
// dated after the commit that added it (after today, while it is not committed yet). Dates in UTC,
// as `supabase migration new` writes them.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const dir = 'supabase/migrations';
const migrations = readdirSync(join(root, dir))
  .filter((f) => f.endsWith('.sql'))
  .sort();

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' }, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(
      `No puedo comprobar las fechas de las migraciones: esta copia no tiene la historia de git que dice cuándo se añadió cada una (git ${args[0]} falló: ${
        (error as Error).message.split('\n')[0]
      }). Clona el repositorio con git para ejecutar esta prueba.`,
    );
  }
}

/** Each migration file → the UTC date (YYYYMMDD) of the commit that added it, newest addition first. */
function addedOn(): Map<string, string> {
  git(['rev-parse', '--is-inside-work-tree']);
  const log = git(['log', '--no-renames', '--diff-filter=A', '--name-only', '--date=format-local:%Y%m%d', '--format=%x00%cd', '--', dir]);
  const dates = new Map<string, string>();
  for (const entry of log.split('\0').filter((e) => e.trim())) {
    const [date = '', ...paths] = entry.trim().split('\n');
    for (const path of paths.filter(Boolean)) if (!dates.has(path)) dates.set(path, date);
  }
  return dates;
}

const todayUtc = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

describe('versiones de las migraciones', () => {
  it('cada una es una fecha y hora (AAAAMMDDHHMMSS) y ninguna se repite', () => {
    const versions = migrations.map((f) => f.split('_')[0] ?? '');
    expect(
      versions.filter((v) => !/^\d{14}$/.test(v) || Number.isNaN(Date.parse(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`))),
      'versiones que no son una fecha',
    ).toEqual([]);
    expect(
      versions.filter((v, i) => versions.indexOf(v) !== i),
      'versiones repetidas',
    ).toEqual([]);
  });

  it('ninguna es posterior al commit que la añadió (ni a hoy, si aún no está en un commit)', () => {
    const dates = addedOn();
    const late = migrations
      .map((file) => ({ file, version: file.slice(0, 8), added: dates.get(`${dir}/${file}`) ?? todayUtc() }))
      .filter(({ version, added }) => version > added)
      .map(({ file, added }) => `${file} (añadida el ${added.slice(0, 4)}-${added.slice(4, 6)}-${added.slice(6)})`);
    expect(late, 'migraciones fechadas en el futuro: supabase db push rechazaría después cualquier migración anterior a esa fecha').toEqual([]);
  });
});
