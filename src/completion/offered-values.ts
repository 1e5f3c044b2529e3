// An option whose value is one of a closed set that its flag parser checks itself (with a message naming the flag
// and the rule, exit 2). The set is declared on the option, so completions offer the values of this command's
// option: `--status` means active/inactive under `webhook list` and failed/success under `tx list`.
import { Option } from 'commander';

export class OfferedValuesOption extends Option {
  constructor(
    flags: string,
    description: string,
    /** What completions offer; not commander's `choices`, whose own error wording would replace the flag parser's. */
    readonly offeredValues: readonly string[],
  ) {
    super(flags, description);
  }
}

/** The values an option offers for completion, when it declares a closed set. */
export function offeredValues(option: Option): readonly string[] | undefined {
  // Read by its field, not instanceof: the completion writers are bundled apart from the commands (scripts/build.mjs).
  const values = (option as Partial<OfferedValuesOption>).offeredValues;
  return Array.isArray(values) ? values : undefined;
}
