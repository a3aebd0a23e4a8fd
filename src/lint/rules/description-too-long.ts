import { formatInt } from '../../util/format.js';
import { sentences } from '../../text/sentences.js';
import type { ToolRule } from '../types.js';

/**
 * A tool description is read on every request to choose a tool: it should say what the tool
 * does and when to use it, which takes about three sentences. Thresholds: --max-sentences,
 * --max-description-chars.
 */
export const descriptionTooLong: ToolRule<'description-too-long'> = {
  id: 'description-too-long',
  severity: 'warning',
  title: 'description longer than a few sentences',
  docs: 'docs/rules/description-too-long.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool, options }) => {
    const d = tool.description;
    if (typeof d !== 'string') return [];
    const count = sentences(d).filter((s) => s.text).length;
    const over = [
      count > options.maxSentences && `${count} sentences (max ${options.maxSentences})`,
      d.length > options.maxDescriptionChars && `${formatInt(d.length)} characters (max ${formatInt(options.maxDescriptionChars)})`,
    ].filter((x): x is string => typeof x === 'string');
    if (!over.length) return [];
    return [{ path: 'description', message: `description has ${over.join(' and ')}: keep what the tool does and when to use it; move the rest to a manual` }];
  },
};
