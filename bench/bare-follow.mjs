// Baseline for `svc emulator deliveries --follow --json`: the attempt stream read with undici, each attempt event's
// data a line on stdout as it comes.
import { request } from 'undici';

const { body } = await request(`${process.env.SVC_BASE_URL}/_emulator/deliveries/stream`, { headers: { accept: 'text/event-stream' } });
let text = '';
for await (const chunk of body) {
  text += chunk.toString('utf8');
  let end;
  while ((end = text.indexOf('\n\n')) >= 0) {
    const block = text.slice(0, end);
    text = text.slice(end + 2);
    if (!block.startsWith('event: attempt\n')) continue;
    const data = block.split('\n').find((line) => line.startsWith('data: '));
    if (data) process.stdout.write(data.slice(6) + '\n');
  }
}
