/**
 * What a site says of itself from its configuration (issue 20 "per-site truth"): the personal-data law of the
 * site's country (the order form's consent and the footer's line name it), the footer's policy line and the
 * labels of the social links the site's config lists. Keyed by country code and network id (shared/sites-config.ts).
 */
import type { FeatureLocale } from '../types.ts';

export const site = {
  ru: {
    law: {
      RU: 'Федеральным законом № 152-ФЗ «О персональных данных»',
      KZ: 'Законом Республики Казахстан «О персональных данных и их защите»',
      MD: 'Законом Республики Молдова № 133 «О защите персональных данных»',
      UZ: 'Законом Республики Узбекистан «О персональных данных»',
      KG: 'Законом Кыргызской Республики «Об информации персонального характера»',
    },
    policyLine: 'Оформляя заказ, вы соглашаетесь на обработку персональных данных в соответствии с {{law}}.',
    policyLink: 'Политика конфиденциальности',
    socialLinks: 'Мы в соцсетях',
    social: {
      vk: '{{brand}} ВКонтакте',
      telegram: '{{brand}} в Telegram',
      dzen: '{{brand}} в Дзене',
      youtube: '{{brand}} на YouTube',
      instagram: '{{brand}} в Instagram',
    },
  },
  en: {
    law: {
      RU: 'Russian Federal Law No. 152-FZ “On Personal Data”',
      KZ: 'the Law of the Republic of Kazakhstan “On Personal Data and Their Protection”',
      MD: 'Law of the Republic of Moldova No. 133 “On Personal Data Protection”',
      UZ: 'the Law of the Republic of Uzbekistan “On Personal Data”',
      KG: 'the Law of the Kyrgyz Republic “On Personal Information”',
    },
    policyLine: 'By placing an order you agree to the processing of your personal data under {{law}}.',
    policyLink: 'Privacy policy',
    socialLinks: 'Follow us',
    social: {
      vk: '{{brand}} on VK',
      telegram: '{{brand}} on Telegram',
      dzen: '{{brand}} on Dzen',
      youtube: '{{brand}} on YouTube',
      instagram: '{{brand}} on Instagram',
    },
  },
  'zh-CN': {
    law: {
      RU: '俄罗斯联邦第 152-FZ 号《个人数据法》',
      KZ: '哈萨克斯坦共和国《个人数据及其保护法》',
      MD: '摩尔多瓦共和国第 133 号《个人数据保护法》',
      UZ: '乌兹别克斯坦共和国《个人数据法》',
      KG: '吉尔吉斯共和国《个人信息法》',
    },
    policyLine: '提交订单即表示您同意根据{{law}}处理您的个人数据。',
    policyLink: '隐私政策',
    socialLinks: '关注我们',
    social: {
      vk: '{{brand}} VK 主页',
      telegram: '{{brand}} Telegram 频道',
      dzen: '{{brand}} Dzen 主页',
      youtube: '{{brand}} YouTube 频道',
      instagram: '{{brand}} Instagram 主页',
    },
  },
  tr: {
    law: {
      RU: '152-FZ sayılı Rusya Federasyonu Kişisel Veriler Kanunu',
      KZ: 'Kazakistan Cumhuriyeti Kişisel Veriler ve Korunması Kanunu',
      MD: '133 sayılı Moldova Cumhuriyeti Kişisel Verilerin Korunması Kanunu',
      UZ: 'Özbekistan Cumhuriyeti Kişisel Veriler Kanunu',
      KG: 'Kırgız Cumhuriyeti Kişisel Nitelikli Bilgiler Kanunu',
    },
    policyLine: 'Sipariş vererek kişisel verilerinizin {{law}} uyarınca işlenmesini kabul etmiş olursunuz.',
    policyLink: 'Gizlilik politikası',
    socialLinks: 'Bizi takip edin',
    social: {
      vk: '{{brand}} VK’da',
      telegram: '{{brand}} Telegram’da',
      dzen: '{{brand}} Dzen’de',
      youtube: '{{brand}} YouTube’da',
      instagram: '{{brand}} Instagram’da',
    },
  },
  kk: {
    law: {
      RU: '«Дербес деректер туралы» № 152-ФЗ Ресей Федералдық заңына',
      KZ: '«Дербес деректер және оларды қорғау туралы» Қазақстан Республикасының Заңына',
      MD: '«Дербес деректерді қорғау туралы» № 133 Молдова Республикасының Заңына',
      UZ: '«Дербес деректер туралы» Өзбекстан Республикасының Заңына',
      KG: '«Жеке сипаттағы ақпарат туралы» Қырғыз Республикасының Заңына',
    },
    policyLine: 'Тапсырыс беру арқылы сіз дербес деректеріңізді {{law}} сәйкес өңдеуге келісесіз.',
    policyLink: 'Құпиялылық саясаты',
    socialLinks: 'Әлеуметтік желілерде',
    social: {
      vk: '{{brand}} ВКонтакте желісінде',
      telegram: '{{brand}} Telegram-да',
      dzen: '{{brand}} Дзенде',
      youtube: '{{brand}} YouTube-та',
      instagram: '{{brand}} Instagram-да',
    },
  },
  ro: {
    law: {
      RU: 'Legii federale a Rusiei nr. 152-FZ „Cu privire la datele cu caracter personal”',
      KZ: 'Legii Republicii Kazahstan „Privind datele cu caracter personal și protecția acestora”',
      MD: 'Legii Republicii Moldova nr. 133 privind protecția datelor cu caracter personal',
      UZ: 'Legii Republicii Uzbekistan „Privind datele cu caracter personal”',
      KG: 'Legii Republicii Kârgâze „Privind informațiile cu caracter personal”',
    },
    policyLine: 'Plasând comanda, sunteți de acord cu prelucrarea datelor dumneavoastră personale conform {{law}}.',
    policyLink: 'Politica de confidențialitate',
    socialLinks: 'Suntem pe rețelele sociale',
    social: {
      vk: '{{brand}} pe VK',
      telegram: '{{brand}} pe Telegram',
      dzen: '{{brand}} pe Dzen',
      youtube: '{{brand}} pe YouTube',
      instagram: '{{brand}} pe Instagram',
    },
  },
  uz: {
    law: {
      RU: 'Rossiya Federatsiyasining «Shaxsga doir maʼlumotlar toʻgʻrisida»gi 152-FZ-son Federal qonuniga',
      KZ: 'Qozogʻiston Respublikasining «Shaxsga doir maʼlumotlar va ularni himoya qilish toʻgʻrisida»gi Qonuniga',
      MD: 'Moldova Respublikasining «Shaxsga doir maʼlumotlarni himoya qilish toʻgʻrisida»gi 133-son Qonuniga',
      UZ: 'Oʻzbekiston Respublikasining «Shaxsga doir maʼlumotlar toʻgʻrisida»gi Qonuniga',
      KG: 'Qirgʻiz Respublikasining «Shaxsiy xususiyatdagi axborot toʻgʻrisida»gi Qonuniga',
    },
    policyLine: 'Buyurtma berib, shaxsiy maʼlumotlaringiz {{law}} muvofiq qayta ishlanishiga rozilik bildirasiz.',
    policyLink: 'Maxfiylik siyosati',
    socialLinks: 'Ijtimoiy tarmoqlarda',
    social: {
      vk: '{{brand}} VK’da',
      telegram: '{{brand}} Telegram’da',
      dzen: '{{brand}} Dzen’da',
      youtube: '{{brand}} YouTube’da',
      instagram: '{{brand}} Instagram’da',
    },
  },
  ky: {
    law: {
      RU: '«Жеке маалыматтар жөнүндө» № 152-ФЗ Россия Федералдык мыйзамына',
      KZ: '«Жеке маалыматтар жана аларды коргоо жөнүндө» Казакстан Республикасынын Мыйзамына',
      MD: '«Жеке маалыматтарды коргоо жөнүндө» № 133 Молдова Республикасынын Мыйзамына',
      UZ: '«Жеке маалыматтар жөнүндө» Өзбекстан Республикасынын Мыйзамына',
      KG: '«Жеке мүнөздөгү маалымат жөнүндө» Кыргыз Республикасынын Мыйзамына',
    },
    policyLine: 'Буйрутма берүү менен жеке маалыматтарыңызды {{law}} ылайык иштетүүгө макулдук бересиз.',
    policyLink: 'Купуялык саясаты',
    socialLinks: 'Социалдык тармактарда',
    social: {
      vk: '{{brand}} ВКонтактеде',
      telegram: '{{brand}} Telegram’да',
      dzen: '{{brand}} Дзенде',
      youtube: '{{brand}} YouTube’да',
      instagram: '{{brand}} Instagram’да',
    },
  },
} satisfies FeatureLocale;
