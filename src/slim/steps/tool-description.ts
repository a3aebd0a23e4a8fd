import { sentences } from '../../text/sentences.js';
import type { Removal, SlimStep } from '../types.js';

/** Sentences that tell the model when to pick the tool (or not): worth their tokens on every request. */
const WHEN = /\b(use (this|it|when|for|if|only|instead)|useful (when|for)|when (you|the user) (need|want|ask)|do not use|don't use|prefer (this|it)|instead|deprecated)\b/i;

/**
 * Sentences that say what the tool gives back or what it is for ("Returns size, permissions…",
 * "Best for queries about places"): part of the what, and the words people pick a tool by.
 */
const WHAT = /^(returns?|outputs?|provides?|gives?|shows?|lists?|includes?)\b|\b(best|ideal|good|great|perfect|essential|suitable|designed|meant|intended) for\b/i;

/** A description cut to what the tool does and when to use it; the how moves to the manual. */
export const toolDescription: SlimStep = {
  id: 'tool-description',
  enabled: (p) => p.description !== 'keep',
  apply(tool, ctx) {
    if (typeof tool.description !== 'string') return { tool, removed: [] };
    const parts = sentences(tool.description);
    // A heading or a bare label ("Search.") says too little to stand alone: keep the next sentence too.
    const firstCount = parts.length > 1 && (parts[0]!.text.startsWith('#') || parts[0]!.text.length < 12) ? 2 : 1;
    const keep = parts.map((p, i) => i < firstCount || (ctx.policy.description === 'what-when' && (WHEN.test(p.text) || WHAT.test(p.text))));
    if (keep.every(Boolean)) return { tool, removed: [] };
    // Kept sentences must split again exactly as they did (the fact check compares sentences):
    // after one that does not end in . ! or ? only a blank line is sure to be a boundary.
    const kept = parts.filter((_, i) => keep[i]).map((p) => p.text);
    const description = kept.map((t, i) => (i === kept.length - 1 ? t : `${t}${/[.!?]$/.test(t) ? ' ' : '\n\n'}`)).join('');
    const removed: Removal[] = parts.filter((_, i) => !keep[i]).map((p) => ({ where: 'description', what: 'description', text: p.text }));
    return { tool: { ...tool, description }, removed };
  },
};
