/** /news: news items, newest first, with pages. */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/news.ts';
import { CONTENT_PATHS } from '../../shared/content.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentHead, Pager, TeaserList, useCrumbs } from '../components/ContentView.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';

/** The site's news feed: one per site, at its root (not under a language prefix). */
const RSS_PATH = '/rss.xml';

export function Component() {
  const { t } = useTranslation();
  const { items, page, pages } = useLoaderData<typeof loader>();
  const { site } = useShell();
  const title = page > 1 ? `${t('content.newsTitle')} — ${t('content.page', { page })}` : t('content.newsTitle');
  const crumbs = useCrumbs([{ label: t('content.newsTitle') }]);
  return (
    <section className="content">
      <ContentHead title={title} description={t('content.newsDescription')} crumbs={crumbs} />
      {/* The news feed (server/http/feeds.ts), advertised for feed readers; React hoists the link into the head. */}
      <link rel="alternate" type="application/rss+xml" title={t('details.rssTitle', { brand: site.brand })} href={RSS_PATH} />
      <Breadcrumbs items={crumbs} />
      <h1>{t('content.newsTitle')}</h1>
      <TeaserList items={items} base={CONTENT_PATHS.news} />
      <Pager page={page} pages={pages} />
    </section>
  );
}
