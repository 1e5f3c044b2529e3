// What --jq prints on a terminal, as `gh --jq` prints it: strings raw, other scalars as they are, objects and arrays
// indented by two spaces and, where colour is on, coloured as gh colours JSON. Text from the service is made safe.
import { safeText } from './text.js';

/** gh's colours for JSON (its jsoncolor): SGR parameters. Numbers stay plain. */
const COLOR = { delimiter: '1;38', key: '1;34', null: '36', string: '32', boolean: '33' } as const;

/**
 * One value jq wrote as compact JSON (jq -c: one a line, strings escaped), as a terminal shows it. A string prints
 * raw, its escape sequences taken out and each of its lines made safe; an object or array is laid out over lines.
 */
export function terminalJqValue(compact: string, color: boolean): string {
  if (compact.startsWith('"')) {
    return (JSON.parse(compact) as string)
      .split('\n')
      .map((line) => safeText(line))
      .join('\n');
  }
  if (compact.startsWith('{') || compact.startsWith('[')) return indentJson(compact, color);
  return safeText(compact);
}

/**
 * Compact JSON laid out as jq lays it out (two spaces, `"key": value`, `{}` and `[]` when empty), each token painted
 * when `color`. Works on the text: numbers keep every digit. Strings stay JSON-escaped, so no control character of
 * theirs reaches the terminal; what JSON leaves raw (C1 controls, bidirectional marks) is made safe.
 */
export function indentJson(compact: string, color: boolean): string {
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  let depth = 0;
  let out = '';
  const newLine = () => '\n' + '  '.repeat(depth);
  for (let at = 0; at < compact.length; at++) {
    const char = compact[at]!;
    if (char === '"') {
      let end = at + 1;
      while (compact[end] !== '"' && end < compact.length) end += compact[end] === '\\' ? 2 : 1;
      // Inside the quotes only: a sequence taken out must never take the closing quote with it.
      const token = `"${safeText(compact.slice(at + 1, end))}"`;
      out += paint(compact[end + 1] === ':' ? COLOR.key : COLOR.string, token);
      at = end;
    } else if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      if (compact[at + 1] === close) {
        out += paint(COLOR.delimiter, char + close);
        at++;
      } else {
        depth++;
        out += paint(COLOR.delimiter, char) + newLine();
      }
    } else if (char === '}' || char === ']') {
      depth--;
      out += newLine() + paint(COLOR.delimiter, char);
    } else if (char === ',') out += paint(COLOR.delimiter, ',') + newLine();
    else if (char === ':') out += paint(COLOR.delimiter, ':') + ' ';
    else {
      let end = at;
      while (end < compact.length && !',:]}'.includes(compact[end]!)) end++;
      const word = compact.slice(at, end);
      out += word === 'null' ? paint(COLOR.null, word) : word === 'true' || word === 'false' ? paint(COLOR.boolean, word) : word;
      at = end - 1;
    }
  }
  return out;
}
