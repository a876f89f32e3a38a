/**
 * What the content pages' loaders share (decision 027): an entry as a page shows it (its links in the visitor's
 * language, dates in the site's time zone, whether it fell back to Russian), list paging, and the 404 for a slug
 * or a page number that does not exist.
 */
import { z } from 'zod';
import { formatContentDate, isoDateIn } from '../../../shared/content.ts';
import type { ContentEntry, ContentKind, ContentTeaser } from '../../content/index.ts';
import { focusableTables, localizeLinks, readingMinutes } from '../../content/index.ts';
import { CONTENT_SOURCE, contentPath } from '../../feeds/index.ts';
import { type LoadContext, type LoaderArgs, notFoundError, queryObject } from './route-module.ts';

/** An item slug in a URL (a page's sub-page name too). */
export const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,119}$/) });

export const PER_PAGE = 10;

function dates(iso: string, context: LoadContext) {
  return { date: formatContentDate(iso, context.language, context.site.timeZone), isoDate: isoDateIn(iso, context.site.timeZone) };
}

/** An entry as its page shows it. */
export function entryView(entry: ContentEntry, context: LoadContext) {
  const { html, ...rest } = entry;
  return {
    ...rest,
    html: focusableTables(localizeLinks(html, context.basename)),
    ...dates(entry.publishedAt, context),
    modified: isoDateIn(entry.updatedAt, context.site.timeZone),
    minutes: readingMinutes(entry.words),
    /** Shown in Russian because the visitor's language has no text of its own: the page says so. */
    fallback: entry.language !== context.language,
  };
}
export type EntryView = ReturnType<typeof entryView>;

export function teaserView(teaser: ContentTeaser, context: LoadContext) {
  return { ...teaser, ...dates(teaser.publishedAt, context), minutes: readingMinutes(teaser.words) };
}
export type TeaserView = ReturnType<typeof teaserView>;

/** One entry, or the 404 page. */
export async function requireEntry(args: LoaderArgs, kind: ContentKind, slug: string): Promise<EntryView> {
  const { context } = args;
  const entry = await context.services.content.get(kind, slug, context.site.id, context.language);
  if (!entry) throw notFoundError(args.request.url);
  return entryView(entry, context);
}

/**
 * The `seoAlternates` of an entry's page (client/components/SeoLinks.tsx): an entry of this site alone has no page on
 * the other domains, so its hreflang alternates keep to this one — as its sitemap entry says (server/feeds/content-source.ts).
 */
export async function entrySeo(args: LoaderArgs, kind: ContentKind, slug: string): Promise<{ seoAlternates: 'all' | 'site' }> {
  const path = contentPath(kind, slug);
  const { feeds } = args.context.services;
  return { seoAlternates: path ? await feeds.scopeOf(args.context.site, CONTENT_SOURCE, path) : 'all' };
}

/** ?page=N, normalised: anything but a whole number from 1 is page 1. */
export function pageNumber(request: Request): number {
  const raw = queryObject(request).page ?? '';
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1;
}

/** A page of a kind's list; a page past the last one is the 404 page. */
export async function loadList(args: LoaderArgs, kind: ContentKind) {
  const { context, request } = args;
  const page = pageNumber(request);
  const list = await context.services.content.list(kind, context.site.id, context.language, page, PER_PAGE);
  if (page > list.pages) throw notFoundError(request.url);
  return {
    items: list.items.map((t) => teaserView(t, context)),
    page,
    pages: list.pages,
    total: list.total,
    /** Canonical: the page number only (SeoLinks appends it). */
    canonicalSearch: page > 1 ? `?page=${page}` : '',
  };
}
