// The key as people may see it.

/** Never whole: at most its last 4 characters, and none of a short key. */
export function maskKey(key: string): string {
  return key.length > 8 ? '****' + key.slice(-4) : '****';
}
