import { CLAUDE_CODE_DESCRIPTION_LIMIT } from '../../cost/measure.js';
import { parameterNames } from '../../schema/parameters.js';
import { descriptionGuards } from '../../slim/guard-sentences.js';
import { formatInt, truncate } from '../../util/format.js';
import type { ToolRule } from '../types.js';

/**
 * A warning (guard sentence: what cannot be undone, costs money, reaches people or secrets, when not
 * to use the tool) that Claude Code cuts off with the rest of a long description: the author wrote
 * it, and the model never reads it. Worse than the length itself, which description-over-limit reports.
 */
export const guardPastCut: ToolRule<'guard-past-cut'> = {
  id: 'guard-past-cut',
  severity: 'error',
  title: `warning past the ${formatInt(CLAUDE_CODE_DESCRIPTION_LIMIT)} characters Claude Code keeps`,
  docs: 'docs/rules/guard-past-cut.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool, options }) => {
    const d = tool.description;
    const limit = options.descriptionLimit;
    if (typeof d !== 'string' || d.length <= limit) return [];
    const cut = descriptionGuards(d, new Set(parameterNames(tool))).filter((g) => g.at + g.text.length > limit);
    if (!cut.length) return [];
    const first = cut[0]!;
    const where = first.at >= limit ? `starts at character ${formatInt(first.at + 1)}` : `is cut at character ${formatInt(limit)}`;
    const more = cut.length > 1 ? ` (and ${cut.length - 1} more)` : '';
    return [
      {
        path: 'description',
        message: `the warning "${truncate(first.text, 80)}" ${where}${more}, past the ${formatInt(limit)} characters Claude Code keeps, so the model never reads it: move the warning to the front of the description, and the how after it`,
      },
    ];
  },
};
