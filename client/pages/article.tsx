/**
 * /stati/{slug}: an article — breadcrumbs, date and reading time, table of contents, the body, its gallery (the
 * lightbox), the products it names and related articles; JSON-LD Article and BreadcrumbList.
 */
import { useId } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/article.ts';
import { CONTENT_PATHS } from '../../shared/content.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import {
  ContentBody,
  ContentHead,
  EntryMeta,
  FallbackNotice,
  Gallery,
  ProductCards,
  TableOfContents,
  TeaserList,
  useCrumbs,
} from '../components/ContentView.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { entry, products, currency, related } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([
    { label: t('content.articlesTitle'), to: CONTENT_PATHS.article },
    { label: entry.title, lang: entry.fallback ? 'ru' : null },
  ]);
  const relatedId = useId();
  return (
    <article className="content content--article">
      <ContentHead title={entry.title} description={entry.summary} crumbs={crumbs} article={{ type: 'Article', entry }} />
      <Breadcrumbs items={crumbs} />
      <h1 lang={entry.fallback ? entry.language : undefined}>{entry.title}</h1>
      <EntryMeta entry={entry} />
      <FallbackNotice entry={entry} />
      {/* Wide screens: the contents stay beside the text (sticky); narrow ones: between the cover and the text. */}
      <div className="article-layout">
        {entry.cover && (
          <ResponsiveImage
            className="content-cover"
            src={entry.cover.src}
            alt={entry.cover.alt}
            width={entry.cover.width}
            height={entry.cover.height}
            sizes="(max-width: 48rem) 100vw, 46rem"
            eager
          />
        )}
        <TableOfContents entry={entry} />
        <ContentBody entry={entry} />
        <Gallery slug={`article-${entry.slug}`} images={entry.gallery} />
      </div>
      <ProductCards title={t('content.products')} products={products} currency={currency} />
      {related.length > 0 && (
        <section aria-labelledby={relatedId} className="related">
          <h2 id={relatedId}>{t('content.related')}</h2>
          <TeaserList items={related} base={CONTENT_PATHS.article} headingLevel={3} />
        </section>
      )}
    </article>
  );
}
