/** /komplekty-sumoizoliacii: the ready kits, each with its price on this site and its mass. */
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/kits.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { KitCard } from '../components/KitCard.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { kits, description, descriptionLang, currency } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead title={t('kits.title')} description={description || t('seo.kits')} image="/img/categories/komplekty-sumoizoliacii.svg" />
      <Breadcrumbs items={[{ label: t('productPage.home'), to: '/' }, { label: t('kits.title') }]} />
      <h1>{t('kits.title')}</h1>
      {description && (
        <p className="lead" lang={descriptionLang ?? undefined}>
          {description}
        </p>
      )}
      {kits.length === 0 ? (
        <p>{t('kits.empty')}</p>
      ) : (
        <ul className="kit-list">
          {kits.map((kit) => (
            <KitCard key={kit.id} kit={kit} currency={currency} />
          ))}
        </ul>
      )}
    </>
  );
}
