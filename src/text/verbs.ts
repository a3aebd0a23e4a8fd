/**
 * Just enough English for WHEN: which words are actions, and the base form of a
 * description's third-person opening ("Sends" → "send"). A lexicon, not a grammar: a word
 * missing here only means WHEN falls back to the tool name.
 */

const ACTIONS = new Set(
  `abort accept access add adjust aggregate allow analyze annotate append apply approve archive assign attach audit
  authenticate authorize back backup block book browse build calculate call cancel capture change check choose clean
  clear click clone close collect combine comment commit compare compile complete compose compress compute configure
  confirm connect convert copy count crawl create crop debug decode decrypt delete deploy describe detect diff disable
  disconnect discover dismiss display download drag draw drop duplicate echo edit emulate enable encode encrypt end
  enrich estimate evaluate execute expand explain export extract fetch fill filter find finish fix focus follow force fork
  format generate geocode get give go grant handle hide highlight hover import index inspect install interact invite
  invoke join kill label launch lint list load locate lock log login logout look make manage map mark measure merge
  migrate modify monitor move mute navigate notify observe open optimize order paginate parse pause perform pin ping
  plan play post predict press preview print provide process publish pull push put query queue read reboot record redo refresh
  register reject release reload remove rename render reopen reorder replace reply report request reset resize resolve
  restart restore resume retrieve return review revert revoke rotate run save scan schedule scrape scroll search
  select send set share show simulate sign solve sort split start stop store stream submit subscribe summarize
  swap switch sync tag take terminate test toggle trace track transcribe transfer transform translate trigger type undo
  unfollow uninstall unlock unpin unsubscribe update upgrade upload validate verify view visit wait watch write`.split(
    /\s+/,
  ),
);

/** Openings a description uses for "this tool gives you …": the caller's action is `get`. */
const GIVES = new Set(['return', 'provide']);

export function isAction(word: string): boolean {
  return ACTIONS.has(word);
}

/** `sends` → `send`, `searches` → `search`, `queries` → `query`; words already in base form stay. */
export function baseForm(word: string): string {
  const w = word.toLowerCase();
  if (ACTIONS.has(w)) return w;
  const candidates = [
    w.endsWith('ies') ? `${w.slice(0, -3)}y` : '',
    w.endsWith('es') ? w.slice(0, -2) : '',
    w.endsWith('s') ? w.slice(0, -1) : '',
  ];
  return candidates.find((c) => c !== '' && ACTIONS.has(c)) ?? w;
}

/** The verb a user would say: "Returns the sum" is what a user wants to `get`. */
export function userAction(verb: string): string {
  return GIVES.has(verb) ? 'get' : verb;
}

/** Words that are never the action or the whole object of a WHEN line. */
export const FUNCTION_WORDS = new Set(
  `a an the this that these those my your our their its it some any all each every no to for of in on at by with from
  into onto via and or but if then than as is are be was were`.split(/\s+/),
);
