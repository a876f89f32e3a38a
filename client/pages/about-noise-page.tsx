/** /about_noise_insulation/{page}: a sub-page, the section's other sub-pages and the products it names. */
import { NavLink, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/about-noise-page.ts';
import { ABOUT_NOISE_PATH } from '../../shared/content.ts';
import { InfoPage, ProductCards, useCrumbs } from '../components/ContentView.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { entry, parentTitle, siblings, products, currency } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([
    { label: parentTitle ?? t('content.aboutNoise'), to: ABOUT_NOISE_PATH },
    { label: entry.title, lang: entry.fallback ? 'ru' : null },
  ]);
  return (
    <InfoPage entry={entry} crumbs={crumbs}>
      <ProductCards title={t('content.products')} products={products} currency={currency} />
      {siblings.length > 1 && (
        <nav aria-label={t('content.sections')} className="content-siblings">
          <ul>
            {siblings.map((s) => (
              <li key={s.slug}>
                <NavLink to={`/${s.slug}`} end>
                  {s.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </InfoPage>
  );
}
