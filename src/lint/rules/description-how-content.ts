import { parameterNames } from '../../schema/parameters.js';
import { descriptionGuards } from '../../slim/guard-sentences.js';
import { sentences } from '../../text/sentences.js';
import type { ToolRule } from '../types.js';

/**
 * "How" content: what a caller needs once it has chosen the tool (examples, defaults, rules,
 * warnings, long lists, code). In a description the model pays for it on every request, for
 * every tool; in a manual (a resource, a prompt, a `help` tool or the docs) it pays once, when needed.
 */
interface Kind {
  label: string;
  test: (text: string) => boolean;
}

const MIN_LIST_ITEMS = 5;
const LIST_ITEM = /^[ \t]*(?:[-*•]|\d+[.)])[ \t]+\S/gm;

export const HOW_KINDS: readonly Kind[] = [
  // A labelled example or usage section; one passing "e.g." inside a sentence is explanation, not a manual.
  { label: 'examples', test: (t) => /\b(?:examples?|usage)\s*:|^\s*#+\s*examples?\b/im.test(t) || (t.match(/\be\.g\.|\bfor (?:example|instance)\b/gi)?.length ?? 0) >= 2 },
  { label: 'defaults', test: (t) => /\bdefaults?\s+(?:to|is|are|value)\b|\(default\b|\bdefault\s*:|\bby default\b/i.test(t) },
  { label: 'rules and warnings', test: (t) => /\b(?:IMPORTANT|WARNING|CRITICAL|CAUTION|NEVER|ALWAYS|MUST|DO NOT)\b|^\s*(?:note|warning|important|tip|caution)s?\s*:/m.test(t) },
  { label: 'parameter docs', test: (t) => /^\s*#*\s*(?:parameters|params|arguments|args|options)\s*:?\s*$/im.test(t) },
  { label: `a list of ${MIN_LIST_ITEMS}+ items`, test: (t) => (t.match(LIST_ITEM)?.length ?? 0) >= MIN_LIST_ITEMS },
  // A fence, or inline code that is a command or an expression rather than a name (`path` is fine).
  { label: 'code', test: (t) => t.includes('```') || /`[^`\n]*[\s(){}=][^`\n]*`/.test(t) },
];

export const descriptionHowContent: ToolRule<'description-how-content'> = {
  id: 'description-how-content',
  severity: 'warning',
  title: 'how-to content in a description',
  docs: 'docs/rules/description-how-content.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool }) => {
    const d = tool.description;
    if (typeof d !== 'string') return [];
    // Guard sentences (a warning of what cannot be undone, when not to use the tool) must stay in the
    // description, whatever words they use: the kinds are looked for in the rest.
    const guards = new Set(descriptionGuards(d, new Set(parameterNames(tool))).map((g) => g.text));
    const rest = guards.size ? sentences(d).filter((s) => !guards.has(s.text)).map((s) => s.raw).join('') : d;
    const found = HOW_KINDS.filter((k) => k.test(rest)).map((k) => k.label);
    if (!found.length) return [];
    return [{ path: 'description', message: `description holds how-to content (${found.join(', ')}) that costs tokens on every request; move it to a manual (keep its warnings and when-not-to-use sentences)` }];
  },
};
