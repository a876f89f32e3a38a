/**
 * The mail room (decision 032): every kind of the typed message union (server/mail/messages.ts) has a template that
 * renders in every language the sites offer — translated, every placeholder filled, written in the visitor's language
 * (or in Russian for the shop's own notices), its links on the site's host — and nothing outside server/mail/ builds a
 * mail: no import of the mail room's internals (its layout, templates, outbox), no mail strings, no outbox rows, no
 * subject with a text or HTML body. (The tests read the internals on purpose; scripts/ and server/ may not.)
 */

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import t from 'tap';
import { MAIL_KINDS, renderMessage } from '../server/mail/mailer.ts';
import type { MailContext, MailKind, MessageOf, PlacedOrder } from '../server/mail/messages.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { siteBrand } from '../shared/public-site.ts';
import { SiteDirectory } from '../shared/sites.ts';

const order: PlacedOrder = {
  id: 17,
  number: 'A-17',
  status: 'new',
  customer: {
    name: 'Иван Петров',
    phone: '+7 912 345-67-89',
    email: 'ivan@example.com',
    company: 'ООО «Ромашка»',
    inn: '7707083893',
    kpp: '',
  },
  lines: [{ title: 'Шумоизоляция Comfort 4', sku: 'C-4', price: 1250, quantity: 2, discount: 0, total: 2500 }],
  delivery: { label: 'Курьер', cost: 350, city: 'Москва', address: 'ул. Тверская, 1', point: null },
  payment: { id: 'card', kind: 'online', label: 'Картой онлайн' },
  comment: 'Позвоните заранее.',
  subtotal: 2500,
  discount: 0,
  deliveryCost: 350,
  total: 2850,
};

const shopper = 'anna@example.com';

/** A message of every kind for a site and language; a kind missing here does not type-check. */
const SAMPLES: { [K in MailKind]: (at: MailContext) => MessageOf<K> } = {
  'order.confirmation': (at) => ({ kind: 'order.confirmation', to: order.customer.email, ...at, data: order }),
  'order.new': (at) => ({ kind: 'order.new', to: at.site.orderEmail ?? at.site.email, ...at, data: order }),
  'order.payment-changed': (at) => ({
    kind: 'order.payment-changed',
    to: at.site.orderEmail ?? at.site.email,
    ...at,
    data: { orderId: 17, number: 'A-17', method: { ru: 'Наличными', en: 'Cash' } },
  }),
  'order.cancelled': (at) => ({ kind: 'order.cancelled', to: shopper, ...at, data: { orderId: 17, number: 'A-17', reason: 'unpaid' } }),
  'order.status': (at) => ({
    kind: 'order.status',
    to: shopper,
    ...at,
    data: { orderId: 17, number: 'A-17', status: 'shipped', trackingNumber: 'RA123456789RU' },
  }),
  'order.refunded': (at) => ({
    kind: 'order.refunded',
    to: shopper,
    ...at,
    data: { orderId: 17, number: 'A-17', amount: 990, currency: 'RUB' },
  }),
  'account.confirm': (at) => ({ kind: 'account.confirm', to: shopper, ...at, data: { name: 'Anna', token: 'abc.def' } }),
  'account.registeredAgain': (at) => ({ kind: 'account.registeredAgain', to: shopper, ...at, data: {} }),
  'account.reset': (at) => ({ kind: 'account.reset', to: shopper, ...at, data: { token: 'abc.def' } }),
  'account.passwordChanged': (at) => ({ kind: 'account.passwordChanged', to: shopper, ...at, data: {} }),
  'account.emailChange': (at) => ({ kind: 'account.emailChange', to: shopper, ...at, data: { name: 'Anna', token: 'abc.def' } }),
  'account.emailChangeNotice': (at) => ({ kind: 'account.emailChangeNotice', to: shopper, ...at, data: { email: 'new@example.com' } }),
  'account.deleted': (at) => ({ kind: 'account.deleted', to: shopper, ...at, data: {} }),
  'form.review': (at) => ({
    kind: 'form.review',
    to: at.site.email,
    ...at,
    data: { id: 5, name: 'Ирина', city: 'Казань', rating: 5, text: 'Тихо.' },
  }),
  'form.message': (at) => ({
    kind: 'form.message',
    to: at.site.email,
    ...at,
    data: { id: 6, kind: 'question', name: 'Олег', email: 'oleg@example.ru', text: 'Подойдёт?' },
  }),
  'form.partner': (at) => ({
    kind: 'form.partner',
    to: at.site.email,
    ...at,
    data: {
      id: 7,
      company: 'ООО «Ромашка»',
      inn: '7707083893',
      city: 'Казань',
      partnerType: 'dealer',
      volume: 100000,
      contactName: 'Ирина',
      phone: '+7 900 000-00-00',
      email: 'partner@example.ru',
      comment: '',
    },
  }),
  'form.appointment': (at) => ({
    kind: 'form.appointment',
    to: at.site.email,
    ...at,
    data: { id: 8, car: 'Lada Vesta', zones: ['doors'], preferredDate: '2030-01-02', city: 'Омск', phone: '+7 900', userId: null },
  }),
};

/** The shop's own notices: written in Russian whatever the visitor's language. */
const TO_THE_SHOP = new Set<MailKind>([
  'order.new',
  'order.payment-changed',
  'form.review',
  'form.message',
  'form.partner',
  'form.appointment',
]);
/** A translation key left as is (i18next answers a missing key with the key itself). */
const RAW_KEY = /\b(?:mail\.(?:order|footer)|account\.mail|payment\.switch)\.\w/;

t.test('every kind of message has a template that renders in every language the sites offer', async (t) => {
  t.same([...MAIL_KINDS].sort(), Object.keys(SAMPLES).sort(), 'the mail room has a template for every kind, and the test a sample');
  const problems: string[] = [];
  for (const site of new SiteDirectory(demoSitesConfig).all) {
    for (const language of site.languages) {
      for (const kind of MAIL_KINDS) {
        const where = `${site.id}/${language} ${kind}`;
        const message = SAMPLES[kind]({ site, language });
        let mail: ReturnType<typeof renderMessage>;
        try {
          mail = renderMessage(message);
        } catch (err) {
          problems.push(`${where}: throws ${(err as Error).message}`);
          continue;
        }
        const written = TO_THE_SHOP.has(kind) ? 'ru' : language;
        const all = `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`;
        if (mail.kind !== kind || mail.site !== site.id || mail.to !== message.to)
          problems.push(`${where}: addressed ${mail.kind} ${mail.site} ${mail.to}`);
        if (mail.language !== written) problems.push(`${where}: written in ${mail.language}, not ${written}`);
        if (!mail.subject.trim() || /[\r\n]/.test(mail.subject)) problems.push(`${where}: subject ${JSON.stringify(mail.subject)}`);
        if (!mail.text.trim() || !mail.html?.trim()) problems.push(`${where}: an empty part`);
        if (RAW_KEY.test(all)) problems.push(`${where}: an untranslated key ${RAW_KEY.exec(all)![0]}…`);
        if (/\{\{|\}\}/.test(all)) problems.push(`${where}: a placeholder left`);
        if (!`${mail.subject}\n${mail.text}`.includes(siteBrand(site, written))) problems.push(`${where}: the site's brand missing`);
        if (mail.html?.includes('<html') && !mail.html.includes(`<html lang="${written}">`)) problems.push(`${where}: the HTML's lang`);
        for (const [, host] of mail.text.matchAll(/https?:\/\/([^/\s?#]+)/g)) {
          if (host !== site.host) problems.push(`${where}: a link to ${host}`);
        }
        if (written !== 'ru' && mail.subject === renderMessage(SAMPLES[kind]({ site, language: 'ru' })).subject) {
          problems.push(`${where}: the Russian subject (not translated)`);
        }
      }
    }
  }
  t.same(problems, [], 'every kind, site and language renders');
});

const root = resolve(import.meta.dirname, '..');

/** The .ts/.tsx files under a folder of the repository, as paths relative to it. */
function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(folder, f));
}

/** Code without its comments (a comment may talk about the outbox or a subject). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const MAIL_BUILDING: Array<[RegExp, string]> = [
  [/\b(?:layoutMail|renderMail|renderMessage|translatorFor|OutboxMessage|Outbox)\b/, 'uses the mail room’s internals'],
  [/INSERT\s+INTO\s+outbox\b/i, 'writes an outbox row'],
  [/['"`](?:mail\.(?:order|footer)|account\.mail|payment\.switch\.mail)/, 'uses a mail string'],
];

/** What in a file builds or queues mail behind the mail room's back. */
function mailBuilding(file: string): string[] {
  const text = code(readFileSync(join(root, file), 'utf8'));
  const found: string[] = [];
  for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)) {
    const target = relative(root, resolve(root, dirname(file), m[1]!));
    if (target.startsWith('server/mail/') && target !== 'server/mail/index.ts') found.push(`${file}: imports ${target}`);
  }
  for (const [pattern, what] of MAIL_BUILDING) if (pattern.test(text)) found.push(`${file}: ${what} (${pattern.exec(text)![0]})`);
  if (/\bsubject\s*:/.test(text) && /\b(?:html|text)\s*:\s*[`'"]/.test(text)) found.push(`${file}: a subject with a text or HTML body`);
  return found;
}

t.test('nothing outside server/mail/ imports its layout or templates, or builds a mail', async (t) => {
  const outside = [...sources('server'), ...sources('scripts')].filter((f) => !f.startsWith('server/mail/'));
  t.ok(outside.length > 100, `${outside.length} files read`);
  t.same(outside.flatMap(mailBuilding), [], 'the services queue typed messages through the mail face only');
  // The patterns do find what they look for: the mail room itself is full of it.
  const inside = sources('server/mail').flatMap(mailBuilding);
  for (const what of [
    'uses the mail room’s internals',
    'writes an outbox row',
    'uses a mail string',
    'a subject with a text or HTML body',
  ]) {
    t.ok(
      inside.some((p) => p.includes(what)),
      `found inside server/mail/: ${what}`,
    );
  }
});
