import { inlineSmallerRefs } from '../../schema/inline-smaller.js';
import { isJsonObject } from '../../schema/walk.js';
import { editCopy, SCHEMA_KEYS } from '../_schema.js';
import type { ToolRule } from '../types.js';

export const refInliningSmaller: ToolRule<'ref-inlining-smaller'> = {
  id: 'ref-inlining-smaller',
  severity: 'info',
  title: '$ref/$defs where inlining is smaller',
  docs: 'docs/rules/ref-inlining-smaller.md',
  fixable: true,
  scope: 'tool',
  check: ({ tool }) =>
    SCHEMA_KEYS.flatMap((key) => {
      const schema = tool[key];
      if (!isJsonObject(schema)) return [];
      const { inlined, saved } = inlineSmallerRefs(schema);
      if (!inlined.length) return [];
      const what = inlined.map((i) => (i.uses ? `inlining ${i.definition} (${i.uses} $ref${i.uses === 1 ? '' : 's'})` : `dropping unused ${i.definition}`));
      return [{ path: key, message: `${what.join(', ')} saves ${saved} bytes: the $ref indirection costs more than it shares, and the model must follow it` }];
    }),
  fix: (tool) =>
    editCopy(tool, (copy) => {
      for (const key of SCHEMA_KEYS) {
        const schema = copy[key];
        if (isJsonObject(schema)) copy[key] = inlineSmallerRefs(schema).schema;
      }
    }),
};
