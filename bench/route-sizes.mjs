// First-load JavaScript of every route in the production build: what index.html loads (its entry and
// every chunk it preloads), plus the route's lazy layout and page with all their static imports.
// Sizes are deterministic, so this is a test (`--check`), unlike the timings elsewhere in bench/.
//
// Usage: node bench/route-sizes.mjs [--dist DIR] [--check] [--probe]
//   --dist DIR  read a finished build (built with `build.manifest`), instead of building one here
//   --check     exit 1 when a route exceeds its budget (bench/route-budgets.mjs) or carries a heavy library
//   --probe     also build the app once more with Mis Pedidos importing pdfmake and its fonts on demand,
//               as the «Comprobante de venta» will, and show that they stay out of every first load
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ROOT, stackConfig } from '../scripts/lib/config.mjs';
import { appRoutes } from './lib/app-routes.mjs';
import { budgets, heavyLibraries } from './route-budgets.mjs';

// The build leaves out the Supabase setup when these are missing; `npm test` sets them, so a run by
// hand sets the test profile's values too and measures the same bytes.
const testStack = stackConfig('test');
process.env.VITE_SUPABASE_URL ??= testStack.apiUrl;
process.env.VITE_SUPABASE_PUBLISHABLE_KEY ??= testStack.publishableKey;

const { values: opts } = parseArgs({ options: { dist: { type: 'string' }, check: { type: 'boolean' }, probe: { type: 'boolean' } } });
const kB = (bytes) => (bytes / 1000).toFixed(1);
const GROUP_NAMES = { public: 'pública', member: 'miembro', backOffice: 'back office' };
const HEAVY = new RegExp(String.raw`node_modules[\\/](${heavyLibraries.map((l) => l.replace(/[.]/g, '\\.')).join('|')})[\\/]`);

/**
 * Builds the app with its own vite.config.ts into `outDir`; returns the files of the chunks that
 * hold a heavy library (from the bundle itself, module by module).
 */
async function buildApp(outDir, plugins = []) {
  const { build } = await import('vite');
  const heavyFiles = new Set();
  const collect = {
    name: 'savia-heavy-chunks',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && Object.keys(chunk.modules).some((id) => HEAVY.test(id))) heavyFiles.add(chunk.fileName);
      }
    },
  };
  await build({ root: ROOT, logLevel: 'error', plugins: [...plugins, collect], build: { outDir, emptyOutDir: true, manifest: true } });
  return heavyFiles;
}

/** Per route: the JavaScript files of its first load, their raw and gzip bytes. */
function measure(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const sizes = new Map();
  const size = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(dist, file));
      sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length });
    }
    return sizes.get(file);
  };
  // A chunk and everything it imports statically: what the browser fetches before it runs.
  const closure = (keys, files = new Set()) => {
    for (const key of keys) {
      const entry = manifest[key];
      if (!entry) throw new Error(`${key} no está en el manifest.`);
      if (files.has(entry.file)) continue;
      files.add(entry.file);
      closure(entry.imports ?? [], files);
    }
    return files;
  };
  // What index.html itself names (its module script and modulepreload links), and what they import.
  const htmlFiles = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const initial = closure(['index.html'], new Set(htmlFiles));

  const routes = appRoutes(ROOT, manifest).map((route) => {
    const files = closure(route.lazy, new Set(initial));
    const total = { raw: 0, gzip: 0 };
    for (const file of files) {
      total.raw += size(file).raw;
      total.gzip += size(file).gzip;
    }
    const own = [...files].filter((f) => !initial.has(f)).map((f) => f.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, ''));
    return { ...route, files, ...total, budget: budgets[route.group], own };
  });
  return { manifest, size, initial: [...initial].map((f) => ({ file: f, ...size(f) })), routes };
}

function printTable({ initial, routes }) {
  console.log('Carga inicial (index.html y lo que precarga):');
  for (const f of initial) console.log(`  ${f.file.padEnd(40)} ${kB(f.gzip).padStart(6)} kB gzip  ${kB(f.raw).padStart(6)} kB`);
  console.log('');
  console.log('| ruta | grupo | gzip kB | bruto kB | presupuesto | además de la carga inicial |');
  console.log('|---|---|--:|--:|--:|---|');
  for (const r of routes) {
    const mark = r.gzip > r.budget * 1000 ? ' ✗' : '';
    console.log(`| ${r.path} | ${GROUP_NAMES[r.group]} | ${kB(r.gzip)}${mark} | ${kB(r.raw)} | ${r.budget} | ${r.own.join(', ')} |`);
  }
}

/** Chunks holding a heavy library that some route loads up front: [{ file, routes }]. */
function heavyInFirstLoad(routes, heavyFiles) {
  return [...heavyFiles].map((file) => ({ file, routes: routes.filter((r) => r.files.has(file)).map((r) => r.path) })).filter((h) => h.routes.length);
}

/** Without the bundle's module lists (a --dist build), a heavy library is seen where it is imported on demand. */
const heavyFromManifest = (manifest) =>
  new Set(
    Object.entries(manifest)
      .filter(([key]) => HEAVY.test(key))
      .map(([, entry]) => entry.file),
  );

function reportHeavy(label, { routes, size }, heavyFiles) {
  const files = [...heavyFiles].map((f) => `${f} (${kB(size(f).gzip)} kB gzip)`);
  console.log(`\n${label}: ${files.length ? files.join(', ') : 'ninguno'}`);
  const leaks = heavyInFirstLoad(routes, heavyFiles);
  for (const leak of leaks) console.error(`✗ ${leak.file} (librería pesada) está en la primera carga de ${leak.routes.join(', ')}`);
  if (files.length && !leaks.length) console.log('  ninguno está en la primera carga de una ruta: se cargan cuando se piden.');
  return leaks.length === 0;
}

/** Mis Pedidos asks for pdfmake and its fonts on demand, as its PDF receipt will; nothing else changes. */
async function probeHeavyLibraries() {
  const target = 'src/features/orders/routes/my-orders.tsx';
  let injected = false;
  const probe = {
    name: 'savia-pdfmake-probe',
    transform(code, id) {
      if (!id.endsWith(target)) return null;
      injected = true;
      return `${code}\nglobalThis.saviaPdfProbe = () => Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')]);\n`;
    },
  };
  const dir = mkdtempSync(join(tmpdir(), 'savia-probe-'));
  try {
    const heavyFiles = await buildApp(dir, [probe]);
    if (!injected) throw new Error(`La prueba de pdfmake no encontró ${target}.`);
    if (heavyFiles.size === 0) throw new Error('La prueba de pdfmake no produjo ningún chunk con pdfmake.');
    return reportHeavy('Prueba con pdfmake bajo demanda en Mis Pedidos, chunks con pdfmake', measure(dir), heavyFiles);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ownBuild = opts.dist ? null : mkdtempSync(join(tmpdir(), 'savia-routes-'));
try {
  const dist = opts.dist ?? ownBuild;
  const builtHeavy = ownBuild ? await buildApp(ownBuild) : null;
  const result = measure(dist);
  printTable(result);
  let ok = reportHeavy('Chunks con librerías pesadas', result, builtHeavy ?? heavyFromManifest(result.manifest));
  for (const r of result.routes.filter((x) => x.gzip > x.budget * 1000)) {
    console.error(`✗ ${r.path} carga ${kB(r.gzip)} kB de JavaScript gzip; su presupuesto (${GROUP_NAMES[r.group]}) es ${r.budget} kB.`);
    ok = false;
  }
  if (opts.probe) ok = (await probeHeavyLibraries()) && ok;
  if (opts.check && !ok) process.exitCode = 1;
} finally {
  if (ownBuild) rmSync(ownBuild, { recursive: true, force: true });
}
