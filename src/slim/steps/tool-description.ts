import { parameterNames } from '../../schema/parameters.js';
import { capabilityRunEnd } from '../../text/capability.js';
import { sentences, type Sentence } from '../../text/sentences.js';
import { escapeRegExp } from '../../util/regexp.js';
import { documentedParameter, isItem, joinKept, listIntros } from '../description-parts.js';
import { isGuardSentence, placeInDescription } from '../guard-sentences.js';
import type { Removal, SlimStep } from '../types.js';

/**
 * Sentences that tell the model when to pick the tool (or not): worth their tokens on every request.
 * "Use to…" and "… is used for…" only with the tool as subject: "This is used to track the code
 * block" (an id from a cut sentence) or "which you can use to check" say nothing of when. A label
 * that says to use or call it when ('USE searchType="content" WHEN:'), or "When (not) to use:",
 * introduces when-guidance, kept with its short list; "Throws an error when:" does not.
 */
const WHEN = /\b(use (this|it|when|for|if|only|instead)|useful (when|for)|when (you|the user) (need|want|ask)|do not use|don't use|prefer (this|it)|instead|deprecated)\b|^use to\b|^(?:it |this tool |the tool )?(?:can be |is )?used (?:to|for|when)\b|\band (?:it )?can be used (?:to|for|when)\b|^(?:#+\s*)?(?:only )?(?:use|call|invoke)\b[^.]*\bwhen:$|^(?:#+\s*)?when (?:not )?to use\b/i;

/** A list item that is itself a "when" ("- Use this instead of grep"): kept even when its list's introduction is not. */
const WHEN_ITEM = /^(?:[-*•]|\d+[.)])\s*(?:use (?:this|it|when|for|if|only|instead|to)|useful (?:when|for)|do not use|don't use|never use|prefer (?:this|it)|deprecated)\b/i;

/**
 * Sentences that say what the tool gives back or what it is for ("Returns size, permissions…",
 * "Best for queries about places"): part of the what, and the words people pick a tool by.
 */
const WHAT = /^(returns?|outputs?|provides?|gives?|shows?|lists?|includes?)\b|\b(best|ideal|good|great|perfect|essential|suitable|designed|meant|intended) for\b/i;
/** A sentence that opens in lower case is a continuation or code ("return new Response(…)"), not a statement of what. */
const saysWhat = (text: string): boolean => WHAT.test(text) && !/^[a-z]/.test(text);

/** The list that may follow a sentence is kept with it only while it is a short one. */
const MAX_LIST_ITEMS = 12;
const MAX_LIST_ITEM_CHARS = 120;

/** Text without Markdown emphasis, so "**Returns:**" reads as "Returns:". */
const plain = (text: string): string => text.replace(/\*\*|__/g, '');
const endsInColon = (text: string): boolean => /:$/.test(plain(text));
const documentsParameter = (text: string, params: ReadonlySet<string>): boolean => documentedParameter(text, params) !== undefined;

/**
 * The members of the list `at` introduces when it is short enough to keep with it: at most
 * MAX_LIST_ITEMS items of at most MAX_LIST_ITEM_CHARS each (an item with its continuations), none
 * documenting a parameter (those belong to the parameter, and `max` moves parameter text to the
 * manual). Undefined when there is no such list.
 */
function shortList(parts: readonly Sentence[], intro: readonly number[], at: number, params: ReadonlySet<string>): number[] | undefined {
  const members = intro.flatMap((owner, j) => (owner === at ? [j] : []));
  if (members.length === 0) return undefined;
  const items: string[] = [];
  for (const j of members) {
    const text = parts[j]!.text;
    if (isItem(text)) items.push(text);
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
    if (parts.length === 0) return { tool, removed: [] };
    const intro = listIntros(parts);
    const params = new Set(parameterNames(tool));
    const keep = parts.map(() => false);
    /** Keep a sentence and the short list it introduces; false (keeping nothing) when `needList` and there is none. */
    const keepWithList = (i: number, needList = false): boolean => {
      const list = shortList(parts, intro, i, params);
      if (!list && needList) return false;
      keep[i] = true;
      for (const j of list ?? []) keep[j] = true;
      return true;
    };
    /** A list item kept alone stands under its label when that is a short one ("🧭 Usage Guidance:"), so it does not read as the next item of a list above. */
    const keepLabelOf = (item: number): void => {
      const owner = intro[item]!;
      if (owner >= 0 && endsInColon(parts[owner]!.text) && parts[owner]!.text.length < 30) keep[owner] = true;
    };

    // The first sentence, with the short list it introduces. A heading or a bare label ("Search.")
    // says too little alone: the next sentence comes too, unless the label introduces a list.
    const first = parts[0]!.text;
    const short = first.startsWith('#') || first.length < 12 || (endsInColon(first) && first.length < 20);
    // A label that introduces a list is handled with its list below; one before prose ("🎯 Purpose:\nRetrieves…") takes the next sentence.
    const label = parts.length > 1 && short && (!endsInColon(first) || intro[1] !== 0);
    keepWithList(0);
    // The sentence after a label is kept only with its list when it introduces one ("# Search\n\nOptions:" alone says nothing).
    if (label && intro[1] !== 0) keepWithList(1, endsInColon(parts[1]!.text));
    // A bare label before a long list ("🎯 Purpose:", "Notes") says nothing alone: its first item (with what continues it) is the purpose.
    const opening = label && intro[1] !== 0 ? 1 : 0;
    const bare = label || (endsInColon(parts[opening]!.text) && parts[opening]!.text.length < 20);
    if (bare && keep[opening] && !keep[opening + 1] && intro[opening + 1] === opening) {
      for (let j = opening + 1; j < parts.length && intro[j] === opening && (j === opening + 1 || !isItem(parts[j]!.text)); j++) keep[j] = true;
    }

    if (ctx.policy.description === 'what-when') {
      // The opening paragraph's further capabilities ("Read contents from files and URLs. Read PDF
      // files and extract content as markdown."): the sentences right after the first, on its
      // paragraph, that say more the tool does. They are the what, and the words tools are found by.
      const end = capabilityRunEnd(parts);
      for (let i = 1; i < end && keep[i - 1] && intro[i] === -1; i++) if (!keepWithList(i, endsInColon(parts[i]!.text))) break;
      // "use write_file with .docx": the tool naming itself as the one to use says when (not a generic name such as "query").
      const ownName = /[-_]|[a-z][A-Z]/.test(tool.name) ? new RegExp(`\\buse\\s+\`?${escapeRegExp(tool.name)}\\b`, 'i') : new RegExp(`\\buse\\s+\`${escapeRegExp(tool.name)}\``, 'i');
      // Decisions about a list's introduction read the lead's choices, not the labels this loop adds.
      const kept = [...keep];
      parts.forEach((p, i) => {
        if (keep[i] || documentsParameter(p.text, params)) return;
        const text = plain(p.text);
        if (intro[i]! >= 0) {
          // A member of a list whose introduction was not kept: only an item that is itself a "when" stands alone.
          if (!kept[intro[i]!] && WHEN_ITEM.test(text)) {
            keep[i] = true;
            keepLabelOf(i);
          }
          return;
        }
        const keeps = saysWhat(text) || WHEN.test(text) || ownName.test(text);
        // A sentence ending in ":" introduces what follows: it is kept only with the short list it introduces.
        if (keeps) keepWithList(i, endsInColon(p.text));
      });
    }
    // Guard sentences stay under every policy (guard-sentences.ts): a warning is needed before the call,
    // not in a manual read after it. One that introduces a list keeps the whole list, which is its content.
    parts.forEach((p, i) => {
      if (keep[i] || !isGuardSentence(p.text, placeInDescription(p.text, params))) return;
      keep[i] = true;
      intro.forEach((owner, j) => {
        if (owner === i) keep[j] = true;
      });
      keepLabelOf(i);
    });
    if (keep.every(Boolean)) return { tool, removed: [] };
    const description = joinKept(parts, keep, intro);
    if (description === undefined) return { tool, removed: [] };
    const removed: Removal[] = parts.filter((_, i) => !keep[i]).map((p) => ({ where: 'description', what: 'description', text: p.text }));
    return { tool: { ...tool, description }, removed };
  },
};
