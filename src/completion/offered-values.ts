// An option or argument whose values completions offer, while its own parser checks the value (with a message naming
// the flag and the rule, exit 2): a closed set, or the known values of an open one (a chain id or name). The values
// are declared on the option, so completions offer this command's: `--status` means active/inactive under
// `webhook list` and failed/success under `tx list`. An argument may give each value a description too, which zsh and
// fish show beside it (`svc api`'s paths, with their operations' summaries).
import { Argument, Option } from '@commander-js/extra-typings';

export class OfferedValuesOption<Usage extends string> extends Option<Usage> {
  constructor(
    flags: Usage,
    description: string,
    /** What completions offer; not commander's `choices`, whose own error wording would replace the flag parser's. */
    readonly offeredValues: readonly string[],
  ) {
    super(flags, description);
  }
}

export class OfferedValuesArgument<Usage extends string> extends Argument<Usage> {
  constructor(
    name: Usage,
    description: string,
    readonly offeredValues: readonly string[],
    /** One line for each of `offeredValues`, in the same order. */
    readonly valueDescriptions?: readonly string[],
  ) {
    super(name, description);
  }
}

/** The values an option or argument offers for completion, when it declares them. */
export function offeredValues(option: Option | Argument): readonly string[] | undefined {
  // Read by its field, not instanceof: the completion writers are bundled apart from the commands (scripts/build.mjs).
  const values = (option as Partial<OfferedValuesOption<string>>).offeredValues;
  return Array.isArray(values) ? values : undefined;
}

/** The description of each value an argument offers, when it gives them (as many as its values). */
export function offeredValueDescriptions(argument: Argument): readonly string[] | undefined {
  // By its field, as offeredValues reads its values.
  const descriptions = (argument as Partial<OfferedValuesArgument<string>>).valueDescriptions;
  return Array.isArray(descriptions) ? descriptions : undefined;
}
