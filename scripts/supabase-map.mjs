// `npm run db:map`: writes the generated parts of supabase/README.md from the tree, so the map a
// newcomer reads stays true: each table's triggers in firing order with what each one writes, and
// each public RPC with its migration, its pgTAP files, its src/api module, its screens (routes) and
// their e2e specs. Static reading only (no database): the migrations' text, the imports of src/ and
// the specs. `--check` exits 1 instead of writing when the README is not current.
//
// tests/unit/supabase-map.node.test.ts checks the README against the migrations on every `npm test`;
// supabase/tests/database/76_trigger_order.test.sql checks the same trigger lists against the database.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './lib/config.mjs';

const MIGRATIONS = join(ROOT, 'supabase', 'migrations');
const PGTAP = join(ROOT, 'supabase', 'tests', 'database');
const README = join(ROOT, 'supabase', 'README.md');
const SRC = join(ROOT, 'src');
const E2E = join(ROOT, 'tests', 'e2e');
const FUNCTIONS = join(ROOT, 'supabase', 'functions');

// pgTAP files that list every function (grants, lints), not the behaviour of one.
const PGTAP_LISTS = new Set(['00_schema_lint', '01_plpgsql_check', '06_api_privileges']);
// Specs of the shells (sign-in, navigation, theme, tabs), not of one screen.
const SHELL_SPECS = new Set(['auth', 'back-office', 'member', 'theme', 'tabs', 'route-error']);

const read = (path) => readFileSync(path, 'utf8');
const rel = (path) => relative(ROOT, path);
const files = (dir, pattern) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => pattern.test(f))
        .sort()
    : [];
function walk(dir, pattern, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, pattern, out);
    else if (pattern.test(name)) out.push(path);
  }
  return out;
}

// The migrations ---------------------------------------------------------------------------------

/** Every function of the migrations: schema-qualified name → { file, body }. */
export function migrationFunctions() {
  const found = new Map();
  for (const file of files(MIGRATIONS, /\.sql$/)) {
    const sql = read(join(MIGRATIONS, file));
    const re = /create (?:or replace )?(?:function|procedure) ((?:public|private)\.\w+)\s*\(/gi;
    for (let m = re.exec(sql); m; m = re.exec(sql)) {
      const start = sql.indexOf('$$', m.index);
      const end = sql.indexOf('$$', start + 2);
      found.set(m[1], { file, body: sql.slice(start + 2, end) });
    }
  }
  return found;
}

/** Every trigger of the migrations: { table, name, timing, events, level, fn, file }. */
export function migrationTriggers() {
  const found = [];
  for (const file of files(MIGRATIONS, /\.sql$/)) {
    const sql = read(join(MIGRATIONS, file));
    const re =
      /create (constraint )?trigger (\w+)\s+(before|after|instead of)\s+([\s\S]+?)\s+on\s+([\w.]+)([\s\S]*?)for each (row|statement)[\s\S]*?execute (?:function|procedure) ([\w.]+)\(/gi;
    for (let m = re.exec(sql); m; m = re.exec(sql)) {
      const [, constraint, name, timing, events, table, options, level, fn] = m;
      found.push({
        table,
        name,
        timing: timing.toUpperCase(),
        events: events.replace(/\s+/g, ' ').replace(/\b(insert|update|delete|truncate|or|of)\b/gi, (w) => w.toUpperCase()),
        level: level.toLowerCase(),
        deferred: Boolean(constraint) && /initially deferred/i.test(options),
        fn,
        file,
      });
    }
  }
  return found;
}

/** The tables a function writes, itself or through the private functions it calls (a few levels deep). */
function writes(fn, functions, depth = 0, seen = new Set()) {
  if (seen.has(fn) || depth > 4) return new Set();
  seen.add(fn);
  const body = functions.get(fn)?.body ?? '';
  const out = new Set();
  for (const m of body.matchAll(/(?:insert into|update|delete from|lock table)\s+((?:public|private)\.\w+)/gi)) {
    if (!/^lock/i.test(m[0])) out.add(m[1]);
  }
  for (const m of body.matchAll(/\b(private\.\w+)\s*\(/g)) {
    if (m[1] !== fn && functions.has(m[1])) for (const t of writes(m[1], functions, depth + 1, seen)) out.add(t);
  }
  return out;
}

const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0); // strcmp, as PostgreSQL orders a table's triggers

/**
 * Where a trigger fires among its table's: BEFORE STATEMENT, BEFORE ROW (INSTEAD OF), the row is
 * written, AFTER ROW, AFTER STATEMENT, deferred ones at commit; within each, by name.
 */
export const firingRank = (t) => (t.deferred ? 6 : { BEFORE: 0, 'INSTEAD OF': 1, AFTER: 3 }[t.timing] + (t.level === 'row' ? 1 : t.timing === 'AFTER' ? 2 : 0));

function triggersTable() {
  const functions = migrationFunctions();
  const triggers = migrationTriggers().sort((a, b) => byName(a.table, b.table) || firingRank(a) - firingRank(b) || byName(a.name, b.name));
  const rows = triggers.map((t) => {
    const written = [...writes(t.fn, functions)].filter((w) => w !== t.table || t.timing === 'AFTER').sort();
    return `| \`${t.table}\` | \`${t.name}\` | ${t.timing} ${t.events}, ${t.level}${t.deferred ? ', deferred to the commit' : ''} | \`${t.fn}\` | ${
      written.map((w) => `\`${w}\``).join(', ') || '—'
    } | ${t.file.replace(/\.sql$/, '')} |`;
  });
  return ['| Table | Trigger | Fires | Function | Writes | Migration |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

// The tree ---------------------------------------------------------------------------------------

function resolveImport(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = join(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each source file's imports: [{ from, names: Map(imported → local) }]; `names` is null for a whole-module import. */
function sourceGraph() {
  const graph = new Map();
  for (const file of walk(SRC, /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f))) {
    const text = read(file);
    const imports = [];
    for (const m of text.matchAll(/import\s+(?:type\s+)?([\s\S]*?)\s+from\s+'([^']+)'/g)) {
      const target = resolveImport(file, m[2]);
      if (!target) continue;
      const braces = /\{([\s\S]*)\}/.exec(m[1]);
      const names = new Map();
      for (const part of braces ? braces[1].split(',') : []) {
        const [imported, local] = part
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/);
        if (imported) names.set(imported, local ?? imported);
      }
      imports.push({ from: target, names: braces ? names : null });
    }
    for (const m of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
      const target = resolveImport(file, m[1]);
      if (target) imports.push({ from: target, names: null });
    }
    graph.set(file, { text, imports });
  }
  return graph;
}

/** A file's exported symbols with their text (to the next export), and an object export's keys. */
function exportsOf(text) {
  const out = [];
  const re = /^export (?:async )?(?:function|const|class) (\w+)/gm;
  const starts = [...text.matchAll(re)];
  starts.forEach((m, i) => {
    const body = text.slice(m.index, starts[i + 1]?.index ?? text.length);
    const keys = new Map();
    if (/^export const \w+\s*=\s*\{/.test(body)) {
      const keyStarts = [...body.matchAll(/^ {2}(\w+)\s*[:(]/gm)];
      keyStarts.forEach((k, j) => keys.set(k[1], body.slice(k.index, keyStarts[j + 1]?.index ?? body.length)));
    }
    out.push({ name: m[1], body, keys });
  });
  return out;
}

// A use of a name (`salesQueries.checks`, also after a spread `...`), not of a longer one or a property of another.
const mentions = (text, name) => new RegExp(`(?<![\\w$])(?<![^.]\\.)${name.replace('.', '\\.')}\\b`).test(text);
/** A call of the RPC: supabase-js `.rpc('name'`, or the anonymous REST helper's `anonRpc<T>('name'`. */
const callsRpc = (text, rpc) => new RegExp(`[rR]pc(?:<[^(]*>)?\\(\\s*'${rpc}'`).test(text);

/**
 * The files outside src/api that use an RPC: from the exported function of src/api that calls it,
 * through the query factories' keys and the mutation hooks that wrap it, to the components and
 * pages that call those.
 */
function usersOf(rpc, graph) {
  const start = [];
  for (const [file, { text }] of graph) {
    if (!file.startsWith(join(SRC, 'api'))) continue;
    for (const e of exportsOf(text)) if (callsRpc(e.body, rpc)) start.push({ file, symbol: e.name, key: null });
  }
  const users = new Set();
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const { file, symbol, key } = queue.shift();
    const id = `${file}#${symbol}.${key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const [user, { text, imports }] of graph) {
      for (const imp of imports) {
        if (imp.from !== file || !imp.names?.has(symbol)) continue;
        const local = imp.names.get(symbol);
        const used = key ? `${local}.${key}` : local;
        if (!mentions(text, used)) continue;
        if (!user.startsWith(join(SRC, 'api'))) users.add(user);
        for (const e of exportsOf(text)) {
          if (e.keys.size) {
            for (const [k, body] of e.keys) if (mentions(body, used)) queue.push({ file: user, symbol: e.name, key: k });
          } else if (mentions(e.body, used)) queue.push({ file: user, symbol: e.name, key: null });
        }
      }
    }
  }
  return { apiFiles: [...new Set(start.map((s) => s.file))], users };
}

/** The routes: path → { label, page file, files it reaches }. */
function routes(graph) {
  const pathsText = read(join(SRC, 'config', 'paths.ts'));
  const pathOf = Object.fromEntries([...pathsText.matchAll(/^ {2}(\w+): '([^']+)'/gm)].map((m) => [m[1], m[2]]));
  const labelOf = Object.fromEntries([...pathsText.matchAll(/\{ path: paths\.(\w+), label: '([^']+)'/g)].map((m) => [pathOf[m[1]], m[2]]));
  const router = read(join(SRC, 'app', 'router.tsx'));
  const out = [];
  for (const m of router.matchAll(/\[paths\.(\w+)\]: \(\) => import\('([^']+)'\)/g)) {
    const page = resolveImport(join(SRC, 'app', 'router.tsx'), m[2]);
    const reach = new Set([page]);
    const queue = [page];
    while (queue.length) for (const imp of graph.get(queue.shift())?.imports ?? []) if (!reach.has(imp.from)) reach.add(imp.from) && queue.push(imp.from);
    const path = pathOf[m[1]];
    out.push({ path, label: labelOf[path] ?? (path === '/p/:slug' ? 'Public page' : path), page, reach });
  }
  return out;
}

function specsFor(route) {
  const feature = rel(route.page).split('/')[2];
  const pattern = new RegExp(`['"\`]${route.path.replace(/:\w+/g, '(?:\\$\\{[^}]*\\}|[^\'"`?/]+)')}(?=['"\`?#])`);
  return files(E2E, /\.spec\.ts$/)
    .map((f) => f.replace(/\.spec\.ts$/, ''))
    .filter((name) => !SHELL_SPECS.has(name) && (name === feature || pattern.test(read(join(E2E, `${name}.spec.ts`)))));
}

function rpcTable() {
  const functions = migrationFunctions();
  const graph = sourceGraph();
  const allRoutes = routes(graph);
  const tests = files(PGTAP, /\.test\.sql$/).map((f) => ({ name: f.replace(/\.test\.sql$/, ''), text: read(join(PGTAP, f)) }));
  const edge = existsSync(FUNCTIONS) ? walk(FUNCTIONS, /\.ts$/).map((f) => ({ name: rel(dirname(f)).split('/')[2], text: read(f) })) : [];
  const rows = [];
  for (const [fn, { file }] of [...functions].filter(([n]) => n.startsWith('public.')).sort(([a], [b]) => byName(a, b))) {
    const rpc = fn.slice('public.'.length);
    const call = new RegExp(`\\b${rpc}\\b`);
    const pgtap = tests.filter((t) => !PGTAP_LISTS.has(t.name) && call.test(t.text)).map((t) => t.name);
    const { apiFiles, users } = usersOf(rpc, graph);
    const screens = allRoutes.filter((r) => [...users].some((u) => r.reach.has(u)));
    const specs = [...new Set(screens.flatMap(specsFor))].sort();
    const callers = [...new Set(edge.filter((e) => callsRpc(e.text, rpc)).map((e) => `edge function \`${e.name}\``))];
    const screenText = screens.map((r) => `${r.label} (\`${r.path}\`)`).join(', ');
    rows.push(
      `| \`${rpc}\` | ${file.replace(/\.sql$/, '')} | ${pgtap.join(', ') || '—'} | ${apiFiles.map((f) => `\`${rel(f).replace(/^src\//, '')}\``).join(', ') || '—'} | ${
        [screenText, ...callers].filter(Boolean).join('; ') || (/_hook$/.test(rpc) ? 'Supabase Auth hook' : '— (no caller in the app)')
      } | ${specs.join(', ') || '—'} |`,
    );
  }
  return ['| RPC | Migration | pgTAP | `src/api` | Screen (route) | e2e |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

// The README -------------------------------------------------------------------------------------

const SECTIONS = { triggers: triggersTable, rpcs: rpcTable };

function render(readme) {
  let out = readme;
  for (const [name, build] of Object.entries(SECTIONS)) {
    const re = new RegExp(`(<!-- db:map ${name} -->)[\\s\\S]*?(<!-- /db:map ${name} -->)`);
    if (!re.test(out)) throw new Error(`supabase/README.md no tiene la sección generada «${name}» (<!-- db:map ${name} --> … <!-- /db:map ${name} -->).`);
    out = out.replace(re, (_, open, close) => `${open}\n${build()}\n${close}`);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const current = read(README);
  const next = render(current);
  if (process.argv.includes('--check')) {
    if (current !== next) {
      console.error('supabase/README.md no está al día con el árbol: ejecuta npm run db:map.');
      process.exit(1);
    }
  } else if (current !== next) {
    writeFileSync(README, next);
    console.log('supabase/README.md actualizado.');
  } else console.log('supabase/README.md ya estaba al día.');
}
