/**
 * Whether a task asks to look at something or to change something, and whether a tool reads or
 * writes. A task that only asks ("show me the comments on PR 64") should not get the tool that
 * writes the same things (create_pull_request_review) first, and the other way round.
 */
import type { RawTool } from '../catalog/types.js';
import { isJsonObject } from '../schema/walk.js';
import { normalizeTask, QUOTED } from './query.js';
import { words } from './tokenize.js';

export type Mode = 'read' | 'write';

const READ_VERBS = new Set('get list read show view see look find search fetch describe query inspect display count lookup browse retrieve check'.split(' '));
const WRITE_VERBS = new Set(
  'create add make post send reply write save update edit change set modify delete remove drop close merge push commit upload rename move copy insert put fork approve assign label archive publish submit store record remember forget invite kick ban'.split(' '),
);
/** Words before the verb that do not change what is asked: "please", "can you", "go ahead and". */
const PREAMBLE = /^(?:(?:please|pls|kindly|now|then|also|just|quickly|ok|okay|so|hey|first|next|finally|and|can you|could you|would you|will you|tell me|i want to|i'd like to|i would like to|i need to|i need you to|let's|lets|go ahead and|help me|try to)\s+)+/i;
const QUESTION_WORD = /^(?:what|what's|which|who|whom|whose|where|where's|when|why|how|is|are|was|were|any)\b/i;
/** "do", "does", "did", "has", "have" open a question only when it ends like one: "do a force push" is an order. */
const AUXILIARY = /^(?:does|do|did|has|have)\b/i;
/** Where a clause starts: after a sentence end, a comma, "and", "then". */
const CLAUSE = /[.;!?]\s+|,\s+(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+/i;

/**
 * What a task asks, read from how its clauses open: a question or a reading verb asks to look, a
 * writing verb asks to change; a task whose clauses ask both has no single mode. Only openings
 * count: in "what changed in the last commit?" the noun "commit" is not a request to commit, and
 * in "who posted that?" the past is not an order.
 */
export function taskMode(task: string): Mode | undefined {
  const text = normalizeTask(task).replace(QUOTED, ' ').trim();
  const question = text.endsWith('?');
  const modes = new Set<Mode>();
  for (const clause of text.split(CLAUSE)) {
    const opening = clause.trim().replace(PREAMBLE, '');
    const verb = words(opening)[0];
    if (QUESTION_WORD.test(opening) || (question && AUXILIARY.test(opening))) modes.add('read');
    else if (verb && WRITE_VERBS.has(verb)) modes.add('write');
    else if (verb && READ_VERBS.has(verb)) modes.add('read');
  }
  // "find the duplicates and delete them" asks for both: neither kind of tool is set back.
  if (modes.size === 1) return [...modes][0];
  return modes.size === 0 && question ? 'read' : undefined;
}

/** The tool's first verb in its name decides; the MCP readOnlyHint annotation decides when the name has none. */
export function toolMode(tool: RawTool): Mode | undefined {
  for (const w of words(tool.name)) {
    if (WRITE_VERBS.has(w)) return 'write';
    if (READ_VERBS.has(w)) return 'read';
  }
  const hint = isJsonObject(tool.annotations) ? tool.annotations.readOnlyHint : undefined;
  return hint === true ? 'read' : hint === false ? 'write' : undefined;
}
