import { readFileSync } from 'node:fs';

// A small TOML reader for supabase/config.toml (read by the auth, storage and functions emulators): tables, dotted table names, and keys holding
// strings, numbers, booleans or (possibly multi-line) arrays of those. No npm TOML parser is
// installed, and this file uses nothing more (inline tables, dates and multi-line strings are
// refused loudly rather than misread).

/** @param {string} text @returns {Record<string, any>} */
export function parseToml(text) {
  const root = {};
  let table = root;
  let pending = '';
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripComment(rawLine).trim();
    if (!pending && !line) continue;
    if (!pending && line.startsWith('[')) {
      const name = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
      if (!name) throw new Error(`TOML: cabecera no válida: ${rawLine}`);
      table = name[1].split('.').reduce((node, key) => (node[key.trim()] ??= {}), root);
      continue;
    }
    pending = pending ? `${pending} ${line}` : line;
    if (bracketDepth(pending) > 0) continue; // an array continues on the next line
    const eq = pending.indexOf('=');
    if (eq < 0) throw new Error(`TOML: se esperaba clave = valor: ${pending}`);
    table[pending.slice(0, eq).trim().replace(/^"|"$/g, '')] = parseValue(pending.slice(eq + 1).trim());
    pending = '';
  }
  return root;
}

function stripComment(line) {
  let quote = null;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

function bracketDepth(text) {
  let depth = 0;
  let quote = null;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth += 1;
    else if (c === ']') depth -= 1;
  }
  return depth;
}

function parseValue(text) {
  if (text.startsWith('[')) return splitArray(text.slice(1, -1)).map(parseValue);
  if (text.startsWith('"')) return JSON.parse(text);
  if (text.startsWith("'")) return text.slice(1, -1);
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^[+-]?\d[\d_]*(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text.replaceAll('_', ''));
  throw new Error(`TOML: valor no admitido: ${text}`);
}

function splitArray(body) {
  const items = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quote) {
      if (c === '\\' && quote === '"') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth += 1;
    else if (c === ']') depth -= 1;
    else if (c === ',' && depth === 0) {
      items.push(body.slice(start, i));
      start = i + 1;
    }
  }
  items.push(body.slice(start));
  return items.map((s) => s.trim()).filter(Boolean);
}

/** The parsed file, or `{}` when it does not exist (a project without that config file). */
export function readTomlFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  return parseToml(text);
}
