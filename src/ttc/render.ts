/** TTC entries as text: one line per field, entries separated by one blank line. */
import { oneLine, renderName } from './lexical.js';
import { renderParams } from './render-type.js';
import type { TTCEntry } from './types.js';

/** One entry, or a whole catalog when given an array (so `renderTTC(parseTTC(x)) === x`). */
export function renderTTC(entry: TTCEntry | readonly TTCEntry[]): string {
  if (isEntryList(entry)) return renderCatalogTTC(entry);
  const lines = [
    `TOOL ${renderName(entry.name)}`,
    `PURPOSE ${oneLine(entry.purpose) || '-'}`,
    `IN ${renderParams(entry.input)}`,
  ];
  if (entry.output) lines.push(`OUT ${renderParams(entry.output)}`);
  if (entry.err && entry.err.length > 0) lines.push(`ERR ${entry.err.map(renderName).join('|')}`);
  lines.push(`WHEN ${oneLine(entry.when) || '-'}`, `TAGS ${entry.tags.map(renderName).join(',') || '-'}`);
  return lines.join('\n');
}

export function renderCatalogTTC(entries: readonly TTCEntry[]): string {
  return entries.map((e) => renderTTC(e)).join('\n\n');
}

const isEntryList = (x: TTCEntry | readonly TTCEntry[]): x is readonly TTCEntry[] => Array.isArray(x);
