/** One MCP tool → its TTC entry; the author's sidecar wins over everything derived. */
import type { RawTool } from '../catalog/types.js';
import { oneLine } from './lexical.js';
import { schemaToParams } from './schema-to-type.js';
import { boilerplateWords, deriveTags } from './tags.js';
import { capabilityRunEnd } from '../text/capability.js';
import { sentences } from '../text/sentences.js';
import { nameWords, purposeOf } from './text.js';
import type { Sidecar, SidecarEntry, TTCEntry } from './types.js';
import { deriveWhen } from './when.js';


/** Tags from the name and PURPOSE, then topic words of the rest of the description, the sentences that say more the tool does first. */
function derivedTags(name: string, purpose: string, description: string, params: string[], boilerplate: ReadonlySet<string> | undefined): string[] {
  const parts = sentences(description);
  const text = (from: number, to?: number) => parts.slice(from, to).map((s) => s.text).join(' ');
  return deriveTags(name, purpose, { rest: text(1), lead: text(1, capabilityRunEnd(parts)), boilerplate, params });
}

/**
 * `boilerplate`: words the tool's server repeats in most descriptions (`boilerplateWords` over its
 * tools), kept out of the derived tags.
 */
export function toTTC(tool: RawTool, sidecar?: SidecarEntry, boilerplate?: ReadonlySet<string>): TTCEntry {
  const description = typeof tool.description === 'string' ? tool.description : '';
  const derivedPurpose = purposeOf(description) || nameWords(tool.name).join(' ') || tool.name;
  const purpose = sidecar?.purpose !== undefined ? oneLine(sidecar.purpose) : derivedPurpose;
  // `input_schema` is the Anthropic API's spelling (seeds/002's example uses it).
  const input = schemaToParams(tool.inputSchema ?? tool.input_schema);
  const entry: TTCEntry = {
    name: tool.name,
    purpose,
    input,
    when: sidecar?.when !== undefined ? oneLine(sidecar.when) : deriveWhen(tool.name, purpose),
    tags: sidecar?.tags ?? derivedTags(tool.name, purpose, description, input.fields.map((f) => f.name), boilerplate),
  };
  if (tool.outputSchema !== undefined) {
    const output = schemaToParams(tool.outputSchema);
    // An output schema with no named fields tells the agent nothing OUT could say.
    if (output.fields.length > 0 || output.rest) entry.output = output;
  }
  if (sidecar?.err && sidecar.err.length > 0) entry.err = sidecar.err;
  return entry;
}

/** A server's tools → their TTC entries, tags derived knowing what the server repeats in every description. */
export function serverToTTC(tools: readonly RawTool[], sidecar?: Sidecar): TTCEntry[] {
  const boilerplate = serverBoilerplate(tools);
  return tools.map((t) => toTTC(t, sidecar?.tools[t.name], boilerplate));
}

export const serverBoilerplate = (tools: readonly RawTool[]): Set<string> =>
  boilerplateWords(tools.map((t) => (typeof t.description === 'string' ? t.description : undefined)));
