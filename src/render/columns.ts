// How many terminal columns text takes: string-width, with a fast path for the text the CLI draws nearly always.
// string-width segments any text that is not plain ASCII into graphemes and tests each against \p{RGI_Emoji}: making
// its segmenter and warming that regular expression cost ~100 ms of an interactive `svc tx list` (0.33 s of CPU on a
// terminal against 0.19 s piped), for an ellipsis, an arrow or the spinner's frame. Text made only of characters
// that each take one column and never join a neighbour into one grapheme is as wide as it is long; string-width
// itself, loaded on first need, measures the rest (CJK, emoji, combining marks, control characters).
import { createRequire } from 'node:module';
import stripAnsi from 'strip-ansi';

/**
 * Characters a terminal shows in one column each, none joining its neighbours into a grapheme: printable ASCII,
 * Latin-1 and the Latin extensions (without the soft hyphen, which takes none), general punctuation (dashes, quotes,
 * bullets, the ellipsis), arrows and mathematical operators, box drawing, blocks and geometric shapes (without the
 * two emoji among them), the check mark, braille (the spinner). test/unit/columns.test.ts holds every one of them to
 * string-width.
 */
const ONE_COLUMN_EACH =
  /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u22FF\u2500-\u25FC\u2713\u2800-\u28FF]*$/;

type StringWidth = (text: string) => number;
let stringWidth: StringWidth | undefined;

// A CommonJS script's require where there is one: in the built CLI, where esbuild bundles what it requires and runs it
// only when called (an import would run string-width's start with the module's). Elsewhere (the ES modules under
// dist/, the tests) node loads the package itself.
function loadStringWidth(): StringWidth {
  const loaded =
    typeof require === 'function'
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- a call esbuild sees, to bundle what it loads
        require('string-width')
      : createRequire(import.meta.url)('string-width');
  return (loaded as { default: StringWidth }).default;
}

/** Whether `text` (without escape sequences) is as wide as it is long. */
export function isOneColumnEach(text: string): boolean {
  return ONE_COLUMN_EACH.test(text);
}

/** Columns `text` takes; colour and other escape sequences take none. */
export default function columns(text: string): number {
  const plain = text.includes('\u001B') || text.includes('\u009B') ? stripAnsi(text) : text;
  if (ONE_COLUMN_EACH.test(plain)) return plain.length;
  // Loaded here, not at start: most runs never get this far.
  stringWidth ??= loadStringWidth();
  return stringWidth(plain);
}
