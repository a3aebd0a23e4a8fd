/**
 * Guard sentences: the warnings a tool's text gives the model, which slimming must never move out of
 * its view (issue 17). A manual is read after a tool is chosen, if at all; a warning is needed before.
 *
 * A sentence is a guard when it warns of an effect that cannot be taken back or that reaches beyond
 * the conversation (data destroyed or overwritten, money spent, people contacted, secrets exposed,
 * arbitrary code run), or when it says when not to use the tool or which tool to use instead.
 *
 * Where the line is: a limit the server enforces with an error is not a guard ("Fails if the path is
 * outside allowed directories", "Returns an error if the file does not exist", "Only works within
 * allowed directories"): the model learns it from the error, and nothing is harmed on the way. Nor is
 * calling advice about arguments ("Do not pass your own artifact ID", "Prefer paths within mounted
 * directories", "Unless the user asks for relative paths, use absolute paths"), nor a plain action
 * ("Delete a key", "Use this to list files"): the tool's name and first sentence already say that.
 *
 * Each family is a table of independent patterns, tested on the sentence with Markdown emphasis,
 * backticks and code fences taken out and whitespace collapsed, so "**Warning:**" reads as "Warning:".
 */
import type { JsonValue, RawTool } from '../catalog/types.js';
import { parameterNames } from '../schema/parameters.js';
import { formatPath, schemaNodes } from '../schema/walk.js';
import { sentences } from '../text/sentences.js';
import { documentedParameter } from './description-parts.js';
import { paramPath } from './steps/_param-path.js';

export type GuardFamilyId = 'destructive' | 'caution' | 'cost' | 'people' | 'secrets' | 'code' | 'routing';

/** A tool's own description, or a parameter's (routing advice there is about arguments, not the tool). */
export type GuardPlace = 'tool' | 'parameter';

interface GuardFamily {
  id: GuardFamilyId;
  places: readonly GuardPlace[];
  patterns: readonly RegExp[];
}

/** A tool-like identifier: `browser_snapshot`, `search-records`, `read_text_file`. */
const IDENT = String.raw`['"]?[a-z][\w.]*[_-][\w.-]*\w`;
/** What a secret is called; "case-sensitive" is not one. */
const SECRET = String.raw`(?:secrets?|credentials?|passwords?|api[ _-]?keys?|(?:access|auth|bearer|session|refresh) tokens?|private keys?|ssh keys?|(?<!case[- ])sensitive (?:data|information|info|values?|fields?)|confidential|personal(?:ly identifiable)? (?:data|information)|pii)`;
const NOT = String.raw`(?:do not|don't|never|must not|should not|shouldn't|not to|avoid)`;
const re = (source: string): RegExp => new RegExp(source, 'i');

export const GUARD_FAMILIES: readonly GuardFamily[] = [
  {
    // What is lost cannot be asked back for: the model must know before the call, not in the manual.
    id: 'destructive',
    places: ['tool', 'parameter'],
    patterns: [
      re(String.raw`\bpermanently (?:delet|remov|destroy|eras|purg|clos|deactivat)\w*`),
      re(String.raw`\b(?:delet|remov|destroy|eras|purg)\w* (?:\w+ ){0,3}permanently\b`),
      re(String.raw`\b(?:irreversibl[ey]|unrecoverable|non-?reversible|destructive)\b|\bdata loss\b`),
      re(String.raw`\b(?:cannot|can ?not|can't|won't|will not) be (?:undone|reversed|recovered|restored|retrieved|unsent|recalled)\b|\bno undo\b|\bnot (?:be )?(?:reversible|recoverable)\b`),
      re(String.raw`\blos(?:e|es|ing|t) (?:all |any |unsaved )?(?:data|changes|work|history)\b|\b(?:data|changes|work|edits) (?:\w+ ){0,2}(?:will be|is|are|gets?|get) lost\b`),
      re(String.raw`\boverwrit(?:e|es|ing) (?:an? |the |any |all )?(?:existing|current|previous|original)\b|\b(?:is|are|be|gets?) (?:silently )?overwritten\b|\bwill (?:silently )?overwrite\b|\boverwrit\w* without\b`),
      re(String.raw`\b${NOT}\s+(?:\w+\s+){0,2}?(?:overwrit(?:e|ing)|delet(?:e|ing)|remov(?:e|ing)|drop(?:ping)?|destroy(?:ing)?|eras(?:e|ing)|truncat(?:e|ing)|wip(?:e|ing)|force[- ]push(?:ing)?)\b`),
      re(String.raw`\b(?:delet|remov|destroy)\w* [\w ]{0,40}\b(?:along with|together with|including|and) (?:all|every)\b`),
      re(String.raw`\bforcefully\b|\bforce[- ](?:kill|delete|push|quit)\b|\bwithout (?:asking for |any )?(?:confirmation|warning|prompting|a backup)\b`),
    ],
  },
  {
    // The author's own alarm ("Use with caution", "Data Modification Warning:"): they know the risk.
    id: 'caution',
    places: ['tool', 'parameter'],
    patterns: [
      re(String.raw`\b(?:use|proceed|handle)\b[\w ]{0,20}\bwith (?:extreme |great |extra )?(?:caution|care)\b|\bbe (?:very |extra |extremely )?careful\b`),
      re(String.raw`\b(?:dangerous|unsafe|hazardous)\b`),
      // A label that opens the sentence; a quoted "WARNING: …" the tool prints is not the author warning.
      re(String.raw`^(?:\d+[.)]|[^\w"'“\[<])*(?:[a-z]+ ){0,2}(?:warning|caution|danger)\s*[:!]`),
    ],
  },
  {
    // Money and quotas are spent by the call itself; the manual is too late to learn the price.
    id: 'cost',
    places: ['tool', 'parameter'],
    patterns: [
      re(String.raw`\b(?:billed|invoiced)\b|\bcharges? (?:the |your |a )?(?:user|customer|card|account|credits?|money|fees?|you)\b`),
      re(String.raw`\b(?:costs?|consumes?|uses?|deducts?|spends?) (?:\d+ |one |several |extra |additional |api )?credits?\b|\bcosts? \d|\bcredits? (?:per|each)\b`),
      re(String.raw`\b(?:costs?|charges?) (?:real )?money\b|\breal money\b|\bpaid (?:plan|tier|feature|api|service|account|subscription)s?\b|\bincurs?\b|\b(?:expensive|costly)\b`),
      re(String.raw`\brate[- ]limit\w*|\bquotas?\b`),
      re(String.raw`\b(?:moves?|transfers?|sends?|pays?) (?:real )?(?:money|funds|payments?)\b`),
    ],
  },
  {
    // A message to a person cannot be unsent, and what is made public is seen at once.
    id: 'people',
    places: ['tool', 'parameter'],
    patterns: [
      re(String.raw`\bsends? (?:an? |the )?(?:e-?mails?|sms|text messages?|notifications?|invitations?|invites?|alerts?)\b`),
      re(String.raw`\b(?:sends?|e-?mails|notif(?:y|ies|ied|ications?)|alerts|pings?) (?:to )?(?:all |the |every |other )?(?:users?|recipients?|members?|attendees?|participants?|assignees?|followers?|subscribers?|customers?|guests?|everyone|people|contacts?|watchers?)\b`),
      re(String.raw`\b(?:visible|public(?:ly)?|shared|accessible) (?:to|with|by) (?:everyone|anyone|all users|all members|the public|others|other users|the world)\b|\bpublicly (?:visible|accessible|available|listed)\b|\bpublish\w* (?:\w+ ){0,3}(?:publicly|to the (?:web|internet|public))\b`),
    ],
  },
  {
    // A secret once written to a query, a log or a response cannot be taken back.
    id: 'secrets',
    places: ['tool', 'parameter'],
    patterns: [
      re(String.raw`\b${NOT}\s+(?:\w+\s+){0,2}?(?:include|shar|send|expos|log|print|stor|pass|past|put|reveal|commit|hard-?cod|writ|output|return|leak|disclos|submit|upload)\w*\b[^.]{0,60}\b${SECRET}`),
      re(String.raw`\bno ${SECRET}(?! (?:needed|required|necessary))\b`),
      re(String.raw`\b(?:expos|leak|reveal|print|log)\w* (?:\w+ ){0,3}${SECRET}|\b${SECRET}\b[^.]{0,60}\b(?:exposed|leaked|revealed|logged|in (?:plain|clear) ?text)\b`),
      re(String.raw`\b(?:prevent|poses?|creates?|introduces?|causes?|risks?|opens?)\b[\w ]{0,20}\bsecurity (?:risks?|issues?|holes?|problems?|vulnerabilit\w+)|\bsecurity risks?\b|\breduces? security\b|\bbypass\w* (?:security|the sandbox|sandbox\w*)\b`),
    ],
  },
  {
    // Running whatever code it is given gives the tool every power its host has.
    id: 'code',
    places: ['tool', 'parameter'],
    patterns: [
      re(String.raw`\barbitrary (?:\w+ )?(?:code|commands?|scripts?|javascript|js|sql|shell|queries|programs?|expressions?)\b|\bRCE\b|\bremote code execution\b`),
      re(String.raw`\bunsandboxed\b|\b(?:no|without (?:a |any )?|outside (?:the |a |any )?)sandbox\b|\buntrusted (?:code|input|content|scripts?)\b`),
      re(String.raw`\b(?:runs?|executes?|evaluates?) (?:any|raw|unrestricted|untrusted) (?:\w+ )?(?:code|commands?|sql|queries|scripts?|javascript|shell|programs?)\b|\b(?:full|unrestricted|root) (?:\w+ )?access\b`),
    ],
  },
  {
    // Choosing: when not to use the tool and what to use instead. In a parameter's text the same
    // words choose between arguments ("use 'manifest' instead"), which the schema and manual carry.
    id: 'routing',
    places: ['tool'],
    patterns: [
      re(String.raw`\b${NOT}\s+(?:\w+\s+){0,2}?(?:use|using|call|calling|invoke|invoking|run|execute|choose|select|trigger)\s+(?:this|it|the tool|these|them|any|other|another|for|when|if|unless|until|after|before|more than|as a|on|${IDENT})\b`),
      // "You can't act on the screenshot, use browser_snapshot": the other tool right after the clause that
      // rules this one out. A condition ("If you don't have a key, call get_key") is a prerequisite, not a guard.
      re(String.raw`(?:^|[.;:—–→(]\s)\s*(?!(?:if|when|unless|whether)\b)[^.,;()—–→]*?(?:\bnot\b|n't\b|\bnever\b|\bcannot\b)[^.,;()—–→]{0,80}[,;:(—–→-]\s*(?:then |instead |so )?(?:use|call|try) (?:the )?${IDENT}`),
      re(String.raw`^[\s>#\-•\d.)]*not (?:for|(?:meant|intended|suitable|designed|recommended) for|to be used)\b|\b(?:this(?: tool)?|it|the tool) (?:is|are) not (?:meant|intended|designed|suitable|recommended|a replacement|a substitute)\b|\b(?:should|must)(?: not|n't) be used\b|\bnot to be used\b|\bwhen not to (?:use|call)\b`),
      re(String.raw`\b(?:use|call|try|choose|pick|prefer|switch to|run|invoke)\b[^.]{0,100}?\binstead\b|\b(?:instead of|rather than) (?:using |calling )?(?:this|it)\b`),
      re(String.raw`\bprefer(?:red|ably|s)?\b[^.]{0,100}?\b(?:over|rather than|instead of) (?:this|it|the tool|using|calling|multiple|individual|\w+ing\b|${IDENT})|\bpreferred (?:for|when|over)\b|\bprefer (?:this|it|using|calling|${IDENT})\b`),
      re(String.raw`^[\s>#\-•\d.)]*only (?:for|to be used)\b|\bonly (?:use|call|invoke|run) (?:this|it|the tool|when|if|for|after|${IDENT})\b|\b(?:use|call|invoke|run) (?:this(?: tool| function)?|it|${IDENT}) only\b|\b(?:is|are) (?:meant |intended |designed |reserved )?(?:only|solely|exclusively) for\b`),
      re(String.raw`\bdeprecated\b|\bobsolete\b|\bno longer (?:supported|maintained|recommended)\b`),
    ],
  },
];

/** The sentence as the patterns read it: no code fences, emphasis or backticks; whitespace collapsed. */
const plain = (text: string): string =>
  text
    .replace(/```[\s\S]*?(?:```|$)/g, ' ')
    // Inline code is a name (kept: "use `apply_migration` instead") or an example (its words are data, not the author's).
    .replace(/`([^`\n]*)`/g, (_, code: string) => (/^[\w.\/$-]+$/.test(code) ? code : ' '))
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The family of a guard sentence, or undefined when the sentence is no guard. */
export function guardFamily(sentence: string, place: GuardPlace = 'tool'): GuardFamilyId | undefined {
  const text = plain(sentence);
  return GUARD_FAMILIES.find((f) => f.places.includes(place) && f.patterns.some((p) => p.test(text)))?.id;
}

export const isGuardSentence = (sentence: string, place: GuardPlace = 'tool'): boolean => guardFamily(sentence, place) !== undefined;

export interface GuardSentence {
  /** `description`, or the parameter path (`path`, `options.mode`) whose description holds it. */
  where: string;
  /** The JSON path of the text in the tool: `description`, `inputSchema.properties.path.description`. */
  path: string;
  text: string;
  family: GuardFamilyId;
  /** Where the sentence starts in its description (UTF-16 code units, as clients count characters). */
  at: number;
}

/** The guard sentences of one description, with where each starts in it. */
function guardsIn(description: string, placeOf: (sentence: string) => GuardPlace, where: string, path: string): GuardSentence[] {
  const out: GuardSentence[] = [];
  let offset = 0;
  for (const s of sentences(description)) {
    const family = guardFamily(s.text, placeOf(s.text));
    if (family) out.push({ where, path, text: s.text, family, at: offset + s.raw.length - s.raw.trimStart().length });
    offset += s.raw.length;
  }
  return out;
}

/** Where a sentence of a tool description stands: a bullet documenting a parameter is the parameter's text. */
export const placeInDescription = (sentence: string, params: ReadonlySet<string>): GuardPlace => (documentedParameter(sentence, params) === undefined ? 'tool' : 'parameter');

/** The guard sentences of a tool description. */
export const descriptionGuards = (description: string, params: ReadonlySet<string>): GuardSentence[] =>
  guardsIn(description, (s) => placeInDescription(s, params), 'description', 'description');

/** The guard sentences of every description in a tool's input schema, with the parameter each documents. */
export function schemaGuards(schema: JsonValue | undefined): GuardSentence[] {
  const out: GuardSentence[] = [];
  for (const node of schemaNodes(schema, ['inputSchema'])) {
    if (typeof node.schema.description !== 'string') continue;
    out.push(...guardsIn(node.schema.description, () => 'parameter', paramPath(node.path.slice(1)), formatPath([...node.path, 'description'])));
  }
  return out;
}

/** Every guard sentence of a tool: its description's, then its parameters'. */
export function toolGuards(tool: RawTool): GuardSentence[] {
  const own = typeof tool.description === 'string' ? descriptionGuards(tool.description, new Set(parameterNames(tool))) : [];
  return [...own, ...schemaGuards(tool.inputSchema)];
}
