/**
 * The back office's page frame (decision 049): server-rendered React to static HTML — plain forms that post and
 * redirect, usable without JavaScript at 1280 px and on a tablet. The staff bundle (client/staff/) adds small
 * conveniences; no storefront script, analytics or third-party tag is ever on these pages, and they are `noindex`.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ROLE_LABELS, type StaffArea } from '../roles.ts';
import type { StaffMember } from '../staff.ts';

export interface StaffAssets {
  script: string;
  stylesheets: string[];
}

export interface FrameProps {
  title: string;
  nonce: string;
  assets: StaffAssets;
  /** The signed-in member and the areas their role opens (the menu); absent on the sign-in pages. */
  member?: StaffMember;
  areas?: readonly StaffArea[];
  /** The form token of the staff session (every form posts it). */
  token?: string;
  /** The path of the page, for the menu's current item. */
  path?: string;
  notice?: { kind: 'ok' | 'error'; text: string };
  children: ReactNode;
}

const MENU: Array<{ area: StaffArea; href: string; label: string }> = [
  { area: 'dashboard', href: '/staff', label: 'Сводка' },
  { area: 'orders', href: '/staff/orders', label: 'Заказы' },
  { area: 'leads', href: '/staff/leads', label: 'Обращения' },
  { area: 'catalogue', href: '/staff/products', label: 'Товары' },
  { area: 'catalogue', href: '/staff/categories', label: 'Категории' },
  { area: 'catalogue', href: '/staff/kits', label: 'Комплекты' },
  { area: 'stock', href: '/staff/stock', label: 'Цены и остатки' },
  { area: 'reviews', href: '/staff/reviews', label: 'Отзывы' },
  { area: 'content', href: '/staff/content', label: 'Контент' },
  { area: 'calculator', href: '/staff/calculator', label: 'Калькулятор' },
  { area: 'staff', href: '/staff/members', label: 'Сотрудники' },
  { area: 'audit', href: '/staff/audit', label: 'Журнал' },
];

export function Frame({ title, nonce, assets, member, areas, token, path, notice, children }: FrameProps) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="color-scheme" content="light dark" />
        <title>{`${title} — ТихоАвто, управление`}</title>
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script type="module" src={assets.script} nonce={nonce} />
      </head>
      <body>
        <header className="staff-header">
          <a className="staff-brand" href="/staff">
            ТихоАвто · управление
          </a>
          {member && areas && (
            <nav aria-label="Разделы">
              {MENU.filter((m) => areas.includes(m.area)).map((m) => (
                <a key={m.href} href={m.href} aria-current={path === m.href ? 'page' : undefined}>
                  {m.label}
                </a>
              ))}
            </nav>
          )}
          {member && (
            <form method="post" action="/staff/sign-out" className="staff-who">
              <input type="hidden" name="_token" value={token} />
              <span>
                {member.email} · {ROLE_LABELS[member.role]}
                {member.sites ? ` (${member.sites.join(', ')})` : ''}
              </span>
              <button type="submit">Выйти</button>
            </form>
          )}
        </header>
        <main className="staff-main">
          <h1>{title}</h1>
          {notice && (
            <p className={`staff-notice staff-notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
              {notice.text}
            </p>
          )}
          {children}
        </main>
      </body>
    </html>
  );
}

export function renderStaffPage(page: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}

/** A hidden token field: every staff form carries it. */
export function TokenField({ token }: { token: string }) {
  return <input type="hidden" name="_token" value={token} />;
}

/** Paging links: by the number of pages when it is known, else by whether another page exists (`more`). */
export function StaffPager({ page, pages, more, href }: { page: number; pages?: number; more?: boolean; href: (page: number) => string }) {
  const hasNext = pages === undefined ? !!more : page < pages;
  if (page <= 1 && !hasNext) return null;
  return (
    <nav className="staff-pager" aria-label="Страницы">
      {page > 1 && <a href={href(page - 1)}>← Назад</a>}
      {pages !== undefined && (
        <span>
          Страница {page} из {pages}
        </span>
      )}
      {hasNext && <a href={href(page + 1)}>Дальше →</a>}
    </nav>
  );
}
