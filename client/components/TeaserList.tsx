/**
 * Teaser lists of news and articles and an entry's date line (decision 027): on the content pages and the home page,
 * in a module of their own so that the home page's code (and strings: decision 050) holds nothing else of them.
 */
import { Link } from 'react-router-dom';
import type { loader as articleLoader } from '../../server/pages/article.ts';
import { useBoot } from '../boot.ts';
import { useTranslation } from '../i18n.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';

type ArticleData = Awaited<ReturnType<typeof articleLoader>>;
type EntryView = ArticleData['entry'];
type TeaserView = ArticleData['related'][number];

/** Date and reading time of an entry. */
export function EntryMeta({ entry, reading = true }: { entry: Pick<EntryView, 'date' | 'isoDate' | 'minutes'>; reading?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="content-meta muted">
      <time dateTime={entry.isoDate}>{entry.date}</time>
      {reading && (
        <>
          {' · '}
          {t('content.readingTime', { minutes: entry.minutes })}
        </>
      )}
    </p>
  );
}

/**
 * Teasers of news or articles as cards: cover (or a placeholder, so cards line up), title, date, reading time,
 * summary. The title's link covers the whole card (one link per card for screen readers).
 */
export function TeaserList({ items, base, headingLevel = 2 }: { items: TeaserView[]; base: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  // An entry without a translation is shown in Russian (decision 027): its texts say so.
  const langOf = (item: TeaserView) => (item.language !== language ? item.language : undefined);
  if (items.length === 0) return <p className="muted">{t('content.empty')}</p>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="teasers">
      {items.map((item) => (
        <li key={item.slug} className="teaser">
          <div className="teaser__media">
            {item.cover ? (
              <ResponsiveImage
                className="teaser__cover"
                src={item.cover.src}
                alt=""
                width={320}
                height={Math.round((320 * item.cover.height) / item.cover.width)}
                sizes="(max-width: 40rem) 100vw, 22rem"
              />
            ) : (
              <span className="content-placeholder" aria-hidden="true" />
            )}
          </div>
          <div className="teaser__body">
            <Heading className="teaser__title">
              <Link className="teaser__link" to={`${base}/${item.slug}`} lang={langOf(item)}>
                {item.title}
              </Link>
            </Heading>
            <EntryMeta entry={item} />
            {item.summary && (
              <p className="teaser__summary" lang={langOf(item)}>
                {item.summary}
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
