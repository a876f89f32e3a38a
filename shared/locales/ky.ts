import type { LocaleMessages } from './types.ts';

/** Kyrgyz (Cyrillic). Mirrors the keys of ru.ts; nouns after numerals stay singular, so _one and _other read alike. */
const ky: LocaleMessages = {
  meta: { titleSuffix: 'ТихоАвто — унааны ызы-чуудан изоляциялоо' },
  header: {
    home: 'ТихоАвто башкы барагына',
    categories: 'Категориялар',
    cart: 'Себет',
    cartItems_one: 'Себетте {{count}} товар',
    cartItems_other: 'Себетте {{count}} товар',
    compare: 'Салыштыруу',
    compareItems_one: 'Салыштырууда {{count}} товар',
    compareItems_other: 'Салыштырууда {{count}} товар',
    personal: 'Жеке кабинет',
    language: 'Тил',
  },
  footer: { support: 'Колдоо кызматы', rights: 'Бардык укуктар корголгон' },
  home: {
    title: 'Унааны ызы-чуудан изоляциялоо: материалдар жана даяр топтомдор',
    lead: 'Титирөөнү басуучу жана үн сиңирүүчү материалдар, үн тосмолору жана өз алдынча орнотуу үчүн шаймандар.',
    categories: 'Каталог',
  },
  category: {
    count_one: '{{count}} товар',
    count_other: '{{count}} товар',
    empty: 'Бул категорияда азырынча товар жок.',
  },
  product: { sku: 'Артикул', notSold: 'Бул сайтта сатылбайт', attributes: 'Мүнөздөмөлөрү' },
  attr: {
    thickness_mm: 'Калыңдыгы, мм',
    sheet_area_m2: 'Барактын аянты, м²',
    mass_kg_m2: 'Салмагы, кг/м²',
    loss_factor: 'Жоготуу коэффициенти',
    foil_um: 'Фольга, мкм',
    material: 'Материалы',
    adhesive: 'Желим катмары',
    unit: 'Өлчөө бирдиги',
  },
  cart: {
    title: 'Себет',
    empty: 'Себет бош.',
    product: 'Товар',
    price: 'Баасы',
    quantity: 'Саны',
    sum: 'Суммасы',
    total: 'Бардыгы',
  },
  auth: {
    title: 'Кирүү',
    email: 'E-mail',
    password: 'Сырсөз',
    submit: 'Кирүү',
    failed: 'E-mail же сырсөз туура эмес.',
    tooMany: 'Аракеттер өтө көп. Кийинчерээк кайра аракет кылып көрүңүз.',
  },
  personal: { title: 'Жеке кабинет', history: 'Буйрутмалардын тарыхы', logout: 'Чыгуу' },
  history: { title: 'Буйрутмалардын тарыхы', empty: 'Азырынча буйрутмалар жок.' },
  order: {
    title: 'Буйрутма № {{id}}',
    date: 'Күнү',
    status: 'Абалы',
    total: 'Буйрутманын суммасы',
    success: 'Рахмат! Буйрутма кабыл алынды.',
    fail: 'Буйрутма төлөнгөн жок. Кайра төлөп көрүңүз же башка төлөө ыкмасын тандаңыз.',
    statuses: { new: 'Жаңы', paid: 'Төлөндү', shipped: 'Жөнөтүлдү', done: 'Аткарылды', cancelled: 'Жокко чыгарылды' },
  },
  colorMode: {
    label: 'Түс темасы',
    system: 'Системадагыдай',
    light: 'Ачык',
    dark: 'Караңгы',
  },
  cookies: {
    label: 'Cookie файлдары жөнүндө билдирүү',
    text: 'Биз cookie файлдарын колдонобуз. Сайтты колдонууну улантуу менен сиз колдонуу шарттарын кабыл аласыз.',
    policy: 'Купуялык саясаты',
    accept: 'Макулмун',
  },
  notFound: { title: 'Ой! Барак табылган жок!', home: 'Башкы бетке' },
  error: { title: 'Бир жерден ката кетти', text: 'Баракты жаңыртып көрүңүз.', reload: 'Баракты жаңыртуу' },
};

export default ky;
