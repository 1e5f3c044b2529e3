// The write gate: changes of one key one at a time (two planned from the same state never both write it), changes
// of other keys at once, and a reset alone (after the changes running, before those that come in meanwhile).
import { describe, expect, it } from 'vitest';
import { WriteGate } from '../../src/emulator/kept/write-gate.js';

/** A change whose end the test decides, and which says when it started. */
function change(gate: WriteGate, log: string[], name: string, keys: string[]): { end: () => void; done: Promise<void> } {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const done = gate.run(keys, async () => {
    log.push(`${name} starts`);
    await ended;
    log.push(`${name} ends`);
  });
  return { end, done };
}

function alone(gate: WriteGate, log: string[], name: string): { end: () => void; done: Promise<void> } {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const done = gate.runAlone(async () => {
    log.push(`${name} starts`);
    await ended;
    log.push(`${name} ends`);
  });
  return { end, done };
}

/** Lets every change that can go on do so. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Whether `done` settles soon (a deadlock never does). */
const settles = (done: Promise<unknown>) =>
  Promise.race([done.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200))]);

describe('the write gate', () => {
  it('runs changes of one key one at a time, in the order they came, and of other keys at once', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const first = change(gate, log, 'a1', ['a']);
    const second = change(gate, log, 'a2', ['a']);
    const other = change(gate, log, 'b1', ['b']);
    await settle();
    expect(log).toEqual(['a1 starts', 'b1 starts']);
    first.end();
    await settle();
    expect(log).toEqual(['a1 starts', 'b1 starts', 'a1 ends', 'a2 starts']);
    // A third change of the key, come while the second runs, waits for it (not only for the first).
    const third = change(gate, log, 'a3', ['a']);
    await settle();
    expect(log.at(-1)).toBe('a2 starts');
    second.end();
    await settle();
    expect(log.slice(-2)).toEqual(['a2 ends', 'a3 starts']);
    third.end();
    other.end();
    await Promise.all([first.done, second.done, third.done, other.done]);
  });

  it('never deadlocks two changes taking the same keys in another order, nor one naming a key twice', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const ab = change(gate, log, 'ab', ['a', 'b']);
    const ba = change(gate, log, 'ba', ['b', 'a']);
    const twice = change(gate, log, 'cc', ['c', 'c']);
    ab.end();
    ba.end();
    twice.end();
    expect(await settles(Promise.all([ab.done, ba.done, twice.done]))).toBe(true);
  });

  it('runs a reset after every change running, and every change that comes meanwhile after it', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const a = change(gate, log, 'a', ['a']);
    const b = change(gate, log, 'b', ['b']);
    await settle();
    const reset = alone(gate, log, 'reset');
    const later = change(gate, log, 'later', ['c']);
    const secondReset = alone(gate, log, 'reset2');
    await settle();
    expect(log).toEqual(['a starts', 'b starts']);
    a.end();
    await settle();
    // One change still runs: the reset waits for it too.
    expect(log).toEqual(['a starts', 'b starts', 'a ends']);
    b.end();
    await settle();
    expect(log.slice(3)).toEqual(['b ends', 'reset starts']);
    reset.end();
    await settle();
    expect(log.slice(5)).toEqual(['reset ends', 'later starts']);
    later.end();
    await settle();
    expect(log.slice(7)).toEqual(['later ends', 'reset2 starts']);
    secondReset.end();
    await Promise.all([a.done, b.done, reset.done, later.done, secondReset.done]);
  });

  it('runs a reset at once when nothing runs, and two resets one after the other', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const first = alone(gate, log, 'r1');
    const second = alone(gate, log, 'r2');
    await settle();
    expect(log).toEqual(['r1 starts']);
    first.end();
    await settle();
    expect(log).toEqual(['r1 starts', 'r1 ends', 'r2 starts']);
    second.end();
    expect(await settles(Promise.all([first.done, second.done]))).toBe(true);
  });

  it('holds further keys within a change until the changes of those keys before it end', async () => {
    const gate = new WriteGate();
    const log: string[] = [];
    const holder = change(gate, log, 'w1', ['webhook 1']);
    let notified = false;
    const within = gate.run(['tx'], () =>
      gate.within(['webhook 1', 'webhook 1'], async () => {
        notified = true;
      }),
    );
    await settle();
    expect(notified).toBe(false);
    holder.end();
    expect(await settles(within)).toBe(true);
    expect(notified).toBe(true);
  });
});
