import type { RawTool } from '../../catalog/types.js';
import { repeatedBranches as repeats } from '../../schema/repeated-branches.js';
import { editCopy, pathOf, toolSchemaNodes } from '../_schema.js';
import type { Hit, ToolRule } from '../types.js';

function* places(tool: RawTool) {
  for (const node of toolSchemaNodes(tool)) {
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = node.schema[keyword];
      if (!Array.isArray(branches)) continue;
      const dup = repeats(branches);
      if (dup.length) yield { node, keyword, branches, dup };
    }
  }
}

/**
 * anyOf/oneOf with a branch repeated exactly. In anyOf the repeat is pure weight and the fix drops
 * it. In oneOf a value matching the repeated branch matches two branches and is rejected, so dropping
 * it would change what validates: reported, not fixed (the author almost surely meant one branch).
 */
export const repeatedBranches: ToolRule<'repeated-branches'> = {
  id: 'repeated-branches',
  severity: 'warning',
  title: 'anyOf/oneOf with repeated branches',
  docs: 'docs/rules/repeated-branches.md',
  fixable: true,
  scope: 'tool',
  check: ({ tool }) =>
    [...places(tool)].map(({ node, keyword, dup }): Hit => {
      const list = dup.map((i) => `[${i}]`).join(', ');
      return keyword === 'anyOf'
        ? { path: pathOf(node.path, keyword), message: `anyOf branch${dup.length === 1 ? '' : 'es'} ${list} repeat${dup.length === 1 ? 's' : ''} an earlier branch exactly: drop the repeat` }
        : {
            path: pathOf(node.path, keyword),
            message: `oneOf branch${dup.length === 1 ? '' : 'es'} ${list} repeat${dup.length === 1 ? 's' : ''} an earlier branch, so values of that shape match twice and are rejected; keep one copy (not fixed automatically: that changes what validates)`,
            fixable: false,
          };
    }),
  fix: (tool) =>
    editCopy(tool, (copy) => {
      for (const { node, keyword, branches, dup } of [...places(copy)]) {
        if (keyword === 'anyOf') node.schema.anyOf = branches.filter((_, i) => !dup.includes(i));
      }
    }),
};
