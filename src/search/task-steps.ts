import { terms } from './tokenize.js';

/** Verbs that start a step of their own after "and": "read the log and post it to #ops". */
const STEP_VERBS = 'post|send|open|create|save|write|share|email|commit|push|upload|put|add|fix|run|start|close|delete|remove|update|reply|comment';
/** An explicit sequence: "X, then Y", "X and then Y", "X; after that Y", "X and post Y". */
export const SEQUENCE = new RegExp(`,?\\s+(?:and\\s+)?then\\s+|,?\\s+after\\s+that\\s+|\\s+and\\s+(?=(?:${STEP_VERBS})\\b)`, 'i');
/** Where a task may turn to its next step: a sequence, a sentence end, or ", and". */
const STEP_BREAK = new RegExp(`${SEQUENCE.source}|\\s*[;.!?]\\s+|,\\s+and\\s+`, 'i');

/** The steps of a task, when it has several that each say something (two or more content words). */
export function taskSteps(task: string): string[] {
  const parts = task.split(STEP_BREAK).map((p) => p.trim()).filter((p) => terms(p).length >= 2);
  return parts.length > 1 ? parts : [];
}

