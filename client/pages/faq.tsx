/** /voprosy-i-otvety: the questions as disclosure widgets (each an anchor), JSON-LD FAQPage and BreadcrumbList. */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/faq.ts';
import { REVIEWS_PATH } from '../../shared/content.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentBody, ContentHead, FallbackNotice, useCrumbs } from '../components/ContentView.tsx';
import { useTranslation } from '../i18n.tsx';

/** The answer's text for structured data: the stored HTML without its tags. */
function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function Component() {
  const { t } = useTranslation();
  const { entries } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([{ label: t('content.faqTitle') }]);
  return (
    <section className="content">
      <ContentHead
        title={t('content.faqTitle')}
        description={t('content.faqDescription')}
        crumbs={crumbs}
        jsonLd={
          entries.length > 0
            ? [
                {
                  '@context': 'https://schema.org',
                  '@type': 'FAQPage',
                  mainEntity: entries.map((e) => ({
                    '@type': 'Question',
                    name: e.title,
                    acceptedAnswer: { '@type': 'Answer', text: plain(e.html) },
                  })),
                },
              ]
            : []
        }
      />
      <Breadcrumbs items={crumbs} />
      <h1>{t('content.faqTitle')}</h1>
      {entries.some((e) => e.fallback) && <FallbackNotice entry={{ fallback: true }} />}
      <div className="faq">
        {entries.map((e) => (
          <details key={e.slug} id={e.slug} className="faq__item" lang={e.language}>
            <summary>{e.title}</summary>
            <ContentBody entry={e} />
          </details>
        ))}
      </div>
      <p className="content-cta">
        <Link className="button" to={REVIEWS_PATH}>
          {t('content.askQuestion')}
        </Link>
      </p>
    </section>
  );
}
