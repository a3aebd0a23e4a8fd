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
 * Whether a tool whose name has these words does the opposite of what the task asks: its name has
 * a verb whose opposite the task asks for (written or as a synonym), and the task nowhere asks for the verb itself.
 */
export function opposesTask(nameTerms: readonly string[], task: ReadonlyMap<string, number>): boolean {
  for (const w of nameTerms) {
    const opposite = OPPOSITE.get(w);
    if (opposite !== undefined && task.has(opposite) && !task.has(w)) return true;
  }
  return false;
}
