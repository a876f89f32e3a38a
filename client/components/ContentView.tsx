/**
 * The pieces every content page is built from (decision 027): its head (title, description, Open Graph, JSON-LD:
 * BreadcrumbList and, for an article or news item, Article / NewsArticle), breadcrumbs, the stored HTML body (local
 * links navigate inside the app once hydrated), the table of contents, the gallery, product cards, teaser lists and
 * paging. The canonical address and hreflang come from the shell (SeoLinks).
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Link, useHref, useLocation, useNavigate } from 'react-router-dom';
import type { loader as articleLoader } from '../../server/pages/article.ts';
import type { ProductCard } from '../../shared/catalog.ts';
import type { ContentImage } from '../../shared/content.ts';
import { useBoot } from '../boot.ts';

/** An entry as the content pages' loaders send it. */
type ArticleData = Awaited<ReturnType<typeof articleLoader>>;
type EntryView = ArticleData['entry'];

import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';
import { absoluteAsset, breadcrumbList, PageHead } from './PageHead.tsx';
import { ProductTile } from './ProductTile.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { siteUrl, useCanonicalUrl } from './SeoLinks.tsx';

export { EntryMeta, TeaserList } from './TeaserList.tsx';

/** The trail from home: the page's own crumbs after the home link. */
export function useCrumbs(items: Crumb[]): Crumb[] {
  const { t } = useTranslation();
  return [{ label: t('content.home'), to: '/' }, ...items];
}

export interface ContentHeadProps {
  title: string;
  /** The entry's summary; empty: a sentence naming the title (seo.content). */
  description: string;
  crumbs: Crumb[];
  /** An article or a news item: its structured data. */
  article?: { type: 'Article' | 'NewsArticle'; entry: EntryView };
  /** More structured data of the page (FAQPage, the shop's Organization on /about). */
  jsonLd?: readonly unknown[];
}

/** A content page's head, through PageHead (the one way): BreadcrumbList always, Article / NewsArticle for an entry. */
export function ContentHead({ title, description, crumbs, article, jsonLd = [] }: ContentHeadProps) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const { site } = useShell();
  const { pathname } = useLocation();
  const url = useCanonicalUrl();
  const text = description || t('seo.content', { title });
  const image = article?.entry.cover ? absoluteAsset(site.host, article.entry.cover.src) : undefined;
  const trail = breadcrumbList(crumbs.map((crumb) => ({ name: crumb.label, item: siteUrl(site, crumb.to ?? pathname, language) })));
  const entryData = article && {
    '@context': 'https://schema.org',
    '@type': article.type,
    headline: article.entry.title.slice(0, 110),
    description: text,
    inLanguage: article.entry.language,
    datePublished: article.entry.publishedAt,
    dateModified: article.entry.updatedAt,
    wordCount: article.entry.words,
    ...(image ? { image: [image] } : {}),
    mainEntityOfPage: url,
    author: { '@type': 'Organization', name: site.brand, url: siteUrl(site, '/', language) },
    publisher: { '@type': 'Organization', name: site.brand, url: siteUrl(site, '/', language) },
  };
  return (
    <PageHead
      title={title}
      description={text}
      type={article ? 'article' : 'website'}
      image={image}
      jsonLd={[trail, ...(entryData ? [entryData] : []), ...jsonLd]}
    />
  );
}

/** "Shown in Russian": the entry fell back from the visitor's language. */
export function FallbackNotice({ entry }: { entry: Pick<EntryView, 'fallback'> }) {
  const { t } = useTranslation();
  return entry.fallback ? (
    <p className="content-notice" role="note">
      {t('content.fallback')}
    </p>
  ) : null;
}

/**
 * The stored, sanitised HTML of an entry. Its page links already carry the language prefix (server); once hydrated a
 * click on one navigates inside the app instead of reloading the page.
 */
export function ContentBody({ entry }: { entry: Pick<EntryView, 'html' | 'language'> }) {
  const navigate = useNavigate();
  const root = useHref('/');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const basename = root === '/' ? '' : root.replace(/\/$/, '');
    // One listener for the links the stored HTML holds (React does not render them, so they have no handlers).
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest('a');
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (link.hasAttribute('data-gallery') || link.target) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || /\.[a-z0-9]{2,5}$/i.test(url.pathname)) return;
      if (basename && !(url.pathname === basename || url.pathname.startsWith(basename + '/'))) return;
      event.preventDefault();
      navigate((url.pathname.slice(basename.length) || '/') + url.search + url.hash);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate, root]);
  return (
    <div
      ref={ref}
      className="content-body"
      lang={entry.language}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised by an allowlist when saved (server/content/content-markdown.ts)
      dangerouslySetInnerHTML={{ __html: entry.html }}
    />
  );
}

/** The table of contents: the body's h2 and h3 as anchor links. */
export function TableOfContents({ entry }: { entry: Pick<EntryView, 'toc'> }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (entry.toc.length < 2) return null;
  return (
    <nav className="content-toc" aria-labelledby={titleId}>
      <h2 id={titleId} className="content-toc__title">
        {t('content.toc')}
      </h2>
      <ol>
        {entry.toc.map((item) => (
          <li key={item.id} className={item.level === 3 ? 'content-toc__sub' : undefined}>
            <a href={`#${item.id}`}>{item.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Front matter pictures as lightbox gallery items (spec §2): each links to the picture itself. */
export function Gallery({ slug, images }: { slug: string; images: ContentImage[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (images.length === 0) return null;
  const gallery = `gallery-${slug.replace(/[^\w-]/g, '-')}`;
  return (
    <section aria-labelledby={titleId} className="content-gallery">
      <h2 id={titleId}>{t('content.gallery')}</h2>
      <ul>
        {images.map((image) => (
          <li key={image.src}>
            <a href={image.src} data-gallery={gallery}>
              <ResponsiveImage
                src={image.src}
                alt={image.alt}
                width={240}
                height={Math.round((240 * image.height) / image.width)}
                sizes="15rem"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The products an entry names, as compact cards with price and compare toggle (a placeholder for a missing photo). */
export function ProductCards({ title, products, currency }: { title: string; products: ProductCard[]; currency: string }) {
  const titleId = useId();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="related content-products">
      <h2 id={titleId}>{title}</h2>
      <ul className="product-grid">
        {products.map((p) => (
          <ProductTile key={p.id} product={p} currency={currency} picture={{ sizes: '(max-width: 40rem) 45vw, 12rem' }} />
        ))}
      </ul>
    </section>
  );
}

/** Pages of a list as links (?page=N): previous, numbers around the current one, next. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pages <= 1) return null;
  const href = (n: number) => (n === 1 ? pathname : `${pathname}?page=${n}`);
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t('content.pagination')}>
      {page > 1 && (
        <Link rel="prev" to={href(page - 1)}>
          {t('content.prev')}
        </Link>
      )}
      {shown.map((n, i) => (
        <span key={n}>
          {i > 0 && shown[i - 1]! < n - 1 && <span className="pagination__gap">…</span>}
          {n === page ? (
            <span aria-current="page" className="pagination__current">
              {n}
            </span>
          ) : (
            <Link to={href(n)} aria-label={t('content.page', { page: n })}>
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < pages && (
        <Link rel="next" to={href(page + 1)}>
          {t('content.next')}
        </Link>
      )}
    </nav>
  );
}

/** An info page (about noise insulation, payment …): crumbs, title, notice, body. */
export function InfoPage({
  entry,
  crumbs,
  jsonLd,
  intro,
  children,
}: {
  entry: EntryView;
  crumbs: Crumb[];
  jsonLd?: readonly unknown[];
  /** What the page generates before the entry's own text (the payment page's methods). */
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="content">
      <ContentHead title={entry.title} description={entry.summary} crumbs={crumbs} jsonLd={jsonLd} />
      <Breadcrumbs items={crumbs} />
      <h1 lang={entry.fallback ? entry.language : undefined}>{entry.title}</h1>
      {intro}
      <FallbackNotice entry={entry} />
      <ContentBody entry={entry} />
      {children}
    </article>
  );
}
