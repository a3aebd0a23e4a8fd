import type { Catalog } from '../catalog/types.js';
import type { CostReport } from '../cost/types.js';
import type { ClientCostView } from './client-cost-report.js';

/** Everything a reporter needs to show one measurement. */
export interface MeasureView {
  catalog: Catalog;
  report: CostReport;
  /** Context window size in tokens the totals are compared against (o200k tokens). */
  window: number;
  /** How many of the heaviest tools to list. */
  top: number;
  /** What each client pays for these servers, when measured for clients. */
  clients?: ClientCostView;
}

export interface TerminalStyle {
  color: boolean;
  /** Terminal width to fit tables into; undefined when piped. */
  width?: number;
}
