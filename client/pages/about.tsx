/** /about: the company (content) and, under #contacts, the site's phone, e-mail, address, hours and requisites. */
import { useId } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/about.ts';
import { telHref } from '../../shared/navigation.ts';
import { useBoot } from '../boot.ts';
import { InfoPage, useCrumbs } from '../components/ContentView.tsx';
import { siteUrl } from '../components/SeoLinks.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';

export function Component() {
  const { t } = useTranslation();
  const { language } = useBoot();
  const { site } = useShell();
  const { entry, requisites } = useLoaderData<typeof loader>();
  const crumbs = useCrumbs([{ label: entry.title, lang: entry.fallback ? 'ru' : null }]);
  const requisitesId = useId();
  const contactsTitle = useId();
  const seller = requisites.rows[0]?.value ?? site.brand;
  // The shop with its contacts and requisites (issue 12: Organization with contacts), through the page's head.
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.brand,
    legalName: seller,
    url: siteUrl(site, '/', language),
    email: site.email,
    telephone: site.phone,
    ...(requisites.address ? { address: requisites.address } : {}),
    contactPoint: { '@type': 'ContactPoint', telephone: site.phone, email: site.email, contactType: 'customer service' },
  };
  return (
    <InfoPage entry={entry} crumbs={crumbs} jsonLd={[organization]}>
      {/* biome-ignore lint/correctness/useUniqueElementIds: the spec's fixed anchor (/about#contacts, the footer's "Контакты" link) */}
      <section id="contacts" className="contacts" aria-labelledby={contactsTitle} tabIndex={-1}>
        <h2 id={contactsTitle}>{t('content.contacts')}</h2>
        <div className="contacts__grid">
          <dl className="contacts__list">
            <div>
              <dt>{t('content.phone')}</dt>
              <dd>
                <a className="contacts__phone" href={telHref(site.phone)}>
                  {site.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt>{t('content.email')}</dt>
              <dd>
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </dd>
            </div>
            {requisites.address && (
              <div>
                <dt>{t('content.address')}</dt>
                <dd>{requisites.address}</dd>
              </div>
            )}
            {requisites.hours && (
              <div>
                <dt>{t('content.hours')}</dt>
                <dd>{requisites.hours}</dd>
              </div>
            )}
          </dl>
          <div className="contacts__requisites">
            <h3 id={requisitesId}>{t('content.requisites')}</h3>
            <table className="requisites" aria-labelledby={requisitesId} lang="ru">
              <tbody>
                {requisites.rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
    </InfoPage>
  );
}
