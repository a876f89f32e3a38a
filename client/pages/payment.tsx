/**
 * /oplata-i-vozvraty: payment, delivery and returns of the visitor's country. The methods are the ones the site's order
 * form offers right now (server/checkout/site-offer.ts); the site's own text (returns, the rest) follows.
 */

import { useLoaderData } from 'react-router-dom';
import type { loader, PriceSummary, SiteOffer } from '../../server/pages/payment.ts';
import { formatHours } from '../../shared/dealers.ts';
import { pointAddress } from '../../shared/delivery.ts';
import { formatMoney } from '../../shared/format.ts';
import { useBoot, useStoredRussian } from '../boot.ts';
import { InfoPage, useCrumbs } from '../components/ContentView.tsx';
import { useTranslation } from '../i18n.tsx';

export function Component() {
  const { entry, offer } = useLoaderData<typeof loader>();
  return (
    <InfoPage
      entry={entry}
      crumbs={useCrumbs([{ label: entry.title, lang: entry.fallback ? 'ru' : null }])}
      intro={<OfferSections offer={offer} />}
    />
  );
}

function OfferSections({ offer }: { offer: SiteOffer }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const russianLang = useStoredRussian();
  const money = (amount: number) => formatMoney(amount, offer.currency, language);
  const price = (p: PriceSummary) => {
    switch (p.type) {
      case 'free':
        return t('site.offer.free');
      case 'fixed':
        return money(p.amount);
      case 'freeAbove':
        return t('site.offer.freeAbove', { amount: money(p.amount), threshold: money(p.threshold) });
      case 'from':
        return t('site.offer.from', { amount: money(p.amount) });
    }
  };
  return (
    <div className="site-offer">
      <p>{t('site.offer.intro')}</p>
      <section>
        <h2>{t('site.offer.paymentTitle')}</h2>
        <ul className="site-offer__list">
          {offer.payment.map((m) => (
            <li key={m.id} data-method={m.id}>
              <strong lang={m.label.lang}>{m.label.text}</strong>
              {m.terms.text && (
                <>
                  {' — '}
                  <span lang={m.terms.lang}>{m.terms.text}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t('site.offer.deliveryTitle')}</h2>
        <ul className="site-offer__list">
          {offer.delivery.map((m) => (
            <li key={m.id} data-method={m.id}>
              <strong lang={m.label.lang}>{m.label.text}</strong> — {price(m.price)}
              {m.minWeightKg !== null && <>, {t('site.offer.minWeight', { kg: m.minWeightKg })}</>}
              {m.maxWeightKg !== null && <>, {t('site.offer.maxWeight', { kg: m.maxWeightKg })}</>}
              {m.terms.text && (
                <>
                  {'. '}
                  <span lang={m.terms.lang}>{m.terms.text}</span>
                </>
              )}
              {/* Cities and addresses are the config's Russian text (the order form checks cities against them). */}
              {m.cities.length > 0 && (
                <div>
                  {t('site.offer.cities')} <span lang={russianLang}>{m.cities.join(', ')}</span>
                </div>
              )}
              {m.points.map((point) => (
                <div key={point.id}>
                  <span lang={russianLang}>{pointAddress(point)}</span>
                  {point.hours ? ` · ${formatHours(point.hours, language)}` : ''}
                </div>
              ))}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
