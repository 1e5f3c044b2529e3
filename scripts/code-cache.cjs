// Writes the bundle's code cache at build time: node scripts/code-cache.cjs <bundle> <cache file>.
// Run by scripts/build.mjs in a node of its own, with the flags bin/svc.js starts with (none). The bundle is compiled
// as bin/svc.js compiles it, but whole: every function, not only the top level V8 compiles up front (--no-lazy, for
// this one compile). A first run, or any run in CI, then compiles nothing it runs: with the top level alone, `svc tx
// list` still compiled commander's, undici's and our functions as it reached them (CI=true: 1.33x a bare request
// against 1.22-1.27x whole; 1.45x with no cache). The cost: 1.1 MB in dist and ~1.7 MB more memory at start.
// The flag is back to its default before the cache is written: V8 stamps a cache with the flags in effect then and
// refuses it under others (test/unit/code-cache.test.ts checks that a plain node accepts it).
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { Script } = require('node:vm');

const bundleFile = resolve(process.argv[2]);
setFlagsFromString('--no-lazy');
const script = new Script(readFileSync(bundleFile, 'latin1'), { filename: bundleFile });
setFlagsFromString('--lazy');
writeFileSync(process.argv[3], script.createCachedData());
