// @vitest-environment node
// Screens branch on the refusal codes the database puts in the hint («savia:<code>»): the type must
// know every one the migrations raise, and declare none that no migration raises.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAVIA_CODES } from '../../src/lib/data/db';

const migrationsDir = join(process.cwd(), 'supabase', 'migrations');

/** Every code the migrations pass to private.refuse(). */
function refusalCodesInMigrations(): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'))) {
    const sql = readFileSync(join(migrationsDir, file), 'utf8');
    for (const match of sql.matchAll(/refuse\(\s*'([a-z_]+)'/g)) codes.add(match[1] as string);
  }
  return codes;
}

describe('SaviaCode', () => {
  it('conoce cada código de rechazo que lanzan las migraciones', () => {
    const inSql = refusalCodesInMigrations();
    expect(inSql.size).toBeGreaterThan(10);
    const missing = [...inSql].filter((c) => !(SAVIA_CODES as readonly string[]).includes(c));
    expect(missing, 'añade estos códigos a SAVIA_CODES en src/lib/data/db.ts').toEqual([]);
  });

  it('no declara códigos que ninguna migración lanza', () => {
    const inSql = refusalCodesInMigrations();
    expect(SAVIA_CODES.filter((c) => !inSql.has(c))).toEqual([]);
  });
});
