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

/** At most this many chat scripts per site: a widget is one script, perhaps with a loader beside it. */
const MAX_CHAT_SCRIPTS = 3;

/**
 * The chat scripts the onlineChat widget's HTML names (spec §3: it "holds the script address of a chat
 * widget"), kept only when https and on a host of the site's allowlist. The sanitiser drops every <script>
 * from the widget's HTML, so no other script reaches a page; these addresses are loaded by the browser
 * after hydration (client/third-party/ThirdPartyTags.tsx). A protocol-relative address is taken as https.
 */
export function chatScriptSources(html: string, allowedHosts: readonly string[]): string[] {
  if (!html || allowedHosts.length === 0) return [];
  const found: string[] = [];
  // The same HTML parser as the sanitiser; nothing of its output is used, only the <script src> it saw.
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag(name, attribs) {
      if (name === 'script' && attribs.src) found.push(attribs.src);
    },
  });
  const kept: string[] = [];
  for (const src of found) {
    const url = allowedScriptUrl(src, allowedHosts);
    if (url && !kept.includes(url) && kept.length < MAX_CHAT_SCRIPTS) kept.push(url);
  }
  return kept;
}

function allowedScriptUrl(src: string, allowedHosts: readonly string[]): string | null {
  const value = src.trim();
  // Only absolute https:// or protocol-relative //host/… addresses; relative paths, http:, javascript:, data: never.
  if (!/^(?:https:)?\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://invalid.invalid/');
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  return allowedHosts.includes(url.hostname) ? url.href : null;
}

export class WidgetService {
  constructor(private readonly db: Queryable) {}

  /**
   * Every widget of a site, a site's own row winning over the '*' default; missing ones are ''. With the site's
   * chat allowlist, also the allowed chat script addresses of its onlineChat widget.
   */
  async allForSite(siteId: string, chatHosts: readonly string[] = []): Promise<{ widgets: Widgets; chatScripts: string[] }> {
    const rows = await this.db.query<{ code: string; html: string }>(
      `SELECT DISTINCT ON (code) code, html FROM widgets WHERE site IN ($1, '*') ORDER BY code, (site = '*')`,
      [siteId],
    );
    const widgets = Object.fromEntries(WIDGET_CODES.map((c) => [c, ''])) as Widgets;
    let chatScripts: string[] = [];
    for (const row of rows) {
      if ((WIDGET_CODES as readonly string[]).includes(row.code)) widgets[row.code as WidgetCode] = sanitizeWidgetHtml(row.html);
      if (row.code === 'onlineChat') chatScripts = chatScriptSources(row.html, chatHosts);
    }
    return { widgets, chatScripts };
  }
}
