import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { ShellData } from '../Root.tsx';
import { pathForLanguage, type Language } from '../../shared/sites.ts';
import { useBoot } from '../boot.ts';
import { WidgetHtml } from './WidgetHtml.tsx';
import { ColorModeSwitch } from '../color-mode.tsx';
import { RegionOverlay } from './RegionOverlay.tsx';

export function Header({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  // One location read for all category links (NavLink would match each link on its own).
  const { pathname } = useLocation();
  const isCurrent = (url: string) => pathname === url || pathname.startsWith(url + '/');
  return (
    <header className="site-header">
      <RegionOverlay />
      <div className="site-header__top">
        <Link to="/" className="logo" aria-label={t('header.home')}>
          {shell.site.brand}
        </Link>
        <div className="site-header__phone">
          {shell.widgets.headerPhone ? (
            <WidgetHtml html={shell.widgets.headerPhone} />
          ) : (
            <a href={`tel:${shell.site.phone.replace(/[^\d+]/g, '')}`}>{shell.site.phone}</a>
          )}
        </div>
        <nav className="site-header__icons">
          <Link to="/compare" aria-label={t('header.compareItems', { count: shell.compareCount })}>
            {t('header.compare')} <span className="counter">{shell.compareCount}</span>
          </Link>
          <Link to="/cart" aria-label={t('header.cartItems', { count: shell.cartCount })}>
            {t('header.cart')}
            {shell.cartCount > 0 && <span className="badge">{shell.cartCount}</span>}
          </Link>
          <Link to="/personal">{t('header.personal')}</Link>
        </nav>
        <LanguageSwitcher languages={shell.site.languages} />
        <ColorModeSwitch />
      </div>
      <nav className="site-header__categories" aria-label={t('header.categories')}>
        <ul>
          {shell.categories.map((c) => (
            <li key={c.id}>
              <Link to={c.url} className={isCurrent(c.url) ? 'active' : undefined} aria-current={isCurrent(c.url) ? 'page' : undefined}>
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** Links to the same page in each of the site's languages (a full page load: the basename changes). */
function LanguageSwitcher({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const location = useLocation();
  if (languages.length < 2) return null;
  return (
    <nav className="language-switcher" aria-label={t('header.language')}>
      <ul>
        {languages.map((lang) => (
          <li key={lang}>
            {lang === language ? (
              <span aria-current="true" lang={lang}>{lang}</span>
            ) : (
              <a href={pathForLanguage(location.pathname, lang) + location.search} hrefLang={lang} lang={lang}>
                {lang}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
