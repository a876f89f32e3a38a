/**
 * The one layout of every e-mail: a plain-text part and a small HTML part built from the same blocks, with the
 * site's brand, phone, e-mail and address in the footer. No external images, styles or scripts (mail clients
 * block them, and they would tell a third party who opened the mail). Every dynamic string — translated ones
 * included — is escaped for HTML here, and links must be absolute http(s) addresses.
 *
 * Only the templates of server/mail/ use it (decision 032): layoutMail({ site, language, t, subject, paragraphs,
 * action }) for notices and links (server/mail/account-mails.ts, the order's payment change), renderMail with blocks
 * for the order mails (server/mail/order-mails.ts). Nothing outside server/mail/ imports this module.
 */

import type { TFunction } from 'i18next';
import { escapeHtml } from '../../shared/escape-html.ts';
import type { Language } from '../../shared/sites.ts';
import { serverI18n } from '../platform/i18n.ts';

/** What a mail shows of its site. */
export interface MailSite {
  id: string;
  brand: string;
  host: string;
  phone: string;
  email: string;
}

export interface MailAction {
  label: string;
  /** An absolute http(s) address. */
  url: string;
}

/** A piece of a mail's body; each renders as text and as HTML. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; text: string }
  /** Label–value rows (a summary, contact details); `strong` rows are emphasised (a total). */
  | { kind: 'rows'; rows: Array<{ label: string; value: string; strong?: boolean }> }
  /** A table with a header row; the first column is text, the others are right-aligned figures. */
  | { kind: 'table'; head: string[]; rows: string[][] };

export interface MailInput {
  site: MailSite;
  language: Language;
  /** The mail's language's translations (request.t, or translatorFor(language)). */
  t: TFunction;
  subject: string;
  blocks: MailBlock[];
  action?: MailAction;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export { escapeHtml };

/** One line: control characters (a line break in a name) become spaces, so a header cannot be split. */
export function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** The address unchanged when it is absolute http(s); anything else (javascript:, relative) is a programming error. */
export function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`mail link is not an absolute URL: ${JSON.stringify(url.slice(0, 100))}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`mail link must be http(s): ${parsed.protocol}`);
  return parsed.href;
}

/** The language of the mails to the shop itself (new orders, form submissions): its staff read Russian. */
export const SHOP_LANGUAGE: Language = 'ru';

/** The translations of a language, for a mail written in another language than the request's. */
export function translatorFor(language: Language): TFunction {
  return serverI18n(language).t;
}

/** A notice with paragraphs and an optional button (account links, form submissions). */
export function layoutMail(input: {
  site: MailSite;
  language: Language;
  t: TFunction;
  subject: string;
  paragraphs: string[];
  action?: MailAction;
}): RenderedMail {
  return renderMail({ ...input, blocks: input.paragraphs.map((text) => ({ kind: 'paragraph', text })) });
}

export function renderMail(input: MailInput): RenderedMail {
  const action = input.action && { label: input.action.label, url: checkedUrl(input.action.url) };
  const subject = oneLine(input.subject);
  return { subject, text: renderText(input, action), html: renderHtml(input, subject, action) };
}

function footerLines(site: MailSite, t: TFunction) {
  return {
    questions: t('mail.footer.questions', { phone: site.phone, email: site.email }),
    siteUrl: `https://${site.host}/`,
  };
}

function renderText(input: MailInput, action: MailAction | undefined): string {
  const { site, t } = input;
  const out: string[] = [site.brand, '='.repeat(Math.max(3, [...site.brand].length)), ''];
  for (const block of input.blocks) {
    switch (block.kind) {
      case 'paragraph':
        out.push(block.text, '');
        break;
      case 'heading':
        out.push(block.text, '-'.repeat(Math.max(3, [...block.text].length)));
        break;
      case 'rows':
        for (const row of block.rows) out.push(`${row.label}: ${row.value}`);
        out.push('');
        break;
      case 'table':
        for (const [i, row] of block.rows.entries()) {
          out.push(`${i + 1}. ${row[0]}`);
          out.push(
            `   ${row
              .slice(1)
              .map((cell, j) => `${block.head[j + 1]}: ${cell}`)
              .join('; ')}`,
          );
        }
        out.push('');
        break;
    }
  }
  if (action) out.push(`${action.label}: ${action.url}`, '');
  const footer = footerLines(site, t);
  out.push('-- ', site.brand, footer.questions, footer.siteUrl);
  return out.join('\n');
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
const CELL = 'padding:6px 8px;border-bottom:1px solid #e5e5e5;vertical-align:top';

function renderHtml(input: MailInput, subject: string, action: MailAction | undefined): string {
  const { site, t } = input;
  const e = escapeHtml;
  const body: string[] = [];
  for (const block of input.blocks) {
    switch (block.kind) {
      case 'paragraph':
        body.push(`<p style="margin:0 0 16px;line-height:1.5">${e(block.text).replace(/\n/g, '<br>')}</p>`);
        break;
      case 'heading':
        body.push(`<h2 style="margin:24px 0 8px;font-size:18px">${e(block.text)}</h2>`);
        break;
      case 'rows':
        body.push(
          `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">${block.rows
            .map((row) => {
              const weight = row.strong ? 'font-weight:bold;' : '';
              return `<tr><td style="${CELL};${weight}color:#555;width:40%">${e(row.label)}</td><td style="${CELL};${weight}">${e(row.value).replace(/\n/g, '<br>')}</td></tr>`;
            })
            .join('')}</table>`,
        );
        break;
      case 'table':
        body.push(
          `<table style="border-collapse:collapse;width:100%;margin:0 0 16px"><thead><tr>${block.head
            .map(
              (h, i) =>
                `<th style="${CELL};text-align:${i ? 'right;white-space:nowrap' : 'left'};color:#555;font-weight:normal">${e(h)}</th>`,
            )
            .join('')}</tr></thead><tbody>${block.rows
            .map(
              (row) =>
                `<tr>${row.map((cell, i) => `<td style="${CELL};text-align:${i ? 'right;white-space:nowrap' : 'left'}">${e(cell)}</td>`).join('')}</tr>`,
            )
            .join('')}</tbody></table>`,
        );
        break;
    }
  }
  if (action) {
    body.push(
      `<p style="margin:24px 0"><a href="${e(action.url)}" style="display:inline-block;padding:12px 20px;background:#1a56db;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${e(action.label)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${e(action.url)}</p>`,
    );
  }
  const footer = footerLines(site, t);
  const tel = site.phone.replace(/[^\d+]/g, '');
  return [
    '<!DOCTYPE html>',
    `<html lang="${e(input.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light only">`,
    `<title>${e(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f4f4;color:#1a1a1a;${FONT}">`,
    '<table role="presentation" style="width:100%;border-collapse:collapse"><tr><td style="padding:16px">',
    '<table role="presentation" style="max-width:600px;width:100%;margin:0 auto;border-collapse:collapse;background:#ffffff;border-radius:8px">',
    `<tr><td style="padding:20px 24px;border-bottom:3px solid #1a56db;font-size:22px;font-weight:bold">${e(site.brand)}</td></tr>`,
    `<tr><td style="padding:24px;font-size:15px">${body.join('')}</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e5e5;font-size:13px;color:#555;line-height:1.6">`,
    `<p style="margin:0 0 8px">${e(footer.questions)}</p>`,
    `<p style="margin:0">${e(site.brand)} · <a href="tel:${e(tel)}" style="color:#1a56db">${e(site.phone)}</a> · `,
    `<a href="mailto:${e(site.email)}" style="color:#1a56db">${e(site.email)}</a> · `,
    `<a href="${e(footer.siteUrl)}" style="color:#1a56db">${e(site.host)}</a></p>`,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('\n');
}
