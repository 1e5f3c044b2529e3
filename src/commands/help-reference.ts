// The command reference (`svc help reference`, and docs/reference.md through `npm run docs`): every command of the
// program as its help prints it, one Markdown section each, in the order help lists them.
import { Help } from '@commander-js/extra-typings';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { EventEmitter } from 'node:events';

/**
 * The width the reference is written at, whatever the terminal: the committed file must come out the same on every
 * machine, and `svc help reference` prints that very text.
 */
const REFERENCE_WIDTH = 100;

const PREAMBLE = `# Command reference

Every command of svc with its usage, flags and examples, as \`svc <command> --help\` prints them. The program's
own flags (\`svc\`, first below) are accepted by every command, before or after it. This file is written from the
command tree by \`npm run docs\`; \`svc help reference\` prints it.
`;

/** The reference of the program: its own section, then every command below it, depth first. */
export function commandReference(program: CommandUnknownOpts): string {
  const sections = [PREAMBLE, section(program)];
  const visit = (command: CommandUnknownOpts) => {
    for (const sub of visibleCommands(command)) {
      sections.push(section(sub));
      visit(sub);
    }
  };
  visit(program);
  return sections.join('\n');
}

/** Subcommands worth a section: `help` is the program's only (it works the same in every group). */
function visibleCommands(command: CommandUnknownOpts): CommandUnknownOpts[] {
  const helper = command.createHelp();
  return helper.visibleCommands(command).filter((sub) => sub.name() !== 'help' || command.parent === null);
}

function section(command: CommandUnknownOpts): string {
  const helper = command.createHelp();
  helper.prepareContext({ error: false, helpWidth: REFERENCE_WIDTH, outputHasColors: false });
  // commander's own layout, without the "Inherited flags" line every command's help ends with: said once above.
  let text = Help.prototype.formatHelp.call(helper, command, helper);
  const write = (chunk: string) => {
    text += chunk;
  };
  // The text added after the help (examples, notes) comes as commander gives it to --help: by its event.
  (command as unknown as EventEmitter).emit('afterHelp', { error: false, write, command });
  return `## \`${commandPath(command)}\`\n\n\`\`\`text\n${text.trimEnd()}\n\`\`\`\n`;
}

function commandPath(command: CommandUnknownOpts): string {
  const names: string[] = [];
  for (let at: CommandUnknownOpts | null = command; at; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}
