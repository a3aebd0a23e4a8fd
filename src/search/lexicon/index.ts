// The lexicons are data now (src/vocabulary/). Kept only for test/search.test.ts, which imports LEXICONS from here; delete once it imports src/vocabulary/index.js.
export { LEXICONS } from '../../vocabulary/index.js';
