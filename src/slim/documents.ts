import type { Catalog } from '../catalog/types.js';
import { SlimError } from '../errors.js';
import { DEFAULT_PRESET, PRESETS, type PresetName } from './policy.js';
import { slimCatalog } from './slim-catalog.js';

/** The slimmer search indexes `slim` documents with: `indexCatalog(c, { document: 'slim', documents: slimDocuments() })`. */
export function slimDocuments(preset: PresetName = DEFAULT_PRESET): (catalog: Catalog) => Catalog {
  if (!Object.hasOwn(PRESETS, preset)) throw new SlimError('usage', `slim preset "${preset}" is not a preset; use ${Object.keys(PRESETS).join(', ')}`);
  return (catalog) => slimCatalog(catalog, PRESETS[preset]).after;
}
