/** The site footer (spec §2): information links, social and policy widgets, support contacts, the notice dialog. */
import { Link } from 'react-router-dom';
import { FOOTER_LINKS, POLICY_PATH, telHref } from '../../shared/navigation.ts';
import { useTranslation } from '../i18n.tsx';
import type { ShellData } from '../loader-data.ts';
import { NoticeDialog } from './NoticeDialog.tsx';
import { WidgetHtml } from './WidgetHtml.tsx';

/** The site's social pages (its config), labelled in the page's language. */
function SocialLinks({ site }: { site: ShellData['site'] }) {
  const { t } = useTranslation();
  if (site.social.length === 0) return null;
  return (
    <nav className="site-footer__social" aria-label={t('site.socialLinks')}>
      <ul>
        {site.social.map((link) => (
          <li key={link.url}>
            <a href={link.url} rel="noopener noreferrer" target="_blank">
              {t(`site.social.${link.network}`, { brand: site.brand })}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.links')}>
        <ul className="site-footer__links">
          {FOOTER_LINKS.map((item) => (
            <li key={item.path}>
              <Link to={item.path}>{t(`nav.${item.label}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="site-footer__contacts">
        <span>{t('footer.support')}:</span> <a href={telHref(shell.site.phone)}>{shell.site.phone}</a>{' '}
        <a href={`mailto:${shell.site.email}`}>{shell.site.email}</a>
      </div>
      {/* Spec §2: the footersocial and policy widgets when an owner sets them; else the site's own config says it. */}
      {shell.widgets.footersocial ? (
        <WidgetHtml className="site-footer__social" html={shell.widgets.footersocial} />
      ) : (
        <SocialLinks site={shell.site} />
      )}
      {shell.widgets.policy ? (
        <WidgetHtml className="site-footer__policy" html={shell.widgets.policy} />
      ) : (
        <p className="site-footer__policy">
          {t('site.policyLine', { law: t(`site.law.${shell.site.country}`) })} <Link to={POLICY_PATH}>{t('site.policyLink')}</Link>
        </p>
      )}
      <small>
        © {shell.site.brand}. {t('footer.rights')}.
      </small>
      {shell.showNotice && <NoticeDialog html={shell.widgets.modal} />}
    </footer>
  );
}
