/**
 * The tokenizer workloads, apart from the section so a fresh process (_tokenizer-cold.ts) can
 * run exactly the same work once, with nothing loaded or memoized beforehand.
 */
import type { Catalog } from '../src/catalog/types.js';
import { measureCatalog } from '../src/cost/measure.js';
import { byteLength, countTokens } from '../src/cost/tokenizer.js';
import type { EncodingName } from '../src/cost/types.js';

export interface Workload {
  label: string;
  /** Does the work once; returns the bytes fed to the tokenizer and the tokens it counted. */
  run(): { bytes: number; tokens: number };
}

export const WORKLOAD_IDS = ['measureCatalog', 'o200k_base', 'cl100k_base'] as const;
export type WorkloadId = (typeof WORKLOAD_IDS)[number];

function countOnly(texts: string[], encoding: EncodingName): Workload {
  const bytes = texts.reduce((sum, t) => sum + byteLength(t), 0);
  return {
    label: `countTokens ${encoding}`,
    run: () => ({ bytes, tokens: texts.reduce((sum, t) => sum + countTokens(t, encoding), 0) }),
  };
}

export function workload(id: WorkloadId, catalog: Catalog): Workload {
  if (id !== 'measureCatalog') {
    // Stringified before timing: this measures the tokenizer, not JSON.stringify.
    return countOnly(catalog.servers.flatMap((s) => s.tools.map((t) => JSON.stringify(t))), id);
  }
  return {
    label: 'measureCatalog (both, wire+model+split)',
    run: () => {
      // measureCatalog tokenizes the wire text and the model view, each in both encodings.
      const { wire, modelView } = measureCatalog(catalog).total;
      return {
        bytes: 2 * (wire.bytes + modelView.bytes),
        tokens: wire.tokens.o200k_base + wire.tokens.cl100k_base + modelView.tokens.o200k_base + modelView.tokens.cl100k_base,
      };
    },
  };
}
