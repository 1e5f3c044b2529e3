// Display width: how many terminal columns text takes (CJK and emoji take two, combining marks none), and cutting
// text to a width without splitting a character. Loaded only by what draws for a terminal.
import columns, { isOneColumnEach } from './columns.js';

/** Made on first need: making a segmenter costs ~20 ms, and text the width of its length needs none (columns.ts). */
let segmenter: Intl.Segmenter | undefined;
const graphemes = (text: string): Intl.Segments => (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text);

export function displayWidth(text: string): number {
  return columns(text);
}

/** The longest start of `text` (whole graphemes) that fits in `width` columns. */
function fitStart(text: string, width: number): string {
  if (isOneColumnEach(text)) return text.slice(0, Math.max(0, width));
  let used = 0;
  let end = 0;
  for (const { segment, index } of graphemes(text)) {
    const w = columns(segment);
    if (used + w > width) break;
    used += w;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** The longest end of `text` (whole graphemes) that fits in `width` columns. */
function fitEnd(text: string, width: number): string {
  if (isOneColumnEach(text)) return width <= 0 ? '' : text.slice(-width);
  const parts = [...graphemes(text)];
  let used = 0;
  let start = text.length;
  for (let i = parts.length - 1; i >= 0; i--) {
    const w = columns(parts[i]!.segment);
    if (used + w > width) break;
    used += w;
    start = parts[i]!.index;
  }
  return text.slice(start);
}

/** Cuts to `width` columns with an ellipsis (terminal only; pipes get the whole value). */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(text) <= width) return text;
  return fitStart(text, width - 1) + '…';
}

/** `0x1234…cdef`: a hash or address shortened in the middle, where both ends identify it. */
export function shortenMiddle(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width < 6) return truncate(text, width);
  const tail = Math.floor((width - 1) / 2);
  const head = width - 1 - tail;
  return fitStart(text, head) + '…' + fitEnd(text, tail);
}

/**
 * Prose fitted to `width` columns, broken at spaces; a word wider than the width (a path) is cut where the terminal
 * would cut it. A line that is a shell command (`Next page: svc ...`) is broken with " \" continuations only, so it
 * still pastes as one command (a word of it wider than the width stays whole).
 */
export function wrapLines(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => {
      if (displayWidth(line) <= width) return line;
      const command = /^(Next page: )(svc .*)$/.exec(line);
      if (command) return command[1]!.trimEnd() + '\n' + breakAtSpaces(command[2]!, Math.max(1, width - 2), ' \\').join('\n');
      return breakAtSpaces(line, width, '').join('\n');
    })
    .join('\n');
}

function breakAtSpaces(line: string, width: number, continuation: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (let word of line.split(' ')) {
    if (continuation === '' && displayWidth(word) > width) {
      // Whatever fits beside the line so far (after a space), then whole widths of it, then the rest as a word.
      const room = current === '' ? width : width - displayWidth(current) - 1;
      const head = room > 0 ? fitStart(word, room) : '';
      if (head !== '') lines.push(current === '' ? head : `${current} ${head}`);
      else if (current !== '') lines.push(current);
      current = '';
      word = word.slice(head.length);
      while (displayWidth(word) > width) {
        // A character wider than the whole width (a CJK one in 1 column) goes on a line of its own.
        const piece = fitStart(word, width) || graphemes(word)[Symbol.iterator]().next().value!.segment;
        lines.push(piece);
        word = word.slice(piece.length);
      }
      if (word === '') continue;
    }
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && displayWidth(candidate) > width) {
      lines.push(current + continuation);
      current = (continuation ? '  ' : '') + word;
    } else {
      current = candidate;
    }
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}
