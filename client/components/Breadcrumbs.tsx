/** Home / … / the current page, as a labelled nav; the last crumb is the page itself (aria-current). */
import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';

export interface Crumb {
  label: string;
  /** Router path; the last crumb has none (it is this page). */
  to?: string;
  /** 'ru' when the label is a catalogue text's Russian fallback (decision 048). */
  lang?: 'ru' | null;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('productPage.breadcrumbs')} className="breadcrumbs">
      <ol>
        {/* Each level of a trail is a different path; the last crumb (no path) is the only one keyed by its label. */}
        {items.map((item) => (
          <li key={item.to ?? item.label}>
            {item.to ? (
              <Link to={item.to} lang={item.lang ?? undefined}>
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" lang={item.lang ?? undefined}>
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
