// Types for jq-web, a WebAssembly build of jq (it ships none): its module is a promise of the instantiated jq.
declare module 'jq-web' {
  export interface Jq {
    /**
     * Runs jq over `input` (JSON texts, as jq reads its standard input) with `filter` and command-line `flags`; returns
     * what jq wrote on stdout (one final newline removed; undefined when nothing). A non-zero exit of jq throws an Error
     * carrying `exitCode` (3: the program did not compile, 5: it failed at run time) and `stderr`. What jq writes on
     * stderr while succeeding (`debug`, `stderr`) goes to console.warn.
     */
    raw(input: string | Uint8Array, filter: string, flags?: string[]): string | undefined;
  }
  const ready: Promise<Jq>;
  export default ready;
}
