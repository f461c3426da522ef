// `npm run bootstrap-owner -- --db-url <url> --email <address>`: names the first superadmin (with
// finance) of a project fresh from `supabase db push`, through private.bootstrap_owner, the only
// place the rule lives (it refuses once a superadmin exists or one is invited, a malformed address,
// a member's). Prints the database's Spanish sentence, whatever it is; exits 1 on a refusal.
// The URL is the project's connection string as postgres (Project Settings → Database); its
// `sslmode` means what it means to psql and the Supabase CLI (`require`: encrypted, not verified).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const USAGE =
  'Uso: npm run bootstrap-owner -- --db-url <cadena de conexión de la base, como postgres> --email <correo de Google de la primera persona superadmin>';

/** libpq's meaning of sslmode (node-postgres would otherwise verify the certificate for `require`). */
export function libpqCompatible(url) {
  const parsed = new URL(url);
  if (parsed.searchParams.has('sslmode') && !parsed.searchParams.has('uselibpqcompat')) parsed.searchParams.set('uselibpqcompat', 'true');
  return parsed.toString();
}

/** @returns {Promise<{ ok: boolean, sentence: string }>} */
export async function bootstrapOwner(dbUrl, email) {
  let client;
  try {
    client = new pg.Client({ connectionString: libpqCompatible(dbUrl), application_name: 'savia bootstrap-owner' });
    await client.connect();
  } catch (error) {
    return { ok: false, sentence: `No pude conectarme a la base de datos (${error.message}). Revisa la cadena de conexión y la contraseña de postgres.` };
  }
  try {
    const { rows } = await client.query('select private.bootstrap_owner($1) as sentence', [email]);
    return { ok: true, sentence: rows[0].sentence };
  } catch (error) {
    // The function's refusals are Spanish sentences (private.refuse); anything else is said as it came.
    const ownRefusal = typeof error.hint === 'string' && error.hint.startsWith('savia:');
    if (ownRefusal) return { ok: false, sentence: error.message };
    if (error.code === '42883' || error.code === '3F000') {
      return { ok: false, sentence: 'Esa base de datos no tiene las migraciones de Savia: aplícalas antes con supabase db push.' };
    }
    if (error.code === '42501') return { ok: false, sentence: 'Conéctate como postgres: solo ese rol puede nombrar a la primera persona superadmin.' };
    return { ok: false, sentence: `La base de datos respondió con un error inesperado: ${error.message}` };
  } finally {
    await client.end().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let values;
  try {
    ({ values } = parseArgs({ options: { 'db-url': { type: 'string' }, email: { type: 'string' } } }));
  } catch {
    values = {};
  }
  if (!values['db-url'] || !values.email) {
    console.error(USAGE);
    process.exit(2);
  }
  const { ok, sentence } = await bootstrapOwner(values['db-url'], values.email);
  (ok ? console.log : console.error)(sentence);
  process.exit(ok ? 0 : 1);
}
