import { SlimError } from '../../errors.js';
import { closest } from '../../util/closest.js';
import { TOP_EXAMPLES } from './keys.js';
import type { GroupRef } from './layer.js';

const unique = (list: readonly string[]): string[] => [...new Set(list)];

/**
 * Expands `@name` in pattern lists, groups within groups included. `refs` (every `@name` the files
 * wrote, with where) make an unknown group or a loop an error that points at the file and key.
 */
export function groupExpander(groups: Readonly<Record<string, readonly string[]>>, refs: readonly GroupRef[] = []): (patterns: readonly string[]) => string[] {
  for (const ref of refs) {
    if (Object.hasOwn(groups, ref.group)) continue;
    const guess = closest(ref.group, Object.keys(groups));
    const hint = guess ? `did you mean "@${guess}"?` : `define it under "groups"`;
    throw new SlimError('config', `${ref.at}: "${ref.key}" names the group "@${ref.group}", which no config file defines; ${hint}; for example ${TOP_EXAMPLES.groups}`);
  }
  const done = new Map<string, string[]>();
  const expandGroup = (name: string, trail: readonly string[]): string[] => {
    const cached = done.get(name);
    if (cached) return cached;
    if (trail.includes(name)) {
      const loop = [...trail.slice(trail.indexOf(name)), name].map((g) => `@${g}`).join(' → ');
      const last = trail[trail.length - 1]!;
      const ref = [...refs].reverse().find((r) => r.group === name && r.key.startsWith(`groups.${last}[`));
      throw new SlimError('config', `${ref?.at ?? 'config'}: "groups.${last}" makes a loop (${loop}); a group cannot contain itself, remove one of these references`);
    }
    const members = groups[name];
    if (!members) {
      const guess = closest(name, Object.keys(groups));
      throw new SlimError('config', `config: the group "@${name}" is not defined${guess ? `; did you mean "@${guess}"?` : ''}; for example ${TOP_EXAMPLES.groups}`);
    }
    const out = unique(members.flatMap((p) => (p.startsWith('@') ? expandGroup(p.slice(1), [...trail, name]) : [p])));
    done.set(name, out);
    return out;
  };
  return (patterns) => unique(patterns.flatMap((p) => (p.startsWith('@') ? expandGroup(p.slice(1), []) : [p])));
}
