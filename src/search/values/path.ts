import type { Detector, Found } from './detector.js';

// One way to match a segment (no nested quantifiers over the same characters): a run with a letter in it.
const SEGMENT = String.raw`(?=[\w.*-]*[a-z_*])[\w.*-]+`;
/**
 * A path: absolute or home-relative; relative with two slashes, a trailing slash or a file
 * extension (docs/floorplan.png, src/widgets/forms, docs/), not "quokka/garden" or "lat/long";
 * a file name; a well-known file.
 */
const PATH = new RegExp(
  String.raw`(?:^|\s)(?:~|\.{1,2})?\/[\w.\-/*]+|\b${SEGMENT}(?:\/${SEGMENT}){2,}\/?|\b${SEGMENT}\/(?:[\w*-]+\.[a-z][a-z0-9]{0,4}\b|(?<=[\w.*-]{2}\/)(?=\s|$))|[\w*-]+\.(?:[a-z][a-z0-9]{0,4})\b|\b(?:readme|dockerfile|makefile|changelog|license(?=\s+file))\b`,
  'gi',
);
/** Extensions of the files people name in tasks. A dotted word with another ending ("shop.items", "a.m") names no file. */
const FILE_EXTENSIONS: ReadonlySet<string> = new Set(
  `txt md mdx rst json jsonl yaml yml toml ini cfg conf env csv tsv xml html htm css scss sass less js mjs cjs ts tsx jsx vue
  svelte py ipynb rb go rs java kt swift c h cc cpp hpp cs php sh bash zsh ps1 bat sql db sqlite log pdf doc docx xls xlsx
  xlsm ppt pptx odt rtf png jpg jpeg gif webp svg ico bmp tif tiff mp3 mp4 wav mov avi mkv webm zip tar gz tgz bz2 xz 7z
  rar jar war lock bak tmp dat bin exe dll so wasm har proto graphql gql tf hcl liquid ejs hbs pem crt csr key`.split(/\s+/),
);
/** Extensions that are everyday words too ("server.go", "app.log"), or say nothing of the file's topic: no term of their own. */
const WORD_EXTENSIONS: ReadonlySet<string> = new Set('go log key lock less old patch diff run out map test spec json md txt tmp bak dat bin'.split(' '));
const extensionOf = (path: string): string | undefined => /\.([a-z][a-z0-9]{0,9})$/.exec(path.trim())?.[1];
/**
 * A file's kind, from its extension: "lease.pdf" is about PDF, "price-tag.liquid" about Liquid
 * (pooled-240 flat, dev-250 R@1 +0.4, holdout +1.0).
 */
const fileKind = (path: string): string[][] => {
  const ext = extensionOf(path);
  return ext && FILE_EXTENSIONS.has(ext) && !WORD_EXTENSIONS.has(ext) ? [[ext]] : [];
};
/** A path as such: it has a separator or a home, or ends in a file's extension, or is a well-known file. */
const isFilePath = (token: string): boolean => /[/\\~]/.test(token) || FILE_EXTENSIONS.has(extensionOf(token) ?? '') || !token.includes('.');

export const FILE_WORDS: readonly (readonly string[])[] = [['file'], ['path']];
/** A path handed over: a value, implying a file of its kind. Other shapes (a slashed name, a user folder) turn out to be paths too. */
export const recordPath = (found: Found, path: string): void => {
  found.values.add('path');
  found.implied.push(...FILE_WORDS.map((w) => [...w]), ...fileKind(path));
};

export const path: Detector = {
  name: 'path',
  kind: 'path',
  implies: FILE_WORDS,
  replace: PATH,
  // "shop.items", "a.m.": dotted, but no file; a name or a value all the same.
  judge: ({ text }, found) => (isFilePath(text) ? recordPath(found, text) : found.values.add('quoted'), ' '),
};
