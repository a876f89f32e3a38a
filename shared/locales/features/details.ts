/**
 * Small storefront details (issue 19, item 9): the kits section's count on /materials, what the empty cart offers
 * instead of a dead end, and the title of the news feed /news advertises.
 */
import type { FeatureLocale } from '../types.ts';

export const details = {
  ru: {
    kitsCount_one: '{{count}} комплект',
    kitsCount_few: '{{count}} комплекта',
    kitsCount_many: '{{count}} комплектов',
    kitsCount_other: '{{count}} комплекта',
    emptyCart: {
      lead: 'Посчитайте материалы для своей машины в калькуляторе или выберите их в каталоге.',
      calc: 'Рассчитать шумоизоляцию',
      catalog: 'Открыть каталог',
      kits: 'Готовые комплекты',
    },
    rssTitle: 'Новости {{brand}} (RSS)',
  },
  en: {
    kitsCount_one: '{{count}} kit',
    kitsCount_other: '{{count}} kits',
    emptyCart: {
      lead: 'Work out the materials for your car in the calculator, or choose them in the catalogue.',
      calc: 'Calculate sound deadening',
      catalog: 'Open the catalogue',
      kits: 'Ready-made kits',
    },
    rssTitle: '{{brand}} news (RSS)',
  },
  'zh-CN': {
    kitsCount_other: '{{count}} 套',
    emptyCart: {
      lead: '在计算器中为您的汽车计算所需材料，或在目录中挑选。',
      calc: '计算隔音材料',
      catalog: '打开目录',
      kits: '现成套装',
    },
    rssTitle: '{{brand}} 新闻（RSS）',
  },
  tr: {
    kitsCount_one: '{{count}} set',
    kitsCount_other: '{{count}} set',
    emptyCart: {
      lead: 'Aracınız için malzemeleri hesaplayıcıda hesaplayın veya katalogdan seçin.',
      calc: 'Ses yalıtımını hesapla',
      catalog: 'Kataloğu aç',
      kits: 'Hazır setler',
    },
    rssTitle: '{{brand}} haberleri (RSS)',
  },
  kk: {
    kitsCount_one: '{{count}} жиынтық',
    kitsCount_other: '{{count}} жиынтық',
    emptyCart: {
      lead: 'Көлігіңізге қажет материалдарды калькуляторда есептеңіз немесе каталогтан таңдаңыз.',
      calc: 'Шуылоқшаулауды есептеу',
      catalog: 'Каталогты ашу',
      kits: 'Дайын жиынтықтар',
    },
    rssTitle: '{{brand}} жаңалықтары (RSS)',
  },
  ro: {
    kitsCount_one: '{{count}} set',
    kitsCount_few: '{{count}} seturi',
    kitsCount_other: '{{count}} de seturi',
    emptyCart: {
      lead: 'Calculați materialele pentru mașina dvs. în calculator sau alegeți-le din catalog.',
      calc: 'Calculați izolarea fonică',
      catalog: 'Deschideți catalogul',
      kits: 'Seturi gata făcute',
    },
    rssTitle: 'Noutăți {{brand}} (RSS)',
  },
  uz: {
    kitsCount_one: '{{count}} ta to‘plam',
    kitsCount_other: '{{count}} ta to‘plam',
    emptyCart: {
      lead: 'Avtomobilingiz uchun materiallarni kalkulyatorda hisoblang yoki katalogdan tanlang.',
      calc: 'Shovqin izolyatsiyasini hisoblash',
      catalog: 'Katalogni ochish',
      kits: 'Tayyor to‘plamlar',
    },
    rssTitle: '{{brand}} yangiliklari (RSS)',
  },
  ky: {
    kitsCount_one: '{{count}} топтом',
    kitsCount_other: '{{count}} топтом',
    emptyCart: {
      lead: 'Унааңызга керектүү материалдарды калькулятордо эсептеңиз же каталогдон тандаңыз.',
      calc: 'Ызы-чуу изоляциясын эсептөө',
      catalog: 'Каталогду ачуу',
      kits: 'Даяр топтомдор',
    },
    rssTitle: '{{brand}} жаңылыктары (RSS)',
  },
} satisfies FeatureLocale;
