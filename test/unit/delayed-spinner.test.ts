// The spinner shown only once a wait has lasted a while: a quick answer draws nothing and loads no spinner code; a
// slow one shows the latest text; one cleared while its code loads never draws.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Spinner } from '../../src/io.js';
import { delayedSpinner, SPINNER_DELAY_MS } from '../../src/io.js';

/** A spinner that records what it was told, handed over when `loaded` is resolved. */
function recording() {
  const calls: string[] = [];
  let loaded!: () => void;
  const shows: number[] = [];
  const show = () => {
    shows.push(Date.now());
    return new Promise<Spinner>((resolve) => {
      loaded = () =>
        resolve({
          update: (text) => calls.push(`update ${text}`),
          clear: () => calls.push('clear'),
        });
    });
  };
  return { calls, shows, show, load: () => loaded() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('delayedSpinner', () => {
  it('an answer within the delay: nothing loaded, nothing drawn', async () => {
    vi.useFakeTimers();
    const real = recording();
    const spinner = delayedSpinner(real.show);
    spinner.update('Fetching transactions…');
    await vi.advanceTimersByTimeAsync(SPINNER_DELAY_MS - 1);
    spinner.clear();
    await vi.advanceTimersByTimeAsync(10 * SPINNER_DELAY_MS);
    expect(real.shows).toEqual([]);
    expect(real.calls).toEqual([]);
  });

  it('a longer wait: shown once, with the latest text, then follows updates and the clear', async () => {
    vi.useFakeTimers();
    const real = recording();
    const spinner = delayedSpinner(real.show);
    spinner.update('page 1');
    spinner.update('page 2');
    await vi.advanceTimersByTimeAsync(SPINNER_DELAY_MS);
    expect(real.shows).toHaveLength(1);
    spinner.update('page 3');
    real.load();
    await vi.advanceTimersByTimeAsync(0);
    spinner.update('page 4');
    spinner.clear();
    expect(real.calls).toEqual(['update page 3', 'update page 4', 'clear']);
    // Shown again after a clear, at once: its code is loaded.
    spinner.update('page 5');
    expect(real.calls.at(-1)).toBe('update page 5');
    expect(real.shows).toHaveLength(1);
  });

  it('cleared while its code loads: never draws', async () => {
    vi.useFakeTimers();
    const real = recording();
    const spinner = delayedSpinner(real.show);
    spinner.update('Fetching…');
    await vi.advanceTimersByTimeAsync(SPINNER_DELAY_MS);
    spinner.clear();
    real.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(real.calls).toEqual([]);
  });

  it('does not keep the process alive: its timer is unreferenced', () => {
    const real = recording();
    const spinner = delayedSpinner(real.show, 60_000);
    const before = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    spinner.update('Fetching…');
    // An unreferenced timer is not among the resources that keep the event loop alive.
    expect(process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length).toBe(before);
    spinner.clear();
  });
});
