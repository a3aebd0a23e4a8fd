import type { ToolRule } from '../types.js';

/**
 * A tool the author's TTC sidecar (ttc.json) does not cover: its ERR contract is unknown and its
 * WHEN and TAGS are guessed from the name. Silent when lint runs without a sidecar: a server that
 * has not adopted TTC is not at fault for lacking one.
 */
export const ttcSidecarMissing: ToolRule<'ttc-sidecar-missing'> = {
  id: 'ttc-sidecar-missing',
  severity: 'info',
  title: 'tool missing from the TTC sidecar',
  docs: 'docs/rules/ttc-sidecar-missing.md',
  fixable: false,
  scope: 'tool',
  check: ({ tool, options }) =>
    options.sidecar && !(tool.name in options.sidecar.tools)
      ? [{ path: '', message: `no entry for "${tool.name}" in the TTC sidecar: its ERR codes are unknown and WHEN/TAGS are derived from the name; add purpose, when, err and tags` }]
      : [],
};
