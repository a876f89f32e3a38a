import type { LocaleMessages } from './types.ts';

/** Turkish. Mirrors the keys of ru.ts. */
const tr: LocaleMessages = {
  meta: { titleSuffix: 'TihoAvto — araç ses yalıtımı' },
  header: {
    home: 'TihoAvto ana sayfası',
    categories: 'Kategoriler',
    cart: 'Sepet',
    cartItems_one: 'Sepette {{count}} ürün',
    cartItems_other: 'Sepette {{count}} ürün',
    compare: 'Karşılaştırma',
    compareItems_one: 'Karşılaştırmada {{count}} ürün',
    compareItems_other: 'Karşılaştırmada {{count}} ürün',
    personal: 'Hesabım',
    language: 'Dil',
  },
  footer: { support: 'Müşteri hizmetleri', rights: 'Tüm hakları saklıdır' },
  home: {
    title: 'Araç ses yalıtımı: malzemeler ve hazır setler',
    lead: 'Titreşim sönümleyiciler, ses emiciler, ses bariyerleri ve kendin yap montaj için aletler.',
    categories: 'Katalog',
  },
  category: {
    count_one: '{{count}} ürün',
    count_other: '{{count}} ürün',
    empty: 'Bu kategoride henüz ürün yok.',
  },
  product: { sku: 'Ürün kodu', notSold: 'Bu sitede satışta değil', attributes: 'Özellikler' },
  attr: {
    thickness_mm: 'Kalınlık, mm',
    sheet_area_m2: 'Levha alanı, m²',
    mass_kg_m2: 'Ağırlık, kg/m²',
    loss_factor: 'Kayıp faktörü',
    foil_um: 'Folyo, µm',
    material: 'Malzeme',
    adhesive: 'Yapışkan katman',
    unit: 'Birim',
  },
  cart: {
    title: 'Sepet',
    empty: 'Sepetiniz boş.',
    product: 'Ürün',
    price: 'Fiyat',
    quantity: 'Adet',
    sum: 'Tutar',
    total: 'Toplam',
  },
  auth: {
    title: 'Giriş',
    email: 'E-posta',
    password: 'Şifre',
    submit: 'Giriş yap',
    failed: 'E-posta veya şifre hatalı.',
    tooMany: 'Çok fazla deneme yapıldı. Lütfen daha sonra tekrar deneyin.',
  },
  personal: { title: 'Hesabım', history: 'Sipariş geçmişi', logout: 'Çıkış yap' },
  history: { title: 'Sipariş geçmişi', empty: 'Henüz siparişiniz yok.' },
  order: {
    title: 'Sipariş No. {{id}}',
    date: 'Tarih',
    status: 'Durum',
    total: 'Sipariş tutarı',
    success: 'Teşekkürler! Siparişiniz alındı.',
    fail: 'Sipariş ödenmedi. Lütfen tekrar ödemeyi deneyin veya başka bir ödeme yöntemi seçin.',
    statuses: { new: 'Yeni', paid: 'Ödendi', shipped: 'Kargoya verildi', done: 'Tamamlandı', cancelled: 'İptal edildi' },
  },
  colorMode: {
    label: 'Renk teması',
    system: 'Sistem',
    light: 'Açık',
    dark: 'Koyu',
  },
  cookies: {
    label: 'Çerez bildirimi',
    text: 'Çerez kullanıyoruz. Siteyi kullanmaya devam ederek kullanım koşullarını kabul etmiş olursunuz.',
    policy: 'Gizlilik politikası',
    accept: 'Kabul ediyorum',
  },
  notFound: { title: 'Hay aksi! Sayfa bulunamadı!', home: 'Ana sayfaya dön' },
  error: { title: 'Bir şeyler ters gitti', text: 'Lütfen sayfayı yenilemeyi deneyin.', reload: 'Sayfayı yenile' },
};

export default tr;
