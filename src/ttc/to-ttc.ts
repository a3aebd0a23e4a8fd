/** One MCP tool → its TTC entry; the author's sidecar wins over everything derived. */
import type { RawTool } from '../catalog/types.js';
import { oneLine } from './lexical.js';
import { schemaToParams } from './schema-to-type.js';
import { deriveTags } from './tags.js';
import { sentences } from '../text/sentences.js';
import { nameWords, purposeOf } from './text.js';
import type { SidecarEntry, TTCEntry } from './types.js';
import { deriveWhen } from './when.js';

const afterFirstSentence = (text: string): string => sentences(text).slice(1).map((s) => s.text).join(' ');

export function toTTC(tool: RawTool, sidecar?: SidecarEntry): TTCEntry {
  const description = typeof tool.description === 'string' ? tool.description : '';
  const derivedPurpose = purposeOf(description) || nameWords(tool.name).join(' ') || tool.name;
  const purpose = sidecar?.purpose !== undefined ? oneLine(sidecar.purpose) : derivedPurpose;
  const entry: TTCEntry = {
    name: tool.name,
    purpose,
    // `input_schema` is the Anthropic API's spelling (seeds/002's example uses it).
    input: schemaToParams(tool.inputSchema ?? tool.input_schema),
    when: sidecar?.when !== undefined ? oneLine(sidecar.when) : deriveWhen(tool.name, purpose),
    tags: sidecar?.tags ?? deriveTags(tool.name, purpose, afterFirstSentence(description)),
  };
  if (tool.outputSchema !== undefined) {
    const output = schemaToParams(tool.outputSchema);
    // An output schema with no named fields tells the agent nothing OUT could say.
    if (output.fields.length > 0 || output.rest) entry.output = output;
  }
  if (sidecar?.err && sidecar.err.length > 0) entry.err = sidecar.err;
  return entry;
}
