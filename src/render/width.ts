// Display width: how many terminal columns text takes (CJK and emoji take two, combining marks none), and cutting
// text to a width without splitting a character. Loaded only by what draws for a terminal.
import stringWidth from 'string-width';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** The longest start of `text` (whole graphemes) that fits in `width` columns. */
function fitStart(text: string, width: number): string {
  let used = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    const w = stringWidth(segment);
    if (used + w > width) break;
    used += w;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** The longest end of `text` (whole graphemes) that fits in `width` columns. */
function fitEnd(text: string, width: number): string {
  const parts = [...graphemes.segment(text)];
  let used = 0;
  let start = text.length;
  for (let i = parts.length - 1; i >= 0; i--) {
    const w = stringWidth(parts[i]!.segment);
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
 * Prose fitted to `width` columns, broken at spaces (a single word wider than the width stays whole). A line that is
 * a shell command (`Next page: svc ...`) is broken with " \" continuations, so it still pastes as one command.
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
  for (const word of line.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && displayWidth(candidate) > width) {
      lines.push(current + continuation);
      current = (continuation ? '  ' : '') + word;
    } else {
      current = candidate;
    }
  }
  lines.push(current);
  return lines;
}
