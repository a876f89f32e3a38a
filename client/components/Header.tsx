/**
 * The site header (spec §2): logo, main menu with the category dropdown, compare/cart/personal icons with
 * their counters, the phone, the language switcher and colour mode. On narrow screens the menu collapses
 * behind a button; any route change closes it (spec §4).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { categoryMenuUrl, MAIN_MENU, MATERIALS_PATH, telHref } from '../../shared/navigation.ts';
import { type Language, pathForLanguage } from '../../shared/sites.ts';
import { useBoot } from '../boot.ts';
import { ColorModeSwitch } from '../color-mode.tsx';
import { useTranslation } from '../i18n.tsx';
import type { ShellData } from '../loader-data.ts';
import { Icon } from './icons.tsx';
import { RegionOverlay } from './RegionOverlay.tsx';
import { SearchBox } from './SearchBox.tsx';
import { WidgetHtml } from './WidgetHtml.tsx';

export function Header({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // Spec §4: the mobile menu is reset to closed on any route change (a new location key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger (each navigation), not a value read
  useEffect(() => setMenuOpen(false), [location.key]);

  return (
    <header className={menuOpen ? 'site-header site-header--menu-open' : 'site-header'}>
      <RegionOverlay />
      <div className="site-header__top">
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
          <span className="visually-hidden">{t(menuOpen ? 'header.menuClose' : 'header.menuOpen')}</span>
        </button>
        <Link to="/" className="logo" aria-label={t('header.home')}>
          {shell.site.brand}
        </Link>
        <div className="site-header__phone">
          {shell.widgets.headerPhone ? (
            <WidgetHtml html={shell.widgets.headerPhone} />
          ) : (
            <a href={telHref(shell.site.phone)}>{shell.site.phone}</a>
          )}
        </div>
        <SearchBox token={shell.token} domain={shell.site.host} />
        <nav className="site-header__icons" aria-label={t('header.account')}>
          <Link
            to="/compare"
            className="header-icon header-icon--compare"
            aria-label={t('header.compareItems', { count: shell.compareCount })}
          >
            <Icon name="compare" />
            <span className="counter" aria-hidden="true">
              {shell.compareCount}
            </span>
          </Link>
          <Link
            to="/cart"
            className="header-icon header-icon--cart"
            aria-label={shell.cartCount > 0 ? t('header.cartItems', { count: shell.cartCount }) : t('header.cart')}
          >
            <Icon name="cart" />
            {shell.cartCount > 0 && (
              <span className="badge" aria-hidden="true">
                {shell.cartCount}
              </span>
            )}
          </Link>
          <Link to="/personal" className="header-icon" aria-label={t('header.personal')}>
            <Icon name="personal" />
          </Link>
        </nav>
        <div className="site-header__prefs">
          <LanguageSwitcher languages={shell.site.languages} />
          <ColorModeSwitch />
        </div>
      </div>
      <MainMenu id={menuId} shell={shell} pathname={location.pathname} />
    </header>
  );
}

/** Marks the link of the page being shown (one location read for all links; NavLink would match each on its own). */
function currentLinkProps(active: boolean) {
  return active ? ({ 'aria-current': 'page', className: 'active' } as const) : {};
}

function MainMenu({ id, shell, pathname }: { id: string; shell: ShellData; pathname: string }) {
  const { t } = useTranslation();
  const isCurrent = (url: string) => pathname === url || pathname.startsWith(url + '/');
  const current = (url: string) => currentLinkProps(isCurrent(url));
  return (
    <nav id={id} className="site-nav" aria-label={t('header.mainMenu')}>
      <ul className="site-nav__list">
        {MAIN_MENU.map((item) =>
          item.path === MATERIALS_PATH ? (
            <CatalogueItem key={item.path} shell={shell} isCurrent={isCurrent} />
          ) : (
            <li key={item.path}>
              <Link to={item.path} {...current(item.path)}>
                {t(`nav.${item.label}`)}
              </Link>
            </li>
          ),
        )}
        {/* Spec §2: /compare is also in the mobile menu. */}
        <li className="site-nav__mobile-only">
          <Link to="/compare" {...current('/compare')}>
            {t('header.compare')} <span className="counter">{shell.compareCount}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * "Каталог": a link to /materials plus a disclosure button for the category dropdown. Hover and keyboard
 * focus open it on wide screens through CSS alone (so it works before hydration and without JavaScript);
 * the button opens it for touch and screen-reader users; Escape closes it and returns focus to the button.
 */
function CatalogueItem({ shell, isCurrent }: { shell: ShellData; isCurrent: (url: string) => boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger: any navigation closes the dropdown
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: delegation: Escape bubbles up from the link, button and submenu links inside
    <li ref={itemRef} className={open ? 'site-nav__dropdown is-open' : 'site-nav__dropdown'} onKeyDown={onKeyDown}>
      <Link to={MATERIALS_PATH} {...currentLinkProps(isCurrent(MATERIALS_PATH))}>
        {t('nav.materials')}
      </Link>
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="chevron" />
        <span className="visually-hidden">{t('header.categories')}</span>
      </button>
      <ul id={listId} className="site-nav__submenu">
        {shell.categories.map((category) => {
          const url = categoryMenuUrl(category);
          return (
            <li key={category.id}>
              <Link to={url} {...currentLinkProps(isCurrent(url))}>
                {category.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
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
              <span aria-current="true" lang={lang}>
                {lang}
              </span>
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
