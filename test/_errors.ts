import assert from 'node:assert/strict';
import { SlimError } from '../src/errors.js';

/** The SlimError a call throws: a config error, on one line, so its message can be checked. */
export function configErrorOf(fn: () => unknown): SlimError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof SlimError, `expected a SlimError, got ${String(error)}`);
    assert.equal(error.code, 'config');
    assert.doesNotMatch(error.message, /\n/, 'one line');
    return error;
  }
  assert.fail('expected a config error');
}
