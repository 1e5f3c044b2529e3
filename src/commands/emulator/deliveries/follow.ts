// `svc emulator deliveries --follow`: each attempt as the emulator pushes it (server-sent events), until Ctrl-C. A lost
// emulator is said once per outage and reconnected to with backoff; the stream resumes after the last attempt seen,
// so none is missed or printed twice.
import type { CommandContext } from '../../../context.js';
import { endAsInterrupted } from '../../../context.js';
import { ApiError, InterruptedError, OutputError, ResponseShapeError, SvcError } from '../../../errors.js';
import { sleep } from '../../../interrupt.js';
import { countOf } from '../../../render/count.js';
import { emulatorAdvice } from '../running.js';

export interface FollowOptions {
  webhookId?: string;
}

const FIRST_RETRY_MS = 250;
// A local emulator restarts in a second or two: waiting longer than this would only delay the resumption.
const LONGEST_RETRY_MS = 2_000;

export async function followAttempts(options: FollowOptions, context: CommandContext): Promise<never> {
  const { io, globals, interrupt } = context;
  const [{ attemptLine, attemptTsv }, client] = await Promise.all([import('../../../render/deliveries.js'), context.emulatorControl()]);
  let shown = 0;
  /** The id of the last event seen: a reconnection resumes after it. */
  let lastEventId: string | undefined;
  let outage = false;
  let retryMs = FIRST_RETRY_MS;
  let connectedOnce = false;
  for (;;) {
    const connection = new AbortController();
    try {
      for await (const item of client.attempts({ lastEventId, webhookId: options.webhookId, signal: connection.signal })) {
        if (item.kind === 'ready') {
          if (outage) io.warn('svc: the emulator is back; following again');
          else if (!connectedOnce && io.isStderrTTY) io.warn('Following delivery attempts (Ctrl-C to stop)');
          connectedOnce = true;
          outage = false;
          retryMs = FIRST_RETRY_MS;
          // A restarted emulator starts its ids anew: keep the old one, so it replays all it has since it started.
          lastEventId ??= item.id;
          continue;
        }
        if (item.kind === 'missed') {
          io.warn(`svc: ${countOf(item.missed, 'attempt', io.isStderrTTY)} ended while disconnected and no longer kept by the emulator`);
          continue;
        }
        lastEventId = item.id;
        // One write per attempt: a pipe gets each row as it happens.
        if (globals.json) await io.write(item.raw + '\n');
        else if (io.isStdoutTTY) await io.write(attemptLine(item.event, io.colorEnabled));
        else await io.write(attemptTsv(item.event));
        shown++;
      }
      throw new Error('the emulator closed the stream');
    } catch (error) {
      connection.abort();
      if (interrupt.aborted) break;
      if (error instanceof OutputError || error instanceof ResponseShapeError) throw error;
      // Not the emulator (another server at the base URL), or a refusal that waiting will not change.
      if (error instanceof ApiError && error.status < 500) throw await emulatorAdvice(error, io.env);
      if (!connectedOnce) throw await emulatorAdvice(error, io.env);
      if (!outage) {
        const reason = error instanceof SvcError || error instanceof Error ? error.message : String(error);
        io.warn(`svc: lost the emulator (${reason}); reconnecting until it is back (Ctrl-C to stop)`);
        outage = true;
      }
      await sleep(retryMs, interrupt).catch(() => undefined);
      if (interrupt.aborted) break;
      retryMs = Math.min(LONGEST_RETRY_MS, retryMs * 2);
    }
  }
  // A reader that left (`| head`) ends quietly; Ctrl-C and SIGTERM say how many were shown.
  if (interrupt.reason instanceof InterruptedError && !io.quiet) io.warn(`svc: ${countOf(shown, 'attempt', io.isStderrTTY)} shown`);
  return endAsInterrupted(interrupt);
}
