import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readdirSync } from 'node:fs';
import { mentionsUrl, prepareTask } from '../src/search/query.js';
import { called } from '../src/search/values/called.js';
import { channel } from '../src/search/values/channel.js';
import { clockTime } from '../src/search/values/clock-time.js';
import { code } from '../src/search/values/code.js';
import { coordinates } from '../src/search/values/coordinates.js';
import { hasDigit, type Detector, type ValueKind } from '../src/search/values/detector.js';
import { email } from '../src/search/values/email.js';
import { isoDate } from '../src/search/values/iso-date.js';
import { key } from '../src/search/values/key.js';
import { path } from '../src/search/values/path.js';
import { pixels } from '../src/search/values/pixels.js';
import { question } from '../src/search/values/question.js';
import { quoted } from '../src/search/values/quoted.js';
import { hashNumber, pullShorthand, referenceNumber } from '../src/search/values/references.js';
import { relativeDate } from '../src/search/values/relative-date.js';
import { size } from '../src/search/values/size.js';
import { slashed } from '../src/search/values/slashed.js';
import { sql } from '../src/search/values/sql.js';
import { detectValues, VALUE_DETECTORS } from '../src/search/values/table.js';
import { url } from '../src/search/values/url.js';
import { userFolder } from '../src/search/values/user-folder.js';

/** One detector alone on a task lower-cased and padded as prepareTask hands it over. */
const detect = (detector: Detector, task: string) => {
  const { text, values, implied } = detectValues(` ${task.toLowerCase()} `, task, [detector]);
  return { text, values: [...values], implied };
};

/** A task the detector catches: the kinds it records and the words it implies, in order. */
type Caught = [task: string, values: ValueKind[], implied: string[][]];

interface Cases {
  detector: Detector;
  caught: Caught[];
  /** Near misses: the detector records nothing on them. */
  missed: string[];
}

const FILE = [['file'], ['path']];
const URL_WORDS = [['url'], ['web'], ['navigate']];
const CASES: Cases[] = [
  {
    detector: email,
    caught: [
      ['forward the invoice to maria.lopez+billing@harbor-tech.io', ['email'], [['email']]],
      ['cc raj@ferngrove.org and li@ferngrove.org on it', ['email'], [['email'], ['email']]],
    ],
    missed: ['push the branch to git@gitlab.com:wombat/burrow', 'mention @dana in the thread'],
  },
  {
    detector: url,
    caught: [
      ['open https://status.ferngrove.net/incidents?page=2', ['url'], URL_WORDS],
      ['is shop.wombat.io down right now', ['url'], URL_WORDS],
      ['curl localhost:8080/health', ['url'], URL_WORDS],
    ],
    missed: ['edit settings.local.json', 'run search.test.ts again', 'copy config.test.yaml'],
  },
  {
    detector: code,
    caught: [
      ['print document.cookie for me', ['code'], [['script', 'evaluate', 'javascript']]],
      ["run localStorage.getItem('theme') on the tab", ['code'], [['script', 'evaluate', 'javascript']]],
      ["await page.waitForSelector('#login')", ['code'], [['script', 'evaluate', 'javascript']]],
    ],
    missed: ['update the document title', 'the console logs are noisy', 'open the window settings'],
  },
  {
    detector: path,
    caught: [
      ['attach docs/floorplan.png', ['path'], [...FILE, ['png']]],
      ['read ~/notes/todo.txt', ['path'], FILE],
      ['edit tsconfig.json', ['path'], FILE],
      ['scan src/widgets/forms for unused props', ['path'], FILE],
      ['open the README', ['path'], FILE],
      ['fill in budget.xlsx', ['path'], [...FILE, ['xlsx']]],
      // Dotted but no file: a name all the same.
      ['rename the field shop.items', ['quoted'], []],
    ],
    missed: ['star wombat/burrow', 'convert lat/long values', 'the license is MIT'],
  },
  {
    detector: quoted,
    caught: [
      ['search for "late fee" in the ledger', ['quoted'], []],
      ["type 'hello there' into the box", ['quoted'], []],
    ],
    missed: ["what's the weather where's it sunny", 'a plain sentence'],
  },
  {
    detector: called,
    caught: [
      ['create a folder called reports-2025', ['quoted'], []],
      ['make a sheet titled q3-budget', ['quoted'], []],
    ],
    missed: ['the so-called helper crashed', 'a ship named after her grandmother', 'the hook is called twice', 'a channel called #ops', 'named entity recognition'],
  },
  {
    detector: slashed,
    caught: [
      ['list open issues in wombat/burrow', ['quoted'], []],
      ['check out fix/null-check', ['quoted'], []],
      ['move them to photos/2023', ['quoted'], []],
      ['edit templates/order-note.liquid', ['path'], [...FILE, ['liquid']]],
      ['the rent is due on 12/25', ['time'], []],
      ['book it for 3/14/2027', ['time'], []],
    ],
    missed: ['grant read/write access', 'convert lat/long values', 'export as CSV/Excel'],
  },
  {
    detector: userFolder,
    caught: [
      ['save the receipt in my downloads', ['path'], FILE],
      ['clean up the Desktop folder', ['path'], FILE],
    ],
    missed: ['downloads of the app this month', 'download the report', 'documents about the merger'],
  },
  {
    detector: coordinates,
    caught: [
      ['weather at -33.8688,151.2093', ['coordinates'], [['coordinates', 'latitude', 'longitude']]],
      ['pin 40.4168, -3.7038 on the map', ['coordinates'], [['coordinates', 'latitude', 'longitude']]],
    ],
    missed: ['it cost $12.50, 3.75 of it tax', 'versions 1.2, 3.4 and 5.6'],
  },
  {
    detector: size,
    caught: [
      ['resize the page to 1280 by 720', ['size'], [['width', 'height', 'size']]],
      ['set the viewport 800x600', ['size'], [['width', 'height', 'size']]],
      ['render it at 1920×1080', ['size'], [['width', 'height', 'size']]],
      ['resize the window to 1024, 768', ['size'], [['width', 'height', 'size']]],
    ],
    missed: ['multiply 1000 by 2500', 'it grew from 2023 by 2000 dollars', 'split 4000 by 3000 users'],
  },
  {
    detector: pixels,
    caught: [
      ['click at 300,220', ['pixels'], [['x', 'y', 'xy']]],
      ['tap (100,400) twice', ['pixels'], [['x', 'y', 'xy']]],
      ['hover over x=200 y=150', ['pixels'], [['x', 'y', 'xy']]],
      ['drag the card from 20,20 to 240,160', ['pixels'], [['x', 'y', 'xy']]],
      ['move the cursor to 640,360', ['pixels'], [['x', 'y', 'xy']]],
    ],
    missed: ['the invoice of March 3, 2025', 'we sold 1,500 units', 'click at 5, 2024 was the year'],
  },
  {
    detector: clockTime,
    caught: [
      ['remind me at 4pm', ['time'], [['event', 'calendar', 'schedule', 'meeting']]],
      ['the 10:30 am standup moved', ['time'], [['event', 'calendar', 'schedule', 'meeting']]],
      ['meet at 9:15', ['time'], [['event', 'calendar', 'schedule', 'meeting']]],
    ],
    missed: ['jump to 1:30', 'pause at 1:30 in the video', 'the ratio is 16:9'],
  },
  {
    detector: isoDate,
    caught: [['the lease ends 2026-12-20', ['time'], [['date']]]],
    missed: ['part 3026-12-20 is out', 'the 2026 budget'],
  },
  {
    detector: referenceNumber,
    caught: [
      ['merge PR 42', ['number'], []],
      ['close issue #7', ['number'], []],
      ['rebase merge request 12', ['number'], []],
    ],
    missed: ['check the issue 3 times a day', 'ticket 2 hours of work', 'pull 9'],
  },
  {
    detector: hashNumber,
    caught: [['look at #501 today', ['number'], [['issue', 'pr']]]],
    missed: ['post in #incidents', 'room#5 is free'],
  },
  {
    detector: key,
    caught: [
      ['read user:1001:prefs', ['key'], [['key']]],
      ['delete cache:home from redis', ['key'], [['key']]],
    ],
    missed: ['meet at 9:15', 'style a:first-child red', 'fetch https://x.example'],
  },
  {
    detector: channel,
    caught: [['post the summary to #incidents', ['channel'], [['channel']]]],
    missed: ['use #ffffff for the text', 'make it #333', 'see #501'],
  },
  {
    detector: relativeDate,
    caught: [
      ['what is due tomorrow', ['time'], []],
      ['expenses from last week', ['time'], []],
      ['meetings in the next 7 days', ['time'], []],
      ['book it on Thursday', ['time'], []],
    ],
    missed: ['plans for this weekend', 'every sunday', 'the weekly report'],
  },
  {
    detector: sql,
    caught: [
      ['run SELECT id FROM users WHERE active', ['sql'], [['sql', 'query']]],
      ['try select * from orders', ['sql'], [['sql', 'query']]],
    ],
    missed: ['select the rows from the sheet', 'Select files from the folder'],
  },
  {
    detector: question,
    caught: [
      ['what changed in the release', [], [['get', 'list', 'search', 'read']]],
      ['Any open invoices?', [], [['get', 'list', 'search', 'read']]],
      ['the build is red?  ', [], [['get', 'list', 'search', 'read']]],
    ],
    missed: ['list the open invoices', 'whatever works', 'somewhat late, ship it'],
  },
];

describe('each value detector', () => {
  for (const { detector, caught, missed } of CASES) {
    test(`${detector.name}: catches its shape, records its kind and implied words`, () => {
      for (const [task, values, implied] of caught) {
        const found = detect(detector, task);
        assert.deepEqual(found.values, values, task);
        assert.deepEqual(found.implied, implied, task);
      }
    });
    test(`${detector.name}: passes over the near misses`, () => {
      for (const task of missed) {
        const found = detect(detector, task);
        assert.deepEqual([found.values, found.implied], [[], []], task);
      }
    });
  }

  test('pull-shorthand: "pull 77" is rewritten to a PR reference, nothing recorded; not "pull 3 requests"', () => {
    const found = detect(pullShorthand, 'review pull 77');
    assert.deepEqual([found.values, found.implied], [[], []]);
    assert.match(found.text, /\bpr 77\b/);
    assert.doesNotMatch(detect(pullShorthand, 'pull 3 requests').text, /\bpr\b/);
  });

  test('a replacing detector takes its match out of the text; a testing one leaves the text as is', () => {
    assert.doesNotMatch(detect(email, 'mail raj@ferngrove.org now').text, /ferngrove/);
    assert.equal(detect(relativeDate, 'due tomorrow').text, ' due tomorrow ');
    assert.equal(detect(called, 'a folder called q4-2025').text.replace(/\s+/g, ' '), ' a folder called ', 'the verb stays, the name goes');
  });

  test('the number shapes are guarded by a digit, and only skip tasks where they could not match', () => {
    for (const detector of [coordinates, size, pixels, clockTime, isoDate]) assert.equal(detector.when, hasDigit, detector.name);
    assert.ok(!hasDigit('no numbers here') && hasDigit('room 7'));
  });
});

describe('the table', () => {
  test('every detector module is in it once, under its own name', () => {
    const names = VALUE_DETECTORS.map((d) => d.name);
    assert.equal(new Set(names).size, names.length);
    assert.equal(new Set(VALUE_DETECTORS).size, VALUE_DETECTORS.length);
    for (const { detector } of CASES) assert.ok(VALUE_DETECTORS.includes(detector), detector.name);
    assert.ok(VALUE_DETECTORS.includes(pullShorthand));
    const modules = readdirSync(new URL('../src/search/values/', import.meta.url)).filter((f) => !['detector.ts', 'table.ts', 'known-word.ts'].includes(f));
    assert.equal(modules.length, 19, 'a new detector module belongs in the table and in CASES');
  });

  test('a replacing regex is global (every match goes); a testing one is not (test() on a global regex keeps state)', () => {
    for (const d of VALUE_DETECTORS) {
      if ('replace' in d) assert.ok(d.replace.global, d.name);
      else assert.ok(!d.test.global && !d.test.sticky, d.name);
    }
  });

  test('order: earlier detectors take what later ones would misread', () => {
    const run = (task: string) => [...prepareTask(task).values];
    assert.deepEqual(run('write to ann@ferngrove.com'), ['email'], 'an address is not a web site');
    assert.deepEqual(run('open localhost:3000'), ['url'], 'an address with a port is not a key');
    assert.deepEqual(run('log document.referrer'), ['code'], 'an expression is not a file');
    assert.deepEqual(run('resize the window to 1280, 720'), ['size'], 'a size is not a position');
    assert.deepEqual(run('review pull 77'), ['number'], 'the shorthand reads as a reference');
    assert.ok(run('open "notes.md"').includes('path'), 'a file in quotes is a file');
    assert.ok(!mentionsUrl('mail ann@ferngrove.com') && mentionsUrl('visit ferngrove.com'));
  });
});

describe('the table as a whole, as before the split', () => {
  // Kinds (in order found) and implied words as prepareTask gave them before the detectors were a table.
  const WHOLE: [string, ValueKind[], string[][]][] = [
    [
      'Email ops@wombat.io the PRs touching src/app/main.ts before 2026-01-15?',
      ['email', 'path', 'time'],
      [['email'], ...FILE, ['ts'], ['date'], ['get', 'list', 'search', 'read']],
    ],
    [
      'screenshot https://wombat.dev at 1366x768 then click at 40,80',
      ['url', 'size', 'pixels'],
      [...URL_WORDS, ['width', 'height', 'size'], ['x', 'y', 'xy']],
    ],
    ["post 'build is green' to #releases and link pull 12 by 5pm tomorrow", ['quoted', 'time', 'number', 'channel'], [['event', 'calendar', 'schedule', 'meeting'], ['channel']]],
    ['what is stored at session:42:cart for the user in my downloads', ['path', 'key'], [...FILE, ['key'], ['get', 'list', 'search', 'read']]],
    ['run SELECT name FROM pets and save it as report.csv in wombat/burrow', ['path', 'quoted', 'sql'], [...FILE, ['csv'], ['sql', 'query']]],
    ['pin 51.5072, -0.1276 and evaluate window.scrollY, e.g. for Next.js', ['code', 'coordinates'], [['script', 'evaluate', 'javascript'], ['coordinates', 'latitude', 'longitude']]],
  ];
  test('values and implied words are unchanged', () => {
    for (const [task, values, implied] of WHOLE) {
      const found = prepareTask(task);
      assert.deepEqual([...found.values], values, task);
      assert.deepEqual(found.implied, implied, task);
    }
  });
});
