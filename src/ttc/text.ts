/** Turning a free-form tool description into the short phrases TTC lines carry. */
import { oneLine } from './lexical.js';
import { baseForm, isAction } from '../text/verbs.js';

/** Abbreviations whose period does not end a sentence. */
const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|approx|incl|esp|cf|min|max|no|ca)|\b[A-Z])\.$/i;

/** Markdown and decoration that cost tokens without adding meaning to a one-line summary. */
function stripMarkup(text: string): string {
  return text
    .replace(/\*\*|__|^#+\s*/gm, '')
    .replace(/[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{FE0F}]/gu, '')
    .replace(/^\s*(?:[-*•]|\d+[.)])\s+/gm, '');
}

/** A short heading that names a section ("Purpose", "Error Responses", "Usage Guidance"), not an action ("List issues"). */
export function isLabel(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (words[0] === '') return true;
  return words.length <= 3 && !/[.!?]$/.test(text.trim()) && !isAction(baseForm(words[0]!.toLowerCase()));
}

/**
 * The first sentence: up to a period, `!` or `?` followed by whitespace, a blank line, or
 * a colon that opens a list. Descriptions are often long manuals; the first sentence is the what.
 */
export function firstSentence(description: string): string {
  const text = stripMarkup(description.trim());
  // Paragraphs and the separators after them: a colon before a line break opens a list or a section.
  const pieces = text.split(/(\n\s*\n|:\s*\n)/);
  const parts = pieces.filter((_, i) => i % 2 === 0);
  // "🎯 Purpose:", "Error Responses:": a label introduces what follows, and the first text after it is the what.
  const k = Math.max(0, parts.findIndex((p) => p.trim() !== '' && !isLabel(p)));
  let lines = (parts[k] ?? '').split('\n');
  // A label line at either end of the paragraph is not the what either: "Purpose" above the text, or
  // "…a user\nError Responses:" (a short last line that a colon ended).
  if (lines.length > 1 && isLabel(lines[0]!) && /^\s*[A-Z0-9]/.test(lines[1]!)) lines = lines.slice(1);
  if (lines.length > 1 && (pieces[2 * k + 1] ?? '').startsWith(':') && isLabel(lines[lines.length - 1]!)) lines = lines.slice(0, -1);
  const para = lines.join('\n');
  const re = /[.!?](?=\s|$)/g;
  for (let m = re.exec(para); m; m = re.exec(para)) {
    const head = para.slice(0, m.index + 1);
    if (!ABBREVIATIONS.test(head)) return oneLine(head);
  }
  return oneLine(para);
}

/** The PURPOSE text: the first sentence, without filler openings or the final period. */
export function purposeOf(description: string): string {
  return firstSentence(description)
    .replace(/^(?:this tool|this|use this tool to|tool to|a tool (?:to|for)|tool for)\s+/i, '')
    .replace(/(?:[\s.:;,]+|\s(?:including|such as|like|with|and|or|e\.g))+$/i, '');
}

/** `browser_take_screenshot`, `get-env`, `listItems` → lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** Plain lower-case words of a text, punctuation dropped, hyphens and apostrophes kept. */
export function textWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? [];
}
