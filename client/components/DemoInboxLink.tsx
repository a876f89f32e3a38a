/**
 * In the demo (no SMTP server; docs/decisions/042-demo-inbox.md), on a page that says a mail was sent: the mail is in
 * the demo inbox, a server page (not a route of the app: a full page load). Shown only where the visitor may open it
 * (a local host, from this computer: the shell's `demoInbox`).
 */
import { DEMO_INBOX_PATH } from '../../shared/contracts.ts';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';

export function DemoInboxLink({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  if (!useShell().demoInbox) return null;
  const content = (
    <>
      {t('account.demoInbox.note')}{' '}
      <a href={DEMO_INBOX_PATH} data-testid="demo-inbox-link">
        {t('account.demoInbox.link')}
      </a>
    </>
  );
  return inline ? <span className="demo-inbox-note">{content}</span> : <p className="demo-inbox-note">{content}</p>;
}
