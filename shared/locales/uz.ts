import type { LocaleMessages } from './types.ts';

/** Uzbek (Latin script, with ʻ U+02BB in oʻ/gʻ). Mirrors the keys of ru.ts; nouns after numerals stay singular. */
const uz: LocaleMessages = {
  meta: { titleSuffix: 'TihoAvto — avtomobil shovqin izolyatsiyasi' },
  header: {
    home: 'TihoAvto bosh sahifasiga',
    categories: 'Kategoriyalar',
    cart: 'Savat',
    cartItems_one: 'Savatda {{count}} ta mahsulot',
    cartItems_other: 'Savatda {{count}} ta mahsulot',
    compare: 'Taqqoslash',
    compareItems_one: 'Taqqoslashda {{count}} ta mahsulot',
    compareItems_other: 'Taqqoslashda {{count}} ta mahsulot',
    personal: 'Shaxsiy kabinet',
    language: 'Til',
  },
  footer: { support: 'Qoʻllab-quvvatlash xizmati', rights: 'Barcha huquqlar himoyalangan' },
  home: {
    title: 'Avtomobil shovqin izolyatsiyasi: materiallar va tayyor toʻplamlar',
    lead: 'Vibroizolyatsiya, shovqin yutuvchi materiallar, tovush toʻsiqlari va mustaqil oʻrnatish uchun asboblar.',
    categories: 'Katalog',
  },
  category: {
    count_one: '{{count}} ta mahsulot',
    count_other: '{{count}} ta mahsulot',
    empty: 'Bu kategoriyada hozircha mahsulot yoʻq.',
  },
  product: { sku: 'Artikul', notSold: 'Ushbu saytda sotilmaydi', attributes: 'Xususiyatlari' },
  attr: {
    thickness_mm: 'Qalinligi, mm',
    sheet_area_m2: 'List maydoni, m²',
    mass_kg_m2: 'Massasi, kg/m²',
    loss_factor: 'Yoʻqotish koeffitsiyenti',
    foil_um: 'Folga, mkm',
    material: 'Material',
    adhesive: 'Yelim qatlami',
    unit: 'Oʻlchov birligi',
  },
  cart: {
    title: 'Savat',
    empty: 'Savat boʻsh.',
    product: 'Mahsulot',
    price: 'Narxi',
    quantity: 'Miqdori',
    sum: 'Summa',
    total: 'Jami',
  },
  auth: {
    title: 'Kirish',
    email: 'E-mail',
    password: 'Parol',
    submit: 'Kirish',
    failed: 'E-mail yoki parol notoʻgʻri.',
    tooMany: 'Urinishlar juda koʻp. Keyinroq qayta urinib koʻring.',
  },
  personal: { title: 'Shaxsiy kabinet', history: 'Buyurtmalar tarixi', logout: 'Chiqish' },
  history: { title: 'Buyurtmalar tarixi', empty: 'Hozircha buyurtmalar yoʻq.' },
  order: {
    title: 'Buyurtma № {{id}}',
    date: 'Sana',
    status: 'Holati',
    total: 'Buyurtma summasi',
    success: 'Rahmat! Buyurtma rasmiylashtirildi.',
    fail: 'Buyurtma toʻlanmadi. Qayta toʻlab koʻring yoki boshqa toʻlov usulini tanlang.',
    statuses: { new: 'Yangi', paid: 'Toʻlangan', shipped: 'Joʻnatilgan', done: 'Bajarilgan', cancelled: 'Bekor qilingan' },
  },
  colorMode: {
    label: 'Rang mavzusi',
    system: 'Tizimdagidek',
    light: 'Yorugʻ',
    dark: 'Qorongʻi',
  },
  cookies: {
    label: 'Cookie fayllari haqida bildirishnoma',
    text: 'Biz cookie fayllaridan foydalanamiz. Saytdan foydalanishda davom etib, siz foydalanish shartlarini qabul qilasiz.',
    policy: 'Maxfiylik siyosati',
    accept: 'Roziman',
  },
  notFound: { title: 'Voy! Sahifa topilmadi!', home: 'Bosh sahifaga' },
  error: { title: 'Nimadir xato ketdi', text: 'Sahifani yangilab koʻring.', reload: 'Sahifani yangilash' },
};

export default uz;
