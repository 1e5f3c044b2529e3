// The recording test server is strict, as gh's httpmock Verify: a request with no scripted answer, or an answer never
// asked for, fails the test that left it.
import { describe, expect, it } from 'vitest';
import { json, repeatedly, startTestServer } from '../helpers/test-server.js';

const get = async (url: string) => (await fetch(url)).status;

describe('the recording test server', () => {
  it('gives each queued answer once, in order, and verifies clean when all were asked for', async () => {
    const server = await startTestServer([json({ n: 1 }), json({ n: 2 }, 201)]);
    expect([await get(server.url), await get(server.url)]).toEqual([200, 201]);
    expect(() => server.verify()).not.toThrow();
    await server.close();
  });

  it('a request beyond the queue is answered 500 and named by verify', async () => {
    const server = await startTestServer([json({})]);
    expect(await get(server.url + '/first')).toBe(200);
    expect(await get(server.url + '/second?x=1')).toBe(500);
    expect(() => server.verify()).toThrow('requests the script had no answer for: GET /second?x=1');
    await server.close();
  });

  it('an answer never asked for fails verify, also when the script was replaced before it was used', async () => {
    const server = await startTestServer([json({}), json({})]);
    await get(server.url);
    expect(() => server.verify()).toThrow('1 scripted answer(s) never asked for');
    server.respond([json({})]);
    server.respond([json({})]);
    await get(server.url);
    expect(() => server.verify()).toThrow('1 scripted answer(s) never asked for');
    await server.close();
  });

  it('close() verifies too', async () => {
    const server = await startTestServer([json({})]);
    await expect(server.close()).rejects.toThrow('never asked for');
  });

  it('repeatedly() answers every request alike; an optional script may be left unasked', async () => {
    const server = await startTestServer(repeatedly(json({}, 202)));
    expect([await get(server.url), await get(server.url), await get(server.url)]).toEqual([202, 202, 202]);
    server.respond([json({})], { optional: true });
    expect(() => server.verify()).not.toThrow();
    await server.close();
  });
});
