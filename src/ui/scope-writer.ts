/**
 * The page's switches written to the scope files of the gateway config: each change atomic, the
 * gateway's rules reloaded at once, and a change followed by its reverse leaving the file as it
 * was, byte for byte (a file the change created is removed again).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { isDeepStrictEqual } from 'node:util';
import { SlimError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { loadGatewayConfig, possibleGatewayConfigLocations, toolDecision, type LoadGatewayConfigOptions } from '../gateway/config/index.js';
import type { Gateway } from '../gateway/gateway.js';
import { reloadRules } from '../gateway/rules-reload.js';
import { planToggle, reverses, targetPatterns, type ToggleRequest, type ToggleScope } from './toggle.js';

export interface ScopeFile {
  id: ToggleScope;
  label: string;
  file: string;
  exists: boolean;
}

/** The file each scope's switches go to; `folder` (the current folder's) only when it is below the project root. */
export function scopeFiles(opts: Pick<LoadGatewayConfigOptions, 'cwd' | 'home' | 'env'>): ScopeFile[] {
  const locations = possibleGatewayConfigLocations(opts);
  const file = (scope: string) => locations.filter((loc) => loc.scope === scope).at(-1)?.file;
  const project = file('project')!;
  const folder = file('folder');
  const files: Omit<ScopeFile, 'exists'>[] = [
    { id: 'user', label: 'User', file: file('user')! },
    { id: 'project', label: 'Project', file: project },
    ...(folder ? [{ id: 'folder' as const, label: 'This folder', file: folder }] : []),
    { id: 'agent', label: 'Agent (in the project file)', file: project },
  ];
  return files.map((f) => ({ ...f, exists: existsSync(f.file) }));
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SlimError('io', `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check its permissions`);
  }
}

/** The content as JSON data, `{}` for no file, to tell whether two texts say the same thing. */
const meaning = (text: string | null): unknown => (text === null ? {} : parseJsonc(text.replace(/^\uFEFF/, '')));

export interface ToggleOutcome {
  status: 200 | 400 | 409;
  body: { ok: true; file: string; changed: boolean; message: string } | { error: string };
}

export class ScopeWriter {
  /** Per file, each change of ours in order: what it replaced, what it wrote, and what asked for it. */
  private readonly history = new Map<string, { before: string | null; after: string; request: ToggleRequest }[]>();

  constructor(
    private readonly gateway: Gateway,
    /** How the gateway's config was loaded: the same files are read again. */
    private readonly load: LoadGatewayConfigOptions,
  ) {}

  scopes(): ScopeFile[] {
    return scopeFiles(this.load);
  }

  toggle(request: ToggleRequest): ToggleOutcome {
    const scope = this.scopes().find((s) => s.id === request.scope);
    if (!scope) return { status: 400, body: { error: `there is no ${request.scope} scope here; choose one of ${this.scopes().map((s) => s.id).join(', ')}` } };
    if (request.scope === 'agent' && !request.agent) return { status: 400, body: { error: 'the agent scope needs an agent name: choose or type one' } };
    const upstream = this.gateway.upstreams.get(request.target.server);
    if (!upstream) return { status: 400, body: { error: `no upstream is named ${request.target.server}` } };
    if (upstream.status !== 'ready' && (request.target.tool !== undefined || request.target.family !== undefined)) {
      return { status: 409, body: { error: `${upstream.name} is ${upstream.status}: its tools are not known now, so only the whole server can be switched` } };
    }
    const target = targetPatterns(request.target, upstream.tools);
    if ('error' in target) return { status: 409, body: { error: target.error } };
    const file = scope.file;
    const current = readOrNull(file);
    const agent = request.scope === 'agent' ? request.agent : undefined;
    const what = `${request.target.server}${request.target.tool ? `/${request.target.tool}` : request.target.family ? ` family ${request.target.family}` : ''}`;
    const message = `${what} ${request.enabled ? 'enabled' : 'disabled'} in the ${request.scope === 'agent' ? `agent ${agent}` : request.scope} scope (${file})`;
    const done = (content: string | null) => {
      this.put(file, content);
      reloadRules(this.gateway, this.load);
      return { status: 200 as const, body: { ok: true as const, file, changed: true, message } };
    };
    const stack = this.history.get(file) ?? [];
    // Edited by hand since our last change: that history no longer leads back to anything.
    if (stack.length && stack[stack.length - 1]!.after !== current) stack.length = 0;
    this.history.set(file, stack);
    const decide = (text: string) => {
      const config = loadGatewayConfig({ ...this.load, texts: new Map([[file, text.trim() ? text : null]]) });
      return toolDecision(config, agent);
    };
    const last = stack[stack.length - 1];
    // The reverse of the last switch gives back the bytes before it, whatever it had to write: a
    // family that was half on before it was switched off is half on again.
    if (last && reverses(last.request, request)) {
      stack.pop();
      return done(last.before);
    }
    const everyTool = [...this.gateway.upstreams.values()].flatMap((u) => u.tools.map((t) => ({ server: u.name, tool: t.name })));
    let plan;
    try {
      plan = planToggle(current ?? '', request, target.patterns, upstream.tools.length ? target.tools : [{ name: '*', inputSchema: { type: 'object' } }], everyTool, decide);
    } catch (error) {
      return { status: 409, body: { error: `${file} cannot be changed: ${(error as Error).message}` } };
    }
    if ('error' in plan) return { status: 409, body: plan };
    if (!plan.changed) return { status: 200, body: { ok: true, file, changed: false, message: `${what} was already ${request.enabled ? 'enabled' : 'disabled'} there` } };
    // A text that says what the file said before one of our earlier changes gets those very bytes back (or no file).
    const back = stack.findIndex((entry) => isDeepStrictEqual(meaning(plan.text), meaning(entry.before)));
    if (back !== -1) {
      const before = stack[back]!.before;
      stack.length = back;
      return done(before);
    }
    stack.push({ before: current, after: plan.text, request });
    return done(plan.text);
  }

  /** The file written atomically, or removed for null. */
  private put(file: string, content: string | null): void {
    if (content === null) return void rmSync(file, { force: true });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileAtomic(file, content);
  }
}
