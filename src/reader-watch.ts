// Notices that the reader of stdout, a pipe, went away while the command had nothing to write.
// A write is what finds out (EPIPE): a command that waits between writes (a --follow, webhook listen, a foreground
// emulator) piped into `head -n 1` would go on until its next write, maybe never. GNU `tail -f` polls its output for
// a pipe without a reader; Node can poll no descriptor it does not read, so a GNU tail sharing our stdout does it:
// `tail -f --pid=<ours> /dev/null` writes nothing, dies of SIGPIPE at once when the pipe loses its reader (coreutils
// 8.28 and later), and ends by itself within a second of this process (--pid), however it ends. Where tail is not
// GNU's, or absent, nothing is noticed early and the next write still ends the command.
import { fstatSync } from 'node:fs';

/**
 * Calls `onGone` when stdout is a pipe and its reader leaves, from `afterMs` on: commands done sooner (the most of
 * them) never start a watcher.
 */
export function watchStdoutReader(onGone: () => void, afterMs: number): void {
  if (!isPipe(1)) return;
  const timer = setTimeout(() => {
    const { spawn } = process.getBuiltinModule('node:child_process');
    const watcher = spawn('tail', ['-f', `--pid=${process.pid}`, '/dev/null'], { stdio: ['ignore', 'inherit', 'ignore'] });
    const stop = () => watcher.kill();
    process.once('exit', stop);
    // No tail here: only the early notice is lost.
    watcher.on('error', () => {});
    watcher.on('exit', (_code, signal) => {
      process.off('exit', stop);
      if (signal === 'SIGPIPE') onGone();
    });
    // It keeps no event loop alive.
    watcher.unref();
  }, afterMs);
  timer.unref();
}

function isPipe(fd: number): boolean {
  try {
    return fstatSync(fd).isFIFO();
  } catch {
    return false;
  }
}
