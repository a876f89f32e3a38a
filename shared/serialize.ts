/**
 * JSON for an inline <script>: a string that no data can break out of. `<`, `>` and `&` become \u escapes
 * (no "</script>" or "<!--" can appear), and U+2028/U+2029 are escaped (line terminators in old JS parsers).
 */
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => ESCAPES[ch]!);
}
