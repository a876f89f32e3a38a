/** /news/{slug}: one news item with the products it names; JSON-LD NewsArticle and BreadcrumbList. */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/news-item.ts';
import { CONTENT_PATHS } from '../../shared/content.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentBody, ContentHead, EntryMeta, FallbackNotice, Gallery, ProductCards, useCrumbs } from '../components/ContentView.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { entry, products, currency } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([
    { label: t('content.newsTitle'), to: CONTENT_PATHS.news },
    { label: entry.title, lang: entry.fallback ? 'ru' : null },
  ]);
  return (
    <article className="content">
      <ContentHead title={entry.title} description={entry.summary} crumbs={crumbs} article={{ type: 'NewsArticle', entry }} />
      <Breadcrumbs items={crumbs} />
      <h1 lang={entry.fallback ? entry.language : undefined}>{entry.title}</h1>
      <EntryMeta entry={entry} reading={false} />
      <FallbackNotice entry={entry} />
      <ContentBody entry={entry} />
      <Gallery slug={`news-${entry.slug}`} images={entry.gallery} />
      <ProductCards title={t('content.products')} products={products} currency={currency} />
      <p>
        <Link to={CONTENT_PATHS.news}>{t('content.allNews')}</Link>
      </p>
    </article>
  );
}
