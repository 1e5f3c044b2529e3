// A check for loops over every transaction of a generated chain: a plain comparison, thrown as an error (which
// fast-check reports with its counterexample) with a message made only when it fails. An `expect` call costs
// microseconds of bookkeeping, and these loops make hundreds of thousands.
export function check(holds: boolean, problem: () => string): void {
  if (!holds) throw new Error(problem());
}
