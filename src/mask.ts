// Secrets as people may see them: the API key, and the user name and password a URL may carry.

/** Never whole: at most its last 4 characters, and none of a short key. */
export function maskKey(key: string): string {
  return key.length > 8 ? '****' + key.slice(-4) : '****';
}

/**
 * The URL as it may be shown (settings, errors, a webhook's or a delivery's URL), parseable or not: any user name
 * and password replaced by `***`. In a URL the parser accepts, userinfo ends at the last "@" of the authority; in
 * text it refuses, anything up to the last "@" may be part of a password, so all of it goes.
 */
export function displayUrl(text: string): string {
  const scheme = /^\s*[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(text)?.[0] ?? '';
  const rest = text.slice(scheme.length);
  const authority = rest.slice(0, rest.search(/[/?#\\]|$/));
  const at = URL.canParse(text.trim()) ? authority.lastIndexOf('@') : rest.lastIndexOf('@');
  return at < 0 ? text : `${scheme}***${rest.slice(at)}`;
}
