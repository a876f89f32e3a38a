/**
 * The one rule for text that comes in (docs/decisions/039-plain-text-inputs.md): every string field of every form
 * action and API input is declared with `plainText()` — never a bare `z.string()` — so no field, however new, lets a
 * control character through. PostgreSQL text cannot hold U+0000 (a 500 when it reached the database); the rest is
 * nothing a person types and only breaks mail headers, logs and the shop's own screens:
 *  - C0 controls, DEL and C1 controls — except tab and line breaks in multi-line text (a comment, a review);
 *  - U+2028/U+2029, line breaks that most of our text handling does not see as such;
 *  - bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder what an operator
 *    reads (a name or an address shown backwards), and no shopper of these sites needs them;
 *  - half of a surrogate pair alone: not text at all.
 * test/text-fields.test.ts walks every action's and API route's declared inputs and fails on a field that lets one in.
 */
import { z } from 'zod';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const REFUSED_ALWAYS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** String.prototype.isWellFormed, which the project's ES lib lacks. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a value holds a character no text field takes (tab and line breaks are allowed in multi-line text). */
export function hasRefusedCharacter(value: string, multiline = false): boolean {
  return REFUSED_ALWAYS.test(value) || LONE_SURROGATE.test(value) || (!multiline && LINE_BREAK_OR_TAB.test(value));
}

export interface PlainTextOptions {
  /** The message (a locale key of shared/locales, or the API's English) when the field holds a refused character. */
  invalid?: string;
  /** The message when the field is missing or not a string. */
  missing?: string;
  /** A text area: tab and line breaks allowed. */
  multiline?: boolean;
}

/**
 * A string field that refuses control characters (see above) before any other check of the field runs, with
 * `invalid` as its message. Chain the field's own rules as on `z.string()`: `plainText().trim().min(1).max(100)`.
 */
export function plainText(options: PlainTextOptions = {}) {
  const { invalid = 'form.invalid', missing, multiline = false } = options;
  return (missing === undefined ? z.string() : z.string(missing)).refine((s) => !hasRefusedCharacter(s, multiline), {
    error: invalid,
    abort: true,
  });
}
