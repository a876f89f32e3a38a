/** The site footer (spec §2): information links, social and policy widgets, support contacts, the notice dialog. */
import { Link } from 'react-router-dom';
import { FOOTER_LINKS, telHref } from '../../shared/navigation.ts';
import { useTranslation } from '../i18n.tsx';
import type { ShellData } from '../loader-data.ts';
import { NoticeDialog } from './NoticeDialog.tsx';
import { WidgetHtml } from './WidgetHtml.tsx';

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
      <WidgetHtml className="site-footer__social" html={shell.widgets.footersocial} />
      <WidgetHtml className="site-footer__policy" html={shell.widgets.policy} />
      <small>
        © {shell.site.brand}. {t('footer.rights')}.
      </small>
      {shell.showNotice && <NoticeDialog html={shell.widgets.modal} />}
    </footer>
  );
}
