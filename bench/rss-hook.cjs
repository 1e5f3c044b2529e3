// Preloaded (-r) into a measured child: at exit, writes its peak resident set (KiB, getrusage maxrss) to BENCH_RSS_FILE.
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
