import { called } from './called.js';
import { channel } from './channel.js';
import { clockTime } from './clock-time.js';
import { code } from './code.js';
import { coordinates } from './coordinates.js';
import { applyDetector, type Detector, type Found } from './detector.js';
import { email } from './email.js';
import { isoDate } from './iso-date.js';
import { key } from './key.js';
import { path } from './path.js';
import { pixels } from './pixels.js';
import { question } from './question.js';
import { quoted } from './quoted.js';
import { hashNumber, pullShorthand, referenceNumber } from './references.js';
import { relativeDate } from './relative-date.js';
import { size } from './size.js';
import { slashed } from './slashed.js';
import { sql } from './sql.js';
import { url } from './url.js';
import { userFolder } from './user-folder.js';

/**
 * The value detectors in the order they run. Order matters: a detector takes what it matches out
 * of the text, so a later one never sees it.
 */
export const VALUE_DETECTORS: readonly Detector[] = [
  // Before the web address: "ann@acme.com" holds a host, but names a mailbox.
  email,
  // Before paths and keys: "acme.dev/docs/setup" is an address, not a file; "localhost:3000" not a key.
  url,
  // Before paths: "document.referrer" is an expression, not a file.
  code,
  // Before quotations: a file named in quotes is still a file.
  path,
  quoted,
  // After quotations: one taken out leaves several spaces after the verb ("titled 'Q3 plan' summarizing"), so the word after them is not the name.
  called,
  // After paths: what is left with a slash is a name ("quokka/garden") or a file whose extension is too long for PATH.
  slashed,
  userFolder,
  coordinates,
  // A size before a position: "resize the window to 1280, 720" is not a point on the screen.
  size,
  pixels,
  clockTime,
  isoDate,
  // Before the reference it spells out: "pull 77" becomes "pr 77".
  pullShorthand,
  referenceNumber,
  key,
  hashNumber,
  channel,
  relativeDate,
  sql,
  // Last: a "?" inside an address or a quotation, already taken out, makes no question.
  question,
];

/** The values in a prepared task, found in order: the text with them set aside, the words its shape implies, their kinds. */
export function detectValues(text: string, task: string, detectors: readonly Detector[] = VALUE_DETECTORS): { text: string } & Found {
  const found: Found = { values: new Set(), implied: [] };
  for (const detector of detectors) text = applyDetector(detector, text, found, task);
  return { text, ...found };
}
