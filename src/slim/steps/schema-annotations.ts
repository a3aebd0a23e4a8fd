import type { JsonObject } from '../../catalog/types.js';
import { identifierWords } from '../../schema/restates.js';
import { isJsonObject, schemaNodes } from '../../schema/walk.js';
import type { Removal, SlimStep } from '../types.js';
import { paramPath } from './_param-path.js';

/** A title that only spells out the property (`file_path` → "File Path") tells the model nothing. */
const repeatsName = (title: string, name: string | undefined) =>
  name !== undefined && identifierWords(title).join(' ') === identifierWords(name).join(' ');

/** `$schema`, `$comment`, titles and `examples` weigh on every request and mean nothing to validation. */
export const schemaAnnotations: SlimStep = {
  id: 'schema-annotations',
  enabled: (p) => p.schemaAnnotations,
  apply(tool) {
    if (!isJsonObject(tool.inputSchema)) return { tool, removed: [] };
    const inputSchema = structuredClone(tool.inputSchema) as JsonObject;
    const removed: Removal[] = [];
    for (const node of schemaNodes(inputSchema)) {
      const s = node.schema;
      const where = paramPath(node.path);
      delete s.$schema;
      if (typeof s.$comment === 'string') removed.push({ where, what: 'comment', text: s.$comment });
      delete s.$comment;
      if (typeof s.title === 'string' && !repeatsName(s.title, node.propertyName ?? (node.depth === 0 ? tool.name : undefined))) removed.push({ where, what: 'title', text: s.title });
      delete s.title;
      if (s.examples !== undefined) removed.push({ where, what: 'examples', text: JSON.stringify(s.examples) });
      delete s.examples;
    }
    return { tool: { ...tool, inputSchema }, removed };
  },
};
