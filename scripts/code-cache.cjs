// Writes the bundle's code cache at build time: node scripts/code-cache.cjs <bundle> <cache file>.
// Run by scripts/build.mjs in a node of its own, with the flags bin/svc.js starts with (none), so V8 accepts the cache
// there. The bundle is compiled as bin/svc.js compiles it, and its top level is run: the cache then holds the code of
// every module that runs at each start (commander, undici, our own), not just the outer function. Nothing is called
// beyond that: no command runs, no file or network is touched; the top level only defines and wires up modules.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, resolve } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const bundleFile = resolve(process.argv[2]);
const script = new Script(readFileSync(bundleFile, 'latin1'), { filename: bundleFile });
const bundle = { exports: {} };
script
  .runInThisContext()
  .call(bundle.exports, bundle.exports, createRequire(bundleFile), bundle, bundleFile, dirname(bundleFile), pathToFileURL(bundleFile).href);
if (typeof bundle.exports.main !== 'function') throw new Error(`${bundleFile} exports no main function`);
writeFileSync(process.argv[3], script.createCachedData());
