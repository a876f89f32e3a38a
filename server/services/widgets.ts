/**
 * Server-supplied HTML snippets (spec §3: headerPhone, footersocial, policy, onlineChat, modal).
 * The HTML is owner-edited content, so it passes an allowlist sanitiser before it reaches any page or answer.
 */
import sanitizeHtml from 'sanitize-html';
import type { Queryable } from '../db/index.ts';

export const WIDGET_CODES = ['headerPhone', 'footersocial', 'policy', 'onlineChat', 'modal'] as const;
export type WidgetCode = (typeof WIDGET_CODES)[number];
export type Widgets = Record<WidgetCode, string>;

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'p', 'div', 'span', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'br', 'img', 'h3', 'h4', 'small'],
  allowedAttributes: {
    a: ['href', 'rel', 'target', 'title', 'class'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'class'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Links that open a new tab must not hand the opener to the other page.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

export function sanitizeWidgetHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

export class WidgetService {
  constructor(private readonly db: Queryable) {}

  /** Every widget of a site, a site's own row winning over the '*' default; missing ones are ''. */
  async allForSite(siteId: string): Promise<Widgets> {
    const rows = await this.db.query<{ code: string; html: string }>(
      `SELECT DISTINCT ON (code) code, html FROM widgets WHERE site IN ($1, '*') ORDER BY code, (site = '*')`,
      [siteId],
    );
    const widgets = Object.fromEntries(WIDGET_CODES.map((c) => [c, ''])) as Widgets;
    for (const row of rows) {
      if ((WIDGET_CODES as readonly string[]).includes(row.code)) widgets[row.code as WidgetCode] = sanitizeWidgetHtml(row.html);
    }
    return widgets;
  }
}
