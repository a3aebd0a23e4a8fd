import type { Rule, RuleId } from '../types.js';
import { descriptionHowContent } from './description-how-content.js';
import { descriptionOverLimit } from './description-over-limit.js';
import { descriptionTooLong } from './description-too-long.js';
import { guardPastCut } from './guard-past-cut.js';
import { invalidInputSchema } from './invalid-input-schema.js';
import { missingDescription } from './missing-description.js';
import { outputSchemaHeavier } from './output-schema-heavier.js';
import { paramDescriptionInconsistent } from './param-description-inconsistent.js';
import { paramDescriptionRestates } from './param-description-restates.js';
import { refInliningSmaller } from './ref-inlining-smaller.js';
import { repeatedBranches } from './repeated-branches.js';
import { schemaDollarSchema } from './schema-dollar-schema.js';
import { titleRepeatsName } from './title-repeats-name.js';
import { ttcSidecarMissing } from './ttc-sidecar-missing.js';
import { ttcWhenVocabulary } from './ttc-when-vocabulary.js';

/** Every rule by id. `satisfies` makes a rule id without a rule, or a rule filed under another id, a compile error. */
export const RULES_BY_ID = {
  'missing-description': missingDescription,
  'invalid-input-schema': invalidInputSchema,
  'description-over-limit': descriptionOverLimit,
  'guard-past-cut': guardPastCut,
  'description-too-long': descriptionTooLong,
  'description-how-content': descriptionHowContent,
  'param-description-restates': paramDescriptionRestates,
  'param-description-inconsistent': paramDescriptionInconsistent,
  'schema-dollar-schema': schemaDollarSchema,
  'title-repeats-name': titleRepeatsName,
  'ref-inlining-smaller': refInliningSmaller,
  'repeated-branches': repeatedBranches,
  'output-schema-heavier': outputSchemaHeavier,
  'ttc-sidecar-missing': ttcSidecarMissing,
  'ttc-when-vocabulary': ttcWhenVocabulary,
} as const satisfies { [K in RuleId]: Rule<K> };

/** The rules in the order they run and are listed: broken first, then too long, then weight. */
export const RULES: readonly Rule[] = Object.values(RULES_BY_ID);
