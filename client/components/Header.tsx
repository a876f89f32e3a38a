/**
 * The site header (spec §2): logo, main menu with the category dropdown, compare/cart/personal icons with
 * their counters, the phone, the language menu and the colour-mode toggle. On narrow screens the menu collapses
 * behind a button; any route change closes it (spec §4). A phone sees two rows (menu button, logo, icons; the
 * search): the languages, colour mode and the phone number (the menu's last entry) come with the opened menu.
 */
import { type FocusEvent, type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LANGUAGE_NAMES } from '../../shared/languages.ts';
import { categoryMenuUrl, MAIN_MENU, MATERIALS_PATH, telHref } from '../../shared/navigation.ts';
import { type Language, pathForLanguage } from '../../shared/sites.ts';
import { useBoot } from '../boot.ts';
import { ColorModeToggle } from '../color-mode.tsx';
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
          <LanguageMenu languages={shell.site.languages} />
          <ColorModeToggle />
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
      {/* Spec §2: the phone number in the menu (the menu row's end on wide screens). */}
      <div className="site-header__phone">
        {shell.widgets.headerPhone ? (
          <WidgetHtml html={shell.widgets.headerPhone} />
        ) : (
          <a href={telHref(shell.site.phone)}>{shell.site.phone}</a>
        )}
      </div>
    </nav>
  );
}

/**
 * "Каталог": a link to /materials plus a disclosure button for the category dropdown. Hover and keyboard
 * focus open it on wide screens through CSS alone (so it works before hydration and without JavaScript);
 * the button opens it for touch and screen-reader users; Escape closes it and returns focus to the button.
 * Choosing a category closes it, although the pointer still rests over it and focus is still inside: it stays
 * shut ('is-chosen') until the pointer and focus have both left it. A keyboard choice (a click without a
 * pointer) puts focus on the button, so the next Tab goes on from the menu; a pointer choice drops focus.
 */
function CatalogueItem({ shell, isCurrent }: { shell: ShellData; isCurrent: (url: string) => boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(false);
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
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  const choose = (event: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false);
    setChosen(true);
    // event.detail 0: a click without a pointer (Enter on the link).
    if (event.detail === 0) buttonRef.current?.focus();
    else event.currentTarget.blur();
  };
  const item = () => itemRef.current;
  const onPointerLeave = () => {
    if (!item()?.contains(document.activeElement)) setChosen(false);
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    if (!item()?.matches(':hover')) setChosen(false);
  };
  const className = ['site-nav__dropdown', open && 'is-open', chosen && !open && 'is-chosen'].filter(Boolean).join(' ');
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: delegation: Escape, focus and the pointer bubble up from the link, button and submenu links inside
    <li ref={itemRef} className={className} onKeyDown={onKeyDown} onPointerLeave={onPointerLeave} onBlur={onBlur}>
      <Link to={MATERIALS_PATH} {...currentLinkProps(isCurrent(MATERIALS_PATH))}>
        {t('nav.materials')}
      </Link>
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setChosen(false);
          setOpen((o) => !o);
        }}
      >
        <Icon name="chevron" />
        <span className="visually-hidden">{t('header.categories')}</span>
      </button>
      <ul id={listId} className="site-nav__submenu">
        {shell.categories.map((category) => {
          const url = categoryMenuUrl(category);
          return (
            <li key={category.id}>
              <Link to={url} {...currentLinkProps(isCurrent(url))} onClick={choose} lang={category.lang ?? undefined}>
                {category.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** The code shown on the language menu's button: 'RU', 'EN', 'ZH' … */
const shortCode = (lang: Language) => lang.split('-')[0]!.toUpperCase();

/**
 * The site's languages as one menu: a <details> disclosure, so it opens and closes without JavaScript, by
 * pointer, touch, Enter or Space. Its links lead to the same page in each language (a full page load: the
 * basename changes), each named in its own language. With JavaScript, Escape closes it and puts focus back on
 * its button, and a press outside or focus leaving it closes it.
 */
function LanguageMenu({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation();
  const { language } = useBoot();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const closeOnOutside = (event: PointerEvent) => {
      const menu = details.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, []);
  if (languages.length < 2) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const menu = event.currentTarget;
    if (event.key === 'Escape' && menu.open) {
      event.stopPropagation();
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLDetailsElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    if (event.relatedTarget) event.currentTarget.open = false;
  };
  return (
    <nav className="language-menu" aria-label={t('header.language')}>
      {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: delegation: Escape and focus bubble up from the summary and links inside */}
      <details ref={details} onKeyDown={onKeyDown} onBlur={onBlur}>
        <summary className="language-menu__button">
          <Icon name="globe" />
          <span aria-hidden="true">{shortCode(language)}</span>
          <span className="visually-hidden">
            {t('header.languageMenu')} <span lang={language}>{LANGUAGE_NAMES[language]}</span>
          </span>
          <Icon name="chevron" className="language-menu__chevron" />
        </summary>
        <ul className="language-menu__list">
          {languages.map((lang) => (
            <li key={lang}>
              {lang === language ? (
                <span aria-current="true" lang={lang}>
                  {LANGUAGE_NAMES[lang]}
                  <Icon name="check" />
                </span>
              ) : (
                <a href={pathForLanguage(location.pathname, lang) + location.search} hrefLang={lang} lang={lang}>
                  {LANGUAGE_NAMES[lang]}
                </a>
              )}
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
