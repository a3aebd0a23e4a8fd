import type { JsonValue, RawTool } from '../catalog/types.js';
import { schemaNodes } from '../schema/walk.js';
import { LIST_ITEM, sentences } from '../text/sentences.js';
import { isLabel } from '../ttc/text.js';
import { toTTC } from '../ttc/to-ttc.js';
import type { SidecarEntry, TTCParams, TTCType } from '../ttc/types.js';
import type { FieldTerms } from './bm25f.js';
import { terms } from './tokenize.js';
import type { DocumentKind } from './types.js';

function parameterText(schema: JsonValue | undefined): string {
  const parts: string[] = [];
  for (const node of schemaNodes(schema)) {
    if (node.propertyName) parts.push(node.propertyName);
    if (typeof node.schema.description === 'string') parts.push(node.schema.description);
    if (Array.isArray(node.schema.enum)) parts.push(...node.schema.enum.filter((v): v is string => typeof v === 'string'));
  }
  return parts.join(' ');
}

/** The words of TTC's IN: parameter names and allowed values at every depth, not the type names around them. */
function paramWords(params: TTCParams): string[] {
  const out: string[] = [];
  const visit = (type: TTCType): void => {
    if (type.kind === 'literal') {
      if (typeof type.value === 'string') out.push(type.value);
    } else if (type.kind === 'object') {
      for (const f of type.fields) {
        out.push(f.name);
        visit(f.type);
      }
      if (type.rest) visit(type.rest);
    } else if (type.kind === 'array') visit(type.items);
    else if (type.kind === 'union') type.alts.forEach(visit);
  };
  visit({ kind: 'object', fields: params.fields, ...(params.rest ? { rest: params.rest } : {}) });
  return out;
}

/**
 * A tool as the fields the index reads. `full` and `slim` read the tool's description (its first
 * sentence apart, as its purpose) and its parameters; `ttc` reads what TTC says: PURPOSE, IN,
 * WHEN and TAGS (`boilerplate`: what the server repeats, see serverBoilerplate). The caller passes
 * the slim tool for `slim`.
 */
export function toolFields(server: string, tool: RawTool, kind: DocumentKind, sidecar?: SidecarEntry, boilerplate?: ReadonlySet<string>): FieldTerms {
  const name = terms(tool.name);
  const serverTerms = terms(server);
  if (kind === 'ttc') {
    const entry = toTTC(tool, sidecar, boilerplate);
    return {
      name,
      server: serverTerms,
      purpose: terms(entry.purpose),
      params: terms(paramWords(entry.input).join(' ')),
      when: terms(entry.when.replace(/^user (wants|requests|asks|needs|intends) to /, '')),
      tags: entry.tags.flatMap((t) => terms(t)),
    };
  }
  const parts = typeof tool.description === 'string' ? sentences(tool.description) : [];
  // The purpose is the first sentence that says something: not a section label ("🎯 Purpose:").
  const at = Math.max(0, parts.findIndex((p) => !isLabel(p.text.replace(/[^\p{L}\p{N}\s.!?-]/gu, ' ').replace(/^\s*\d+\s/, ''))));
  return {
    name,
    server: serverTerms,
    purpose: terms((parts[at]?.text ?? '').replace(LIST_ITEM, '')),
    description: terms(parts.filter((_, i) => i !== at).map((p) => p.text).join(' ')),
    params: terms(parameterText(tool.inputSchema)),
  };
}
