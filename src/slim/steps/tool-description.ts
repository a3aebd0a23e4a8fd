import type { RawTool } from '../../catalog/types.js';
import { isJsonObject } from '../../schema/walk.js';
import { endsWithAbbreviation, LIST_ITEM, sentences, type Sentence } from '../../text/sentences.js';
import { escapeRegExp } from '../../util/regexp.js';
import type { Removal, SlimStep } from '../types.js';

/** Sentences that tell the model when to pick the tool (or not): worth their tokens on every request. */
const WHEN = /\b(use (this|it|when|for|if|only|instead)|useful (when|for)|when (you|the user) (need|want|ask)|do not use|don't use|prefer (this|it)|instead|deprecated)\b/i;

/**
 * Sentences that say what the tool gives back or what it is for ("Returns size, permissions…",
 * "Best for queries about places"): part of the what, and the words people pick a tool by.
 */
const WHAT = /^(returns?|outputs?|provides?|gives?|shows?|lists?|includes?)\b|\b(best|ideal|good|great|perfect|essential|suitable|designed|meant|intended) for\b/i;

/** The list that may follow a sentence ending in ":" is kept with it only while it is a short one. */
const MAX_LIST_ITEMS = 12;
const MAX_LIST_ITEM_CHARS = 120;

/** "- literalSearch: …", "* **path**: …", "1) `mode`: …": the parameter a bullet documents. */
const PARAMETER_BULLET = /^(?:[-*•]|\d+[.)])\s*(?:\*\*|`)?([\w.]+)(?:\*\*|`)?\s*:/;

/** Names of the tool's top-level parameters. */
function parameterNames(tool: RawTool): Set<string> {
  const schema = tool.inputSchema ?? tool.input_schema;
  const props = isJsonObject(schema) ? schema.properties : undefined;
  return new Set(isJsonObject(props) ? Object.keys(props) : []);
}

const documentsParameter = (text: string, params: ReadonlySet<string>): boolean => {
  const name = PARAMETER_BULLET.exec(text)?.[1];
  return name !== undefined && params.has(name);
};

/** A blank line after a sentence ends whatever list it is in. */
const blankLineAfter = (p: Sentence): boolean => /\n[ \t\r]*\n/.test(p.raw.slice(p.raw.trimEnd().length));

/**
 * The parts of a description as list structure: for each sentence, the index of the sentence
 * ending in ":" that introduces the list it belongs to (an item, or a sentence continuing one),
 * or -1. A list starts with an item right after its introduction and runs over items and the
 * sentences that continue them; after a blank line only another item continues it.
 */
function listIntros(parts: readonly Sentence[]): number[] {
  const intro = parts.map(() => -1);
  for (let i = 0; i < parts.length; i++) {
    if (!/:$/.test(parts[i]!.text) || !LIST_ITEM.test(parts[i + 1]?.text ?? '')) continue;
    let j = i + 1;
    for (; j < parts.length; j++) {
      if (!LIST_ITEM.test(parts[j]!.text) && blankLineAfter(parts[j - 1]!)) break;
      intro[j] = i;
    }
    i = j - 1;
  }
  return intro;
}

/**
 * Whether the list after `at` (a sentence ending in ":") is short enough to keep with it: at most
 * MAX_LIST_ITEMS items of at most MAX_LIST_ITEM_CHARS each, none of them documenting a parameter
 * (those belong to the parameter, and `max` moves parameter text to the manual).
 */
function shortList(parts: readonly Sentence[], intro: readonly number[], at: number, params: ReadonlySet<string>): number[] | undefined {
  const members = intro.flatMap((owner, j) => (owner === at ? [j] : []));
  if (members.length === 0) return undefined;
  const items: string[] = [];
  for (const j of members) {
    const text = parts[j]!.text;
    if (LIST_ITEM.test(text)) items.push(text);
    else items[items.length - 1] += ` ${text}`;
  }
  const fits = items.length <= MAX_LIST_ITEMS && items.every((t) => t.length <= MAX_LIST_ITEM_CHARS && !documentsParameter(t, params));
  return fits ? members : undefined;
}

/** A description cut to what the tool does and when to use it; the how moves to the manual. */
export const toolDescription: SlimStep = {
  id: 'tool-description',
  enabled: (p) => p.description !== 'keep',
  apply(tool, ctx) {
    if (typeof tool.description !== 'string') return { tool, removed: [] };
    const parts = sentences(tool.description);
    const intro = listIntros(parts);
    const params = parameterNames(tool);
    const keep = parts.map(() => false);
    const keepWithList = (i: number) => {
      keep[i] = true;
      if (/:$/.test(parts[i]!.text)) for (const j of shortList(parts, intro, i, params) ?? []) keep[j] = true;
    };
    // The first sentence; two when the first is a heading or a bare label ("Search."); and the short list the last of them introduces.
    const label = parts.length > 1 && (parts[0]!.text.startsWith('#') || parts[0]!.text.length < 12) && !/:$/.test(parts[0]!.text);
    keep[0] = true;
    keepWithList(label ? 1 : 0);
    if (ctx.policy.description === 'what-when') {
      // "use write_file with .docx": the tool naming itself as the one to use says when (not a generic name such as "query").
      const ownName = /[-_]|[a-z][A-Z]/.test(tool.name) ? new RegExp(`\\buse\\s+\`?${escapeRegExp(tool.name)}\\b`, 'i') : new RegExp(`\\buse\\s+\`${escapeRegExp(tool.name)}\``, 'i');
      parts.forEach((p, i) => {
        if (keep[i] || intro[i]! >= 0 || documentsParameter(p.text, params)) return;
        // A sentence ending in ":" introduces details (how); one that says what the tool gives back keeps its short list.
        if (WHAT.test(p.text)) keepWithList(i);
        else if (!/:$/.test(p.text) && (WHEN.test(p.text) || ownName.test(p.text))) keep[i] = true;
      });
    }
    if (keep.every(Boolean)) return { tool, removed: [] };
    // Kept sentences must split again exactly as they did (the fact check compares sentences): a line
    // break before a list item is a boundary, after . ! or ? (not an abbreviation's) a space is, otherwise
    // only a blank line is. A kept item that did not follow the sentence before it starts after a blank line,
    // so it does not read as part of another list.
    const kept = parts.flatMap((p, i) => (keep[i] ? [{ text: p.text, at: i }] : []));
    const joint = (a: { text: string; at: number }, b: { text: string; at: number }) =>
      LIST_ITEM.test(b.text) ? (b.at === a.at + 1 ? '\n' : '\n\n') : /[.!?]$/.test(a.text) && !endsWithAbbreviation(a.text) ? ' ' : '\n\n';
    const description = kept.map((k, i) => (i === kept.length - 1 ? k.text : `${k.text}${joint(k, kept[i + 1]!)}`)).join('');
    const removed: Removal[] = parts.filter((_, i) => !keep[i]).map((p) => ({ where: 'description', what: 'description', text: p.text }));
    return { tool: { ...tool, description }, removed };
  },
};
