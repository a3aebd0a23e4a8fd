import { eolOf } from '../fs/edit-json.js';
import type { ServerTable } from './server-table.js';

/**
 * Codex's `[mcp_servers.<name>]` tables, moved as text. A server's block is its header, the
 * comment lines right above it, its sub-tables (`[mcp_servers.<name>.env]`, `.tools.<t>`) and their
 * keys, up to the last non-blank line before the next other table. A server written another way
 * (inline under `[mcp_servers]`, or as dotted keys) has no block: it is reported, not moved.
 */

const HEADER = /^\s*\[\[?\s*(.+?)\s*\]\]?\s*(#.*)?$/;

/** A TOML key path (`a."b.c".'d'`) as its parts. */
export function keyPath(key: string): string[] {
  const parts: string[] = [];
  let i = 0;
  while (i < key.length) {
    const c = key[i];
    if (c === ' ' || c === '\t' || c === '.') {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < key.length && key[j] !== c) {
        if (c === '"' && key[j] === '\\' && j + 1 < key.length) {
          value += JSON.parse(`"${key.slice(j, j + 2)}"`) as string;
          j += 2;
          continue;
        }
        value += key[j];
        j++;
      }
      parts.push(value);
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < key.length && !/[\s.]/.test(key[j]!)) j++;
    parts.push(key.slice(i, j));
    i = j;
  }
  return parts;
}

const bareKey = (name: string): string => (/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name));

interface Block {
  name: string;
  /** Line indexes [from, to) in the file. */
  from: number;
  to: number;
}

const isBlank = (line: string) => /^\s*$/.test(line);
const isComment = (line: string) => /^\s*#/.test(line);

/** Table headers, not counting lines inside a multi-line string (which may look like one). */
function headersOf(lines: readonly string[]): { i: number; path: string[] }[] {
  const out: { i: number; path: string[] }[] = [];
  let open: string | undefined;
  lines.forEach((line, i) => {
    if (open === undefined) {
      const m = HEADER.exec(line);
      if (m) out.push({ i, path: keyPath(m[1]!) });
    }
    // Each delimiter of the string kind we are in (or the first kind seen) opens or closes one.
    for (const delimiter of open ? [open] : ['"""', "'''"]) {
      const count = line.split(delimiter).length - 1;
      if (count % 2 === 1) open = open ? undefined : delimiter;
      if (count) break;
    }
  });
  return out;
}

function blocks(lines: readonly string[], root: string): Block[] {
  const headers = headersOf(lines);
  const out: Block[] = [];
  headers.forEach((h, k) => {
    if (h.path[0] !== root || h.path.length < 2) return;
    const name = h.path[1]!;
    let end = headers[k + 1]?.i ?? lines.length;
    // Blank and comment lines before the next header belong to what follows.
    while (end > h.i + 1 && (isBlank(lines[end - 1]!) || isComment(lines[end - 1]!))) end--;
    const previous = out.at(-1);
    if (previous && previous.name === name && previous.to <= h.i) {
      previous.to = end;
      return;
    }
    let from = h.i;
    while (from > 0 && isComment(lines[from - 1]!) && !out.some((b) => b.to > from - 1)) from--;
    out.push({ name, from, to: end });
  });
  return out;
}

/** A TOML value for the gateway's own entry: strings and lists of strings are all it needs. */
function tomlValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(', ')}]`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${bareKey(k)} = ${tomlValue(v)}`).join(', ')} }`;
  throw new Error(`no TOML form for ${String(value)}`);
}

const splitLines = (text: string) => text.split(/\r?\n/);

export function tomlServerTable(root: string): ServerTable {
  const join = (text: string, lines: string[]) => lines.join(eolOf(text));
  const table: ServerTable = {
    format: 'toml',
    chunks(text) {
      const lines = splitLines(text);
      return blocks(lines, root).map((b) => ({ name: b.name, lines: lines.slice(b.from, b.to) }));
    },

    remove(text, names) {
      const lines = splitLines(text);
      const gone = new Set(names);
      // Last first, so the line numbers of the blocks still to cut stay right.
      for (const b of blocks(lines, root).filter((x) => gone.has(x.name)).reverse()) {
        // The blank line that separated the block from the next goes too, so blanks do not pile up.
        const to = b.to < lines.length && isBlank(lines[b.to]!) && (b.from === 0 || isBlank(lines[b.from - 1]!)) ? b.to + 1 : b.to;
        lines.splice(b.from, to - b.from);
      }
      return join(text, lines);
    },

    set(text, name, value) {
      const body = [`[${root}.${bareKey(name)}]`, ...Object.entries(value).map(([k, v]) => `${bareKey(k)} = ${tomlValue(v)}`)];
      const lines = splitLines(text);
      const existing = blocks(lines, root).find((b) => b.name === name);
      if (existing) return join(text, [...lines.slice(0, existing.from), ...body, ...lines.slice(existing.to)]);
      return table.insert(text, [{ name, lines: body }]);
    },

    insert(text, chunks) {
      if (!chunks.length) return text;
      const lines = splitLines(text);
      while (lines.length && isBlank(lines.at(-1)!)) lines.pop();
      const added = chunks.flatMap((c) => ['', ...c.lines]);
      return join(text, [...lines, ...(lines.length ? added : added.slice(1)), '']);
    },

    newFile(chunks) {
      return `${chunks.map((c) => c.lines.join('\n')).join('\n\n')}\n`;
    },
  };
  return table;
}
