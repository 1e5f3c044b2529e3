// --jq's parts: the stream of JSON texts cut into documents as they complete, and the real jq (jq-web) run on each.
import { describe, expect, it } from 'vitest';
import { JsonDocuments } from '../../src/jq/documents.js';
import { compileJq, JqFailure } from '../../src/jq/filter.js';

const text = (documents: Uint8Array[]) => documents.map((document) => Buffer.from(document).toString('utf8'));

describe('JsonDocuments', () => {
  it('gives each document once its last byte has come, whatever the chunks', () => {
    const stream = '{"a":1}\n{"b":[1,{"c":"}"}]}\n[1,2]\n"x\\"}y"\n{"d":"\\\\"}\n';
    for (const size of [1, 2, 3, 7, stream.length]) {
      const documents = new JsonDocuments();
      const seen: string[] = [];
      for (let at = 0; at < stream.length; at += size) seen.push(...text(documents.push(Buffer.from(stream.slice(at, at + size)))));
      expect(documents.end(), `chunks of ${size}`).toBeUndefined();
      expect(seen, `chunks of ${size}`).toEqual(['{"a":1}', '{"b":[1,{"c":"}"}]}', '[1,2]', '"x\\"}y"', '{"d":"\\\\"}']);
    }
  });

  it('a document written pretty, over several writes, is one document', () => {
    const documents = new JsonDocuments();
    expect(documents.push(Buffer.from('{\n  "transactions": [\n'))).toEqual([]);
    expect(text(documents.push(Buffer.from('    {"x": 1}\n  ]\n}\n')))).toEqual(['{\n  "transactions": [\n    {"x": 1}\n  ]\n}']);
  });

  it('a top-level number, true, false or null ends at the next space, or at the end of the stream', () => {
    const documents = new JsonDocuments();
    expect(text(documents.push(Buffer.from('12 true\nnul')))).toEqual(['12', 'true']);
    expect(text([documents.end()!])).toEqual(['nul']);
  });

  it('what never ended is left for jq to refuse', () => {
    const documents = new JsonDocuments();
    expect(documents.push(Buffer.from('{"a":'))).toEqual([]);
    expect(Buffer.from(documents.end()!).toString()).toBe('{"a":');
  });
});

const RAW = { output: 'raw', env: {} } as const;

describe('compileJq (jq-web)', () => {
  const run = async (expression: string, input: string, output: 'raw' | 'json' = 'raw') =>
    (await compileJq(expression, { output, env: {} })).run(Buffer.from(input));

  it('raw: strings print raw, other values compact; json: every value as compact JSON, one a line', async () => {
    expect((await run('.a, .b', '{"a":"x\\ty","b":{"c":[1,2]}}')).output).toBe('x\ty\n{"c":[1,2]}\n');
    expect((await run('.a, .b', '{"a":"x\\ty","b":{"c":[1,2]}}', 'json')).output).toBe('"x\\ty"\n{"c":[1,2]}\n');
    expect((await run('empty', '{}')).output).toBe('');
    expect((await run('', '{"a":1}')).output).toBe('{"a":1}\n');
  });

  it("env and $ENV are the environment given, not jq-web's own; a program may still bind its own", async () => {
    const program = await compileJq('env.ID, $ENV.HOME, (.[] | select(.id == env.ID) | .n), ({} as $ENV | $ENV)', {
      output: 'raw',
      env: { ID: 'w-2', HOME: '/home/someone' },
    });
    expect(program.run(Buffer.from('[{"id":"w-1","n":1},{"id":"w-2","n":2}]')).output).toBe('w-2\n/home/someone\n2\n{}\n');
    const none = await compileJq('env | keys', { output: 'raw', env: {} });
    expect(none.run(Buffer.from('null')).output).toBe('[]\n');
  });

  it("keeps a number's digits as the service wrote them", async () => {
    expect((await run('.value', '{"value":123456789012345678901234567890}')).output).toBe('123456789012345678901234567890\n');
  });

  it("a program jq refuses: a JqFailure marked compile, jq's message on one line; nothing runs", async () => {
    const failure = await compileJq('.a[', RAW).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(JqFailure);
    expect(failure).toMatchObject({ compile: true });
    expect((failure as JqFailure).message).toMatch(/^syntax error, unexpected end of file .* at <top-level>, line 1$/);
    await expect(compileJq('nosuchfunction(1)', RAW)).rejects.toMatchObject({
      compile: true,
      message: 'nosuchfunction/1 is not defined at <top-level>, line 1',
    });
    // Checked over no input at all: a program that would run for ever is only compiled.
    await expect(compileJq('range(1e12)', RAW)).resolves.toBeDefined();
  });

  it("an error at run time: a JqFailure with jq's message; process.exitCode is left as it was", async () => {
    const before = process.exitCode;
    const program = await compileJq('.a.b', RAW);
    expect(() => program.run(Buffer.from('{"a":[1]}'))).toThrow(new JqFailure('Cannot index array with string "b"', false));
    expect(() => program.run(Buffer.from('{"a":'))).toThrow(/^not JSON: Unfinished JSON term/);
    expect(process.exitCode).toBe(before);
  });

  it('what jq says on stderr while succeeding (debug) is handed back, not printed', async () => {
    const result = await run('debug | .a', '{"a":1}');
    expect(result).toEqual({ output: '1\n', messages: ['["DEBUG:",{"a":1}]'] });
  });
});
