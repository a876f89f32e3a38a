/**
 * The demo's privacy policy (issue 20 "per-site truth": a policy page per site): one Markdown page per country,
 * written from that site's demo config — the operator's name and address, the shop's e-mail, the personal-data law of
 * its country — so the operator, the law and the contacts a shopper reads are the ones the order form names.
 * Russian on every site (the other languages show the fallback notice), English on the main site.
 */
import type { Country } from '../../shared/commerce-config.ts';
import { messages } from '../../shared/locales/index.ts';
import { demoSitesConfig } from '../platform/demo-sites.ts';

export const POLICY_SLUG = 'politika-konfidencialnosti';

const lawIn = (language: 'ru' | 'en', country: Country) => (messages[language].site as { law: Record<Country, string> }).law[country];

function russianPolicy(siteId: string, scope: string): string {
  const site = demoSitesConfig.sites.find((s) => s.id === siteId)!;
  const { legalName, address } = site.requisites!;
  return `---
kind: page
slug: ${POLICY_SLUG}
${scope}title: Политика конфиденциальности
summary: Какие персональные данные собирает ${site.host}, зачем, кому их передаёт, сколько хранит и как их изменить или удалить.
---
Оператор персональных данных — ${legalName}, ${address}. Данные обрабатываются в соответствии с ${lawIn('ru', site.country)}.

## Какие данные мы собираем

- **При заказе**: имя, телефон, e-mail, город и адрес доставки или пункт выдачи, комментарий; для организаций — название, ИНН и КПП.
- **В личном кабинете**: те же контактные данные, адреса доставки и история заказов.
- **В формах сайта** (вопрос, заявка партнёра, запись на установку): имя, телефон или e-mail и текст обращения.
- **Технические данные**: файлы cookie сеанса и корзины. Веб-аналитика включается только после вашего согласия в уведомлении о cookie.

## Зачем

Чтобы оформить, оплатить и доставить заказ, связаться с вами по нему, вести личный кабинет и ответить на обращение. Рассылки — только если вы на них подписались.

## Кому передаём

Службе доставки, которую вы выбрали, — имя, телефон и адрес; платёжному сервису — сумму и номер заказа при онлайн-оплате. Больше никому, кроме случаев, предусмотренных законом.

## Сколько храним

Данные заказа — столько, сколько требует бухгалтерский и налоговый учёт; данные кабинета — пока он существует; обращения — до ответа и не дольше года.

## Ваши права

Вы можете узнать, какие данные о вас хранятся, исправить их в личном кабинете, отозвать согласие и удалить кабинет. Напишите нам: ${site.email} — ответим в течение 10 рабочих дней.
`;
}

function englishPolicy(): string {
  const site = demoSitesConfig.sites.find((s) => s.id === 'ru')!;
  const { legalName, address } = site.requisites!;
  return `---
kind: page
slug: ${POLICY_SLUG}
language: en
title: Privacy policy
summary: What personal data ${site.host} collects, why, whom it shares it with, how long it keeps it and how to change or delete it.
---
The operator of personal data is ${legalName}, ${address}. Data is processed under ${lawIn('en', site.country)}.

## What we collect

- **With an order**: name, phone, e-mail, city and delivery address or pickup point, comment; for companies — name, INN and KPP.
- **In your account**: the same contact details, delivery addresses and order history.
- **In the site's forms** (a question, a partner application, an installation appointment): name, phone or e-mail and your message.
- **Technical data**: session and cart cookies. Web analytics starts only after you agree in the cookie notice.

## Why

To place, pay for and deliver an order, contact you about it, keep your account and answer your message. Newsletters only if you subscribed.

## Whom we share it with

The carrier you chose — name, phone and address; the payment service — the amount and order number when you pay online. No one else, except where the law requires it.

## How long we keep it

Order data — as long as accounting and tax law require; account data — while the account exists; messages — until answered and no longer than a year.

## Your rights

You can learn what data we hold about you, correct it in your account, withdraw consent and delete the account. Write to us: ${site.email} — we answer within 10 working days.
`;
}

export const demoPolicyPages: string[] = [
  russianPolicy('ru', ''),
  englishPolicy(),
  ...(['kz', 'md', 'uz', 'kg'] as const).map((id) => russianPolicy(id, `site: ${id}\n`)),
];
