// jq-web, whose module is a promise of the instantiated jq, held in an object: import() would take a module that is a
// promise for a module with a `then` of its own, and wait on it. In the bundle, require('jq-web') is
// dist/svc-vendor-jq-web.cjs, with jq.wasm beside it (scripts/build.mjs).
module.exports = { ready: require('jq-web') };
