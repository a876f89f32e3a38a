/** Previous / next links between the pages of a list (/history, /records), and "page N of M" when M is known. */
import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';

/** Previous / next links and "page N of M", when there is more than one page. */
export function Pager({ page, pages, label, path }: { page: number; pages: number | null; label: string; path: string }) {
  const { t } = useTranslation();
  if (pages === 1 || (pages === null && page === 1)) return null;
  const to = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return (
    <nav aria-label={label} className="pager">
      {page > 1 && (
        <Link to={to(page - 1)} rel="prev">
          {t('account.history.prev')}
        </Link>
      )}
      {pages !== null && <span>{t('account.history.pageOf', { page, pages })}</span>}
      {(pages === null || page < pages) && (
        <Link to={to(page + 1)} rel="next">
          {t('account.history.next')}
        </Link>
      )}
    </nav>
  );
}
