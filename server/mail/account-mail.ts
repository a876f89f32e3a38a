/**
 * The account's mails, written in the visitor's language (shared/locales/features/account.ts, `account.mail.*`) and
 * laid out like every mail of the shop (server/mail/layout.ts: plain text and escaped HTML), queued through the outbox
 * by server/accounts/accounts.ts. Links point at the site's canonical host in
 * the visitor's language; a link's secret travels in its `token` query parameter, which the request log redacts.
 */
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../../shared/i18n.ts';
import { resourcesFor } from '../../shared/locales/index.ts';
import { DEFAULT_LANGUAGE, type Language, type Site } from '../../shared/sites.ts';
import { layoutMail } from './layout.ts';
import type { OutboxMessage } from './outbox.ts';

/** Where a mail's links lead: the site and the language (its path prefix) the visitor used. */
export interface MailContext {
  site: Pick<Site, 'id' | 'host' | 'brand' | 'phone' | 'email'>;
  language: Language;
  /** The router basename of the language ('/' or '/en'). */
  basename: string;
}

export type MailKind = 'confirm' | 'registeredAgain' | 'reset' | 'passwordChanged' | 'emailChange' | 'emailChangeNotice' | 'deleted';

/** The page each kind's link opens, and whether it carries the link's secret. */
const LINKS: Record<MailKind, { path: string; token: boolean }> = {
  confirm: { path: '/account/confirm', token: true },
  emailChange: { path: '/account/confirm?purpose=email', token: true },
  reset: { path: '/auth/reset', token: true },
  registeredAgain: { path: '/auth/forgot', token: false },
  passwordChanged: { path: '/auth/forgot', token: false },
  emailChangeNotice: { path: '/personal', token: false },
  deleted: { path: '/', token: false },
};

const instances = new Map<Language, I18n>();
function i18nFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = createI18n(language, { ...resourcesFor(DEFAULT_LANGUAGE), ...resourcesFor(language) });
    instances.set(language, i18n);
  }
  return i18n;
}

/** The absolute address of a page of the site in the mail's language, with the link's secret when it has one. */
export function mailLink(kind: MailKind, ctx: MailContext, token?: string): string {
  const { path, token: withToken } = LINKS[kind];
  const prefix = ctx.basename === '/' ? '' : ctx.basename;
  const url = new URL(`https://${ctx.site.host}${prefix}${path}`);
  if (withToken && token) url.searchParams.set('token', token);
  return url.toString();
}

export function accountMail(kind: MailKind, to: string, ctx: MailContext, values: Record<string, string> = {}): OutboxMessage {
  const t = i18nFor(ctx.language).t;
  const vars = { ...values, brand: ctx.site.brand, host: ctx.site.host, link: mailLink(kind, ctx, values.token), name: values.name || to };
  const { id, host, brand, phone, email } = ctx.site;
  const mail = layoutMail({
    site: { id, host, brand, phone, email },
    language: ctx.language,
    t,
    subject: t(`account.mail.${kind}.subject`, vars),
    // The text's paragraphs (its link among them: mail clients make it clickable) and the footer.
    paragraphs: [...t(`account.mail.${kind}.text`, vars).split(/\n{2,}/), t('account.mail.footer', vars)],
  });
  return { site: id, kind: `account.${kind}`, language: ctx.language, to, ...mail };
}
