/**
 * The one validator of redirect targets taken from input (?next=, a form's `next`, return addresses): a local path
 * is followed, anything else falls back to the caller's default. The answer is printable ASCII, percent-encoded
 * where needed, so it always fits a Location header (a non-ASCII or control character once gave a 500 after the
 * change had committed).
 *   "/x?y" → "/x?y"; "/корзина" → "/%D0%BA…"; "/a\u0000b" → "/a%00b"
 *   "//evil.example", "/\\evil.example", "/\t/evil", "https://…", "javascript:…", "x", "" → null
 */
const BASE = 'http://local.invalid';
const MAX_LENGTH = 2000;

export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_LENGTH) return null;
  // Backslashes count as slashes in browsers' URL parsing ("/\evil" is "//evil"): never a local path.
  if (value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  // The parser drops tabs and newlines and resolves dot segments: what it makes of the text must still be local.
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith('//') || path.length > MAX_LENGTH || !/^[\x21-\x7e]+$/.test(path)) return null;
  return path;
}

/**
 * The router path of a full document path under a router basename ("/en/auth?next=…" under "/en" → "/auth?next=…"),
 * or null when the path lies outside the basename (another language). React Router prepends its basename to a
 * redirect itself: passing the full path would give "/en/en/auth".
 */
export function routerPath(location: string, basename: string): string | null {
  if (!location.startsWith('/') || location.startsWith('//')) return null;
  if (basename === '/') return location;
  if (location === basename) return '/';
  const rest = location.slice(basename.length);
  if (!location.startsWith(basename) || !/^[/?#]/.test(rest)) return null;
  return rest.startsWith('/') ? rest : '/' + rest;
}
