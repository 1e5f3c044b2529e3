// `svc event-signature`: its run, called directly (offline).
import { describe, expect, it } from 'vitest';
import { run } from '../../src/commands/event-signature.js';
import { withTestContext } from '../helpers/test-context.js';

describe('event-signature: run', () => {
  it('prints the keccak-256 signature of each declaration, names and indexed dropped', async () => {
    await withTestContext({}, async ({ context, io }) => {
      await run(['Transfer(address,address,uint256)', 'event Transfer(address indexed from, address indexed to, uint256 value)'], context);
      expect(io.stdout()).toBe(
        '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef\n0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef\n',
      );
    });
  });
});
