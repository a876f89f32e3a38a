/**
 * The little XML the feeds need (sitemap, YML, RSS), written as strings: text and attribute values escaped, and
 * characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/U+FFFF) dropped, so no product
 * name or description can break a document.
 */

/** XML 1.0's Char production, negated: what may not appear in a document at all. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

// Line ends and tabs as character references: a parser would otherwise turn \r into \n and, in attributes, all of them into spaces.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** Text or an attribute value, escaped for XML (both quote kinds, so either attribute quoting is safe). */
export function xmlEscape(value: string | number): string {
  return String(value)
    .replace(NOT_XML_CHAR, '')
    .replace(/[&<>"'\t\n\r]/g, (ch) => ENTITIES[ch]!);
}

/** `<name>text</name>` with the text escaped. */
export function el(name: string, text: string | number): string {
  return `<${name}>${xmlEscape(text)}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
