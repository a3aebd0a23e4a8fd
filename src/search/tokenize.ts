import { stemmer } from 'stemmer';

/** Words that carry no choice between tools. Kept short on purpose: "list", "all", "new" do. */
const STOP = new Set(
  'a an the and or of to in on at for from by with as is are be been it its this that these those i me my we our you your he she they them their can could would should will shall may might do does did please want need like just some any so if then than into onto about over via using use used uses which what who whom whose how when where there here also only not no yes tool tools mcp server everything anything something nothing everyone anyone someone thing stuff right now currently current okay ok hey'.split(' '),
);

/** `readTextFile`, `read_text_file`, `read-text-file`, `mcp__fs__read` → read, text, file… */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const stemCache = new Map<string, string>();
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = word.length <= 3 || /\d/.test(word) ? word : stemmer(word);
    stemCache.set(word, s);
  }
  return s;
}

/** Index and query terms: words, stop words out, stemmed. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w))
    .map(stem);
}

export const isStopWord = (word: string): boolean => STOP.has(word);
