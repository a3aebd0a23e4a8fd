import { createHash } from 'node:crypto';

/**
 * How upstream tools are named to the client: `<server>__<tool>`, the scheme Claude Code and
 * Codex use after their own `mcp__<gateway>__` prefix. Names are limited to [A-Za-z0-9_-] and 64
 * characters (OpenAI's and Gemini's limits); a name that had to be changed, cut or that collides
 * gets a 6-hex suffix from a hash of the original, so it is stable across restarts.
 */
export const SEPARATOR = '__';
const MAX = 64;

const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');
const suffix = (s: string) => createHash('sha1').update(s).digest('hex').slice(0, 6);

export class ToolNames {
  private readonly toPublic = new Map<string, string>();
  private readonly toUpstream = new Map<string, { server: string; tool: string }>();

  /** The public name of an upstream tool (assigned on first sight, then stable). */
  publicName(server: string, tool: string): string {
    const key = `${server}\u0000${tool}`;
    const known = this.toPublic.get(key);
    if (known) return known;
    const plain = `${server}${SEPARATOR}${tool}`;
    let name = clean(plain);
    // A server name holding the separator could read as another server's tool (`a__b`+`c` vs
    // `a`+`b__c`): such names always get the suffix, so which upstream came first never matters.
    if (name !== plain || name.length > MAX || server.includes(SEPARATOR) || this.toUpstream.has(name)) {
      const tag = `_${suffix(key)}`;
      name = name.slice(0, MAX - tag.length) + tag;
    }
    this.toPublic.set(key, name);
    this.toUpstream.set(name, { server, tool });
    return name;
  }

  /** The upstream tool behind a public name, if any. */
  resolve(name: string): { server: string; tool: string } | undefined {
    return this.toUpstream.get(name);
  }
}
