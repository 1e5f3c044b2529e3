// Public entry of the emulator: a local stand-in for the service, started in-process on a chosen port.
import type { EmulatorOptions, RunningEmulator } from './options.js';
import { startEmulatorServer } from './server.js';

export type { EmulatorOptions, RunningEmulator } from './options.js';
export { DEFAULT_EMULATOR_OPTIONS } from './options.js';
export { isWildcard } from './listen-urls.js';
export { DataDirError } from './kept/data-dir.js';

export function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  return startEmulatorServer(options);
}
