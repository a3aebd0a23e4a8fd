import { gatewaySection } from './gateway.js';
import { gatewayLimitsSection } from './gateway-limits.js';
import { installSection } from './install.js';
import { measureServers } from './measure-servers.js';
import { searchSection } from './search-section.js';
import { slimSection } from './slim.js';
import { splitSection } from './split.js';
import { tokenizerThroughput } from './tokenizer.js';
import { ttcSection } from './ttc.js';
import { uiSection } from './ui.js';

/** One bench section: run() does the work and returns the plain-text table to print. */
export interface Section {
  title: string;
  run(): Promise<string>;
}

/**
 * Run in this order by bench/run.ts. A new section (slim, ttc, search, gateway) is one file
 * exporting a Section and one line here.
 */
export const sections: Section[] = [measureServers, tokenizerThroughput, slimSection, splitSection, ttcSection, searchSection, gatewaySection, gatewayLimitsSection, installSection, uiSection];
