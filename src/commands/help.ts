// `svc help [command...]` in every command group, `svc help reference`, and the nearest command name for a typo.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from '../errors.js';
import { examples } from './shared/help-text.js';

/** The help topic of the program that is no command: every command's help in one Markdown page, as gh has it. */
const REFERENCE_TOPIC = 'reference';

/**
 * Gives every command group a `help [command...]` subcommand that follows the whole path (`svc help tx
 * list`, `svc webhook help create`); commander's own help command looks at one word only. The program's also
 * prints the reference (`svc help reference`), whose writer is loaded only then.
 */
export function addHelpCommands(group: CommandUnknownOpts): void {
  if (group.commands.length === 0) return;
  for (const sub of group.commands) addHelpCommands(sub);
  const sample: string[] = [];
  for (let at = group; at.commands.length > 0;) {
    at = at.commands[0]!;
    sample.push(at.name());
  }
  const isProgram = group.parent === null;
  const helpExamples: Array<[string, string]> = [[`the help of ${sample.join(' ')}`, `${commandPath(group)} help ${sample.join(' ')}`]];
  if (isProgram) helpExamples.push(['every command with its flags and examples, as Markdown', `svc help ${REFERENCE_TOPIC}`]);
  group
    .command('help')
    .description(isProgram ? 'show help for a command, or the whole command reference' : 'show help for a command')
    .argument('[command...]', isProgram ? `the command, e.g. "tx list", or "${REFERENCE_TOPIC}"` : 'the command, e.g. "tx list"')
    .addHelpText('after', examples(helpExamples))
    .action(async (words: string[]) => {
      if (isProgram && words.length === 1 && words[0] === REFERENCE_TOPIC) {
        const { commandReference } = await import('./help-reference.js');
        group.configureOutput().writeOut?.(commandReference(group));
        return;
      }
      let target = group;
      for (const word of words) {
        const next = target.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
        if (!next) {
          const suggestion = closestName(
            word,
            target.commands.map((sub) => sub.name()),
          );
          throw new UsageError(
            `unknown command '${word}' for '${commandPath(target)}'`,
            suggestion ? `Did you mean ${suggestion}?` : `see: ${commandPath(target)} --help`,
          );
        }
        target = next;
      }
      target.outputHelp();
    });
}

function commandPath(command: CommandUnknownOpts): string {
  const names: string[] = [];
  for (let at: CommandUnknownOpts | null = command; at; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/** The candidate at the smallest edit distance (transpositions count once), if it is close enough. */
export function closestName(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance && distance <= Math.max(1, Math.floor(candidate.length / 3))) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}
