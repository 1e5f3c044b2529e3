// Changes handed to the resources that own their kinds: each kind has one owner, an entry of a kind no one owns is
// refused (a change is never applied in part silently), and the in-memory keeper answers as a data directory does.
import { describe, expect, it } from 'vitest';
import { EntryRouter, MemoryKeeper, RawJson } from '../../src/emulator/kept/change.js';
import type { KeptResource } from '../../src/emulator/kept/change.js';

function resource(kinds: string[], applied: string[]): KeptResource {
  return {
    kinds,
    applyEntry: (kind, key, value) => applied.push(`${kind}:${key}=${JSON.stringify(value)}`),
    restore: () => {},
    snapshot: () => [],
  };
}

describe('the entry router', () => {
  it('hands each entry to the owner of its kind, in order, then answers with what the change returns', () => {
    const applied: string[] = [];
    const router = new EntryRouter([resource(['a'], applied), resource(['b'], applied)]);
    const answer = router.apply({
      entries: [
        ['b', 'k1', 1],
        ['a', 'k2', null],
      ],
      then: () => 'done',
    });
    expect(answer).toBe('done');
    expect(applied).toEqual(['b:k1=1', 'a:k2=null']);
    expect(router.owns('a')).toBe(true);
    expect(router.owns('c')).toBe(false);
  });

  it('refuses two owners of one kind, and an entry of a kind no one owns, naming the kind', () => {
    expect(() => new EntryRouter([resource(['a'], []), resource(['b', 'a'], [])])).toThrow('two kept resources own the kind a');
    const router = new EntryRouter([resource(['a'], [])]);
    expect(() => router.apply({ entries: [['c', 'k', 1]] })).toThrow('no kept resource owns the kind c');
  });
});

describe('the in-memory keeper', () => {
  it('applies a change at once, and rejects (does not throw) one that cannot be applied', async () => {
    const applied: string[] = [];
    const keeper = new MemoryKeeper(new EntryRouter([resource(['a'], applied)]));
    await expect(keeper.keep({ entries: [['a', 'k', 2]], then: () => 7 })).resolves.toBe(7);
    expect(applied).toEqual(['a:k=2']);
    const refused = keeper.keep({ entries: [['z', 'k', 1]] });
    await expect(refused).rejects.toThrow('no kept resource owns the kind z');
  });
});

describe('raw JSON', () => {
  it('counts the bytes of all its parts', () => {
    expect(new RawJson([Buffer.from('{"a":'), Buffer.from('"é"}')]).byteLength).toBe(5 + 5);
  });
});
