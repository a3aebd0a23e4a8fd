/** One MCP tool → its TTC entry; the author's sidecar wins over everything derived. */
import type { RawTool } from '../catalog/types.js';
import { oneLine } from './lexical.js';
import { schemaToParams } from './schema-to-type.js';
import { boilerplateWords, deriveTags } from './tags.js';
import { statesCapability } from '../text/capability.js';
import { LIST_ITEM, sentences } from '../text/sentences.js';
import { nameWords, purposeOf } from './text.js';
import type { Sidecar, SidecarEntry, TTCEntry } from './types.js';
import { deriveWhen } from './when.js';

const afterFirstSentence = (text: string): string => sentences(text).slice(1).map((s) => s.text).join(' ');

/** The sentences right after the first, on its paragraph, that say more the tool does (statesCapability). */
function leadCapabilities(text: string): string {
  const parts = sentences(text);
  const lead: string[] = [];
  for (let i = 1; i < parts.length && !/\n[ \t\r]*\n/.test(parts[i - 1]!.raw) && !LIST_ITEM.test(parts[i]!.text) && statesCapability(parts[i]!.text); i++) lead.push(parts[i]!.text);
  return lead.join(' ');
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
    tags:
      sidecar?.tags ??
      deriveTags(tool.name, purpose, { rest: afterFirstSentence(description), lead: leadCapabilities(description), boilerplate, params: input.fields.map((f) => f.name) }),
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
