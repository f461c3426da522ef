// @vitest-environment node
// The unions of src/lib/data/domain.ts are the database's check constraints: read them from the
// migrations, so a new state or ledger type fails here before a screen shows it raw.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_TYPES, PAYOUT_STATUSES, SALE_KINDS, SALE_STATUSES } from '../../src/lib/data/domain';

const dir = join(process.cwd(), 'supabase', 'migrations');
const sql = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => readFileSync(join(dir, f), 'utf8'))
  .join('\n');

/** The quoted values of the last `constraint <name> check (<column> in (...))`. */
function checkValues(constraint: string): string[] {
  const matches = [...sql.matchAll(new RegExp(`constraint ${constraint} check \\(\\s*\\w+\\s+in\\s*\\(([^)]*)\\)`, 'g'))];
  const list = matches.at(-1)?.[1];
  if (!list) throw new Error(`No encuentro la restricción ${constraint}`);
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('conjuntos cerrados del dominio', () => {
  it('coinciden con las restricciones de la base de datos', () => {
    expect([...SALE_STATUSES].sort()).toEqual(checkValues('sales_estado_valido').sort());
    expect([...SALE_KINDS].sort()).toEqual(checkValues('sales_tipo_valido').sort());
    expect([...PAYOUT_STATUSES].sort()).toEqual(checkValues('payout_requests_estado_valido').sort());
    expect([...LEDGER_TYPES].sort()).toEqual(checkValues('reward_transactions_tipo_valido').sort());
  });
});
