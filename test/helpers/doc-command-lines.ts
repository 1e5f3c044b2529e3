// The `svc ...` command lines written in the documentation: in its shell code blocks (as a user would paste them)
// and in its inline code (`svc webhook get <id>`). A small reader of shell words, enough for what the documents
// write: quotes, `$(...)` and `<(...)` (read for the svc lines inside them), pipes and lists, redirections, comments,
// `\` at a line's end, and `VAR=value` before a command.

export interface DocCommandLine {
  document: string;
  /** The words after `svc`, quotes removed; a substitution stands as `$(…)`. */
  args: string[];
  /** The text it was read from, for the failure message. */
  source: string;
  /** From inline code, where a line may leave out what the sentence around it says (`svc webhook get <id>`). */
  inline: boolean;
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console']);
/** Words that start a command without being it. */
const KEYWORDS = new Set(['do', 'then', 'else', 'elif', '!', 'time', 'exec']);

/** Every `svc` command line of a Markdown document. */
export function commandLinesOf(document: string, markdown: string): DocCommandLine[] {
  const lines: DocCommandLine[] = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  let prose = '';
  let last = 0;
  for (const match of markdown.matchAll(fence)) {
    prose += markdown.slice(last, match.index) + '\n';
    last = match.index + match[0].length;
    if (!SHELL_LANGUAGES.has(match[1]!)) continue;
    // A `$ ` prompt (console blocks) is not typed; output lines under it are not commands.
    const block = match[1] === 'console' || /^\$ /m.test(match[2]!) ? promptLines(match[2]!) : match[2]!;
    for (const args of svcInvocations(block, false)) lines.push({ document, args, source: ['svc', ...args].join(' '), inline: false });
  }
  prose += markdown.slice(last);
  for (const span of prose.matchAll(/`([^`\n]+)`/g)) {
    const code = span[1]!;
    if (!/^(?:[A-Z_]+=\S+ )*(?:svc|\.\/bin\/svc\.js) /.test(code)) continue;
    for (const args of svcInvocations(code, true)) {
      // `svc <command> --help`: a placeholder where the command goes names none.
      if (args[0]?.startsWith('<')) continue;
      lines.push({ document, args, source: code, inline: true });
    }
  }
  return lines;
}

function promptLines(block: string): string {
  return block
    .split('\n')
    .filter((line) => line.startsWith('$ '))
    .map((line) => line.slice(2))
    .join('\n');
}

/** The argument lists of the svc commands in a piece of shell text, nested substitutions included. */
export function svcInvocations(text: string, inline: boolean): string[][] {
  const found: string[][] = [];
  for (const command of commands(text, inline, found)) {
    let words = command;
    while (words.length > 0 && (KEYWORDS.has(words[0]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!))) words = words.slice(1);
    if (words[0] === 'svc' || words[0]?.endsWith('/svc.js')) found.push(words.slice(1));
  }
  return found;
}

/**
 * The simple commands of the text, as word lists; the svc lines inside `$(...)` and `<(...)` are added to `found`
 * as they are read.
 */
function commands(text: string, inline: boolean, found: string[][]): string[][] {
  const result: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  /** The next word is a redirection's target, not an argument. */
  let redirectTarget = false;
  const endWord = () => {
    if (word !== undefined) {
      if (redirectTarget) redirectTarget = false;
      else words.push(word);
    }
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) result.push(words);
    words = [];
  };
  let i = 0;
  /** The text from an opening parenthesis at `start` to its match; `i` moves past it. */
  const balanced = (start: number): string => {
    let depth = 0;
    let quote: string | undefined;
    for (let j = start; j < text.length; j++) {
      const c = text[j]!;
      if (quote) {
        if (c === quote) quote = undefined;
        else if (c === '\\' && quote === '"') j++;
        continue;
      }
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\') j++;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        i = j + 1;
        return text.slice(start + 1, j);
      }
    }
    i = text.length;
    return text.slice(start + 1);
  };
  const substitution = (start: number): string => {
    found.push(...svcInvocations(balanced(start), inline));
    return '$(…)';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      if (text[i + 1] !== '\n') word = (word ?? '') + (text[i + 1] ?? '');
      i += 2;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? '') + text.slice(i + 1, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '"') {
      let value = '';
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') {
          value += text[i + 1] ?? '';
          i += 2;
        } else if (text.startsWith('$(', i)) value += substitution(i + 1);
        else value += text[i++];
      }
      i++;
      word = (word ?? '') + value;
    } else if (text.startsWith('$(', i) || text.startsWith('<(', i)) {
      word = (word ?? '') + substitution(i + 1);
    } else if (c === '#' && word === undefined) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (inline && c === '<' && /^<[^\s<>]+>/.test(text.slice(i))) {
      // A placeholder of inline code: `<id>`.
      const end = text.indexOf('>', i);
      word = (word ?? '') + text.slice(i, end + 1);
      i = end + 1;
    } else if (c === '>' || c === '<') {
      // A redirection; a word of digits just before it is its file descriptor (2>&1).
      if (word !== undefined && /^\d+$/.test(word)) word = undefined;
      endWord();
      i++;
      while (text[i] === '>' || text[i] === '&') i++;
      // `2>&1`: the target is a descriptor, not a word to skip.
      if (/\d/.test(text[i] ?? '') && text[i - 1] === '&') i++;
      else redirectTarget = true;
    } else if (c === '|' || c === ';' || c === '&' || c === '\n' || c === '(' || c === ')' || c === '{' || c === '}') {
      if ((c === '{' || c === '}') && word !== undefined) {
        word += c;
        i++;
        continue;
      }
      endCommand();
      i++;
    } else if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  endCommand();
  return result;
}
