// The API key as the page takes it from the user: what is wrong with one before it is sent, and how it is shown.
// Pure: no DOM (tested in Node); api.ts keeps and sends it.

/** What `svc config get api-key` shows of a key: its last 4 characters, none of a short one. */
export const maskedKey = (key: string) => (key.length > 8 ? `****${key.slice(-4)}` : '****');

/**
 * What is wrong with a key before it is sent, if anything. A request header carries Latin-1 only: a browser refuses
 * to send a key with other characters at all, which would otherwise read as an emulator that does not answer.
 */
export function keyProblem(key: string): string | undefined {
  if (key === '') return 'Give a key: the one your webhooks were created with.';
  const outside = [...key].find((character) => character.codePointAt(0)! > 0xff);
  if (outside !== undefined) {
    return (
      `The key holds ${JSON.stringify(outside)}, a character outside Latin-1: a request header can carry Latin-1 only, ` +
      'so this key cannot be sent to any emulator. Check it was copied whole and alone.'
    );
  }
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'The key holds a control character (a line break, a tab): check it was copied alone.';
  return undefined;
}
