import { validateWhen } from '../../ttc/when.js';
import type { ToolRule } from '../types.js';

/** A sidecar WHEN outside seeds/002's normative form: selection triggers work best when they all read alike. */
export const ttcWhenVocabulary: ToolRule<'ttc-when-vocabulary'> = {
  id: 'ttc-when-vocabulary',
  severity: 'warning',
  title: 'TTC WHEN outside the normative vocabulary',
  docs: 'docs/rules/ttc-when-vocabulary.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool, options }) => {
    const when = options.sidecar?.tools[tool.name]?.when;
    if (when === undefined) return [];
    const check = validateWhen(when);
    return check.ok
      ? []
      : [{ path: `ttc.json tools.${tool.name}.when`, message: `WHEN "${when}" ${check.reason}; write it as: user (wants|requests|asks|needs|intends) to <action> <object>` }];
  },
};
