/**
 * The seller's requisites per site, shown under the contacts of /about (a distance seller must publish them).
 * The one place the about page reads them from: when the sites config carries requisites, point this function at it.
 * Demo values (fictional companies; the Russian ИНН has valid check digits).
 */
import type { Site } from '../../shared/sites.ts';

export interface Requisites {
  /** Rows in display order: label (Russian, as a legal document) and value. */
  rows: { label: string; value: string }[];
  /** Where shoppers may come in person (pickup point, office). */
  address: string;
  /** Opening hours in the site's time zone. */
  hours: string;
}

const RUSSIA: Requisites = {
  address: '107140, Москва, ул. Верхняя Красносельская, д. 3, стр. 2 (пункт самовывоза)',
  hours: 'пн–пт 9:00–20:00, сб 10:00–16:00 (московское время)',
  rows: [
    { label: 'Продавец', value: 'ООО «ТихоАвто»' },
    { label: 'ИНН / КПП', value: '7708123450 / 770801001' },
    { label: 'ОГРН', value: '1237700123456' },
    { label: 'Юридический адрес', value: '107140, г. Москва, ул. Верхняя Красносельская, д. 3, стр. 2, пом. 14' },
    { label: 'Банк', value: 'ПАО «Сбербанк», БИК 044525225' },
    { label: 'Расчётный счёт', value: '40702810938000012345' },
    { label: 'Корр. счёт', value: '30101810400000000225' },
  ],
};

const BY_SITE: Record<string, Requisites> = {
  ru: RUSSIA,
  test: RUSSIA,
  kz: {
    address: 'Алматы, пр. Абая, 10, офис 204 (пункт выдачи)',
    hours: 'пн–пт 9:00–19:00 (время Алматы)',
    rows: [
      { label: 'Продавец', value: 'ТОО «ТихоАвто Казахстан»' },
      { label: 'БИН', value: '230940012345' },
      { label: 'Юридический адрес', value: '050000, г. Алматы, пр. Абая, 10, офис 204' },
      { label: 'Банк', value: 'АО «Kaspi Bank», БИК CASPKZKA' },
      { label: 'ИИК', value: 'KZ12722S000012345678' },
    ],
  },
  md: {
    address: 'Кишинёв, бул. Штефан чел Маре, 1 (пункт выдачи)',
    hours: 'пн–пт 9:00–18:00 (время Кишинёва)',
    rows: [
      { label: 'Продавец', value: 'SRL «TihoAvto Moldova»' },
      { label: 'IDNO', value: '1023600012345' },
      { label: 'Юридический адрес', value: 'MD-2001, мун. Кишинёв, бул. Штефан чел Маре, 1' },
      { label: 'Банк', value: 'BC «Moldindconbank» S.A., код MOLDMD2X' },
      { label: 'IBAN', value: 'MD24ML000000002251234567' },
    ],
  },
  uz: {
    address: 'Ташкент, ул. Амира Темура, 1 (пункт выдачи)',
    hours: 'пн–сб 9:00–18:00 (время Ташкента)',
    rows: [
      { label: 'Продавец', value: 'ООО «TihoAvto Uzbekistan»' },
      { label: 'ИНН', value: '309876543' },
      { label: 'Юридический адрес', value: '100000, г. Ташкент, ул. Амира Темура, 1' },
      { label: 'Банк', value: 'АКБ «Капиталбанк», МФО 01088' },
      { label: 'Расчётный счёт', value: '20208000900123456001' },
    ],
  },
  kg: {
    address: 'Бишкек, пр. Чуй, 100 (пункт выдачи)',
    hours: 'пн–пт 9:00–18:00 (время Бишкека)',
    rows: [
      { label: 'Продавец', value: 'ОсОО «ТихоАвто Кыргызстан»' },
      { label: 'ИНН', value: '01234202310045' },
      { label: 'Юридический адрес', value: '720001, г. Бишкек, пр. Чуй, 100' },
      { label: 'Банк', value: 'ОАО «Мбанк», БИК 129001' },
      { label: 'Расчётный счёт', value: '1290010012345678' },
    ],
  },
};

/** The site's requisites; a site without its own gets the main site's (the Russian seller). */
export function requisitesFor(site: Pick<Site, 'id'>): Requisites {
  return BY_SITE[site.id] ?? RUSSIA;
}
