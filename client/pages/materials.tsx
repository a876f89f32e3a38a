/** The materials catalogue (/materials): every category with its image, product count and most popular products. */
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/materials.ts';
import { KITS_CATEGORY_ID } from '../../shared/navigation.ts';
import { PageHead } from '../components/PageHead.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { t } = useTranslation();
  const { categories, currency } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead title={t('materials.title')} description={t('seo.materials')} />
      <h1>{t('materials.title')}</h1>
      <p className="lead">{t('materials.lead')}</p>
      <div className="materials">
        {categories.map((c, i) => (
          <section key={c.id} className="materials-section" aria-labelledby={`materials-${c.id}`}>
            <Link to={c.url} className="materials-section__head">
              {c.preview_image && <img src={c.preview_image} alt="" width={160} height={120} loading={i < 2 ? undefined : 'lazy'} />}
              <h2 id={`materials-${c.id}`} lang={c.lang ?? undefined}>
                {c.title}
              </h2>
            </Link>
            <p className="muted">{t(c.id === KITS_CATEGORY_ID ? 'details.kitsCount' : 'materials.count', { count: c.count })}</p>
            {c.featured.length === 0 ? (
              <p className="muted">{t('materials.empty')}</p>
            ) : (
              <ul className="product-grid">
                {c.featured.map((p) => (
                  <ProductTile
                    key={p.id}
                    product={p}
                    currency={currency}
                    picture={{ sizes: '(max-width: 40rem) 50vw, 15rem' }}
                    kit={c.id === KITS_CATEGORY_ID}
                  />
                ))}
              </ul>
            )}
            {c.count > 0 && (
              <Link to={c.url} className="materials-section__all">
                {t('materials.all', { title: c.title })} →
              </Link>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
