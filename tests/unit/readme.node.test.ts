// @vitest-environment node
// The README is how a company deploys Savia and how a developer knows what the local stack imitates:
// these sections must stay, in this order, with the steps an owner needs and every auth route the
// emulator implements or leaves out (scripts/stack/auth/routes.mjs points here).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_EMULATED, ROUTES } from '../../scripts/stack/auth/routes.mjs';
import { NOT_EMULATED_PREFIXES } from '../../scripts/stack/storage/router.mjs';

const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');

/** The text of a `## ` section, up to the next one. */
function section(title: string) {
  const start = readme.indexOf(`\n## ${title}\n`);
  expect(start, `README sin la sección «${title}»`).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** Each needle found after the previous one. */
function inOrder(text: string, needles: string[]) {
  let from = 0;
  for (const needle of needles) {
    const at = text.indexOf(needle, from);
    expect(at, `«${needle}» después de lo anterior`).toBeGreaterThan(-1);
    from = at + needle.length;
  }
}

describe('README', () => {
  it('keeps the local stack, the emulators and the deploy, in that order', () => {
    inOrder(readme, ['\n## The local stack\n', '\n## What the emulators implement\n', '\n## Deploying to a hosted Supabase project\n']);
  });

  it('tells the owner every deploy step, in order, and which key goes where', () => {
    const deploy = section('Deploying to a hosted Supabase project');
    inOrder(deploy, [
      'Create the project',
      'npx supabase link',
      'npx supabase db push',
      'npx supabase functions deploy',
      'Google',
      'client id and secret',
      '/auth/v1/callback',
      'public.before_user_created_hook',
      'public.custom_access_token_hook',
      'Email provider off',
      'VITE_SUPABASE_URL',
      'VITE_SUPABASE_PUBLISHABLE_KEY',
      'dist/',
      'index.html',
      'npm run bootstrap-owner',
      'supabase config push',
      'site_url',
      'Which key goes where',
      'publishable key',
      'secret key',
    ]);
  });

  it('lists every auth route the emulator implements and every one it leaves out', () => {
    const emulators = section('What the emulators implement');
    // As the README writes a route: in backticks, after its methods when it gives them (`GET|POST /callback`).
    const named = (path: string) => new RegExp(`\`(?:[A-Z|]+ )?${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
    for (const path of [...Object.keys(ROUTES), ...NOT_EMULATED] as string[]) expect(emulators, `ruta ${path}`).toMatch(named(path));
    for (const prefix of NOT_EMULATED_PREFIXES as string[]) expect(emulators, `storage ${prefix}`).toContain(`(\`${prefix}`);
    expect(emulators).toContain('**Functions**');
    expect(emulators).toContain('**Realtime**');
  });
});
