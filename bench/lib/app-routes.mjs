// Every route of the app and the modules it loads lazily, read from the two files that define them:
// src/config/paths.ts (the routes and their groups) and src/app/router.tsx (which lazy module renders
// each route, and which lazy layout wraps each group). A route these files do not explain is an error,
// so a new screen cannot slip past the budget unmeasured.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Which layout the router wraps each group of routes in (its `const … = lazy(…)` name), if lazy. */
const LAYOUT_OF_GROUP = { backOffice: 'BackOfficeLayout', member: 'MemberLayout', public: null };

/**
 * What a signed-in route loads besides its shell and page: the session (src/lib/auth) imports
 * supabase-js on demand whenever one is stored, so every guarded route counts it, whether or not
 * its shell or page imports it too. That chunk is named after src/lib/data/supabase.ts; the manifest
 * has no key for the module itself, since the api modules also import it statically.
 */
function signedInChunks(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].name === 'supabase' && !manifest[key].isEntry);
  if (keys.length !== 1) throw new Error(`Esperaba un chunk «supabase» en el manifest (vite.config.ts), hay ${keys.length}.`);
  return keys;
}

const source = (root, file) => readFileSync(join(root, file), 'utf8');

/** The text between `start` and the first `end` after it. */
function block(text, start, end, file) {
  const from = text.indexOf(start);
  if (from < 0) throw new Error(`${file}: no encuentro «${start}»`);
  return text.slice(from, text.indexOf(end, from));
}

/** `@/features/x/routes/y` → `src/features/x/routes/y.tsx`, the manifest's key for that module. */
function manifestKey(specifier, manifest) {
  const base = specifier.replace(/^@\//, 'src/');
  const key = ['.tsx', '.ts', '/index.tsx', '/index.ts', ''].map((ext) => base + ext).find((k) => manifest[k]);
  if (!key) throw new Error(`El módulo ${specifier} no está en el manifest de la compilación.`);
  return key;
}

/**
 * [{ path, key, group: 'public' | 'member' | 'backOffice', lazy: [manifest keys: its layout, its page] }]
 * for every route with a page (`/` only redirects and is not listed).
 */
export function appRoutes(root, manifest) {
  const pathsTs = source(root, 'src/config/paths.ts');
  const routerTsx = source(root, 'src/app/router.tsx');

  const paths = Object.fromEntries([...block(pathsTs, 'export const paths = {', '}', 'paths.ts').matchAll(/(\w+): '([^']+)'/g)].map((m) => [m[1], m[2]]));
  const keysIn = (list) => [...block(pathsTs, `export const ${list} = [`, '] as const', 'paths.ts').matchAll(/path: paths\.(\w+)/g)].map((m) => m[1]);
  const backOffice = [...keysIn('backOfficeRoutes'), ...keysIn('backOfficeItemRoutes')];
  const member = keysIn('memberRoutes');

  // `[paths.login]: () => import('…')` and `const MemberLayout = shell(() => import('…')…)`.
  const loader = String.raw`\(\)\s*=>\s*import\('([^']+)'\)`;
  const pages = Object.fromEntries([...routerTsx.matchAll(new RegExp(String.raw`\[paths\.(\w+)\]:\s*${loader}`, 'g'))].map((m) => [m[1], m[2]]));
  const layouts = Object.fromEntries([...routerTsx.matchAll(new RegExp(String.raw`const (\w+) = \w+\(\s*${loader}`, 'g'))].map((m) => [m[1], m[2]]));
  const explained = new Set([...Object.values(pages), ...Object.values(LAYOUT_OF_GROUP).map((name) => layouts[name])]);
  const unexplained = [...routerTsx.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]).filter((s) => !explained.has(s));
  if (unexplained.length) throw new Error(`router.tsx carga en diferido ${unexplained.join(', ')}: dile a bench/lib/app-routes.mjs en qué rutas se muestra.`);

  return Object.entries(paths)
    .filter(([key]) => key !== 'root')
    .map(([key, path]) => {
      const group = backOffice.includes(key) ? 'backOffice' : member.includes(key) ? 'member' : 'public';
      if (!pages[key]) throw new Error(`router.tsx no tiene una página diferida para paths.${key} (${path}).`);
      const layout = layouts[LAYOUT_OF_GROUP[group]];
      const lazy = [...(layout ? [layout] : []), pages[key]].map((s) => manifestKey(s, manifest));
      return { path, key, group, lazy: group === 'public' ? lazy : [...lazy, ...signedInChunks(manifest)] };
    });
}
