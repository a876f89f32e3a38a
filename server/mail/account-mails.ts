/**
 * The account's mails (`account.*` kinds, server/mail/messages.ts), written in the visitor's language
 * (shared/locales/features/account.ts, `account.mail.*`) and laid out like every mail of the shop
 * (server/mail/layout.ts: plain text and escaped HTML); the messages come from server/accounts/accounts.ts. Links
 * point at the site's canonical host in the visitor's language; a link's secret travels in its `token` query
 * parameter, which the request log redacts.
 */
import { siteBrand } from '../../shared/public-site.ts';
import { DEFAULT_LANGUAGE } from '../../shared/sites.ts';
import { layoutMail, translatorFor } from './layout.ts';
import type { AccountMailKind, AccountMessage, MailContext } from './messages.ts';
import type { OutboxMessage } from './outbox.ts';

/** The page each kind's link opens, and whether it carries the link's secret. */
const LINKS: Record<AccountMailKind, { path: string; token: boolean }> = {
  confirm: { path: '/account/confirm', token: true },
  emailChange: { path: '/account/confirm?purpose=email', token: true },
  reset: { path: '/auth/reset', token: true },
  registeredAgain: { path: '/auth/forgot', token: false },
  passwordChanged: { path: '/auth/forgot', token: false },
  emailChangeNotice: { path: '/personal', token: false },
  deleted: { path: '/', token: false },
};

/** The absolute address of a page of the site in the mail's language, with the link's secret when it has one. */
function mailLink(kind: AccountMailKind, ctx: MailContext, token?: string): string {
  const { path, token: withToken } = LINKS[kind];
  // The router's basename of the language: none for the default one, '/en' for English.
  const prefix = ctx.language === DEFAULT_LANGUAGE ? '' : `/${ctx.language}`;
  const url = new URL(`https://${ctx.site.host}${prefix}${path}`);
  if (withToken && token) url.searchParams.set('token', token);
  return url.toString();
}

/** Every `account.*` kind: the kind's subject and text, its link among the paragraphs, and the account footer. */
export function accountMail(message: AccountMessage): OutboxMessage {
  const kind = message.kind.slice('account.'.length) as AccountMailKind;
  const { site, language, to } = message;
  const values: { name?: string; token?: string; email?: string } = message.data;
  const t = translatorFor(language);
  const brand = siteBrand(site, language);
  const vars = { ...values, brand, host: site.host, link: mailLink(kind, message, values.token), name: values.name || to };
  const { id, host, phone, email } = site;
  const mail = layoutMail({
    site: { id, host, brand, phone, email },
    language,
    t,
    subject: t(`account.mail.${kind}.subject`, vars),
    // The text's paragraphs (its link among them: mail clients make it clickable) and the footer.
    paragraphs: [...t(`account.mail.${kind}.text`, vars).split(/\n{2,}/), t('account.mail.footer', vars)],
  });
  return { site: id, kind: message.kind, language, to, ...mail };
}
