/**
 * Spec §2/§4: the notification dialog ('уведомление', the modal widget's HTML, 50rem wide) — only on the test
 * and local hosts; shown when the stored `modal` time is missing or past; closing it stores now + 4 hours.
 * A native modal <dialog>: focus is trapped, Escape closes it, the page behind is inert.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n.tsx';
import { WidgetHtml } from './WidgetHtml.tsx';

export const NOTICE_KEY = 'modal';
/** Spec §9: the reminder interval, 4 hours (144e5 ms). */
export const REMIND_AFTER_MS = 144e5;

function dueNow(): boolean {
  try {
    const next = Number(localStorage.getItem(NOTICE_KEY));
    return !next || next <= Date.now();
  } catch {
    return true;
  }
}

export function NoticeDialog({ html }: { html: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  // Opened after hydration: whether it is due depends on this browser's storage and clock.
  useEffect(() => {
    if (dueNow()) dialog.current?.showModal();
  }, []);
  const remember = () => {
    try {
      localStorage.setItem(NOTICE_KEY, String(Date.now() + REMIND_AFTER_MS));
    } catch {
      // no storage: it shows again next time
    }
  };
  return (
    <dialog ref={dialog} className="notice-dialog" aria-labelledby="notice-title" onClose={remember}>
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
