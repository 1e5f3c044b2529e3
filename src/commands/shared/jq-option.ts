// --jq, as each command that prints JSON declares it; what it does is shared/jq-output.ts's, loaded only when given.
import { Option } from '@commander-js/extra-typings';

export function jqOption() {
  return new Option(
    '--jq <expression>',
    'filter the JSON output with jq (implies --json): each document printed goes through it (one per page when there are several); strings print raw',
  );
}
