import type { LocaleMessages } from './types.ts';

/** Kazakh (Cyrillic). Mirrors the keys of ru.ts; nouns after numerals stay singular, so _one and _other read alike. */
const kk: LocaleMessages = {
  meta: { titleSuffix: 'ТихоАвто — автокөліктің шуын оқшаулау' },
  header: {
    home: 'ТихоАвто басты бетіне',
    categories: 'Санаттар',
    cart: 'Себет',
    cartItems_one: 'Себетте {{count}} тауар',
    cartItems_other: 'Себетте {{count}} тауар',
    compare: 'Салыстыру',
    compareItems_one: 'Салыстыруда {{count}} тауар',
    compareItems_other: 'Салыстыруда {{count}} тауар',
    personal: 'Жеке кабинет',
    language: 'Тіл',
  },
  footer: { support: 'Қолдау қызметі', rights: 'Барлық құқықтар қорғалған' },
  home: {
    title: 'Автокөліктің шуын оқшаулау: материалдар және дайын жиынтықтар',
    lead: 'Дірілді оқшаулағыштар, шу сіңіргіштер, дыбыс тосқауылдары және өз бетінше орнатуға арналған құралдар.',
    categories: 'Каталог',
  },
  category: {
    count_one: '{{count}} тауар',
    count_other: '{{count}} тауар',
    empty: 'Бұл санатта әзірге тауар жоқ.',
  },
  product: { sku: 'Артикул', notSold: 'Бұл сайтта сатылмайды', attributes: 'Сипаттамалары' },
  attr: {
    thickness_mm: 'Қалыңдығы, мм',
    sheet_area_m2: 'Парақтың ауданы, м²',
    mass_kg_m2: 'Салмағы, кг/м²',
    loss_factor: 'Шығын коэффициенті',
    foil_um: 'Фольга, мкм',
    material: 'Материалы',
    adhesive: 'Желім қабаты',
    unit: 'Өлшем бірлігі',
  },
  cart: {
    title: 'Себет',
    empty: 'Себет бос.',
    product: 'Тауар',
    price: 'Бағасы',
    quantity: 'Саны',
    sum: 'Сомасы',
    total: 'Барлығы',
  },
  auth: {
    title: 'Кіру',
    email: 'E-mail',
    password: 'Құпиясөз',
    submit: 'Кіру',
    failed: 'E-mail немесе құпиясөз қате.',
    tooMany: 'Әрекеттер тым көп. Кейінірек қайталап көріңіз.',
  },
  personal: { title: 'Жеке кабинет', history: 'Тапсырыстар тарихы', logout: 'Шығу' },
  history: { title: 'Тапсырыстар тарихы', empty: 'Әзірге тапсырыстар жоқ.' },
  order: {
    title: 'Тапсырыс № {{id}}',
    date: 'Күні',
    status: 'Мәртебесі',
    total: 'Тапсырыс сомасы',
    success: 'Рақмет! Тапсырыс рәсімделді.',
    fail: 'Тапсырыс төленбеді. Қайта төлеп көріңіз немесе басқа төлем тәсілін таңдаңыз.',
    statuses: { new: 'Жаңа', paid: 'Төленді', shipped: 'Жөнелтілді', done: 'Орындалды', cancelled: 'Бас тартылды' },
  },
  colorMode: {
    label: 'Түс тақырыбы',
    system: 'Жүйедегідей',
    light: 'Ашық',
    dark: 'Қараңғы',
  },
  cookies: {
    label: 'Cookie файлдары туралы хабарлама',
    text: 'Біз cookie файлдарын пайдаланамыз. Сайтты пайдалануды жалғастыра отырып, сіз пайдалану шарттарын қабылдайсыз.',
    policy: 'Құпиялылық саясаты',
    accept: 'Келісемін',
  },
  notFound: { title: 'Ой! Бет табылмады!', home: 'Басты бетке' },
  error: { title: 'Бірдеңе дұрыс болмады', text: 'Бетті жаңартып көріңіз.', reload: 'Бетті жаңарту' },
};

export default kk;
