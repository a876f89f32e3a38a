/**
 * A ready kit as a card (the kits list and the home page): its picture (its first line's), name, what it is, how many
 * products, price on this site and mass, and 'В корзину' for the whole kit when the site sells every line.
 */
import { Link } from 'react-router-dom';
import type { loader as kitsLoader } from '../../server/pages/kits.ts';
import { formatNumber } from '../../shared/format.ts';
import { useBoot } from '../boot.ts';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../loader-data.ts';
import { Price } from './Price.tsx';
import { AddToCart } from './ProductTile.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';

/** A kit as the kits page's loader sends it (the home page's are the same service's). */
export type KitView = LoaderData<typeof kitsLoader>['kits'][number];

export function KitCard({ kit, currency, headingLevel = 2 }: { kit: KitView; currency: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const picture = kit.lines[0]?.preview_image;
  return (
    <li className="kit-card">
      {picture && <ResponsiveImage src={picture} alt="" width={320} height={240} sizes="(max-width: 40rem) 100vw, 20rem" />}
      <Heading>
        <Link to={kit.url} lang={kit.lang ?? undefined}>
          {kit.title}
        </Link>
      </Heading>
      <p lang={kit.lang ?? undefined}>{kit.description}</p>
      <p className="muted">{t('kits.lines', { n: kit.lines.length })}</p>
      <dl className="kit-totals">
        <dt>{t('kits.total')}</dt>
        <dd>{kit.price !== null ? <Price amount={kit.price} currency={currency} /> : t('product.notSold')}</dd>
        <dt>{t('kits.mass')}</dt>
        <dd>≈ {formatNumber(kit.massKg, language, 1)}</dd>
      </dl>
      {kit.purchasable && <AddToCart title={kit.title} item={{ intent: 'kit', slug: kit.slug }} />}
    </li>
  );
}
