/**
 * The personal area's own navigation (issue 19, item 6): profile, addresses, orders, records and security, on the
 * personal page, order history and records alike — a column beside the page on a wide screen, a row of links
 * above it on a phone (styles.css .account-layout). The current page is marked with aria-current; the sections
 * of /personal are reached by their anchors.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';

export type AccountPage = 'personal' | 'history' | 'records';

/** The anchors of /personal's sections, the ids its headings carry. */
export const ACCOUNT_SECTIONS = { profile: 'profile', addresses: 'addresses', security: 'security' } as const;

export function AccountLayout({ current, children }: { current: AccountPage; children: ReactNode }) {
  const { t } = useTranslation();
  const links: Array<{ to: string; label: string; page?: AccountPage }> = [
    { to: `/personal#${ACCOUNT_SECTIONS.profile}`, label: t('account.personal.profile'), page: 'personal' },
    { to: `/personal#${ACCOUNT_SECTIONS.addresses}`, label: t('account.personal.addressesShort') },
    { to: '/history', label: t('personal.history'), page: 'history' },
    { to: '/records', label: t('account.personal.records'), page: 'records' },
    { to: `/personal#${ACCOUNT_SECTIONS.security}`, label: t('account.personal.security') },
  ];
  return (
    <div className="account-layout">
      <nav className="account-nav" aria-label={t('account.personal.nav')}>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} aria-current={link.page === current ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-layout__main">{children}</div>
    </div>
  );
}
