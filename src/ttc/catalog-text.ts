/**
 * A whole catalog as TTC text: each server's entries under a `# server: <name>` line. The line is
 * outside the TTC grammar on purpose: a server's block on its own is plain TTC that parseTTC reads.
 */
import type { Catalog } from '../catalog/types.js';
import { parseTTC } from './parse.js';
import { TTCParseError } from './parse-error.js';
import { renderCatalogTTC } from './render.js';
import { serverToTTC } from './to-ttc.js';
import type { Sidecar, TTCEntry } from './types.js';

const HEADER = /^# server: (.+)$/;

export function catalogToTTC(catalog: Catalog, sidecar?: Sidecar): { server: string; entries: TTCEntry[] }[] {
  return catalog.servers
    .filter((s) => s.tools.length)
    .map((s) => ({ server: s.name, entries: serverToTTC(s.tools, sidecar) }));
}

export function renderServersTTC(blocks: readonly { server: string; entries: readonly TTCEntry[] }[]): string {
  return blocks.map((b) => `# server: ${b.server}\n\n${renderCatalogTTC(b.entries)}`).join('\n\n');
}

/** Parse text written by renderServersTTC (or plain TTC, as one unnamed server). Errors keep their real line numbers. */
export function parseServersTTC(text: string): { server: string; entries: TTCEntry[] }[] {
  const lines = text.split('\n');
  const starts = lines.flatMap((l, i) => (HEADER.test(l) ? [i] : []));
  if (starts.length === 0) return [{ server: '', entries: parseTTC(text) }];
  if (lines.slice(0, starts[0]).some((l) => l.trim())) throw new TTCParseError(1, 1, 'text before the first "# server:" line');
  return starts.map((start, k) => {
    const end = starts[k + 1] ?? lines.length;
    const body = lines.slice(start + 1, end).join('\n').replace(/\n+$/, '');
    try {
      return { server: HEADER.exec(lines[start]!)![1]!, entries: parseTTC(body) };
    } catch (error) {
      if (error instanceof TTCParseError) throw new TTCParseError(error.line + start + 1, error.column, error.reason);
      throw error;
    }
  });
}
