/** /stati: articles, newest first, with pages. */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/articles.ts';
import { CONTENT_PATHS } from '../../shared/content.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentHead, Pager, TeaserList, useCrumbs } from '../components/ContentView.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { items, page, pages } = useLoaderData<typeof loader>();
  const title = page > 1 ? `${t('content.articlesTitle')} — ${t('content.page', { page })}` : t('content.articlesTitle');
  const crumbs = useCrumbs([{ label: t('content.articlesTitle') }]);
  return (
    <section className="content">
      <ContentHead title={title} description={t('content.articlesDescription')} crumbs={crumbs} />
      <Breadcrumbs items={crumbs} />
      <h1>{t('content.articlesTitle')}</h1>
      <TeaserList items={items} base={CONTENT_PATHS.article} />
      <Pager page={page} pages={pages} />
    </section>
  );
}
