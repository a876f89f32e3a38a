/**
 * What each regional site sells through: its delivery methods (with their price rules and limits), payment methods,
 * the shop's requisites (invoices, the about page) and the address new orders are mailed to. The zod schema is part
 * of the sites config (shared/sites-config.ts), validated at boot; the demo values follow ../shared/domain.md
 * "Commerce content", priced in each site's currency. Types only reach the browser (shared/delivery.ts prices a cart
 * with them); the schema and the demo values are server-side by use.
 */
import { z } from 'zod';

/** A text in the site's languages: Russian always, the others when they differ (missing ones fall back to Russian). */
export const localizedSchema = z.strictObject({
  ru: z.string().min(1).max(300),
  en: z.string().min(1).max(300).optional(),
  'zh-CN': z.string().min(1).max(300).optional(),
  tr: z.string().min(1).max(300).optional(),
  kk: z.string().min(1).max(300).optional(),
  ro: z.string().min(1).max(300).optional(),
  uz: z.string().min(1).max(300).optional(),
  ky: z.string().min(1).max(300).optional(),
});
export type Localized = z.infer<typeof localizedSchema>;

const methodId = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'a lower-case id: letters, digits, dashes');
const money = z.number().min(0).max(10_000_000_000);
const kg = z.number().positive().max(100_000);

/**
 * How a delivery is priced. Amounts are in the site's currency.
 *   fixed        — one amount;
 *   free_above   — `amount`, or 0 when the goods' subtotal (after kit discounts) reaches `threshold`;
 *   by_weight    — `base` + `perKg` × each started kilogram above `includedKg` (default 1);
 *   weight_bands — the first band whose `upToKg` holds the order's weight (heavier than the last band: unavailable).
 */
export const deliveryPriceSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fixed'), amount: money }),
  z.strictObject({ type: z.literal('free_above'), amount: money, threshold: money }),
  z.strictObject({ type: z.literal('by_weight'), base: money, perKg: money, includedKg: z.number().min(0).max(1000).default(1) }),
  z.strictObject({
    type: z.literal('weight_bands'),
    bands: z
      .array(z.strictObject({ upToKg: kg, amount: money }))
      .min(1)
      .refine((b) => b.every((band, i) => i === 0 || band.upToKg > b[i - 1]!.upToKg), 'bands in increasing weight'),
  }),
]);
export type DeliveryPrice = z.infer<typeof deliveryPriceSchema>;

/** A place the shopper collects the order from (the shop's own warehouse, a carrier's point). */
export const pickupPointSchema = z.strictObject({
  id: methodId,
  /** The city the point is in (a city of the site's list, spelt as there). */
  city: z.string().min(1).max(100),
  address: z.string().min(1).max(300),
  /** Opening hours, as a shopper reads them. */
  hours: z.string().max(200).optional(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const DELIVERY_KINDS = ['pickup', 'courier', 'point', 'post', 'freight'] as const;

export const deliveryMethodSchema = z
  .strictObject({
    id: methodId,
    kind: z.enum(DELIVERY_KINDS),
    label: localizedSchema,
    /** Delivery times and conditions, shown under the label ("1–3 дня, до двери"). */
    terms: localizedSchema.optional(),
    price: deliveryPriceSchema,
    /** The carrier takes parcels up to this weight (kg): heavier orders must go by freight. */
    maxWeightKg: kg.optional(),
    /** The method makes sense from this weight on (freight carriers). */
    minWeightKg: kg.optional(),
    /** What the shopper must give: a street address, one of `points`, or nothing more than the city. */
    needs: z.enum(['address', 'point', 'nothing']),
    /** The points to choose from (needs: 'point'), each in a city. */
    points: z.array(pickupPointSchema).default([]),
    /** Cities where the method is offered (as spelt in the site's city list); absent: everywhere. */
    cities: z.array(z.string().min(1).max(100)).optional(),
  })
  .refine((m) => m.needs !== 'point' || m.points.length > 0, { message: 'a method that needs a point lists its points', path: ['points'] })
  .refine((m) => m.minWeightKg === undefined || m.maxWeightKg === undefined || m.minWeightKg < m.maxWeightKg, {
    message: 'minWeightKg below maxWeightKg',
    path: ['minWeightKg'],
  });
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

/**
 * How an order is paid: online (a payment provider, offered only when one is configured for the site), cash (on
 * delivery or pickup), invoice (a bank transfer from a legal entity), on_confirmation (a local method — Kaspi,
 * Payme … — the manager sends a payment request after confirming the order).
 */
export const PAYMENT_KINDS = ['online', 'cash', 'invoice', 'on_confirmation'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const paymentMethodSchema = z.strictObject({
  id: methodId,
  kind: z.enum(PAYMENT_KINDS),
  label: localizedSchema,
  /** How it works, shown under the label. */
  terms: localizedSchema.optional(),
  /** Offered to legal entities only (an invoice). */
  legalOnly: z.boolean().default(false),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The shop's legal details: printed on invoices and the about page. */
export const requisitesSchema = z.strictObject({
  legalName: z.string().min(1).max(300),
  /** The tax number: ИНН (Russia, Kyrgyzstan), БИН (Kazakhstan), IDNO (Moldova), СТИР (Uzbekistan). */
  inn: z.string().regex(/^\d{9,14}$/),
  kpp: z
    .string()
    .regex(/^\d{4}[\dA-Z]{2}\d{3}$/)
    .optional(),
  ogrn: z
    .string()
    .regex(/^\d{13}(\d{2})?$/)
    .optional(),
  address: z.string().min(1).max(500),
  bank: z.string().min(1).max(300),
  /** The bank's identifier: БИК, BIC/SWIFT, МФО. */
  bik: z.string().min(1).max(20),
  account: z.string().min(1).max(40),
  correspondentAccount: z.string().max(40).optional(),
});
export type Requisites = z.infer<typeof requisitesSchema>;

/** The countries the sites sell in (phone numbers are checked for the site's country). */
export const COUNTRIES = ['RU', 'KZ', 'MD', 'UZ', 'KG'] as const;
export type Country = (typeof COUNTRIES)[number];

/** The commerce part of a site (fields of siteSchema); every field has a default, so an operator's older file still loads. */
export const siteCommerceShape = {
  /** The country the site sells in: phone numbers are read for it, and it is the region of the site's hreflang codes (ru-KZ). */
  country: z.enum(COUNTRIES).default('RU'),
  delivery: z.array(deliveryMethodSchema).default([]),
  payment: z.array(paymentMethodSchema).default([]),
  requisites: requisitesSchema.optional(),
  /** New orders are mailed here (default: the site's e-mail). */
  orderEmail: z.email().optional(),
};

/** Checks the parts of a site's commerce config that refer to each other: unique method ids. */
export function commerceIssues(site: { delivery: DeliveryMethod[]; payment: PaymentMethod[] }): string[] {
  const issues: string[] = [];
  for (const [what, list] of [
    ['delivery', site.delivery],
    ['payment', site.payment],
  ] as const) {
    const ids = list.map((m) => m.id);
    for (const id of new Set(ids)) if (ids.indexOf(id) !== ids.lastIndexOf(id)) issues.push(`${what} method id ${id} is used twice`);
  }
  return issues;
}

type CommerceInput = z.input<z.ZodObject<typeof siteCommerceShape>>;

const t = (ru: string, en?: string): Localized => (en ? { ru, en } : { ru });

/** Russia (the main and the test site): the shop's warehouse in Moscow, city courier, СДЭК, Boxberry, Почта России, freight. */
const russia: CommerceInput = {
  country: 'RU',
  orderEmail: 'orders@tihoavto.ru',
  delivery: [
    {
      id: 'pickup',
      kind: 'pickup',
      label: t('Самовывоз со склада', 'Pickup from the warehouse'),
      terms: t('Бесплатно, на следующий рабочий день после подтверждения', 'Free, the next working day after confirmation'),
      price: { type: 'fixed', amount: 0 },
      needs: 'point',
      points: [
        { id: 'msk-warehouse', city: 'Москва', address: 'Москва, ул. Складочная, 1, стр. 6', hours: 'пн–пт 9:00–20:00, сб 10:00–16:00' },
      ],
    },
    {
      id: 'courier',
      kind: 'courier',
      label: t('Курьер по Москве', 'Courier in Moscow'),
      terms: t('1–2 дня, до двери; бесплатно от 10 000 ₽', '1–2 days, to the door; free from 10 000 ₽'),
      price: { type: 'free_above', amount: 490, threshold: 10000 },
      maxWeightKg: 40,
      needs: 'address',
      cities: ['Москва'],
    },
    {
      id: 'cdek-point',
      kind: 'point',
      label: t('СДЭК: пункт выдачи', 'CDEK: pickup point'),
      terms: t('2–6 дней', '2–6 days'),
      price: { type: 'by_weight', base: 350, perKg: 40, includedKg: 1 },
      maxWeightKg: 30,
      needs: 'point',
      points: [
        { id: 'cdek-msk-1', city: 'Москва', address: 'Москва, ул. Тверская, 18, к. 1', hours: 'ежедневно 9:00–21:00' },
        { id: 'cdek-msk-2', city: 'Москва', address: 'Москва, Ленинский пр., 45', hours: 'ежедневно 10:00–20:00' },
        { id: 'cdek-spb-1', city: 'Санкт-Петербург', address: 'Санкт-Петербург, Невский пр., 100', hours: 'ежедневно 9:00–21:00' },
        { id: 'cdek-nsk-1', city: 'Новосибирск', address: 'Новосибирск, Красный пр., 28', hours: 'пн–сб 9:00–20:00' },
        { id: 'cdek-ekb-1', city: 'Екатеринбург', address: 'Екатеринбург, ул. Малышева, 36', hours: 'пн–сб 9:00–20:00' },
        { id: 'cdek-kzn-1', city: 'Казань', address: 'Казань, ул. Баумана, 44', hours: 'пн–сб 9:00–20:00' },
        { id: 'cdek-krd-1', city: 'Краснодар', address: 'Краснодар, ул. Красная, 120', hours: 'пн–сб 9:00–20:00' },
      ],
    },
    {
      id: 'cdek-courier',
      kind: 'courier',
      label: t('СДЭК: курьер до двери', 'CDEK: courier to the door'),
      terms: t('2–7 дней', '2–7 days'),
      price: { type: 'by_weight', base: 550, perKg: 45, includedKg: 1 },
      maxWeightKg: 30,
      needs: 'address',
    },
    {
      id: 'boxberry',
      kind: 'point',
      label: t('Boxberry: пункт выдачи', 'Boxberry: pickup point'),
      terms: t('3–7 дней', '3–7 days'),
      price: {
        type: 'weight_bands',
        bands: [
          { upToKg: 5, amount: 390 },
          { upToKg: 15, amount: 690 },
          { upToKg: 30, amount: 1190 },
        ],
      },
      maxWeightKg: 30,
      needs: 'point',
      points: [
        { id: 'bxb-msk-1', city: 'Москва', address: 'Москва, ул. Профсоюзная, 56', hours: 'ежедневно 10:00–21:00' },
        { id: 'bxb-spb-1', city: 'Санкт-Петербург', address: 'Санкт-Петербург, Лиговский пр., 50', hours: 'ежедневно 10:00–21:00' },
        { id: 'bxb-smr-1', city: 'Самара', address: 'Самара, ул. Ленинградская, 75', hours: 'пн–сб 10:00–20:00' },
        { id: 'bxb-vrn-1', city: 'Воронеж', address: 'Воронеж, пр. Революции, 33', hours: 'пн–сб 10:00–20:00' },
      ],
    },
    {
      id: 'pochta',
      kind: 'post',
      label: t('Почта России', 'Russian Post'),
      terms: t('5–14 дней, до отделения по адресу', '5–14 days, to the post office of the address'),
      price: { type: 'by_weight', base: 400, perKg: 60, includedKg: 1 },
      maxWeightKg: 20,
      needs: 'address',
    },
    {
      id: 'pek',
      kind: 'freight',
      label: t('ПЭК: сборный груз', 'PEK: freight'),
      terms: t('3–10 дней до терминала или до двери; для тяжёлых заказов от 10 кг', '3–10 days; for heavy orders from 10 kg'),
      price: { type: 'by_weight', base: 900, perKg: 22, includedKg: 10 },
      minWeightKg: 10,
      maxWeightKg: 1500,
      needs: 'address',
    },
    {
      id: 'dellin',
      kind: 'freight',
      label: t('Деловые Линии', 'Delovye Linii'),
      terms: t('3–10 дней до терминала или до двери', '3–10 days to the terminal or the door'),
      price: { type: 'by_weight', base: 1100, perKg: 20, includedKg: 10 },
      maxWeightKg: 1500,
      needs: 'address',
    },
  ],
  payment: [
    {
      id: 'card',
      kind: 'online',
      label: t('Банковской картой онлайн', 'Bank card online'),
      terms: t('Мир, Visa, Mastercard: оплата сразу после оформления', 'Pay right after placing the order'),
    },
    { id: 'sbp', kind: 'online', label: t('СБП по QR-коду', 'Faster Payments (SBP) QR'), terms: t('Оплата из приложения банка') },
    {
      id: 'cash',
      kind: 'cash',
      label: t('Наличными или картой при получении', 'Cash or card on delivery'),
      terms: t('Курьеру, в пункте выдачи или на складе', 'To the courier, at the point or the warehouse'),
    },
    {
      id: 'invoice',
      kind: 'invoice',
      label: t('По счёту для юридических лиц', 'Invoice for companies'),
      terms: t('Счёт с реквизитами придёт на e-mail; отгрузка после оплаты', 'The invoice comes by e-mail; shipped once paid'),
      legalOnly: true,
    },
  ],
  requisites: {
    // A fictional company: the numbers have valid check digits but belong to nobody (a demo must not borrow a real one's).
    legalName: 'ООО «ТихоАвто»',
    inn: '7708123450',
    kpp: '770801001',
    ogrn: '1237700123451',
    address: '107140, г. Москва, ул. Верхняя Красносельская, д. 3, стр. 2, пом. 14',
    bank: 'ПАО Сбербанк',
    bik: '044525225',
    account: '40702810938000012345',
    correspondentAccount: '30101810400000000225',
  },
};

/** Demo commerce of each site (domain.md "Commerce content"), in the site's currency. */
export const demoCommerce: Record<'ru' | 'kz' | 'md' | 'uz' | 'kg' | 'test', CommerceInput> = {
  ru: russia,
  test: { ...russia, orderEmail: 'test-orders@tihoavto.ru' },
  kz: {
    country: 'KZ',
    orderEmail: 'orders@tihoavto.kz',
    delivery: [
      {
        id: 'pickup',
        kind: 'pickup',
        label: t('Самовывоз со склада в Алматы'),
        terms: t('Бесплатно, на следующий рабочий день'),
        price: { type: 'fixed', amount: 0 },
        needs: 'point',
        points: [{ id: 'ala-warehouse', city: 'Алматы', address: 'Алматы, ул. Толе би, 101', hours: 'пн–пт 9:00–19:00' }],
      },
      {
        id: 'cdek',
        kind: 'courier',
        label: t('СДЭК: курьер до двери'),
        terms: t('2–6 дней'),
        price: { type: 'by_weight', base: 1900, perKg: 220, includedKg: 1 },
        maxWeightKg: 100,
        needs: 'address',
      },
      {
        id: 'kazpost',
        kind: 'post',
        label: t('Казпочта'),
        terms: t('4–12 дней, до отделения'),
        price: { type: 'by_weight', base: 1500, perKg: 250, includedKg: 1 },
        maxWeightKg: 30,
        needs: 'address',
      },
    ],
    payment: [
      {
        id: 'kaspi',
        kind: 'on_confirmation',
        label: t('Kaspi.kz'),
        terms: t('После подтверждения заказа пришлём счёт в приложение Kaspi'),
      },
      { id: 'card', kind: 'online', label: t('Банковской картой онлайн') },
      { id: 'cash', kind: 'cash', label: t('Наличными при получении') },
    ],
    requisites: {
      legalName: 'ТОО «ТихоАвто Казахстан»',
      inn: '180140012345',
      address: '050000, г. Алматы, ул. Толе би, 101',
      bank: 'АО «Kaspi Bank»',
      bik: 'CASPKZKA',
      account: 'KZ86722S000001234567',
    },
  },
  md: {
    country: 'MD',
    orderEmail: 'orders@tihoavto.md',
    delivery: [
      {
        id: 'pickup',
        kind: 'pickup',
        label: t('Самовывоз в Кишинёве'),
        price: { type: 'fixed', amount: 0 },
        needs: 'point',
        points: [{ id: 'kiv-shop', city: 'Кишинёв', address: 'Кишинёв, бул. Штефан чел Маре, 200', hours: 'пн–пт 9:00–18:00' }],
      },
      {
        id: 'courier',
        kind: 'courier',
        label: t('Курьер по Кишинёву'),
        terms: t('1–2 дня; бесплатно от 2 000 lei'),
        price: { type: 'free_above', amount: 60, threshold: 2000 },
        maxWeightKg: 80,
        needs: 'address',
        cities: ['Кишинёв'],
      },
      {
        id: 'posta',
        kind: 'post',
        label: t('Poșta Moldovei'),
        terms: t('3–7 дней'),
        price: { type: 'by_weight', base: 45, perKg: 6, includedKg: 1 },
        maxWeightKg: 100,
        needs: 'address',
      },
    ],
    payment: [
      { id: 'card', kind: 'online', label: t('Банковской картой онлайн') },
      { id: 'paynet', kind: 'on_confirmation', label: t('Paynet'), terms: t('После подтверждения заказа пришлём код для оплаты в Paynet') },
      { id: 'cash', kind: 'cash', label: t('Наличными при получении') },
    ],
    requisites: {
      legalName: 'SRL «TihoAvto»',
      inn: '1019600012345',
      address: 'MD-2012, mun. Chișinău, bd. Ștefan cel Mare, 200',
      bank: 'BC «Moldindconbank» SA',
      bik: 'MOLDMD2X',
      account: 'MD24ML000000022512345678',
    },
  },
  uz: {
    country: 'UZ',
    orderEmail: 'orders@tihoavto.uz',
    delivery: [
      {
        id: 'pickup',
        kind: 'pickup',
        label: t('Самовывоз в Ташкенте'),
        price: { type: 'fixed', amount: 0 },
        needs: 'point',
        points: [{ id: 'tas-shop', city: 'Ташкент', address: 'Ташкент, ул. Амира Темура, 60', hours: 'пн–сб 9:00–19:00' }],
      },
      {
        id: 'bts',
        kind: 'courier',
        label: t('BTS Express'),
        terms: t('1–4 дня, до двери'),
        price: { type: 'by_weight', base: 35000, perKg: 3000, includedKg: 1 },
        maxWeightKg: 100,
        needs: 'address',
      },
      {
        id: 'uzpost',
        kind: 'post',
        label: t('Uzpost'),
        terms: t('3–10 дней, до отделения'),
        price: { type: 'by_weight', base: 25000, perKg: 4000, includedKg: 1 },
        maxWeightKg: 30,
        needs: 'address',
      },
    ],
    payment: [
      { id: 'payme', kind: 'on_confirmation', label: t('Payme'), terms: t('После подтверждения заказа пришлём ссылку на оплату') },
      { id: 'click', kind: 'on_confirmation', label: t('Click'), terms: t('После подтверждения заказа пришлём ссылку на оплату') },
      { id: 'uzcard', kind: 'on_confirmation', label: t('Uzcard'), terms: t('Оплата картой Uzcard по ссылке после подтверждения') },
      { id: 'humo', kind: 'on_confirmation', label: t('Humo'), terms: t('Оплата картой Humo по ссылке после подтверждения') },
      { id: 'cash', kind: 'cash', label: t('Наличными при получении') },
    ],
    requisites: {
      legalName: 'ООО «TihoAvto Uz»',
      inn: '305123456',
      address: '100000, г. Ташкент, ул. Амира Темура, 60',
      bank: 'АКБ «Капиталбанк»',
      bik: '01088',
      account: '20208000900123456001',
    },
  },
  kg: {
    country: 'KG',
    orderEmail: 'orders@tihoavto.kg',
    delivery: [
      {
        id: 'pickup',
        kind: 'pickup',
        label: t('Самовывоз в Бишкеке'),
        price: { type: 'fixed', amount: 0 },
        needs: 'point',
        points: [{ id: 'fru-shop', city: 'Бишкек', address: 'Бишкек, пр. Чуй, 150', hours: 'пн–сб 9:00–18:00' }],
      },
      {
        id: 'courier',
        kind: 'courier',
        label: t('Курьер по Бишкеку'),
        terms: t('1–2 дня; бесплатно от 10 000 сом'),
        price: { type: 'free_above', amount: 300, threshold: 10000 },
        maxWeightKg: 80,
        needs: 'address',
        cities: ['Бишкек'],
      },
      {
        id: 'cdek',
        kind: 'courier',
        label: t('СДЭК: курьер до двери'),
        terms: t('2–6 дней'),
        price: { type: 'by_weight', base: 350, perKg: 45, includedKg: 1 },
        maxWeightKg: 100,
        needs: 'address',
      },
    ],
    payment: [
      { id: 'card', kind: 'online', label: t('Банковской картой онлайн') },
      { id: 'elsom', kind: 'on_confirmation', label: t('Элсом'), terms: t('После подтверждения заказа пришлём счёт в Элсом') },
      { id: 'mbank', kind: 'on_confirmation', label: t('MBank'), terms: t('После подтверждения заказа пришлём счёт в MBank') },
      { id: 'cash', kind: 'cash', label: t('Наличными при получении') },
    ],
    requisites: {
      legalName: 'ОсОО «ТихоАвто КГ»',
      inn: '01234201910123',
      address: '720000, г. Бишкек, пр. Чуй, 150',
      bank: 'ОАО «MBANK»',
      bik: '103001',
      account: '1030120000123456',
    },
  },
};
