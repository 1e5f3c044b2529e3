#!/usr/bin/env node
// Tiny launcher: loads the built entry and exits with its code; nothing else runs before it.
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv);
