/**
 * Secrets out of everything mcp-slim prints or saves: URLs, a stdio server's arguments, and free
 * text (failure messages, stderr tails). Only the secret is replaced, by `***`; the flag, the
 * parameter name, the auth scheme stay, so the output still says what was passed.
 *
 * Each detector finds the spans of secrets on its own and the spans are merged before anything
 * is replaced, so no detector ever reads another's output and their order does not matter.
 * What counts as a secret is data, in redact-rules.ts. Pure: no Node-only imports.
 */
import { NOT_SECRET_WORDS, RANDOM_RUN, SECRET_INNER_WORDS, SECRET_LAST_WORDS, SECRET_SHAPES } from './redact-rules.js';

export const REDACTED = '***';

/** [start, end) of a secret in the text a detector was given. */
type Span = readonly [number, number];
type Detector = (text: string) => Span[];

const LAST = new Set(Object.keys(SECRET_LAST_WORDS));
const INNER = Object.keys(SECRET_INNER_WORDS);
const NOT = new Set(Object.keys(NOT_SECRET_WORDS));

/** `--api-key`, `client_secret`, `X-Amz-Signature`, `PGPASSWORD`: a name whose value is a secret. */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words[words.length - 1];
  if (last === undefined || words.some((w) => NOT.has(w))) return false;
  return LAST.has(last) || words.some((w) => INNER.some((inner) => w.includes(inner)));
}

/** `$TOKEN`, `${API_KEY}`, `${env:X}`, `{env:X}`: a reference to a secret, not the secret; worth showing. */
const isReference = (value: string): boolean => /^(?:\$\{[^}\s]+\}|\$[A-Za-z_]\w*|\{(?:env|file):[^}\s]+\})$/.test(value);

/** `token`, `Required`: a plain word after `Bearer` or a flag in prose is a word, not a credential. */
const isWord = (value: string): boolean => /^[A-Za-z][a-z]*$/.test(value);

function merge(text: string, spans: readonly Span[]): string {
  const sorted = spans.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    if (start < at) {
      at = end; // overlaps the secret just written: one *** for both
      continue;
    }
    out += text.slice(at, start) + REDACTED;
    at = end;
  }
  return out + text.slice(at);
}

const shift = (spans: readonly Span[], by: number): Span[] => spans.map(([s, e]) => [s + by, e + by] as const);

/** Each regexp's group `secret` (or the whole match) where `keep` says so; regexps need the `d` and `g` flags. */
function groupSpans(text: string, pattern: RegExp, keep: (m: RegExpExecArray) => boolean = () => true): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(pattern)) {
    const at = m.indices?.groups?.secret ?? m.indices?.[0];
    if (at && keep(m)) spans.push([at[0], at[1]]);
  }
  return spans;
}

// --- Values: what gives a secret away wherever it stands ---

const shapes: Detector = (text) =>
  SECRET_SHAPES.flatMap((rule) => Array.from(text.matchAll(rule.pattern)).filter((m) => !rule.accept || rule.accept(m[0])).map((m) => [m.index, m.index + m[0].length] as const));

function looksRandom(run: string): boolean {
  let switches = 0;
  for (let i = 1; i < run.length; i++) if (/\d/.test(run[i]!) !== /\d/.test(run[i - 1]!)) switches++;
  return switches >= RANDOM_RUN.minDigitLetterSwitches;
}

const randomRuns: Detector = (text) =>
  Array.from(text.matchAll(new RegExp(`[A-Za-z0-9]{${RANDOM_RUN.minLength},}`, 'g')))
    .filter((m) => looksRandom(m[0]))
    .map((m) => [m.index, m.index + m[0].length] as const);

const valueSpans: Detector = (text) => [...shapes(text), ...randomRuns(text)];

// --- URLs ---

const URL_PARTS = /^(?<scheme>[a-zA-Z][a-zA-Z0-9+.-]*:\/\/)(?:(?<userinfo>[^/?#\s]*)@)?(?<host>[^/?#@\s]*)(?<path>[^?#\s]*)(?:\?(?<query>[^#\s]*))?(?:#(?<fragment>\S*))?/d;

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** `a=1&api_key=x`: values of secret-named parameters, and values that look like secrets. */
function paramSpans(params: string): Span[] {
  const spans: Span[] = [];
  let at = 0;
  for (const part of params.split(/[&;]/)) {
    const eq = part.indexOf('=');
    const value = eq < 0 ? part : part.slice(eq + 1);
    const valueAt = eq < 0 ? at : at + eq + 1;
    if (eq >= 0 && value !== '' && !isReference(decodeName(value)) && isSecretName(decodeName(part.slice(0, eq)))) spans.push([valueAt, valueAt + value.length]);
    else spans.push(...shift(valueSpans(value), valueAt));
    at += part.length + 1;
  }
  return spans;
}

/** The secrets in one URL: the password of its userinfo (the user stays), secret parameters, secret-looking values. */
function urlSpans(url: string): Span[] {
  const m = URL_PARTS.exec(url);
  const parts = m?.indices?.groups;
  if (!m?.groups || !parts) return [];
  const spans: Span[] = [];
  const { userinfo, path, query, fragment } = m.groups;
  if (userinfo !== undefined && parts.userinfo) {
    const colon = userinfo.indexOf(':');
    const start = parts.userinfo[0];
    if (colon >= 0) spans.push([start + colon + 1, start + userinfo.length]);
    else spans.push(...shift(valueSpans(userinfo), start));
  }
  if (path !== undefined && parts.path) spans.push(...shift(valueSpans(path), parts.path[0]));
  if (query !== undefined && parts.query) spans.push(...shift(paramSpans(query), parts.query[0]));
  if (fragment !== undefined && parts.fragment) {
    // OAuth's implicit flow puts access_token=… in the fragment.
    spans.push(...shift(fragment.includes('=') ? paramSpans(fragment) : valueSpans(fragment), parts.fragment[0]));
  }
  return spans;
}

const urlsInText: Detector = (text) =>
  Array.from(text.matchAll(/\b[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s"'<>`]+/g)).flatMap((m) => shift(urlSpans(m[0]), m.index));

// --- Context: a name or keyword says the next thing is a secret ---

const SCHEME = String.raw`(?:Bearer|Basic|Token|Digest|Bot)[ \t]+`;

/** Detectors for free text, each with its own tests in test/redact.test.ts. */
const TEXT_DETECTORS = {
  shapes,
  randomRuns,
  urls: urlsInText,
  /** `Bearer <token>` (RFC 6750), in any case; not `Bearer token` in prose. */
  bearer: (text) => groupSpans(text, /\bBearer[ \t]+(?<secret>[A-Za-z0-9._~+/=-]+)/dgi, (m) => !isWord(m.groups!.secret!)),
  /** `Basic <base64 of user:password>` (RFC 7617); not `Basic authentication`. */
  basic: (text) => groupSpans(text, /\bBasic[ \t]+(?<secret>[A-Za-z0-9+/]{4,}={0,2})(?![\w+/=])/dg, (m) => !isWord(m.groups!.secret!)),
  /** `Authorization: Bearer x`, `X-Api-Key: x`, `Cookie: x`: header lines; a lone `token: expired` is prose. */
  header: (text) =>
    groupSpans(text, new RegExp(String.raw`(?<![\w-])(?<name>[A-Za-z][\w-]*)[ \t]*:[ \t]*(?:${SCHEME})?(?<secret>[^\s,;]+)`, 'dgi'), (m) => {
      const name = m.groups!.name!;
      return isSecretName(name) && (name.includes('-') || /^(?:authorization|cookie)$/i.test(name)) && !isReference(m.groups!.secret!);
    }),
  /** `api_key=x`, `--token=x`, `PASSWORD = "x y"`. */
  assignment: (text) =>
    groupSpans(
      text,
      /(?<![\w.-])(?<name>-{0,2}[A-Za-z_][\w.-]*)(?:=|[ \t]*=[ \t]*(?=["']))(?<secret>"[^"\n]*"|'[^'\n]*'|\$\{[^}\s]*\}|[^\s"'&,;<>()[\]{}]+)/dg,
      (m) => isSecretName(m.groups!.name!) && !isReference(m.groups!.secret!.replace(/^(["'])(.*)\1$/, '$2')),
    ),
  /** `"api_key": "x"`: a config or a request body echoed in an error. */
  jsonPair: (text) =>
    groupSpans(text, /"(?<name>[^"\\\n]{1,80})"\s*:\s*"(?<secret>(?:[^"\\\n]|\\.)+)"/dg, (m) => isSecretName(m.groups!.name!) && !isReference(m.groups!.secret!)),
  /** `--api-key x` in a logged command line; a plain word after the flag is prose. */
  flagValue: (text) =>
    groupSpans(text, /(?<![\w-])(?<name>--?[A-Za-z][\w-]*)[ \t]+(?<secret>[^\s"'-][^\s"']*)/dg, (m) => {
      const value = m.groups!.secret!;
      return isSecretName(m.groups!.name!) && !isWord(value) && !isReference(value);
    }),
} satisfies Record<string, Detector>;

const textSpans: Detector = (text) => Object.values(TEXT_DETECTORS).flatMap((detect) => detect(text));

/** Free text (an error message, a stderr tail) with every secret in it replaced by `***`. */
export function redactText(text: string): string {
  return merge(text, textSpans(text));
}

/** A URL with its password, secret query parameters and secret-looking parts replaced by `***`; `user:***@host`. */
export function redactUrl(url: string): string {
  return merge(url, [...urlSpans(url), ...textSpans(url)]);
}

// --- Arguments: one argument is one value, spaces included ---

/** A command-line flag's name: `-k`, `--api-key`. */
const FLAG_NAME = String.raw`-{1,2}[A-Za-z][\w.-]*`;
const FLAG = new RegExp(`^${FLAG_NAME}$`);

/** Detectors for one whole argument, on top of the text ones. */
const ARG_DETECTORS = {
  /** `--api-key=x y`, `API_KEY=x`: the value runs to the end of the argument. */
  assignment: (arg) =>
    groupSpans(arg, /^(?<name>-{0,2}[A-Za-z_][\w.-]*)=(?<secret>[\s\S]+)$/dg, (m) => isSecretName(m.groups!.name!) && !isReference(m.groups!.secret!)),
  /** `Authorization: Bearer x y` given as one argument (`--header`, `-H`): all after the scheme. */
  header: (arg) =>
    groupSpans(arg, new RegExp(String.raw`^(?:-{1,2}[\w-]+=)?(?<name>[A-Za-z][\w-]*)[ \t]*:[ \t]*(?:${SCHEME})?(?<secret>[\s\S]+)$`, 'dgi'), (m) => isSecretName(m.groups!.name!) && !isReference(m.groups!.secret!.trim())),
} satisfies Record<string, Detector>;

function redactArg(arg: string): string {
  return merge(arg, [...textSpans(arg), ...Object.values(ARG_DETECTORS).flatMap((detect) => detect(arg))]);
}

/**
 * A command line with secrets replaced by `***`: the value after a secret-named flag
 * (`--api-key x`, `--token=x`), `NAME=value` with a secret name, header arguments, URLs, and any
 * argument that looks like a key. Paths and package names stay as they are.
 */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => {
    const before = args[i - 1];
    const isValueOfSecretFlag = before !== undefined && FLAG.test(before) && isSecretName(before) && !arg.startsWith('-');
    if (isValueOfSecretFlag && arg !== '' && !isReference(arg)) return REDACTED;
    return redactArg(arg);
  });
}

/** Exposed for tests: the detectors by name, so each can be checked on its own. */
export const DETECTORS_FOR_TESTS = { text: TEXT_DETECTORS, arg: ARG_DETECTORS };

/** `"--api-key", "sk-…"` on one line (a JSON or TOML argument list): the value after a secret flag. */
const FLAG_THEN_VALUE = new RegExp(String.raw`(["'])(${FLAG_NAME})\1(\s*,\s*)(["'])([^"'\n]*)\4`, 'g');
/** A line that ends with a quoted flag, its value on the next (JSON's argument lists). */
const FLAG_ENDING_LINE = new RegExp(String.raw`["'](${FLAG_NAME})["'],?\s*$`);
/** `"X-Api-Key" = "…" or `"X-Api-Key": "…"`: a quoted secret name and its quoted value. */
const QUOTED_PAIR = /(["'])([^"'\n]+)\1(\s*[:=]\s*)(["'])([^"'\n]*)\4/g;

/**
 * Lines of a config file or a diff of one, with secrets replaced: each line as free text, the
 * value after a secret-named flag in an argument list (on the same line, or alone on the next
 * line as JSON breaks a list), and the value of a quoted secret name (`"X-Api-Key" = "…"`).
 */
export function redactLines(text: string): string {
  const lines = text.split('\n');
  const keep = (value: string) => value === '' || isReference(value);
  return lines
    .map((line, i) => {
      const flag = FLAG_ENDING_LINE.exec(lines[i - 1] ?? '')?.[1];
      let out = line;
      if (flag && isSecretName(flag)) {
        out = out.replace(/^([-+ ]?\s*)(["'])([^"']+)\2/, (whole, lead: string, q: string, value: string) => (keep(value) ? whole : `${lead}${q}${REDACTED}${q}`));
      }
      // A quoted name, then its quoted value: masked when the name is a secret's.
      const mask = (whole: string, q1: string, name: string, sep: string, q2: string, value: string) =>
        isSecretName(name) && !keep(value) ? `${q1}${name}${q1}${sep}${q2}${REDACTED}${q2}` : whole;
      out = out.replace(FLAG_THEN_VALUE, mask).replace(QUOTED_PAIR, mask);
      return redactText(out);
    })
    .join('\n');
}
