/**
 * The news feed (/rss.xml, RSS 2.0) of a site, rendered from any source of items with a title, an address, a date
 * and a summary — the news of the content pages when they are wired in (server/feeds/service.ts `news`).
 */
import { el, XML_DECLARATION, xmlEscape } from './xml.ts';

export interface RssItem {
  title: string;
  /** A router path on the site ("/news/slug") or an absolute address. */
  link: string;
  date: Date;
  /** Plain text (a lead paragraph). */
  summary: string;
}

/** Where the items come from: the newest first, at most `limit`. */
export interface NewsFeedSource {
  latest(site: { id: string }, limit: number): Promise<RssItem[]>;
}

export const RSS_ITEMS = 30;

export interface RssChannel {
  title: string;
  /** The news list's absolute address. */
  link: string;
  description: string;
  /** The feed's own absolute address (atom:link rel=self). */
  self: string;
  language: string;
}

/** RFC 822 date (RSS 2.0 pubDate): "Mon, 01 Jan 2024 09:00:00 GMT". */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

export function renderRss(channel: RssChannel, host: string, items: readonly RssItem[]): string {
  const absolute = (link: string) => (link.startsWith('/') ? `https://${host}${link}` : link);
  const newest = items.reduce<Date | null>((max, i) => (!max || i.date > max ? i.date : max), null);
  const body = items.map((item) => {
    const link = absolute(item.link);
    return (
      `<item>${el('title', item.title)}${el('link', link)}<guid isPermaLink="true">${xmlEscape(link)}</guid>` +
      `${el('pubDate', rfc822(item.date))}${el('description', item.summary)}</item>\n`
    );
  });
  return (
    `${XML_DECLARATION}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n` +
    `${el('title', channel.title)}${el('link', channel.link)}${el('description', channel.description)}${el('language', channel.language)}\n` +
    `<atom:link href="${xmlEscape(channel.self)}" rel="self" type="application/rss+xml"/>\n` +
    (newest ? `${el('lastBuildDate', rfc822(newest))}\n` : '') +
    `${body.join('')}</channel>\n</rss>\n`
  );
}
