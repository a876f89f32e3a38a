/**
 * The mail templates (server/mail/): the order confirmation and the shop's new-order notice in every language,
 * money as the site formats it, optional parts shown only when given, hostile input escaped (property-based:
 * whatever the shopper typed, the HTML's markup is the template's own), links only absolute http(s), and an
 * order mail's trip through the outbox, the worker and a real SMTP exchange.
 */

import fc from 'fast-check';
import t from 'tap';
import { MailDelivery, smtpTransport } from '../server/mail/delivery.ts';
import { escapeHtml, layoutMail, oneLine, translatorFor } from '../server/mail/layout.ts';
import {
  NEW_ORDER_KIND,
  newOrderMail,
  ORDER_CONFIRMATION_KIND,
  type OrderMailData,
  orderConfirmationMail,
} from '../server/mail/order-mails.ts';
import { Outbox } from '../server/mail/outbox.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { formatMoney } from '../shared/format.ts';
import { siteBrand } from '../shared/public-site.ts';
import { LANGUAGES, type Language, SiteDirectory } from '../shared/sites.ts';
import { createTestDb } from './helpers/db.ts';
import { startFakeSmtp } from './helpers/fake-smtp.ts';

const ru = demoSitesConfig.sites.find((s) => s.id === 'ru')!;
const kz = demoSitesConfig.sites.find((s) => s.id === 'kz')!;

function order(overrides: Partial<OrderMailData> = {}): OrderMailData {
  return {
    number: 'A-1042',
    status: 'new',
    site: { id: ru.id, brand: siteBrand(ru, 'ru'), host: ru.host, phone: ru.phone, email: ru.email },
    language: 'ru',
    customer: { name: 'Иван Петров', email: 'ivan@example.com', phone: '+7 912 345-67-89' },
    lines: [
      { title: 'Шумоизоляция Comfort 4', quantity: 2, unitPrice: 1250, discount: 0, total: 2500 },
      { title: 'Набор «Дверь»', quantity: 1, unitPrice: 10990.5, discount: 990.5, total: 10000 },
    ],
    currency: 'RUB',
    subtotal: 12500,
    discount: 990.5,
    delivery: { label: 'Курьер', cost: 350, city: 'Москва', address: 'ул. Тверская, 1' },
    payment: { label: 'Картой при получении', kind: 'cash' },
    total: 12850,
    resultUrl: 'https://tihoavto.ru/order/A-1042?key=abc&x=1',
    ...overrides,
  };
}

t.test('the confirmation: to the shopper, subject, lines, totals, delivery, contacts, link', async (t) => {
  const data = order({ comment: 'Позвоните заранее' });
  const mail = orderConfirmationMail(data, translatorFor('ru'));
  t.match(mail, { site: 'ru', kind: ORDER_CONFIRMATION_KIND, language: 'ru', to: 'ivan@example.com' });
  t.equal(mail.replyTo, undefined, "replies go to the site's address (the worker's default)");
  t.equal(mail.subject, 'Заказ № A-1042 принят — ТихоАвто');
  for (const part of [mail.text, mail.html!]) {
    t.match(part, 'Здравствуйте!');
    t.notMatch(part, 'Иван Петров', "nothing the form's filler typed: not the name (decision 036)");
    t.notMatch(part, 'Москва', 'nor the city');
    t.notMatch(part, 'Тверская', 'nor the address');
    t.notMatch(part, 'Позвоните заранее', 'nor the comment');
    t.match(part, 'на странице заказа', 'the order page has them');
    t.match(part, formatMoney(12850, 'RUB', 'ru'), 'the total as the site shows it');
    t.match(part, formatMoney(10990.5, 'RUB', 'ru'), 'a fractional price keeps its kopecks');
    t.match(part, `−${formatMoney(990.5, 'RUB', 'ru')}`, 'the discount');
    t.match(part, formatMoney(350, 'RUB', 'ru'), 'the delivery cost');
    t.match(part, '8 800 555-35-35', "the site's phone");
    t.match(part, 'help@tihoavto.ru', "the site's e-mail");
  }
  t.match(mail.text, 'Шумоизоляция Comfort 4');
  t.match(mail.text, 'Открыть заказ: https://tihoavto.ru/order/A-1042?key=abc&x=1', 'the link in the text part');
  t.match(mail.html, 'Набор «Дверь»');
  t.match(mail.html, '<a href="https://tihoavto.ru/order/A-1042?key=abc&amp;x=1"', 'the link, escaped in its attribute');
  t.match(mail.html, '<html lang="ru">');
  t.match(mail.html, 'href="tel:88005553535"');
  t.notMatch(mail.html, /<img|<script|<link|src=|url\(/i, 'no images, scripts or external resources');
  t.notMatch(mail.text, /payOnline|оплатить/i, 'no payment note for cash');
});

t.test("the shop's notice: to the site's address, replies to the shopper, customer's details first", async (t) => {
  const data = order({
    customer: {
      name: 'ООО Ромашка',
      email: 'buyer@romashka.ru',
      phone: '+7 495 000-00-00',
      company: 'ООО «Ромашка»',
      inn: '7707083893',
      kpp: '773601001',
    },
    comment: 'Позвоните заранее.\nВъезд со двора.',
  });
  const mail = newOrderMail(data, translatorFor('ru'));
  t.match(mail, { site: 'ru', kind: NEW_ORDER_KIND, to: 'help@tihoavto.ru', replyTo: 'buyer@romashka.ru' });
  t.equal(mail.subject, `Новый заказ № A-1042 на ${formatMoney(12850, 'RUB', 'ru')}`);
  for (const needle of ['ООО «Ромашка»', '7707083893', '773601001', 'ИНН', 'КПП', 'Комментарий']) t.match(mail.text, needle);
  t.ok(mail.text.indexOf('buyer@romashka.ru') < mail.text.indexOf('Шумоизоляция'), 'the customer before the items');
  t.match(mail.html, 'Позвоните заранее.<br>Въезд со двора.', "the comment's line breaks kept");
  const plain = newOrderMail(order(), translatorFor('ru'));
  t.notMatch(plain.text, /ИНН|КПП|Организация|Комментарий/, 'no empty optional rows');
});

t.test('optional parts: pickup point, free delivery, no discount, online payment', async (t) => {
  const mail = orderConfirmationMail(
    order({
      discount: 0,
      delivery: { label: 'Самовывоз', cost: 0, city: 'Алматы', pickupPoint: 'ПВЗ на Абая, 10' },
      payment: { label: 'Онлайн', kind: 'online' },
    }),
    translatorFor('ru'),
  );
  t.match(mail.text, 'Пункт выдачи: ПВЗ на Абая, 10');
  t.notMatch(mail.text, 'Адрес:');
  t.match(mail.text, 'Доставка (Самовывоз): бесплатно');
  t.notMatch(mail.text, /^Скидка:/m, 'no order discount row when there is none');
  t.match(mail.text, 'Если вы ещё не оплатили заказ');
});

t.test('every language: translated, no raw keys, money in the order currency as the site formats it', async (t) => {
  const subjects = new Map<Language, string>();
  for (const language of LANGUAGES) {
    const tr = translatorFor(language);
    const data = order({
      language,
      currency: 'KZT',
      site: { id: kz.id, brand: siteBrand(kz, 'ru'), host: kz.host, phone: kz.phone, email: kz.email },
      customer: { name: 'Aigerim', email: 'a@example.kz', phone: '+7 701 000 00 00', company: 'TOO', inn: '123', kpp: '456' },
      comment: 'c',
    });
    for (const mail of [orderConfirmationMail(data, tr), newOrderMail(data, tr)]) {
      t.equal(mail.language, language);
      t.notMatch(mail.text, /mail\.(order|footer)\./, `${language} ${mail.kind}: no untranslated key in the text`);
      t.notMatch(mail.html!, /mail\.(order|footer)\./, `${language} ${mail.kind}: nor in the HTML`);
      t.notMatch(mail.text, /\{\{|\}\}/, `${language}: every placeholder filled`);
      t.match(mail.subject, 'A-1042');
      t.match(mail.text, formatMoney(12850, 'KZT', language), `${language}: total in ₸`);
      t.match(mail.html!, `<html lang="${language}">`);
    }
    subjects.set(language, orderConfirmationMail(data, tr).subject);
  }
  for (const language of LANGUAGES.filter((l) => l !== 'ru')) {
    t.not(subjects.get(language), subjects.get('ru'), `${language} is not the Russian text`);
  }
  t.match(subjects.get('en'), 'Order No. A-1042 received');
  t.match(
    orderConfirmationMail(order({ language: 'en' }), translatorFor('en')).text,
    formatMoney(12850, 'RUB', 'en'),
    'en formats as en-US',
  );
});

/** Strings a shopper might type to break out of the markup, a header or the templates' placeholders. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' onmouseover='alert(1)",
    '</td></tr></table><a href="javascript:alert(1)">x</a>',
    '&lt;b&gt;&amp;',
    '{{number}} {{total}}',
    '$t(mail.order.total)',
    'Иван\r\nBcc: victim@example.com',
    '\u2028\u0000\u007f',
    '   ',
  ),
);

/** The template's markup: every tag, in order (escaped text contains no < or >); a comment's line breaks aside. */
const tags = (html: string) => (html.match(/<[^>]*>/g) ?? []).filter((tag) => tag !== '<br>');
/** A harmless stand-in of the same blankness (optional rows show for non-blank values only). */
const tame = (value: string) => (value.trim() ? 'x' : value);

t.test('hostile input never changes the markup and is shown escaped (property-based)', async (t) => {
  const tr = translatorFor('ru');
  fc.assert(
    fc.property(
      fc.record({
        name: hostile,
        company: hostile,
        title: hostile,
        comment: hostile,
        city: hostile,
        address: hostile,
        label: hostile,
        number: hostile,
      }),
      (v) => {
        const build = (w: typeof v) =>
          order({
            number: w.number,
            customer: { name: w.name, email: 'ivan@example.com', phone: '+7 912 345-67-89', company: w.company },
            lines: [{ title: w.title, quantity: 1, unitPrice: 100, discount: 0, total: 100 }],
            delivery: { label: w.label, cost: 100, city: w.city, address: w.address },
            payment: { label: w.label, kind: 'cash' },
            comment: w.comment,
          });
        const tamed = Object.fromEntries(Object.entries(v).map(([k, value]) => [k, tame(value)])) as typeof v;
        for (const render of [orderConfirmationMail, newOrderMail]) {
          const mail = render(build(v), tr);
          const reference = render(build(tamed), tr);
          if (JSON.stringify(tags(mail.html!)) !== JSON.stringify(tags(reference.html!))) return false;
          if (/[\r\n]/.test(mail.subject)) return false;
          // The shopper's copy carries none of the filler's words (decision 036); the shop's shows them escaped.
          for (const value of render === newOrderMail ? [v.name, v.title, v.city] : [v.title]) {
            const shown = oneLine(value);
            if (shown && !mail.html!.includes(escapeHtml(shown))) return false;
            if (shown && !mail.text.includes(shown)) return false;
          }
        }
        return true;
      },
    ),
    { numRuns: 300 },
  );
  t.pass('300 hostile orders rendered with the template markup only');
});

t.test('layoutMail: paragraphs and a button for the other features; only absolute http(s) links', async (t) => {
  const site = { id: ru.id, brand: siteBrand(ru, 'ru'), host: ru.host, phone: ru.phone, email: ru.email };
  const mail = layoutMail({
    site,
    language: 'en',
    t: translatorFor('en'),
    subject: 'Confirm your e-mail\r\nBcc: x@y.z',
    paragraphs: ['Hello, <b>Ann</b> & co!', 'Line one\nline two'],
    action: { label: 'Confirm "now"', url: 'https://tihoavto.ru/confirm?token=a<b' },
  });
  t.equal(mail.subject, 'Confirm your e-mail Bcc: x@y.z', 'a subject is one line');
  t.match(mail.html, 'Hello, &lt;b&gt;Ann&lt;/b&gt; &amp; co!');
  t.match(mail.html, 'Line one<br>line two');
  t.match(mail.html, 'href="https://tihoavto.ru/confirm?token=a%3Cb"', 'the URL normalised and escaped');
  t.match(mail.html, 'Confirm &quot;now&quot;');
  t.match(mail.text, 'Hello, <b>Ann</b> & co!', 'the text part is plain');
  t.match(mail.text, 'Confirm "now": https://tihoavto.ru/confirm?token=a%3Cb');
  t.match(mail.text, 'Questions? Call us at 8 800 555-35-35 or write to help@tihoavto.ru.', 'the footer in the mail language');
  for (const url of ['javascript:alert(1)', '/relative/path', 'data:text/html,x', 'mailto:a@b.c', 'not a url']) {
    t.throws(
      () => layoutMail({ site, language: 'ru', t: translatorFor('ru'), subject: 's', paragraphs: [], action: { label: 'x', url } }),
      /mail link/,
      `${url} refused`,
    );
  }
  t.throws(() => orderConfirmationMail(order({ resultUrl: 'javascript:alert(1)' }), translatorFor('ru')), /mail link/);
});

t.test("an order mail's trip: outbox → worker → SMTP, readable on the other side in Kazakh and Chinese", async (t) => {
  const { db, drop } = await createTestDb();
  t.teardown(drop);
  const smtp = await startFakeSmtp(t);
  const delivery = new MailDelivery({
    db,
    sites: new SiteDirectory(demoSitesConfig),
    transport: smtpTransport(smtp.url),
    log: { info() {}, warn() {}, error() {} },
  });
  t.teardown(() => delivery.stop());
  const outbox = new Outbox();
  const kzOrder = order({
    language: 'kk',
    currency: 'KZT',
    site: { id: kz.id, brand: siteBrand(kz, 'ru'), host: kz.host, phone: kz.phone, email: kz.email },
  });
  const zhOrder = order({ language: 'zh-CN' });
  await db.transaction(async (tx) => {
    await outbox.enqueue(tx, orderConfirmationMail(kzOrder, translatorFor('kk')));
    await outbox.enqueue(tx, newOrderMail(zhOrder, translatorFor('zh-CN')));
  });
  t.strictSame(await delivery.runOnce(), { sent: 2, retried: 0, failed: 0 });
  const [confirmation, notice] = smtp.messages;
  t.equal(confirmation?.subject, orderConfirmationMail(kzOrder, translatorFor('kk')).subject);
  t.match(confirmation?.text, formatMoney(12850, 'KZT', 'kk'));
  t.match(confirmation?.text, 'https://tihoavto.ru/order/A-1042?key=abc&x=1', 'the link survives the transfer encoding');
  t.match(confirmation?.from, '<noreply@tihoavto.kz>');
  t.strictSame(notice?.to, ['help@tihoavto.ru']);
  t.equal(notice?.replyTo, 'ivan@example.com', "the shop's reply goes to the shopper");
  t.match(notice?.html, '新订单');
});
