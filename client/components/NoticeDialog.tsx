/**
 * Spec §2/§4: the notification dialog ('уведомление', the modal widget's HTML, 50rem wide) — only on the test
 * and local hosts; shown when the stored `modal` time is missing or past; closing it stores now + 4 hours.
 * A native modal <dialog>: focus is trapped, Escape closes it, the page behind is inert.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n.tsx';
import { remindAt, reminderDue } from '../reminders.ts';
import { WidgetHtml } from './WidgetHtml.tsx';

export const NOTICE_KEY = 'modal';

export function NoticeDialog({ html }: { html: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  // Opened after hydration: whether it is due depends on this browser's storage and clock.
  useEffect(() => {
    if (reminderDue(NOTICE_KEY)) dialog.current?.showModal();
  }, []);
  // A fixed id: the shell's footer renders the one notice dialog of the document (its markup is pinned by test/pages.test.ts).
  return (
    <dialog ref={dialog} className="notice-dialog" aria-labelledby="notice-title" onClose={() => remindAt(NOTICE_KEY)}>
      {/* biome-ignore lint/correctness/useUniqueElementIds: one per document (see above) */}
      <h2 id="notice-title">{t('notice.title')}</h2>
      <WidgetHtml html={html} />
      <form method="dialog">
        <button type="submit" className="button">
          {t('notice.close')}
        </button>
      </form>
    </dialog>
  );
}
