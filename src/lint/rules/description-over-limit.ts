import { CLAUDE_CODE_DESCRIPTION_LIMIT } from '../../cost/measure.js';
import { formatInt, truncate } from '../../util/format.js';
import { sentences } from '../../text/sentences.js';
import type { ToolRule } from '../types.js';

/** The first words of the sentence the cut falls in, so the author sees what is lost. */
function cutSentence(text: string, at: number): string {
  let start = 0;
  for (const s of sentences(text)) {
    if (start + s.raw.length > at) return truncate(s.text, 60);
    start += s.raw.length;
  }
  return '';
}

/** Claude Code keeps the first 4,096 characters of a description: the rest never reaches the model. */
export const descriptionOverLimit: ToolRule<'description-over-limit'> = {
  id: 'description-over-limit',
  severity: 'error',
  title: `description over the ${formatInt(CLAUDE_CODE_DESCRIPTION_LIMIT)} characters Claude Code keeps`,
  docs: 'docs/rules/description-over-limit.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool, options }) => {
    const d = tool.description;
    const limit = options.descriptionLimit;
    if (typeof d !== 'string' || d.length <= limit) return [];
    const lost = d.length - limit;
    return [
      {
        path: 'description',
        message: `description is ${formatInt(d.length)} characters; Claude Code cuts it at ${formatInt(limit)}, so the last ${formatInt(lost)} never reach the model (the cut falls in "${cutSentence(d, limit)}")`,
      },
    ];
  },
};
