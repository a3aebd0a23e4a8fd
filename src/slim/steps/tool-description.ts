import { endsWithAbbreviation, sentences } from '../../text/sentences.js';
import type { RawTool } from '../../catalog/types.js';
import { isJsonObject } from '../../schema/walk.js';
import type { Removal, SlimStep } from '../types.js';

/** Sentences that tell the model when to pick the tool (or not): worth their tokens on every request. */
const WHEN = /\b(use (this|it|when|for|if|only|instead)|useful (when|for)|when (you|the user) (need|want|ask)|do not use|don't use|prefer (this|it)|instead|deprecated)\b/i;

/**
 * Sentences that say what the tool gives back or what it is for ("Returns size, permissions…",
 * "Best for queries about places"): part of the what, and the words people pick a tool by.
 */
const WHAT = /^(returns?|outputs?|provides?|gives?|shows?|lists?|includes?)\b|\b(best|ideal|good|great|perfect|essential|suitable|designed|meant|intended) for\b/i;

/** A list item: "- size", "* Text styling: …", "2) …". */
const LIST_ITEM = /^(?:[-*•]|\d+[.)])\s/;
/** The list that may follow a sentence ending in ":" is kept with it only while it is a short one. */
const MAX_LIST_ITEMS = 12;
const MAX_LIST_ITEM_CHARS = 120;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names of the tool's top-level parameters: "- literalSearch: …" documents one, it is not a when. */
function parameterNames(tool: RawTool): Set<string> {
  const props = isJsonObject(tool.inputSchema) ? tool.inputSchema.properties : undefined;
  return new Set(isJsonObject(props) ? Object.keys(props) : []);
}

/**
 * Whether a later sentence earns its place on every request: it says when (or when not) to pick
 * the tool, names the tool itself as the one to use ("To create a DOCX, use write_file"), or says
 * what the tool gives back. A sentence that ends in ":" introduces details (how), and one that
 * documents a parameter ("- literalSearch: use exact matching instead of regex") belongs to the
 * parameter, so neither is kept for its words.
 */
function isWhatOrWhen(text: string, ownName: RegExp, params: ReadonlySet<string>): boolean {
  if (/:$/.test(text)) return false;
  const param = /^[-*•]\s*`?([\w.]+)`?\s*:/.exec(text)?.[1];
  if (param !== undefined && params.has(param)) return false;
  return WHEN.test(text) || WHAT.test(text) || ownName.test(text);
}

/**
 * The first sentence, or two when the first is a heading or a bare label; and when the last of
 * them introduces a short list ("metadata including:"), the list, which is what it says.
 */
function leadCount(parts: readonly { text: string }[]): number {
  let count = parts.length > 1 && (parts[0]!.text.startsWith('#') || parts[0]!.text.length < 12) ? 2 : 1;
  if (!/:$/.test(parts[count - 1]?.text ?? '')) return count;
  let items = 0;
  while (count + items < parts.length && LIST_ITEM.test(parts[count + items]!.text)) items++;
  const list = parts.slice(count, count + items);
  return items > 0 && items <= MAX_LIST_ITEMS && list.every((p) => p.text.length <= MAX_LIST_ITEM_CHARS) ? count + items : count;
}

/** A description cut to what the tool does and when to use it; the how moves to the manual. */
export const toolDescription: SlimStep = {
  id: 'tool-description',
  enabled: (p) => p.description !== 'keep',
  apply(tool, ctx) {
    if (typeof tool.description !== 'string') return { tool, removed: [] };
    const parts = sentences(tool.description);
    const lead = leadCount(parts);
    // "use write_file with .docx": the tool naming itself as the one to use says when.
    const ownName = new RegExp(`\\buse\\s+\`?${escape(tool.name)}\\b`, 'i');
    const params = parameterNames(tool);
    const keep = parts.map((p, i) => i < lead || (ctx.policy.description === 'what-when' && isWhatOrWhen(p.text, ownName, params)));
    if (keep.every(Boolean)) return { tool, removed: [] };
    // Kept sentences must split again exactly as they did (the fact check compares sentences):
    const kept = parts.filter((_, i) => keep[i]).map((p) => p.text);
    // after one that does not end in . ! or ? only a blank line is sure to be a boundary, and a line break before a list item.
    const joint = (t: string, next: string) => (/[.!?]$/.test(t) && !endsWithAbbreviation(t) ? ' ' : LIST_ITEM.test(next) ? '\n' : '\n\n');
    const description = kept.map((t, i) => (i === kept.length - 1 ? t : `${t}${joint(t, kept[i + 1]!)}`)).join('');
    const removed: Removal[] = parts.filter((_, i) => !keep[i]).map((p) => ({ where: 'description', what: 'description', text: p.text }));
    return { tool: { ...tool, description }, removed };
  },
};
