// Types for jq-web.cjs.
import type { Jq } from 'jq-web';

declare const jqWeb: { ready: Promise<Jq> };
export = jqWeb;
