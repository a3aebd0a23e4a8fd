/** TTC, the TERSE Tool Catalog (seeds/002, docs/ttc.md): the pure core, no I/O. */
export type {
  Sidecar,
  SidecarEntry,
  TTCEntry,
  TTCField,
  TTCLiteral,
  TTCParams,
  TTCPrimitive,
  TTCRange,
  TTCType,
} from './types.js';
export { serverToTTC, toTTC } from './to-ttc.js';
export { renderCatalogTTC, renderTTC } from './render.js';
export { renderParams, renderType } from './render-type.js';
export { parseTTC, parseTTCEntry } from './parse.js';
export { parseTypeAt } from './parse-type.js';
export { TTCParseError } from './parse-error.js';
export { ttcInToJsonSchema } from './to-json-schema.js';
export { deriveWhen, INTENTS, validateWhen, type WhenCheck } from './when.js';
export { boilerplateWords, deriveTags, type TagSources } from './tags.js';
export { checkSidecarTools, parseSidecar } from './sidecar.js';
