import type { ServerSpec } from '../../catalog/types.js';
import { sameServer } from './specs.js';
import type { ParsedConfig, SkippedServer } from './types.js';

export interface MergedConfigs {
  specs: ServerSpec[];
  warnings: string[];
  skipped: SkippedServer[];
  files: string[];
}

/**
 * Joins parsed files into one list with unique names, earlier files first. The same server seen
 * again (same launch or endpoint, under its name or in another client's config under any name) is
 * kept once, and the clients it was also configured in are remembered, so a server two clients share is measured and counted once; a
 * different server under a taken name becomes `<client>:<name>` (then `<client>:<name>:2`, ...), so
 * nothing a client would run goes missing.
 */
export function mergeParsedConfigs(parsed: readonly ParsedConfig[]): MergedConfigs {
  const merged: MergedConfigs = { specs: [], warnings: [], skipped: [], files: [] };
  const taken = new Set<string>();
  // Kept specs by the name their file gave them, to name a different server that takes a used name.
  const byOriginalName = new Map<string, ServerSpec[]>();
  for (const config of parsed) {
    merged.files.push(config.file);
    merged.warnings.push(...config.warnings);
    merged.skipped.push(...config.skipped);
    for (const spec of config.specs) {
      // Under another name, the same server counts once only across clients: in one client's
      // files, two names for one launch are the user's choice (two instances), and both stay.
      const at = merged.specs.findIndex((kept) => sameServer(kept, spec) && (kept.name === spec.name || kept.source.client !== spec.source.client));
      const same = merged.specs[at];
      if (same) {
        merged.warnings.push(`${config.file}: server "${spec.name}" is the same as "${same.name}" from ${same.source.file}; counted once`);
        const client = spec.source.client;
        if (client && client !== same.source.client && !same.source.alsoIn?.includes(client)) {
          merged.specs[at] = { ...same, source: { ...same.source, alsoIn: [...(same.source.alsoIn ?? []), client] } };
        }
        continue;
      }
      const earlier = byOriginalName.get(spec.name) ?? [];
      const name = freeName(spec.name, config.client, taken);
      if (name !== spec.name) {
        merged.warnings.push(`${config.file}: server "${spec.name}" differs from the one of the same name in ${earlier[0]?.source.file ?? 'another file'}; renamed it "${name}"`);
      }
      const kept = { ...spec, name };
      taken.add(name);
      byOriginalName.set(spec.name, [...earlier, kept]);
      merged.specs.push(kept);
    }
  }
  return merged;
}

function freeName(name: string, client: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const prefixed = `${client}:${name}`;
  if (!taken.has(prefixed)) return prefixed;
  let n = 2;
  while (taken.has(`${prefixed}:${n}`)) n++;
  return `${prefixed}:${n}`;
}
