/**
 * The public forms' notices to the shop (`form.*` kinds, server/mail/messages.ts; decision 027): a stored submission's
 * fields as label–value rows, in Russian, to the site's e-mail, with the site and the visitor's language last. The
 * messages come from server/forms/forms.ts, queued in the storing transaction. A notice is a plain table (text and
 * escaped HTML), not the shop's mail layout: it is read by the staff, not by a shopper.
 */

import { escapeHtml } from '../../shared/escape-html.ts';
import { currencySign, formatMoney } from '../../shared/format.ts';
import { formatPhone } from '../../shared/phone.ts';
import { siteBrand } from '../../shared/public-site.ts';
import { SHOP_LANGUAGE } from './layout.ts';
import type { FormMessage, MessageOf } from './messages.ts';
import type { OutboxMessage } from './outbox.ts';

type Rows = [string, string][];

/** What a form's notice says: its subject (the site is added), its title and its rows. */
interface Notice {
  subject: string;
  title: string;
  rows: Rows;
}

/** The same rows as text and as an escaped HTML table. */
function notice(title: string, rows: Rows): { text: string; html: string } {
  return {
    text: `${title}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`,
    html: `<h1>${escapeHtml(title)}</h1><table>${rows
      .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, '<br>')}</td></tr>`)
      .join('')}</table>`,
  };
}

function review({ data }: MessageOf<'form.review'>): Notice {
  return {
    subject: `Отзыв №${data.id} ждёт модерации`,
    title: `Новый отзыв №${data.id} (опубликуется после модерации: npm run content -- reviews publish ${data.id})`,
    rows: [
      ['Имя', data.name],
      ['Город', data.city],
      ['Оценка', `${data.rating} из 5`],
      ['Отзыв', data.text],
    ],
  };
}

function message({ data }: MessageOf<'form.message'>): Notice {
  const what = data.kind === 'question' ? 'Вопрос' : 'Предложение';
  return {
    subject: `${what} №${data.id} с сайта`,
    title: `${what} №${data.id}`,
    rows: [
      ['Имя', data.name],
      ['E-mail для ответа', data.email],
      ['Текст', data.text],
    ],
  };
}

/** The monthly volume as an amount with the site's currency sign ("150 000 ₽"), never the currency's code. */
function volume(value: string | number, currency: string): string {
  const amount = Number(value);
  return Number.isFinite(amount) ? formatMoney(amount, currency, SHOP_LANGUAGE) : `${value} ${currencySign(currency, SHOP_LANGUAGE)}`;
}

function partner({ data, site }: MessageOf<'form.partner'>): Notice {
  return {
    subject: `Заявка партнёра №${data.id}: ${data.company}`,
    title: `Заявка на партнёрство №${data.id}`,
    rows: [
      ['Компания', data.company],
      ['ИНН', data.inn],
      ['Город', data.city],
      ['Тип партнёра', data.partnerType],
      ['Объём закупок в месяц', volume(data.volume, site.currency)],
      ['Контактное лицо', data.contactName],
      ['Телефон', formatPhone(data.phone)],
      ['E-mail', data.email],
      ['Комментарий', data.comment || '—'],
    ],
  };
}

function appointment({ data }: MessageOf<'form.appointment'>): Notice {
  return {
    subject: `Запись на установку №${data.id}: ${data.city}, ${data.preferredDate}`,
    title: `Запись на установку шумоизоляции №${data.id}`,
    rows: [
      ['Автомобиль', data.car],
      ['Зоны', data.zones.join(', ')],
      ['Желаемая дата', data.preferredDate],
      ['Город', data.city],
      ['Телефон', formatPhone(data.phone)],
      ['Покупатель', data.userId === null ? 'без входа' : `пользователь №${data.userId}`],
    ],
  };
}

function noticeOf(m: FormMessage): Notice {
  switch (m.kind) {
    case 'form.review':
      return review(m);
    case 'form.message':
      return message(m);
    case 'form.partner':
      return partner(m);
    case 'form.appointment':
      return appointment(m);
  }
}

/** Every `form.*` kind: the form's notice, the site and the visitor's language in its last row. */
export function formMail(m: FormMessage): OutboxMessage {
  const { subject, title, rows } = noticeOf(m);
  return {
    site: m.site.id,
    kind: m.kind,
    language: SHOP_LANGUAGE,
    to: m.to,
    subject: `${subject} — ${siteBrand(m.site, SHOP_LANGUAGE)} (${m.site.host})`,
    ...notice(title, [...rows, ['Сайт', `${m.site.host}, язык ${m.language}`]]),
  };
}
