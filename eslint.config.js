// Lint: ESLint with typescript-eslint's recommended rules (Prettier formats; see .prettierrc.json), and the house
// plan of src/ (LAYERS below) as import rules.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Each part of src/ (a folder, or a module at its top) and the parts it may import; nothing imports upward.
 * Base modules (errors, interrupt, mask, globals, process-proof) sit under everything. commands may import any part but the
 * program (cli); only cli imports commands. completion/generate builds the program to write the scripts.
 */
const LAYERS = {
  schema: [],
  errors: [],
  globals: [],
  mask: [],
  'process-proof': [],
  'reader-watch': [],
  interrupt: ['errors'],
  evm: ['schema'],
  signature: ['schema', 'evm'],
  render: ['schema', 'evm', 'mask'],
  settings: ['schema', 'errors', 'interrupt', 'mask', 'process-proof'],
  api: ['schema', 'errors', 'interrupt', 'mask'],
  emulator: ['schema', 'evm', 'signature', 'process-proof'],
  receiver: ['schema', 'evm', 'signature'],
  options: ['schema', 'errors', 'mask'],
  jq: [],
  'given-address': ['evm', 'errors'],
  io: ['render', 'errors', 'interrupt'],
  prompt: ['io', 'render', 'errors', 'interrupt'],
  apply: ['api', 'schema', 'evm', 'render', 'io', 'given-address', 'errors', 'interrupt'],
  session: ['api', 'settings', 'io', 'globals', 'errors'],
  context: ['api', 'session', 'io', 'globals'],
  completion: ['settings', 'cli'],
  commands: ['*'],
};
const PARTS = [...Object.keys(LAYERS), 'cli'];

/** The rules for one part: its imports of any other part are refused, at every depth of its folder. */
function layerRules(part) {
  const allowed = LAYERS[part];
  const refused = allowed.includes('*') ? ['cli'] : PARTS.filter((other) => other !== part && !allowed.includes(other));
  const message = `${part} may import ${allowed.includes('*') ? 'any part but cli' : allowed.join(', ') || 'no other part'} (the house plan in eslint.config.js)`;
  const names = refused.join('|');
  // A module at src/'s top reaches the others as './x'; one n folders down as '../' n times.
  const depths = [
    { files: [`src/${part}.ts`], up: '\\./' },
    { files: [`src/${part}/*.ts`], up: '\\.\\./' },
    { files: [`src/${part}/*/*.ts`], up: '(?:\\.\\./){2}' },
    { files: [`src/${part}/*/*/*.ts`], up: '(?:\\.\\./){3}' },
  ];
  return depths.map(({ files, up }) => {
    const regex = `^${up}(?:${names})(?:/|\\.js$)`;
    return {
      files,
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
        // import() is no import declaration: the same rule for the lazily loaded modules.
        'no-restricted-syntax': ['error', { selector: `ImportExpression > Literal[value=/${regex.replace(/\//g, '\\/')}/]`, message }],
      },
    };
  });
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'completions/', 'coverage/', '.lint-cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Terminal sanitising matches control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  ...Object.keys(LAYERS).flatMap(layerRules),
  {
    // The inspector's page runs in a browser and puts whatever it shows into the page as text, never as HTML.
    files: ['src/emulator/inspector/page/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-properties': [
        'error',
        ...['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'createContextualFragment', 'srcdoc'].map((property) => ({
          property,
          message: 'the inspector shows text only: build elements with h() (page/dom.ts)',
        })),
        ...['write', 'writeln'].map((property) => ({ object: 'document', property, message: 'the inspector shows text only' })),
      ],
    },
  },
  {
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
