/**
 * Child process of the tokenizer section: `<workload id> <copies>`. Times loading the
 * tokenizer (gpt-tokenizer builds both vocabularies when its modules are imported) and the
 * first run of the workload, in a process that has tokenized nothing yet. Prints JSON.
 */
import { sharedCatalog } from './_catalogs.js';
import type { WorkloadId } from './_tokenizer-work.js';

const [id, copies] = process.argv.slice(2);
const catalog = sharedCatalog(Number(copies));
let started = performance.now();
const { workload } = await import('./_tokenizer-work.js');
const importMs = performance.now() - started;
const work = workload(id as WorkloadId, catalog);
started = performance.now();
work.run();
const firstMs = performance.now() - started;
console.log(JSON.stringify({ importMs, firstMs }));
