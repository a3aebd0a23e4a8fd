import { countTokens as countO200k, decode as decodeO200kTokens, encode as encodeO200kText } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import type { EncodingName, Size } from './types.js';

// Tool text is data, not a prompt: a description that happens to contain `<|endoftext|>`
// must be counted as the ordinary text an API would tokenize, not rejected.
const ORDINARY = { disallowedSpecial: new Set<string>() };

const counters: Record<EncodingName, (text: string) => number> = {
  o200k_base: (text) => countO200k(text, ORDINARY),
  cl100k_base: (text) => countCl100k(text, ORDINARY),
};

/** o200k tokens of `text` (special-token text counted as ordinary text), and back: for cutting text at a token budget. */
export const encodeO200k = (text: string): number[] => encodeO200kText(text, ORDINARY);
export const decodeO200k = (tokens: readonly number[]): string => decodeO200kTokens(tokens);

/** Real BPE token count of `text` in `encoding`. */
export function countTokens(text: string, encoding: EncodingName): number {
  return counters[encoding](text);
}

/** The bytes/4 rule of thumb (seeds/000). An estimate: label it wherever it is shown. */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Bytes, real tokens in both encodings, and the labelled estimate of one text. */
export function sizeOf(text: string): Size {
  const bytes = byteLength(text);
  return {
    bytes,
    tokens: { o200k_base: counters.o200k_base(text), cl100k_base: counters.cl100k_base(text) },
    estimatedTokens: estimateTokens(bytes),
  };
}

export const ZERO_SIZE: Size = Object.freeze({
  bytes: 0,
  tokens: Object.freeze({ o200k_base: 0, cl100k_base: 0 }),
  estimatedTokens: 0,
}) as Size;

/** Sum sizes; the estimate is recomputed from the summed bytes so it stays bytes/4 of the total. */
export function addSizes(sizes: Iterable<Size>): Size {
  let bytes = 0;
  let o200k = 0;
  let cl100k = 0;
  for (const s of sizes) {
    bytes += s.bytes;
    o200k += s.tokens.o200k_base;
    cl100k += s.tokens.cl100k_base;
  }
  return { bytes, tokens: { o200k_base: o200k, cl100k_base: cl100k }, estimatedTokens: estimateTokens(bytes) };
}
