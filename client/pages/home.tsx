import { Link } from 'react-router-dom';
import { useBoot } from '../boot.ts';
import { absoluteAsset, PageHead } from '../components/PageHead.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { siteUrl } from '../components/SeoLinks.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';

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
  return (
    <>
      <PageHead description={t('seo.home')} jsonLd={[organization, webSite]} />
      <h1>{t('home.title')}</h1>
      <p className="lead">{t('home.lead')}</p>
      <h2>{t('home.categories')}</h2>
      <ul className="category-grid">
        {shell.categories.map((c, i) => (
          <li key={c.id} className="category-card">
            <Link to={c.url}>
              {c.preview_image && (
                <ResponsiveImage
                  src={c.preview_image}
                  alt=""
                  width={160}
                  height={120}
                  sizes="(max-width: 40rem) 50vw, 14rem"
                  eager={i < 4}
                />
              )}
              <span>{c.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
