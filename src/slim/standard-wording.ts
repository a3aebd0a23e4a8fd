import type { RawTool } from '../catalog/types.js';
import { schemaNodes } from '../schema/walk.js';
import { sentences } from '../text/sentences.js';

const words = (text: string) => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));

function similar(a: string, b: string): boolean {
  const A = words(a);
  const B = words(b);
  if (!A.size || !B.size) return false;
  let shared = 0;
  for (const w of A) if (B.has(w)) shared++;
  return shared / (A.size + B.size - shared) >= 0.6;
}

/**
 * For each parameter name used by several of a server's tools, the one first-sentence wording
 * they should share: the most frequent, ties to the shortest. Only names whose wordings are all
 * near-identical get one, so `path` meaning a file in one tool and a folder in another keeps both.
 */
export function standardWording(tools: readonly RawTool[]): Map<string, string> {
  const byName = new Map<string, string[]>();
  for (const tool of tools) {
    for (const node of schemaNodes(tool.inputSchema)) {
      if (node.propertyName === undefined || typeof node.schema.description !== 'string') continue;
      const first = sentences(node.schema.description)[0]?.text;
      if (first) byName.set(node.propertyName, [...(byName.get(node.propertyName) ?? []), first]);
    }
  }
  const out = new Map<string, string>();
  for (const [name, wordings] of byName) {
    if (wordings.length < 2 || new Set(wordings).size < 2) continue;
    if (!wordings.every((w) => similar(w, wordings[0]!))) continue;
    const counts = new Map<string, number>();
    for (const w of wordings) counts.set(w, (counts.get(w) ?? 0) + 1);
    const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
    out.set(name, best);
  }
  return out;
}
