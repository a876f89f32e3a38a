/**
 * A return address taken from a request (?next=, a form field) is followed only when it is a local path:
 * "/x?y" yes; "//evil.example", "/\evil.example", "https://…", "javascript:…" no. No open redirects.
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  return value && /^\/(?![/\\])[^\s\\]*$/.test(value) && value.length <= 2000 ? value : null;
}
