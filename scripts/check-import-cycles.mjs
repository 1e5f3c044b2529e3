// Lint step (npm run lint): fails when the modules of src/ import each other in a circle, whatever the kind of import
// (a value, a type, a lazy import()). A circle makes the order modules run in depend on which is loaded first, and
// the house plan (architecture.md, eslint.config.js) says none: a name two modules share goes to a third.
// TypeScript's own pre-processor finds the imports (comments and strings are not mistaken for them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The folder checked: src/, or the one named (the check's own test gives it a circle). */
const src = resolve(process.argv[2] ?? join(root, 'src'));

/**
 * Circles known and left to the work that owns their modules (issue 30, item 14), each as its modules sorted. The
 * check fails once one no longer exists, so the entry goes with the fix.
 */
const ACCEPTED = [];

/** Every module of src/ and the modules of src/ it imports. */
function importGraph() {
  const files = readdirSync(src, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(src, name));
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName).replace(/\.js$/, '.ts');
      // A CommonJS module of src/ (src/jq/jq-web.cjs) imports none of src/: no circle goes through it.
      if (existsSync(target) && target.endsWith('.ts')) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The strongly connected components of more than one module, or of one that imports itself (Tarjan's algorithm). */
function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node).includes(node)) found.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One way round a component, from its first module back to it: what to read to see the circle. */
function wayRound(graph, component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const path = [start];
  const seen = new Set([start]);
  const walk = (node) => {
    for (const target of graph.get(node)) {
      if (target === start) return true;
      if (!members.has(target) || seen.has(target)) continue;
      seen.add(target);
      path.push(target);
      if (walk(target)) return true;
      path.pop();
    }
    return false;
  };
  walk(start);
  return [...path, start].map((file) => relative(root, file)).join(' -> ');
}

const graph = importGraph();
const key = (component) =>
  component
    .map((file) => relative(root, file))
    .sort()
    .join(' ');
const accepted = new Set(process.argv[2] === undefined ? ACCEPTED.map((modules) => modules.join(' ')) : []);
const found = circles(graph);
const refused = found.filter((component) => !accepted.has(key(component)));
const gone = [...accepted].filter((modules) => !found.some((component) => key(component) === modules));
for (const component of refused) console.error(`import circle: ${wayRound(graph, component)}`);
for (const modules of gone) console.error(`no longer a circle: ${modules}; remove it from ACCEPTED in scripts/check-import-cycles.mjs`);
if (refused.length > 0) {
  console.error(
    `${refused.length} import circle(s) in ${relative(root, src) || '.'}: move the name the modules share to a module of its own`,
  );
}
if (refused.length > 0 || gone.length > 0) process.exit(1);
