/**
 * The ranking features: what lifts or lowers a tool's BM25F score for a task. A tool's score is
 * `bm25f × exp(Σ weight × feature)`, a log-linear model, so the weights can be fitted as a
 * conditional logit over each query's candidates (bench/search/fit) rather than set by hand.
 */
import weightsFile from './weights.json' with { type: 'json' };

export const FEATURES = [
  /** The share of the tool's own name words (not its server's namespace) that the task asks for. */
  'nameCoverage',
  /** The share of the task's concepts the tool's text covers (SearchHit.fit). */
  'conceptCoverage',
  /** The tool writes and the task only looks, or the other way round. */
  'modeMismatch',
  /** The tool does the opposite of what the task asks ("show" for "hide"). */
  'opposite',
  /** The task names the tool's server ("with playwright"). */
  'serverNamed',
  /** A required parameter takes a kind of value the task carries (a URL, coordinates, "#501"). */
  'valueFit',
  /** A required parameter takes a value people rarely say (pixels, coordinates) and the task has none. */
  'valueUnsaid',
  /** A required identifier names the kind of thing the task identifies ("comment c3f1a2b4" → commentId). */
  'identifiedFit',
  /** The tool needs the id of the very thing it acts on and the task names nothing. */
  'ownIdUnnamed',
  /** The task hands over a path and no parameter of the tool could hold one. */
  'pathNowhere',
  /** The tool's own description retires it. */
  'deprecated',
] as const;

export type Feature = (typeof FEATURES)[number];
export type Weights = Readonly<Record<Feature, number>>;
/** Each feature's place in a FeatureVector. */
export const FEATURE_AT = Object.fromEntries(FEATURES.map((f, i) => [f, i])) as Readonly<Record<Feature, number>>;
/** A tool's feature values for one task, in FEATURES order. */
export type FeatureVector = Float64Array;

export interface WeightsFile {
  about: string;
  weights: Record<string, number>;
  /** How the weights were fitted: sets, folds, regularisation, the cross-validated metrics. */
  fitted?: Record<string, unknown>;
}

/** Weights read from a weights file; a missing or unknown feature is an error, so a file and the code cannot drift apart. */
export function readWeights(file: WeightsFile): Weights {
  const names = Object.keys(file.weights);
  const unknown = names.filter((n) => !(FEATURES as readonly string[]).includes(n));
  const missing = FEATURES.filter((f) => typeof file.weights[f] !== 'number' || !Number.isFinite(file.weights[f]));
  if (unknown.length || missing.length) throw new Error(`search weights: ${[...unknown.map((n) => `unknown feature ${n}`), ...missing.map((n) => `no finite weight for ${n}`)].join('; ')}`);
  return Object.fromEntries(FEATURES.map((f) => [f, file.weights[f]!])) as Weights;
}

/** The shipped weights (src/search/weights.json). */
export const WEIGHTS: Weights = readWeights(weightsFile as WeightsFile);

export const weightVector = (weights: Weights): Float64Array => Float64Array.from(FEATURES, (f) => weights[f]);

/** The multiplier a feature vector gives a score. */
export function lift(features: FeatureVector, weights: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < features.length; i++) sum += features[i]! * weights[i]!;
  return Math.exp(sum);
}
