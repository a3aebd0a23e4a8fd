/**
 * Values in a task are arguments: "which street address is at 48.8606, 2.3376?" hands over coordinates,
 * so reverse_geocode (which needs latitude and longitude) fits it better than geocode (which
 * finds them); "issue #88" hands over a number, so get_issue fits better than search_issues.
 * A tool's required parameters are read by name; the task's values by shape (query.ts).
 */
import type { RawTool } from '../catalog/types.js';
import { parameterNames } from '../schema/parameters.js';
import { isJsonObject } from '../schema/walk.js';
import type { ValueKind } from './query.js';
import { nameWords } from '../ttc/text.js';
import { terms } from './tokenize.js';

/**
 * Parameter names that take each kind of value. Paths are left out: a file name in a task is as
 * often what to write as what to read, and most file tools require a path, so it tells them apart
 * from nothing (it lowered "save the page as receipt_march.pdf").
 */
const PARAMETER_KINDS: readonly [ValueKind, RegExp][] = [
  ['coordinates', /^(?:lat|latitude|lng|lon|long|longitude)$/i],
  ['pixels', /^(?:x|y|(?:start|end|from|to)_?[xy])$/i],
  ['size', /^(?:width|height|w|h)$/i],
  ['key', /^(?:key|keys)$/i],
  ['code', /^(?:code|script|function|expression|js|javascript)$/i],
  ['sql', /^(?:sql|query|statement)$/i],
  ['time', /^(?:start|end|due|time|date|since|until|datetime|date_?time|time_?(?:min|max)|(?:start|end|due|from|to)_?(?:time|date|date_?time|at))$/i],
  // Each kind twice: a whole or snake_case name in any case (`url`, `page_URL`), and a camelCase
  // ending, case-sensitive so that `curl` and `gmail` do not end in a URL or a mail.
  ['url', /(?:^|_)(?:url|uri|href)$/i],
  ['url', /[a-z](?:Url|URL|Uri|URI|Href)$/],
  ['email', /(?:^|_)e?mail(?:_?address)?$|^recipients?$/i],
  ['email', /[a-z]E[mM]ail$|[a-z]Mail(?:Address)?$/],
  // The number of an issue, pull or merge request: what "#501" and "PR 42" hand over (not a page or line number).
  ['number', /^(?:issue|pull|pr|mr|merge_request|ticket)_?(?:number|num|iid|id)$|^(?:issueNumber|pullNumber|prNumber|mergeRequestIid)$|^iid$/i],
  ['channel', /(?:^|_)channel(?:_?(?:id|name))?$|[a-z]Channel(?:Id)?$/i],
];

/** The kinds of value a tool's parameters take, by their names: the required ones only, or all. */
export function parameterValueKinds(tool: RawTool, which: 'required' | 'all' = 'required'): Set<ValueKind> {
  const names = parameterNames(tool, which);
  return new Set(PARAMETER_KINDS.filter(([, name]) => names.some((r) => name.test(r))).map(([kind]) => kind));
}

/**
 * Words of parameter names that could take a file's path, required or not (`csvFilePath`,
 * `outputDir`, `workspaceRoot`, a `command` that names files). Not a value kind that lifts (see
 * PARAMETER_KINDS): a tool with none of them is only set back when a task hands over a path.
 */
const PATH_WORDS: ReadonlySet<string> = new Set(
  'path paths file files filename filenames filepath dir dirs directory folder source sources src destination dest target location uri url output input cwd root command cmd'.split(' '),
);

/**
 * Whether the tool could take a path: yes, no, or unknown when its schema says nothing of its
 * parameters (server-gitlab publishes `{"$schema": …}` alone for tools that do take paths). A
 * schema with `properties: {}` says the tool takes nothing. Parameters nested one level in an
 * object (`params.workspaceRoot`) count.
 */
export function holdsPath(tool: RawTool): boolean | undefined {
  const schema = tool.inputSchema ?? tool.input_schema;
  const properties = isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : undefined;
  if (!properties) return undefined;
  const names = Object.entries(properties).flatMap(([name, p]) => [name, ...(isJsonObject(p) && isJsonObject(p.properties) ? Object.keys(p.properties) : [])]);
  // Whole words of the name (`csvFilePath` → csv, file, path): "deSt" inside includeStackTraces is no path.
  return names.some((name) => nameWords(name).some((w) => PATH_WORDS.has(w)));
}

/** How identifiers shorten the thing they name (`msgid`, `reqid`, `repo_id`). */
const ABBREVIATED: Record<string, string> = { msg: 'message', req: 'request', repo: 'repository', doc: 'document', org: 'organization', env: 'environment', proj: 'project', ws: 'workspace', pg: 'page', usr: 'user', evt: 'event', txn: 'transaction', img: 'image', pr: 'pull request', mr: 'merge request' };

/** The kinds of thing a tool's required identifiers name: `commentId` → comment, `issue_number` → issue, `place_id` → place. */
export function identifiedObjects(tool: RawTool): Set<string> {
  const out = new Set<string>();
  for (const r of parameterNames(tool, 'required')) {
    const m = /^(.+)[_-]?(?:id|ids|key|number|num|iid|uuid|gid)$/i.exec(r.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
    const thing = m?.[1]!.replace(/[_-]+$/, '').toLowerCase() ?? '';
    if (thing.length >= 3 || ABBREVIATED[thing]) for (const t of terms(ABBREVIATED[thing] ?? thing)) out.add(t);
  }
  return out;
}
