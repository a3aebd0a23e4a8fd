import type { ServerStep, SlimStep } from '../types.js';
import { dedupeAnyOf } from './dedupe-any-of.js';
import { inlineRefs } from './inline-refs.js';
import { objectDefaults } from './object-defaults.js';
import { parameterDescriptions } from './parameter-descriptions.js';
import { repeatedParameters } from './repeated-parameters.js';
import { schemaAnnotations } from './schema-annotations.js';
import { toolDescription } from './tool-description.js';

/** In order: structure first (so parameter text is seen where it ends up), then text. */
export const SLIM_STEPS: readonly SlimStep[] = [inlineRefs, dedupeAnyOf, objectDefaults, schemaAnnotations, parameterDescriptions, toolDescription];

/** Then, per server: steps that compare a server's tools. */
export const SERVER_STEPS: readonly ServerStep[] = [repeatedParameters];
