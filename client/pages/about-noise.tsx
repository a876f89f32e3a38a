/** /about_noise_insulation: the section's text and its sub-pages. */
import { useId } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/about-noise.ts';
import { InfoPage, useCrumbs } from '../components/ContentView.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { entry, children } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([{ label: entry.title, lang: entry.fallback ? 'ru' : null }]);
  const sectionsTitle = useId();
  return (
    <InfoPage entry={entry} crumbs={crumbs}>
      {children.length > 0 && (
        <section aria-labelledby={sectionsTitle} className="content-sections">
          <h2 id={sectionsTitle}>{t('content.sections')}</h2>
          <ul className="section-cards">
            {children.map((child) => (
              <li key={child.slug} className="section-card">
                <h3 className="section-card__title">
                  <Link to={`/${child.slug}`}>{child.title}</Link>
                </h3>
                {child.summary && <p>{child.summary}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link to="/stati">{t('content.allArticles')}</Link>
      </p>
    </InfoPage>
  );
}
