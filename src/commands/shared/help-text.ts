// The words commands share in help and hints: gh-style Examples, and shell-ready values.
import { safeText } from '../../render/text.js';

/** gh-style Examples section: a comment line and the invocation under it. */
export function examples(pairs: Array<[comment: string, invocation: string]>): string {
  return '\nExamples:\n' + pairs.map(([comment, invocation]) => `  # ${comment}\n  $ ${invocation}\n`).join('\n');
}

/** Quotes a value for a shell command line shown to the user, only when it needs it. */
export function shellQuote(value: string): string {
  // Shown on a terminal, and the value may come from the service (a page token): no escape sequences.
  value = safeText(value);
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
