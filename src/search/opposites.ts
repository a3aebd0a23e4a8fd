/**
 * Verbs that undo each other. Sibling tools are often a pair ("show_actions" / "hide_actions",
 * "screencast_start" / "screencast_stop") described in the same words, so BM25 cannot tell them
 * apart; a task that asks for one side ("turn off the callouts") should not get the other.
 */
import { terms } from './tokenize.js';

const PAIRS: readonly (readonly [string, string])[] = [
  ['show', 'hide'],
  ['enable', 'disable'],
  ['start', 'stop'],
  ['begin', 'end'],
  ['open', 'close'],
  ['lock', 'unlock'],
  ['mute', 'unmute'],
  ['follow', 'unfollow'],
  ['subscribe', 'unsubscribe'],
  ['pin', 'unpin'],
  ['install', 'uninstall'],
  ['attach', 'detach'],
  ['connect', 'disconnect'],
  ['archive', 'unarchive'],
  ['expand', 'collapse'],
  ['block', 'unblock'],
  ['star', 'unstar'],
  ['watch', 'unwatch'],
  ['encrypt', 'decrypt'],
  ['encode', 'decode'],
  ['compress', 'decompress'],
  ['zip', 'unzip'],
  ['upload', 'download'],
  ['import', 'export'],
  ['increase', 'decrease'],
  ['maximize', 'minimize'],
  ['undo', 'redo'],
];

/** Each verb's stem → the stem of the verb that undoes it. */
const OPPOSITE = new Map<string, string>();
for (const [a, b] of PAIRS) {
  const [sa, sb] = [terms(a)[0]!, terms(b)[0]!];
  OPPOSITE.set(sa, sb);
  OPPOSITE.set(sb, sa);
}

/**
 * The verbs a task asks against: the opposites of what it asks for (written or as a synonym) that it
 * nowhere asks for itself. Worked out once per task; most tasks have none.
 */
export function opposedVerbs(task: ReadonlyMap<string, number>): Set<string> {
  const out = new Set<string>();
  for (const t of task.keys()) {
    const opposite = OPPOSITE.get(t);
    if (opposite !== undefined && !task.has(opposite)) out.add(opposite);
  }
  return out;
}

/** Whether a tool whose name has these words does what the task asks against (opposedVerbs). */
export const opposesTask = (nameTerms: readonly string[], opposed: ReadonlySet<string>): boolean => opposed.size > 0 && nameTerms.some((w) => opposed.has(w));
