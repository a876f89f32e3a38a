import { useTranslation } from '../i18n.tsx';
import type { ShellData } from '../Root.tsx';
import { WidgetHtml } from './WidgetHtml.tsx';
import { NoticeDialog } from './NoticeDialog.tsx';

export function Footer({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__contacts">
        <span>{t('footer.support')}:</span>{' '}
        <a href={`tel:${shell.site.phone.replace(/[^\d+]/g, '')}`}>{shell.site.phone}</a>{' '}
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
