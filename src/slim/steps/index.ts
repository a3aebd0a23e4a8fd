import type { SlimStep } from '../types.js';
import { dedupeAnyOf } from './dedupe-any-of.js';
import { inlineRefs } from './inline-refs.js';
import { objectDefaults } from './object-defaults.js';
import { parameterDescriptions } from './parameter-descriptions.js';
import { schemaAnnotations } from './schema-annotations.js';
import { toolDescription } from './tool-description.js';

/** In order: structure first (so parameter text is seen where it ends up), then text. */
export const SLIM_STEPS: readonly SlimStep[] = [inlineRefs, dedupeAnyOf, objectDefaults, schemaAnnotations, parameterDescriptions, toolDescription];
