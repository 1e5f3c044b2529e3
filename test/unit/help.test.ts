// The nearest command name for "Did you mean …?" in `svc help <command...>`.
import { describe, expect, it } from 'vitest';
import { closestName } from '../../src/commands/help.js';

describe('closestName', () => {
  const commands = ['tx', 'webhook', 'event-signature', 'config', 'emulator', 'completion'];
  it.each([
    ['webhok', 'webhook'],
    ['cofnig', 'config'],
    ['emulater', 'emulator'],
    ['tc', 'tx'],
    ['event-sig', undefined],
    ['zzz', undefined],
  ])('%s → %s', (word, expected) => {
    expect(closestName(word, commands)).toBe(expected);
  });

  it('a transposition counts once', () => {
    expect(closestName('lsit', ['list', 'listen'])).toBe('list');
  });
});
