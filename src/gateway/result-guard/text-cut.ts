/**
 * Cutting text at a clean boundary within a token budget (between JSON elements, else at a
 * paragraph, line, sentence or word break, else between graphemes), and counting o200k tokens
 * fast enough for huge results.
 */
import { countTokens, decodeO200k as decode, encodeO200k as encode } from '../../cost/tokenizer.js';
import { describeJson, lastAtOrBefore, type JsonBoundary } from './json-boundaries.js';

interface Cut {
  end: number;
  /** What the kept JSON is, when the cut fell between elements or members. */
  json?: string;
}

/**
 * The end of the longest clean chunk of `text` from `start` within `budget` o200k tokens: between
 * JSON elements when `json` is given, else after the last paragraph break, line break, sentence
 * end or whitespace. A boundary is only taken when it keeps at least half of what fits, so one
 * early blank line never throws away most of the budget; failing that, a hard cut between
 * graphemes (never inside a surrogate pair or an emoji sequence).
 */
export function cutText(text: string, start: number, budget: number, json?: JsonBoundary[]): Cut {
  for (let attempt = 0, room = budget; attempt < 6; attempt++) {
    const fit = fitEnd(text, start, room);
    if (fit >= text.length) return { end: text.length };
    const cut = cleanEnd(text, start, fit, json);
    const used = tokensOf(text.slice(start, cut.end));
    // BPE of a prefix can differ from the prefix of the BPE by a token or two at the end.
    if (used <= budget) return cut;
    room -= used - budget + 1;
  }
  return { end: start };
}

/** Largest end such that text[start, end) encodes in about `budget` tokens (checked by the caller). */
function fitEnd(text: string, start: number, budget: number): number {
  if (budget <= 0) return start;
  // Bound the work on huge texts: o200k tokens average far fewer characters than this.
  const windowEnd = Math.min(text.length, start + budget * 32);
  let pos = start;
  let left = budget;
  for (const piece of chunked(pieces(text.slice(start, windowEnd)))) {
    const tokens = encode(piece);
    if (tokens.length <= left) {
      left -= tokens.length;
      pos += piece.length;
      continue;
    }
    const prefix = decode(tokens.slice(0, left));
    // A token boundary inside a multi-byte character decodes to U+FFFD: keep only what matches.
    let n = 0;
    if (piece.startsWith(prefix)) n = prefix.length;
    else while (n < prefix.length && prefix.charCodeAt(n) === piece.charCodeAt(n)) n++;
    return surrogateFloor(text, pos + n);
  }
  return windowEnd;
}

/** Encoding stops soon after the budget: a long piece is encoded in chunks of about this many characters. */
const CHUNK = 16 * 1024;

/**
 * A piece longer than CHUNK in chunks that end after whitespace, so the window of 32 characters
 * a token is not encoded whole for a budget it passes early (a 25k-token page encoded 800k
 * characters). A chunk edge can shift a token; cutText checks the count of what it keeps.
 */
function* chunked(source: Iterable<string>): Generator<string> {
  for (const piece of source) {
    let from = 0;
    while (piece.length - from > CHUNK) {
      const space = piece.lastIndexOf(' ', from + CHUNK);
      const end = space > from + CHUNK / 2 ? space + 1 : surrogateFloor(piece, from + CHUNK);
      yield piece.slice(from, end);
      from = end;
    }
    yield from === 0 ? piece : piece.slice(from);
  }
}

/**
 * BPE is quadratic in the length of one pre-token, and a run of letters or of symbols (emoji)
 * with no break is one pre-token: 200 KB of it takes seconds to count. Such runs are counted in
 * pieces, which can add a token per piece; everything else is counted exactly.
 */
// Whitespace runs are one pre-token too (50k spaces took 10 s to count, 200k took two minutes).
// A match may only start where a run starts: retried inside a run, each try scans to its end
// (3 s per MB of 1,020-character runs).
const GIANT_RUN = /(?<![\p{L}\p{M}])[\p{L}\p{M}]{1024,}|(?<!\s)\s{1024,}|(?<![^\s\p{L}\p{N}])[^\s\p{L}\p{N}]{1024,}/gu;
const PIECE = 512;
/**
 * The run pattern is applied a slab at a time: on about 4 M two-byte letters in one run the
 * regular expression itself overflows the stack. A run across a slab boundary is found as two.
 */
const SLAB = 1 << 20;

/** Every run of 1,024 or more letters, spaces or symbols, as [start, end). */
function* giantRuns(text: string): Generator<[number, number]> {
  for (let from = 0; from < text.length; ) {
    const to = surrogateFloor(text, Math.min(text.length, from + SLAB));
    for (const m of text.slice(from, to).matchAll(GIANT_RUN)) yield [from + m.index, from + m.index + m[0].length];
    from = to > from ? to : from + SLAB;
  }
}

export function tokensOf(text: string): number {
  if (giantRuns(text).next().done) return countTokens(text, 'o200k_base');
  let sum = 0;
  for (const piece of pieces(text)) sum += countTokens(piece, 'o200k_base');
  return sum;
}

/**
 * Texts longer than this have their tokens estimated, not counted: counting runs at about a
 * million tokens a second on one core, and the gateway's other sessions wait while it does (a
 * 64 MB result took 40 s). The estimate is labelled wherever it is shown.
 */
export const EXACT_COUNT_CHARS = 4 * 1024 * 1024;
const SAMPLE_CHARS = 1024 * 1024;

export interface TokenMeasure {
  tokens: number;
  /** Extrapolated from an exact count of the first MB, because the text is over EXACT_COUNT_CHARS. */
  estimated: boolean;
}

/** o200k tokens of a text: exact up to EXACT_COUNT_CHARS, beyond it estimated from its first MB. */
export function measureTokens(text: string): TokenMeasure {
  if (text.length <= EXACT_COUNT_CHARS) return { tokens: tokensOf(text), estimated: false };
  const sample = text.slice(0, surrogateFloor(text, SAMPLE_CHARS));
  return { tokens: Math.round((tokensOf(sample) / sample.length) * text.length), estimated: true };
}

function* pieces(text: string): Generator<string> {
  let last = 0;
  for (const [start, end] of giantRuns(text)) {
    if (start > last) yield text.slice(last, start);
    for (let i = start; i < end; ) {
      let j = Math.min(end, i + PIECE);
      if (j < end) j = surrogateFloor(text, j);
      yield text.slice(i, j);
      i = j;
    }
    last = end;
  }
  if (last < text.length) yield text.slice(last);
}

const PROSE: readonly RegExp[] = [
  /(?:\r?\n[ \t]*){2,}/g, // paragraph break
  /\n/g, // line break
  /[.!?…]["'”’)\]]*\s+|[。！？]+/g, // sentence end (CJK sentence ends need no space)
  /\s+/g, // whitespace
];

function cleanEnd(text: string, start: number, fit: number, json?: JsonBoundary[]): Cut {
  const floor = start + Math.ceil((fit - start) / 2);
  if (json) {
    let best: JsonBoundary | undefined;
    for (let i = lastAtOrBefore(json, fit); i >= 0 && json[i]!.pos >= floor; i--) {
      if (!best || json[i]!.depth < best.depth) best = json[i];
    }
    if (best) return { end: best.pos, json: describeJson(best) };
  }
  const window = text.slice(floor, fit);
  for (const pattern of PROSE) {
    let end = -1;
    for (const m of window.matchAll(pattern)) end = m.index + m[0].length;
    if (end > 0) return { end: floor + end };
  }
  return { end: graphemeFloor(text, fit, start) };
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

function surrogateFloor(text: string, pos: number): number {
  return pos > 0 && pos < text.length && isHigh(text.charCodeAt(pos - 1)) && isLow(text.charCodeAt(pos)) ? pos - 1 : pos;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function graphemeFloor(text: string, pos: number, floor: number): number {
  const from = Math.max(floor, pos - 64);
  let best = -1;
  for (const { index } of graphemes.segment(text.slice(from, Math.min(text.length, pos + 64)))) {
    if (from + index > pos) break;
    best = from + index;
  }
  // No boundary found nearby (a sequence longer than the window): at least keep pairs whole.
  return best > from ? best : surrogateFloor(text, pos);
}
