/**
 * `npm run bench`: every section of bench/sections.ts in sequence (never in parallel, so one
 * section's servers or CPU use cannot skew another's timings). `npm run bench -- tokenizer`
 * runs only the sections whose title contains one of the given words.
 */
import { sections } from './sections.js';
import { fmt } from './_table.js';

const only = process.argv.slice(2);
let failed = 0;

for (const section of sections) {
  if (only.length > 0 && !only.some((word) => section.title.includes(word))) continue;
  console.log(`== ${section.title} ==\n`);
  const started = performance.now();
  try {
    console.log(await section.run());
  } catch (error) {
    // Keep going: the other sections still say something; the exit code reports the failure.
    failed++;
    console.log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  }
  console.log(`\n(section took ${fmt(performance.now() - started)} ms)\n`);
}

if (failed > 0) {
  console.error(`${failed} bench section(s) failed`);
  process.exitCode = 1;
}
