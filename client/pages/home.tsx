import { type ReactNode, useId } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/home.ts';
import { categoryMenuUrl, KITS_PATH, MATERIALS_PATH } from '../../shared/navigation.ts';
import { useBoot } from '../boot.ts';
import { KitCard } from '../components/KitCard.tsx';
import { absoluteAsset, PageHead } from '../components/PageHead.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { siteUrl } from '../components/SeoLinks.tsx';
import { TeaserList } from '../components/TeaserList.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';

/** The first screen's picture: the layers of a noise insulation (drawn for the shop, decision 041). */
const HERO_IMAGE = '/img/content/layers.svg';

export function Component() {
  const { t } = useTranslation();
  const shell = useShell();
  const { language } = useBoot();
  const { site } = shell;
  const home = siteUrl(site, '/', language);
  // The shop and its contacts (spec §2 footer: support phone and e-mail), and the search the site offers.
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.brand,
    url: home,
    logo: absoluteAsset(site.host, '/favicon.svg'),
    email: site.email,
    telephone: site.phone,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: site.phone,
      email: site.email,
      availableLanguage: site.languages,
      ...(site.country ? { areaServed: site.country } : {}),
    },
  };
  const webSite = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: site.brand,
    url: home,
    potentialAction: {
      '@type': 'SearchAction',
      target: `${siteUrl(site, '/search', language)}?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
  const { kits, popular, newest, articles, articlesBase, currency } = useLoaderData<typeof loader>();
  const titleId = useId();
  const reasons = [
    { key: 'delivery', to: '/oplata-i-vozvraty' },
    { key: 'payment', to: '/oplata-i-vozvraty' },
    { key: 'warranty', to: '/oplata-i-vozvraty' },
    { key: 'installers', to: '/map' },
  ] as const;
  return (
    <>
      <PageHead description={t('seo.home')} jsonLd={[organization, webSite]} />
      {/* The first screen: what the shop does, and the calculator as the way in. */}
      <section className="hero" aria-labelledby={titleId}>
        <div className="hero__text">
          <h1 id={titleId}>{t('home.title')}</h1>
          <p className="lead">{t('home.lead')}</p>
          <div className="hero__actions">
            <Link to="/calc" className="button hero__cta">
              {t('home.cta')}
            </Link>
            <Link to={KITS_PATH} className="button button--secondary">
              {t('home.kits')}
            </Link>
          </div>
          <p className="muted hero__note">{t('home.ctaNote')}</p>
        </div>
        <ResponsiveImage
          className="hero__picture"
          src={HERO_IMAGE}
          alt={t('home.heroAlt')}
          width={480}
          height={270}
          sizes="(max-width: 48rem) 100vw, 30rem"
          eager
        />
      </section>
      {kits.length > 0 && (
        <HomeSection title={t('home.kits')} all={{ to: KITS_PATH, label: t('home.allKits') }}>
          <ul className="kit-list">
            {kits.map((kit) => (
              <KitCard key={kit.id} kit={kit} currency={currency} headingLevel={3} />
            ))}
          </ul>
        </HomeSection>
      )}
      {popular.length > 0 && (
        <HomeSection title={t('home.popular')} all={{ to: MATERIALS_PATH, label: t('home.allProducts') }}>
          <ul className="product-grid">
            {popular.map((p) => (
              <ProductTile key={p.id} product={p} currency={currency} picture={{ sizes: '(max-width: 40rem) 50vw, 15rem' }} />
            ))}
          </ul>
        </HomeSection>
      )}
      {newest.length > 0 && (
        <HomeSection title={t('home.newest')}>
          <ul className="product-grid">
            {newest.map((p) => (
              <ProductTile key={p.id} product={p} currency={currency} picture={{ sizes: '(max-width: 40rem) 50vw, 15rem' }} />
            ))}
          </ul>
        </HomeSection>
      )}
      <HomeSection title={t('home.why')}>
        <ul className="reasons">
          {reasons.map((r) => (
            <li key={r.key} className={`reason reason--${r.key}`}>
              <h3>
                <Link to={r.to}>{t(`home.${r.key}`)}</Link>
              </h3>
              <p>{t(`home.${r.key}Text`)}</p>
            </li>
          ))}
        </ul>
      </HomeSection>
      <HomeSection title={t('home.categories')}>
        <ul className="category-links">
          {shell.categories.map((c) => (
            <li key={c.id}>
              <Link to={categoryMenuUrl(c)} lang={c.lang ?? undefined}>
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>
      {articles.length > 0 && (
        <HomeSection title={t('home.articles')} all={{ to: articlesBase, label: t('home.allArticles') }}>
          <TeaserList items={articles} base={articlesBase} headingLevel={3} />
        </HomeSection>
      )}
    </>
  );
}

/** A section of the home page: its heading, an optional 'all …' link beside it, its content. */
function HomeSection({ title, all, children }: { title: string; all?: { to: string; label: string }; children: ReactNode }) {
  const id = useId();
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section__head">
        <h2 id={id}>{title}</h2>
        {all && <Link to={all.to}>{all.label} →</Link>}
      </div>
      {children}
    </section>
  );
}
