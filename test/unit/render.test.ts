// Value formatting, terminal-safe text, shortening, TSV rows and --json helpers.
import { describe, expect, it } from 'vitest';
import { formatNativeAmount, formatTokenAmount, isoTime, MILLISECONDS_ABOVE, readableTime, txStatusWord } from '../../src/render/format.js';
import { safeText } from '../../src/render/text.js';
import { displayWidth, shortenMiddle, truncate, wrapLines } from '../../src/render/width.js';
import { tsvRow } from '../../src/render/tsv.js';
import { asOneLine, asReturned } from '../../src/render/json.js';
import { fitColumns, fitWidths } from '../../src/render/table.js';
import { transactionTsv } from '../../src/render/transactions.js';
import { webhookTsv } from '../../src/render/webhooks.js';
import { notificationLine } from '../../src/render/notifications.js';
import type { ReceivedNotification, Transaction, Webhook } from '../../src/schema/index.js';

describe('formatTokenAmount', () => {
  it.each([
    ['2500000', 6, '2.5'],
    ['1', 18, '0.000000000000000001'],
    ['123456789012345678901234567890', 18, '123456789012.34567890123456789'],
    ['42', 0, '42'],
    // Without usable decimals, or not an integer: the amount as it came.
    ['2500000', undefined, '2500000'],
    ['2500000', 2.5, '2500000'],
    ['2500000', -1, '2500000'],
    ['2500000', 256, '2500000'],
    ['-5', 2, '-5'],
    ['1.5', 2, '1.5'],
    [1234, 2, '12.34'],
  ])('%j with %j decimals: %j', (amount, decimals, shown) => {
    expect(formatTokenAmount(amount, decimals)).toBe(shown);
  });

  it('nothing to show: undefined', () => {
    expect(formatTokenAmount(undefined, 18)).toBeUndefined();
  });
});

describe('formatNativeAmount', () => {
  it.each([
    ['0', '0'],
    ['1', '0.000000000000000001'],
    ['10', '0.00000000000000001'],
    ['1000000000000000000', '1'],
    ['1500000000000000000', '1.5'],
    ['1234567890123456789', '1.234567890123456789'],
    ['100000000000000000000', '100'],
    ['000001000000000000000000', '1'],
    ['-2500000000000000000', '-2.5'],
    ['123456789012345678901234567890', '123456789012.34567890123456789'],
  ])('%s wei → %s', (wei, native) => {
    expect(formatNativeAmount(wei)).toBe(native);
  });

  it('other decimals', () => {
    expect(formatNativeAmount('1500000', 6)).toBe('1.5');
    expect(formatNativeAmount('15', 0)).toBe('15');
  });

  it.each(['', 'abc', '1.5', '0x10', ' 1'])('leaves %j as it came', (value) => {
    expect(formatNativeAmount(value)).toBe(value);
  });
});

describe('isoTime / readableTime', () => {
  it('seconds to ISO UTC without fractions', () => {
    expect(isoTime(1_700_000_000)).toBe('2023-11-14T22:13:20Z');
    expect(isoTime(0)).toBe('1970-01-01T00:00:00Z');
  });
  it('milliseconds are recognised', () => {
    expect(isoTime(1_700_000_000_123)).toBe('2023-11-14T22:13:20Z');
  });
  it('numeric strings are accepted', () => {
    expect(isoTime('1700000000')).toBe('2023-11-14T22:13:20Z');
  });
  it.each([undefined, null, 'soon', NaN, Infinity, {}])('%j → empty', (value) => {
    expect(isoTime(value)).toBe('');
  });
  it('readableTime', () => {
    expect(readableTime(1_700_000_000)).toBe('2023-11-14 22:13:20');
    expect(readableTime(undefined)).toBe('');
  });
  it('createdAt in milliseconds (the real service) and in seconds give the same instant, in both forms', () => {
    expect(isoTime(946_684_800_000)).toBe('2000-01-01T00:00:00Z');
    expect(isoTime(946_684_800)).toBe('2000-01-01T00:00:00Z');
    expect(isoTime(1_715_621_587_000)).toBe('2024-05-13T17:33:07Z');
    expect(isoTime(1_715_621_587)).toBe('2024-05-13T17:33:07Z');
    expect(readableTime(1_715_621_587_000)).toBe('2024-05-13 17:33:07');
    expect(readableTime(1_715_621_587)).toBe('2024-05-13 17:33:07');
  });
  it('the boundary: 10^11 itself is seconds, anything above it milliseconds', () => {
    expect(MILLISECONDS_ABOVE).toBe(100_000_000_000);
    expect(isoTime(100_000_000_000)).toBe('5138-11-16T09:46:40Z');
    expect(isoTime(100_000_000_001)).toBe('1973-03-03T09:46:40Z');
    expect(isoTime('100000000001')).toBe('1973-03-03T09:46:40Z');
  });
});

describe('txStatusWord', () => {
  it.each([
    ['1', 'success'],
    ['0', 'failed'],
    ['2', '2'],
    [undefined, ''],
  ])('%j → %j', (code, word) => {
    expect(txStatusWord(code)).toBe(word);
  });
});

describe('safeText', () => {
  it.each([
    ['plain', 'plain', 'plain'],
    ['CSI colour', 'a\u001b[31mred\u001b[0mb', 'aredb'],
    ['CSI clear screen', 'x\u001b[2Jy', 'xy'],
    ['CSI with private params', 'x\u001b[?25ly', 'xy'],
    ['OSC title with BEL', 'x\u001b]0;pwned\u0007y', 'xy'],
    ['OSC hyperlink with ST', 'x\u001b]8;;https://evil\u001b\\link\u001b]8;;\u001b\\y', 'xlinky'],
    ['8-bit CSI', 'x\u009b31my', 'xy'],
    ['tab and newline become spaces', 'a\tb\nc\r', 'a b c '],
    ['NUL and DEL', 'a\u0000b\u007fc', 'a b c'],
    ['C1 controls', 'a\u0085b\u008dc', 'a b c'],
    ['bidi override (Trojan Source)', 'abc\u202edcb', 'abc dcb'],
    ['bidi isolates', 'a\u2066b\u2069c', 'a b c'],
    ['zero-width space', 'a\u200bb', 'a b'],
    ['BOM', '\ufeffab', ' ab'],
    ['unicode letters are kept', 'Ünïcødé ✓ 日本', 'Ünïcødé ✓ 日本'],
  ])('%s', (_name, input, output) => {
    expect(safeText(input)).toBe(output);
  });

  it('never leaves an ESC or C1 byte', () => {
    const hostile = '\u001b\u001b[\u001b]\u009b\u009d\u001bP\u001b_x\u001b';
    expect(safeText(hostile)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('null/undefined → empty; numbers → text', () => {
    expect(safeText(undefined)).toBe('');
    expect(safeText(null)).toBe('');
    expect(safeText(42)).toBe('42');
  });
});

describe('truncate / shortenMiddle', () => {
  it('truncate keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello world', 5)).toBe('hell…');
    expect(truncate('hello', 1)).toBe('…');
    expect(truncate('hello', 0)).toBe('');
  });

  it('truncate and shortenMiddle count display columns: wide characters take two, combining marks none', () => {
    // Cutting by code points made a table of CJK or emoji names wider than the terminal.
    expect(truncate('日本語のテキスト', 4)).toBe('日…');
    expect(displayWidth(truncate('日本語のテキスト', 5))).toBe(5);
    expect(truncate('🚀🚀🚀 launch', 5)).toBe('🚀🚀…');
    expect(truncate('e\u0301e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301…');
    expect(truncate('👨‍👩‍👧 family', 2)).toBe('…');
    expect(shortenMiddle('日本語日本語日本語日本語', 9)).toBe('日本…本語');
    for (const text of ['日本語のテキスト', '🚀x🚀y🚀z', 'abc', 'ＡＢＣＤＥＦ']) {
      for (let width = 0; width < 14; width++) {
        expect(displayWidth(truncate(text, width))).toBeLessThanOrEqual(width);
        expect(displayWidth(shortenMiddle(text, width))).toBeLessThanOrEqual(Math.max(width, 0));
      }
    }
  });

  it('shortenMiddle keeps both ends and the exact width', () => {
    const hash = '0x' + '1234567890abcdef'.repeat(4);
    const short = shortenMiddle(hash, 13);
    expect(short).toHaveLength(13);
    expect(short.startsWith('0x1234')).toBe(true);
    expect(short.endsWith('cdef')).toBe(true);
    expect(short).toContain('…');
    expect(shortenMiddle('0xabc', 13)).toBe('0xabc');
    expect(shortenMiddle('abcdefghij', 4)).toBe('abc…');
  });
});

describe('tsvRow and rows of resources', () => {
  it('joins with tabs, ends with a newline, replaces tabs/newlines inside values', () => {
    expect(tsvRow(['a', 'b\tc', 'd\ne', undefined, 7])).toBe('a\tb c\td e\t\t7\n');
  });

  it('transactionTsv: the contract columns', () => {
    const tx = {
      blockTimestamp: 1_700_000_000,
      chainId: '43114',
      blockNumber: '100',
      txHash: '0xabc',
      from: { address: '0xfrom' },
      to: { address: '0xto' },
      method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: '' },
      value: '2000000000000000000',
      txStatus: '0',
    } as unknown as Transaction;
    expect(transactionTsv(tx)).toBe('2023-11-14T22:13:20Z\t43114\t100\t0xabc\t0xfrom\t0xto\t0xa9059cbb\t2\tfailed\n');
  });

  it('transactionTsv survives missing objects', () => {
    const row = transactionTsv({ chainId: '1', txHash: '0x1' } as unknown as Transaction);
    expect(row.split('\t')).toHaveLength(9);
  });

  it('webhookTsv starts with the id', () => {
    const row = webhookTsv({
      id: 'wh1',
      status: 'active',
      chainId: '1',
      url: 'https://e.com',
      name: 'n\tm',
      createdAt: 1_700_000_000,
    } as Webhook);
    // The columns of webhook list: id, name, chain id, status, addresses, url, created, event type.
    expect(row).toBe('wh1\tn m\t1\tactive\t\thttps://e.com\t2023-11-14T22:13:20Z\t\n');
  });
});

describe('--json helpers', () => {
  it('asReturned adds one newline only when missing', () => {
    expect(asReturned(Buffer.from('{"a":1}')).toString()).toBe('{"a":1}\n');
    expect(asReturned(Buffer.from('{"a":1}\n')).toString()).toBe('{"a":1}\n');
  });

  it('asOneLine keeps the same value on one line', () => {
    const raw = Buffer.from('{\n  "a": [1,\n 2],\r\n  "b": "x y"\n}\n');
    const line = String(asOneLine(raw));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\r\n]/);
    expect(JSON.parse(line)).toEqual({ a: [1, 2], b: 'x y' });
  });

  it('asOneLine writes compactly: no whitespace between tokens, spaces inside strings kept', () => {
    const raw = Buffer.from('{\n  "a": [1,\n 2],\n  "b": "x  y"\n}');
    expect(String(asOneLine(raw))).toBe('{"a":[1,2],"b":"x  y"}\n');
  });
});

describe('fitWidths', () => {
  const columns = [
    { header: 'A', shrink: 'none' as const },
    { header: 'B', shrink: 'middle' as const, minWidth: 10 },
    { header: 'C', shrink: 'end' as const, minWidth: 8 },
  ];
  it('keeps natural widths when they fit', () => {
    expect(fitWidths(columns, [5, 20, 20], 100)).toEqual([5, 20, 20]);
  });
  it('narrows the widest shrinkable column first, never below its minimum', () => {
    const widths = fitWidths(columns, [5, 40, 20], 40);
    expect(widths.reduce((a, b) => a + b, 0) + 4).toBeLessThanOrEqual(40);
    expect(widths[0]).toBe(5);
    const tight = fitWidths(columns, [5, 40, 20], 10);
    expect(tight).toEqual([5, 10, 8]);
  });
  it('a column shortened in the middle (a hash) gives way before words are cut at their end (a method)', () => {
    // 5 + 30 + 25 + 4 gaps = 64 wanted, 50 there: the hash column goes from 30 to 16, the method stays whole.
    expect(fitWidths(columns, [5, 30, 25], 50)).toEqual([5, 16, 25]);
    // Once the hash is at its narrowest, the method is cut too.
    expect(fitWidths(columns, [5, 30, 25], 35)).toEqual([5, 10, 16]);
  });
});

describe('fitColumns', () => {
  const columns = [
    { header: 'A', shrink: 'none' as const },
    { header: 'B', shrink: 'end' as const, minWidth: 10, dropOrder: 2 },
    { header: 'C', shrink: 'end' as const, minWidth: 10, dropOrder: 1 },
    { header: 'D', shrink: 'middle' as const, minWidth: 10 },
  ];
  it('shows every column when the narrowest widths fit', () => {
    expect(fitColumns(columns, [10, 20, 20, 20], 50).visible).toEqual([0, 1, 2, 3]);
  });
  it('leaves out droppable columns, lowest drop order first, until the rest fit', () => {
    const { visible, widths } = fitColumns(columns, [10, 20, 20, 20], 36);
    expect(visible).toEqual([0, 1, 3]);
    expect(visible.reduce((sum, i) => sum + widths[i]!, 0) + 2 * (visible.length - 1)).toBeLessThanOrEqual(36);
    expect(fitColumns(columns, [10, 20, 20, 20], 24).visible).toEqual([0, 3]);
  });
  it('keeps the columns that cannot be dropped even when they do not fit', () => {
    expect(fitColumns(columns, [10, 20, 20, 20], 5).visible).toEqual([0, 3]);
  });
});

describe('wrapLines', () => {
  it('breaks prose at spaces and commands with continuations, leaving what fits alone', () => {
    expect(wrapLines('\nShowing 250 of 250 addresses.\n', 20)).toBe('\nShowing 250 of 250\naddresses.\n');
    expect(wrapLines('Next page: svc tx list --page-size 5 --page-token abc', 24)).toBe(
      'Next page:\nsvc tx list \\\n  --page-size 5 \\\n  --page-token abc',
    );
    expect(wrapLines('short', 80)).toBe('short');
    for (const width of [20, 30, 45]) {
      const wrapped = wrapLines('Next page: svc webhook addresses 3f2c8a71 --page-size 10 --page-token tok', width);
      for (const line of wrapped.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
    }
  });
});

describe('notificationLine', () => {
  const message = {
    webhookId: '3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60',
    messageId: '9b1d2c3e-4f50-4a6b-8c7d-0e1f2a3b4c5d',
    eventType: 'address_activity',
    event: {
      transaction: {
        chainId: '43113',
        txHash: '0x' + 'ab'.repeat(32),
        from: '0x71c7656ec7ab88b098defb751b7401b5f6d8976f',
        to: '0x8ba1f109551bd432803012645ac136ddd64dba72',
        erc20Transfers: [{}],
      },
      logs: [{}, {}],
    },
  } as unknown as ReceivedNotification;
  const shown = { message, receivedAt: new Date('2026-11-23T14:05:09Z'), duplicate: true, verified: true, forward: { status: 200 } };
  const visible = (line: string) => displayWidth(line.replace(/\x1b\[[0-9;]*m/g, '').trimEnd());

  it('is whole where it fits, and never wider than the terminal where it does not', () => {
    const wide = notificationLine(shown, true, 250);
    expect(wide).toContain(message.webhookId);
    expect(wide).toContain('\x1b[');
    for (const width of [1, 20, 40, 80, 120, 160]) {
      const line = notificationLine(shown, true, width);
      expect(line.endsWith('\n'), String(width)).toBe(true);
      expect(line.slice(0, -1)).not.toContain('\n');
      expect(visible(line), String(width)).toBeLessThanOrEqual(width);
    }
  });

  it('shortens the webhook id before cutting the line, keeping its colours while it fits', () => {
    const full = notificationLine(shown, false);
    const withShortId = full.replace(message.webhookId, shortenMiddle(message.webhookId, 13));
    const width = displayWidth(withShortId.trimEnd());
    expect(notificationLine(shown, false, width)).toBe(withShortId);
    expect(notificationLine(shown, true, width)).toContain('\x1b[');
    expect(notificationLine(shown, true, width - 1)).toBe(truncate(withShortId.trimEnd(), width - 1) + '\n');
  });
});
