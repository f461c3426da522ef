// @vitest-environment node
// src/api/README.md's table is the newcomer's map from a data folder to the screens that use it:
// it must list every folder, and the screens each one serves, as the imports say today.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(process.cwd(), 'src');
const folders = readdirSync(join(src, 'api'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** Every source file outside src/api, tests excepted. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return path === join(src, 'api') ? [] : sources(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** A file's place as the table names it: a feature's name, components/<name>, or app. */
function placeOf(file: string): string {
  const [top, name = ''] = relative(src, file).split('/');
  if (top === 'features') return name;
  if (top === 'components') return `components/${name.replace(/\.tsx?$/, '')}`;
  return top ?? '';
}

function usersOf(folder: string, files: { path: string; text: string }[]): string[] {
  const imports = new RegExp(`['"]@/api/${folder}/`);
  return [...new Set(files.filter((f) => imports.test(f.text)).map((f) => placeOf(f.path)))].sort();
}

const table = new Map(
  [...readFileSync(join(src, 'api', 'README.md'), 'utf8').matchAll(/^\| `([a-z-]+)` *\| .+ \| (.*?) *\|$/gm)].map((m) => [
    m[1],
    (m[2] ?? '').split(', ').filter(Boolean).sort(),
  ]),
);

describe('src/api/README.md', () => {
  it('lista cada carpeta de src/api, y nada más', () => {
    expect([...table.keys()].sort()).toEqual(folders);
  });

  it('dice qué pantallas usa cada carpeta, como dicen los imports', () => {
    const files = sources(src).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    const actual = Object.fromEntries(folders.map((f) => [f, usersOf(f, files)]));
    expect(Object.fromEntries(folders.map((f) => [f, table.get(f) ?? []]))).toEqual(actual);
  });
});
