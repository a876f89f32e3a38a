/**
 * Demo catalogue of the ТихоАвто shop (see the team notes: ../shared/domain.md, beside the repository).
 * Prices are estimates in RUB per sheet / per unit; a shop owner replaces all of this in the database.
 * Plain data only: no imports, no side effects.
 */

export interface DemoCategory {
  id: number;
  slug: string;
  title: string;
  description: string;
  sort: number;
}

export interface DemoProduct {
  /** e.g. 'VIB-STD-22' — unique, uppercase latin, digits and dashes */
  sku: string;
  /** latin transliteration, unique within its category */
  slug: string;
  /** category slug */
  category: string;
  /** Russian title */
  title: string;
  /** 1–3 factual Russian sentences */
  description: string;
  /** per sheet / per unit, RUB */
  priceRub: number;
  /** 0..100 */
  popularity: number;
  attributes: Record<string, string | number>;
}

export interface DemoKit {
  slug: string;
  title: string;
  description: string;
  discountPercent: number;
  items: Array<{ sku: string; quantity: number }>;
  /**
   * The calculator's zones the kit treats (migration 014 calc_zones). Its sheet goods are exactly what the calculator
   * answers for these zones on a sedan at the middle tier ('good', which says so); its other lines (tools,
   * consumables) are the kit's own. test/calc-kits.test.ts holds the two together.
   */
  zones: string[];
}

export interface DemoCity {
  site: 'ru' | 'kz' | 'md' | 'uz' | 'kg';
  title: string;
  region: string;
  url: string | null;
}

export interface DemoWidget {
  code: 'headerPhone' | 'footersocial' | 'policy' | 'onlineChat' | 'modal';
  site: string;
  html: string;
}

export const demoCategories: DemoCategory[] = [
  {
    id: 1,
    slug: 'vibroizolyaciya',
    title: 'Виброизоляция',
    description:
      'Вибропоглощающие листы из бутиловой мастики с алюминиевой фольгой. Первый слой шумоизоляции, прикатывается прямо на металл кузова.',
    sort: 1,
  },
  {
    id: 2,
    slug: 'shumopogloshchenie',
    title: 'Шумопоглощение',
    description: 'Материалы с открытыми порами на основе ППУ и войлока. Поглощают воздушный шум в дверях, на крыше, капоте и в багажнике.',
    sort: 2,
  },
  {
    id: 3,
    slug: 'zvukoizolyaciya',
    title: 'Звукоизоляция и барьеры',
    description: 'Вспененный полиэтилен с закрытыми порами и тяжёлые мембраны. Отражают шум и служат теплоизоляцией.',
    sort: 3,
  },
  {
    id: 4,
    slug: 'antiskrip',
    title: 'Антискрип и уплотнители',
    description: 'Тонкие листы и ленты для пластиковых панелей салона. Устраняют скрипы и дребезг в местах контакта деталей.',
    sort: 4,
  },
  {
    id: 5,
    slug: 'zhidkaya-shumoizolyaciya',
    title: 'Жидкая шумоизоляция',
    description: 'Мастики для колёсных арок, подкрылков и днища. Наносятся кистью, шпателем или распылением и защищают металл от коррозии.',
    sort: 5,
  },
  {
    id: 6,
    slug: 'instrumenty',
    title: 'Инструменты',
    description: 'Прикаточные ролики, ножи, съёмники обшивки и строительный фен для монтажа шумоизоляции.',
    sort: 6,
  },
  {
    id: 7,
    slug: 'aksessuary',
    title: 'Аксессуары и расходники',
    description: 'Обезжириватель, клей, фольгированный скотч и перчатки — всё, что расходуется при монтаже.',
    sort: 7,
  },
  {
    id: 20,
    slug: 'komplekty-sumoizoliacii',
    title: 'Комплекты шумоизоляции',
    description: 'Готовые наборы материалов для отдельных зон и для всего автомобиля С-класса с запасом 10 % на подрезку.',
    sort: 8,
  },
];

/** Vibration sheet 0.47 × 0.75 m. */
const VIB_SHEET = { sheet_length_m: 0.75, sheet_width_m: 0.47, sheet_area_m2: 0.3525 } as const;
/** Absorber / membrane / large PE sheet 0.75 × 1.0 m. */
const BIG_SHEET = { sheet_length_m: 1.0, sheet_width_m: 0.75, sheet_area_m2: 0.75 } as const;
/** PE insulator sheet 0.75 × 0.56 m. */
const PE_SHEET = { sheet_length_m: 0.75, sheet_width_m: 0.56, sheet_area_m2: 0.42 } as const;

export const demoProducts: DemoProduct[] = [
  // ── Виброизоляция: 0.47 × 0.75 m, −40…+100 °C ─────────────────────────────
  {
    sku: 'VIB-LT-18',
    slug: 'vibro-lajt-1-8',
    category: 'vibroizolyaciya',
    title: 'Вибро Лайт 1.8',
    description:
      'Лёгкий вибропоглотитель на бутиловой основе с алюминиевой фольгой 60 мкм. Подходит для крыши, капота и крышки багажника, где важен малый вес. Наклеивается на обезжиренный металл и прикатывается роликом.',
    priceRub: 320,
    popularity: 80,
    attributes: {
      thickness_mm: 1.8,
      ...VIB_SHEET,
      mass_kg_m2: 2.2,
      loss_factor: 0.2,
      foil_um: 60,
      temp_min_c: -40,
      temp_max_c: 100,
      adhesive: 'бутил',
      material: 'бутиловая мастика',
      layer: 'vibration',
      unit: 'лист',
    },
  },
  {
    sku: 'VIB-STD-22',
    slug: 'vibro-standart-2-2',
    category: 'vibroizolyaciya',
    title: 'Вибро Стандарт 2.2',
    description:
      'Универсальный вибропоглотитель на бутиловой основе с фольгой 80 мкм. Применяется на дверях, крыше, полу и в багажнике. Наклеивается на обезжиренный металл и плотно прикатывается роликом.',
    priceRub: 380,
    popularity: 100,
    attributes: {
      thickness_mm: 2.2,
      ...VIB_SHEET,
      mass_kg_m2: 2.9,
      loss_factor: 0.28,
      foil_um: 80,
      temp_min_c: -40,
      temp_max_c: 100,
      adhesive: 'бутил',
      material: 'бутиловая мастика',
      layer: 'vibration',
      unit: 'лист',
    },
  },
  {
    sku: 'VIB-OPT-30',
    slug: 'vibro-optima-3-0',
    category: 'vibroizolyaciya',
    title: 'Вибро Оптима 3.0',
    description:
      'Вибропоглотитель толщиной 3 мм с фольгой 100 мкм. Рекомендуется для пола, тоннеля, багажника и моторного щита. Монтируется на чистый металл с прикаткой роликом, в холодное время — с прогревом феном.',
    priceRub: 490,
    popularity: 95,
    attributes: {
      thickness_mm: 3,
      ...VIB_SHEET,
      mass_kg_m2: 3.8,
      loss_factor: 0.33,
      foil_um: 100,
      temp_min_c: -40,
      temp_max_c: 100,
      adhesive: 'бутил',
      material: 'бутиловая мастика',
      layer: 'vibration',
      unit: 'лист',
    },
  },
  {
    sku: 'VIB-MAX-40',
    slug: 'vibro-maks-4-0',
    category: 'vibroizolyaciya',
    title: 'Вибро Макс 4.0',
    description:
      'Толстый вибропоглотитель 4 мм для максимального подавления вибраций. Применяется на полу, в багажнике, на моторном щите и арках. Перед монтажом лист желательно прогреть феном, затем прикатать роликом.',
    priceRub: 620,
    popularity: 70,
    attributes: {
      thickness_mm: 4,
      ...VIB_SHEET,
      mass_kg_m2: 5.2,
      loss_factor: 0.4,
      foil_um: 100,
      temp_min_c: -40,
      temp_max_c: 100,
      adhesive: 'бутил',
      material: 'бутиловая мастика',
      layer: 'vibration',
      unit: 'лист',
    },
  },
  {
    sku: 'VIB-PRM-25',
    slug: 'vibro-premium-2-5',
    category: 'vibroizolyaciya',
    title: 'Вибро Премиум 2.5',
    description:
      'Вибропоглотитель с повышенным коэффициентом механических потерь 0,45 при небольшом весе. Подходит для дверей, крыши, пола и багажника. Наклеивается на обезжиренный металл и прикатывается роликом.',
    priceRub: 690,
    popularity: 65,
    attributes: {
      thickness_mm: 2.5,
      ...VIB_SHEET,
      mass_kg_m2: 2.6,
      loss_factor: 0.45,
      foil_um: 100,
      temp_min_c: -40,
      temp_max_c: 100,
      adhesive: 'бутил',
      material: 'бутиловая мастика',
      layer: 'vibration',
      unit: 'лист',
    },
  },
  {
    sku: 'VIB-ARK-42',
    slug: 'vibro-arka-4-2',
    category: 'vibroizolyaciya',
    title: 'Вибро Арка 4.2',
    description:
      'Тяжёлый битум-бутиловый вибропоглотитель для колёсных арок. Клеится на арки со стороны салона и багажника, а также на подкрылки. Перед монтажом прогревается феном и прикатывается роликом.',
    priceRub: 560,
    popularity: 60,
    attributes: {
      thickness_mm: 4.2,
      ...VIB_SHEET,
      mass_kg_m2: 6,
      loss_factor: 0.35,
      foil_um: 100,
      temp_min_c: -40,
      temp_max_c: 100,
      adhesive: 'битум-бутил',
      material: 'битум-бутиловая мастика',
      layer: 'vibration',
      unit: 'лист',
    },
  },

  // ── Шумопоглощение: 0.75 × 1.0 m ─────────────────────────────────────────
  {
    sku: 'ABS-AK-6',
    slug: 'akustik-6',
    category: 'shumopogloshchenie',
    title: 'Акустик 6',
    description:
      'Тонкий шумопоглотитель из пенополиуретана с открытыми порами. Подходит для дверей и под обшивки, где мало места. Клеится на липкий слой поверх виброизоляции.',
    priceRub: 590,
    popularity: 55,
    attributes: {
      thickness_mm: 6,
      ...BIG_SHEET,
      mass_kg_m2: 0.25,
      adhesive: 'акриловый',
      material: 'ППУ',
      layer: 'absorber',
      unit: 'лист',
    },
  },
  {
    sku: 'ABS-AK-10',
    slug: 'akustik-10',
    category: 'shumopogloshchenie',
    title: 'Акустик 10',
    description:
      'Шумопоглотитель 10 мм из пенополиуретана с открытыми порами. Применяется в дверях, на крыше и в багажнике. Клеится на липкий слой поверх виброизоляции.',
    priceRub: 690,
    popularity: 85,
    attributes: {
      thickness_mm: 10,
      ...BIG_SHEET,
      mass_kg_m2: 0.35,
      adhesive: 'акриловый',
      material: 'ППУ',
      layer: 'absorber',
      unit: 'лист',
    },
  },
  {
    sku: 'ABS-AK-15',
    slug: 'akustik-15',
    category: 'shumopogloshchenie',
    title: 'Акустик 15',
    description:
      'Толстый шумопоглотитель 15 мм из пенополиуретана. Применяется на крыше, в багажнике и на полках, где есть запас места под обшивкой. Клеится на липкий слой поверх виброизоляции.',
    priceRub: 890,
    popularity: 45,
    attributes: {
      thickness_mm: 15,
      ...BIG_SHEET,
      mass_kg_m2: 0.45,
      adhesive: 'акриловый',
      material: 'ППУ',
      layer: 'absorber',
      unit: 'лист',
    },
  },
  {
    sku: 'ABS-AK-10F',
    slug: 'akustik-10-folga',
    category: 'shumopogloshchenie',
    title: 'Акустик 10 Фольга',
    description:
      'Шумопоглотитель 10 мм из пенополиуретана с фольгированной поверхностью, отражающей тепло двигателя. Предназначен для капота. Клеится на липкий слой фольгой наружу.',
    priceRub: 790,
    popularity: 50,
    attributes: {
      thickness_mm: 10,
      ...BIG_SHEET,
      mass_kg_m2: 0.45,
      adhesive: 'акриловый',
      material: 'ППУ с фольгой',
      layer: 'absorber',
      unit: 'лист',
    },
  },
  {
    sku: 'ABS-VOI-10',
    slug: 'vojlok-akusticheskij-10',
    category: 'shumopogloshchenie',
    title: 'Войлок акустический 10',
    description:
      'Акустический войлок 10 мм для поглощения воздушного шума. Применяется под обшивками пола, багажника и моторного щита. Клеится на липкий слой поверх виброизоляции.',
    priceRub: 450,
    popularity: 40,
    attributes: {
      thickness_mm: 10,
      ...BIG_SHEET,
      mass_kg_m2: 0.45,
      adhesive: 'акриловый',
      material: 'войлок',
      layer: 'absorber',
      unit: 'лист',
    },
  },

  // ── Звукоизоляция и барьеры ──────────────────────────────────────────────
  {
    sku: 'BAR-IZ-4',
    slug: 'izolyator-4',
    category: 'zvukoizolyaciya',
    title: 'Изолятор 4',
    description:
      'Звуко- и теплоизолятор из вспененного полиэтилена с закрытыми порами толщиной 4 мм. Применяется на внутренней стороне обшивок дверей и под обшивками салона. Клеится на липкий слой.',
    priceRub: 190,
    popularity: 75,
    attributes: {
      thickness_mm: 4,
      ...PE_SHEET,
      mass_kg_m2: 0.12,
      adhesive: 'акриловый',
      material: 'вспененный ПЭ',
      layer: 'barrier',
      unit: 'лист',
    },
  },
  {
    sku: 'BAR-IZ-8',
    slug: 'izolyator-8',
    category: 'zvukoizolyaciya',
    title: 'Изолятор 8',
    description:
      'Звуко- и теплоизолятор из вспененного полиэтилена толщиной 8 мм. Укладывается вторым слоем на пол, в багажник и на арки поверх виброизоляции. Клеится на липкий слой.',
    priceRub: 290,
    popularity: 70,
    attributes: {
      thickness_mm: 8,
      ...PE_SHEET,
      mass_kg_m2: 0.2,
      adhesive: 'акриловый',
      material: 'вспененный ПЭ',
      layer: 'barrier',
      unit: 'лист',
    },
  },
  {
    sku: 'BAR-TSH-10F',
    slug: 'teplo-shumoizolyator-10-f',
    category: 'zvukoizolyaciya',
    title: 'Тепло-шумоизолятор 10 Ф',
    description:
      'Вспененный полиэтилен 10 мм с фольгированным слоем, отражающим тепло. Применяется на моторном щите, тоннеле и под капотом. Клеится на липкий слой фольгой наружу.',
    priceRub: 390,
    popularity: 45,
    attributes: {
      thickness_mm: 10,
      ...BIG_SHEET,
      mass_kg_m2: 0.3,
      adhesive: 'акриловый',
      material: 'вспененный ПЭ с фольгой',
      layer: 'barrier',
      unit: 'лист',
    },
  },
  {
    sku: 'BAR-MEM-2',
    slug: 'barer-2',
    category: 'zvukoizolyaciya',
    title: 'Барьер 2',
    description:
      'Тяжёлая звукоизоляционная мембрана толщиной 2 мм. Укладывается на пол, моторный щит и в багажник поверх шумопоглотителя. Клеится на липкий слой без зазоров между листами.',
    priceRub: 790,
    popularity: 35,
    attributes: {
      thickness_mm: 2,
      ...BIG_SHEET,
      mass_kg_m2: 3.5,
      adhesive: 'акриловый',
      material: 'мембрана',
      layer: 'barrier',
      unit: 'лист',
    },
  },
  {
    sku: 'BAR-MEM-3H',
    slug: 'barer-3-heavy',
    category: 'zvukoizolyaciya',
    title: 'Барьер 3 Heavy',
    description:
      'Утяжелённая звукоизоляционная мембрана толщиной 3 мм для максимальной изоляции от шума дороги и двигателя. Применяется на полу, тоннеле и моторном щите. Клеится на липкий слой внахлёст.',
    priceRub: 990,
    popularity: 25,
    attributes: {
      thickness_mm: 3,
      ...BIG_SHEET,
      mass_kg_m2: 5,
      adhesive: 'акриловый',
      material: 'мембрана',
      layer: 'barrier',
      unit: 'лист',
    },
  },

  // ── Антискрип и уплотнители ──────────────────────────────────────────────
  {
    sku: 'ASQ-LST-5',
    slug: 'antiskrip-list-5-mm',
    category: 'antiskrip',
    title: 'Антискрип лист 5 мм',
    description:
      'Мягкий самоклеящийся материал из пенополиуретана для устранения скрипов пластика. Наклеивается в местах контакта панелей торпедо, дверных карт и консоли.',
    priceRub: 390,
    popularity: 50,
    attributes: {
      thickness_mm: 5,
      ...BIG_SHEET,
      adhesive: 'акриловый',
      material: 'ППУ',
      layer: 'antisqueak',
      unit: 'лист',
    },
  },
  {
    sku: 'ASQ-BIT-5',
    slug: 'antiskrip-bitumnyj-5-mm',
    category: 'antiskrip',
    title: 'Антискрип битумный 5 мм',
    description:
      'Антискрип с битумной пропиткой, устойчивый к влаге и нагреву. Применяется на обратной стороне пластиковых обшивок и в местах крепления панелей.',
    priceRub: 350,
    popularity: 35,
    attributes: {
      thickness_mm: 5,
      ...BIG_SHEET,
      adhesive: 'акриловый',
      material: 'ППУ с битумной пропиткой',
      layer: 'antisqueak',
      unit: 'лист',
    },
  },
  {
    sku: 'ASQ-LNT-15',
    slug: 'lenta-vorsovaya-15-mm-12-m',
    category: 'antiskrip',
    title: 'Лента ворсовая 15 мм × 12 м',
    description:
      'Самоклеящаяся ворсовая лента для устранения скрипов и дребезга пластиковых деталей. Наклеивается на стыки обшивок дверей, торпедо и багажника.',
    priceRub: 260,
    popularity: 60,
    attributes: {
      width_mm: 15,
      length_m: 12,
      adhesive: 'акриловый',
      material: 'войлок',
      layer: 'antisqueak',
      unit: 'рулон',
    },
  },
  {
    sku: 'ASQ-UPL-10',
    slug: 'uplotnitel-lentochnyj-10-mm-5-m',
    category: 'antiskrip',
    title: 'Уплотнитель ленточный 10 мм × 5 м',
    description:
      'Самоклеящийся ленточный уплотнитель из вспененного материала. Заполняет зазоры между панелями салона и уплотняет стыки обшивок.',
    priceRub: 220,
    popularity: 40,
    attributes: {
      width_mm: 10,
      length_m: 5,
      adhesive: 'акриловый',
      material: 'вспененный ПЭ',
      layer: 'antisqueak',
      unit: 'рулон',
    },
  },

  // ── Жидкая шумоизоляция: ≈ 1.5 kg/m² at a 2 mm layer ─────────────────────
  {
    sku: 'LIQ-AER-650',
    slug: 'zhidkaya-shumoizolyaciya-aerozol-650-ml',
    category: 'zhidkaya-shumoizolyaciya',
    title: 'Жидкая шумоизоляция аэрозоль 650 мл',
    description:
      'Жидкая шумоизоляция в аэрозольном баллоне для локальной обработки подкрылков, арок и порогов. Наносится на очищенную сухую поверхность в несколько слоёв.',
    priceRub: 650,
    popularity: 45,
    attributes: {
      volume_ml: 650,
      thickness_mm: 2,
      mass_kg_m2: 1.5,
      material: 'каучуковая мастика',
      layer: 'liquid',
      unit: 'баллон',
    },
  },
  {
    sku: 'LIQ-BNK-1',
    slug: 'zhidkaya-shumoizolyaciya-banka-1-kg',
    category: 'zhidkaya-shumoizolyaciya',
    title: 'Жидкая шумоизоляция банка 1 кг',
    description:
      'Жидкая шумоизоляция для колёсных арок, подкрылков и днища. Наносится кистью или шпателем слоем около 2 мм, расход около 1,5 кг на м².',
    priceRub: 890,
    popularity: 40,
    attributes: {
      net_kg: 1,
      thickness_mm: 2,
      mass_kg_m2: 1.5,
      material: 'каучуковая мастика',
      layer: 'liquid',
      unit: 'банка',
    },
  },
  {
    sku: 'LIQ-VED-5',
    slug: 'zhidkaya-shumoizolyaciya-vedro-5-kg',
    category: 'zhidkaya-shumoizolyaciya',
    title: 'Жидкая шумоизоляция ведро 5 кг',
    description:
      'Жидкая шумоизоляция в ведре для обработки всех арок и днища автомобиля. Наносится шпателем или пистолетом слоем около 2 мм, расход около 1,5 кг на м².',
    priceRub: 3490,
    popularity: 30,
    attributes: {
      net_kg: 5,
      thickness_mm: 2,
      mass_kg_m2: 1.5,
      material: 'каучуковая мастика',
      layer: 'liquid',
      unit: 'ведро',
    },
  },

  // ── Инструменты ──────────────────────────────────────────────────────────
  {
    sku: 'TLS-ROL-30',
    slug: 'rolik-30-mm',
    category: 'instrumenty',
    title: 'Ролик 30 мм',
    description: 'Узкий прикаточный ролик для виброизоляции. Удобен для рёбер жёсткости, углов и труднодоступных мест.',
    priceRub: 390,
    popularity: 55,
    attributes: { width_mm: 30, layer: 'tool', unit: 'шт' },
  },
  {
    sku: 'TLS-ROL-80',
    slug: 'rolik-80-mm',
    category: 'instrumenty',
    title: 'Ролик 80 мм',
    description:
      'Широкий прикаточный ролик для виброизоляции. Обеспечивает плотное прилегание листов на больших ровных поверхностях: пол, крыша, двери.',
    priceRub: 590,
    popularity: 60,
    attributes: { width_mm: 80, layer: 'tool', unit: 'шт' },
  },
  {
    sku: 'TLS-NOZH',
    slug: 'nozh',
    category: 'instrumenty',
    title: 'Нож монтажный',
    description: 'Монтажный нож со сменными лезвиями для раскроя листов виброизоляции, шумопоглотителей и изоляторов.',
    priceRub: 290,
    popularity: 45,
    attributes: { layer: 'tool', unit: 'шт' },
  },
  {
    sku: 'TLS-SEM-5',
    slug: 'nabor-semnikov-5-sht',
    category: 'instrumenty',
    title: 'Набор съёмников 5 шт',
    description: 'Пластиковые съёмники для демонтажа обшивок дверей, панелей и клипс без повреждения пластика и лакокрасочного покрытия.',
    priceRub: 690,
    popularity: 45,
    attributes: { layer: 'tool', unit: 'набор' },
  },
  {
    sku: 'TLS-FEN-2000',
    slug: 'fen-2000-vt',
    category: 'instrumenty',
    title: 'Фен 2000 Вт',
    description:
      'Строительный фен мощностью 2000 Вт для прогрева листов виброизоляции при монтаже в холодное время и на изогнутых поверхностях.',
    priceRub: 2490,
    popularity: 35,
    attributes: { power_w: 2000, layer: 'tool', unit: 'шт' },
  },

  // ── Аксессуары и расходники ──────────────────────────────────────────────
  {
    sku: 'CON-OBZ-1L',
    slug: 'obezzhirivatel-1-l',
    category: 'aksessuary',
    title: 'Обезжириватель 1 л',
    description:
      'Обезжириватель для подготовки металла перед наклейкой виброизоляции. Наносится салфеткой, после испарения поверхность готова к монтажу.',
    priceRub: 350,
    popularity: 55,
    attributes: { volume_ml: 1000, layer: 'consumable', unit: 'шт' },
  },
  {
    sku: 'CON-KLEY-500',
    slug: 'klej-aerozol-500-ml',
    category: 'aksessuary',
    title: 'Клей-аэрозоль 500 мл',
    description: 'Аэрозольный клей для фиксации шумопоглотителей, изоляторов и войлока без клеевого слоя. Распыляется на обе поверхности.',
    priceRub: 590,
    popularity: 35,
    attributes: { volume_ml: 500, layer: 'consumable', unit: 'баллон' },
  },
  {
    sku: 'CON-SKOTCH-50',
    slug: 'folgirovannyj-skotch-50-mm-25-m',
    category: 'aksessuary',
    title: 'Фольгированный скотч 50 мм × 25 м',
    description: 'Алюминиевый скотч для проклейки стыков листов, заделки технологических отверстий и ремонта фольги виброизоляции.',
    priceRub: 350,
    popularity: 40,
    attributes: { width_mm: 50, length_m: 25, layer: 'consumable', unit: 'рулон' },
  },
  {
    sku: 'CON-PERCH',
    slug: 'perchatki',
    category: 'aksessuary',
    title: 'Перчатки монтажные',
    description: 'Перчатки для защиты рук от острых кромок фольги и металла при монтаже шумоизоляции.',
    priceRub: 120,
    popularity: 30,
    attributes: { layer: 'consumable', unit: 'пара' },
  },
];

export const demoKits: DemoKit[] = [
  {
    slug: 'dveri-4',
    title: 'Шумоизоляция 4 дверей',
    description:
      'Комплект для четырёх дверей седана С-класса: виброизоляция металла, шумопоглотитель, изолятор для обшивок и антискрип. Запас 10 % на подрезку включён.',
    zones: ['door-skin', 'door-inner', 'door-trim'],
    discountPercent: 0,
    items: [
      { sku: 'VIB-STD-22', quantity: 11 },
      { sku: 'ABS-AK-10', quantity: 3 },
      { sku: 'BAR-IZ-4', quantity: 6 },
      { sku: 'ASQ-LNT-15', quantity: 2 },
    ],
  },
  {
    slug: 'pol-i-bagazhnik',
    title: 'Шумоизоляция пола и багажника',
    description:
      'Комплект для пола салона с тоннелем и пола багажника: виброизоляция 3 мм и изолятор 8 мм. Запас 10 % на подрезку включён.',
    zones: ['floor', 'boot'],
    discountPercent: 0,
    items: [
      { sku: 'VIB-OPT-30', quantity: 15 },
      { sku: 'BAR-IZ-8', quantity: 12 },
    ],
  },
  {
    slug: 'krysha',
    title: 'Шумоизоляция крыши',
    description:
      'Комплект для крыши: лёгкая виброизоляция между усилителями и шумопоглотитель против шума дождя. Запас 10 % на подрезку включён.',
    zones: ['roof'],
    discountPercent: 0,
    items: [
      { sku: 'VIB-LT-18', quantity: 5 },
      { sku: 'ABS-AK-10', quantity: 3 },
    ],
  },
  {
    slug: 'kapot-i-kryshka-bagazhnika',
    title: 'Шумоизоляция капота и крышки багажника',
    description:
      'Комплект для капота и крышки багажника: лёгкая виброизоляция и фольгированный шумопоглотитель, отражающий тепло двигателя. Запас 10 % на подрезку включён.',
    zones: ['hood', 'boot-lid'],
    discountPercent: 0,
    items: [
      { sku: 'VIB-LT-18', quantity: 5 },
      { sku: 'ABS-AK-10F', quantity: 4 },
    ],
  },
  {
    slug: 'arki',
    title: 'Шумоизоляция колёсных арок',
    description:
      'Комплект для колёсных арок и подкрылков: тяжёлая битум-бутиловая виброизоляция и изолятор 8 мм. Запас 10 % на подрезку включён.',
    zones: ['arches-in', 'arches-out'],
    discountPercent: 0,
    items: [
      { sku: 'VIB-ARK-42', quantity: 9 },
      { sku: 'BAR-IZ-8', quantity: 7 },
    ],
  },
  {
    slug: 'polnyj-sedan',
    title: 'Полная шумоизоляция седана',
    description:
      'Все зоны седана С-класса: двери, пол и багажник, крыша, капот и крышка багажника, арки, а также прикаточный ролик и обезжириватель. Скидка 5 % по сравнению с покупкой по отдельности.',
    zones: ['door-skin', 'door-inner', 'door-trim', 'floor', 'boot', 'roof', 'hood', 'boot-lid', 'arches-in', 'arches-out'],
    discountPercent: 5,
    items: [
      { sku: 'VIB-STD-22', quantity: 11 },
      { sku: 'VIB-OPT-30', quantity: 15 },
      { sku: 'VIB-LT-18', quantity: 10 },
      { sku: 'VIB-ARK-42', quantity: 9 },
      { sku: 'ABS-AK-10', quantity: 6 },
      { sku: 'ABS-AK-10F', quantity: 4 },
      { sku: 'BAR-IZ-4', quantity: 6 },
      { sku: 'BAR-IZ-8', quantity: 19 },
      { sku: 'ASQ-LNT-15', quantity: 2 },
      { sku: 'TLS-ROL-80', quantity: 1 },
      { sku: 'CON-OBZ-1L', quantity: 1 },
    ],
  },
];

export const demoCities: DemoCity[] = [
  { site: 'ru', title: 'Москва', region: 'Москва', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Санкт-Петербург', region: 'Санкт-Петербург', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Новосибирск', region: 'Новосибирская область', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Екатеринбург', region: 'Свердловская область', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Казань', region: 'Республика Татарстан', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Нижний Новгород', region: 'Нижегородская область', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Краснодар', region: 'Краснодарский край', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Самара', region: 'Самарская область', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Ростов-на-Дону', region: 'Ростовская область', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Уфа', region: 'Республика Башкортостан', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Воронеж', region: 'Воронежская область', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Пермь', region: 'Пермский край', url: 'https://tihoavto.ru/' },
  { site: 'ru', title: 'Якутск', region: 'Республика Саха (Якутия)', url: null },
  { site: 'ru', title: 'Магадан', region: 'Магаданская область', url: null },
  { site: 'kz', title: 'Алматы', region: 'Алматы', url: 'https://tihoavto.kz/' },
  { site: 'kz', title: 'Астана', region: 'Астана', url: 'https://tihoavto.kz/' },
  { site: 'kz', title: 'Шымкент', region: 'Шымкент', url: 'https://tihoavto.kz/' },
  { site: 'kz', title: 'Караганда', region: 'Карагандинская область', url: 'https://tihoavto.kz/' },
  { site: 'md', title: 'Кишинёв', region: 'Кишинёв', url: 'https://tihoavto.md/' },
  { site: 'md', title: 'Бельцы', region: 'Бельцы', url: 'https://tihoavto.md/' },
  { site: 'uz', title: 'Ташкент', region: 'Ташкент', url: 'https://tihoavto.uz/' },
  { site: 'uz', title: 'Самарканд', region: 'Самаркандская область', url: 'https://tihoavto.uz/' },
  { site: 'uz', title: 'Бухара', region: 'Бухарская область', url: 'https://tihoavto.uz/' },
  { site: 'kg', title: 'Бишкек', region: 'Бишкек', url: 'https://tihoavto.kg/' },
  { site: 'kg', title: 'Ош', region: 'Ош', url: 'https://tihoavto.kg/' },
];

/**
 * site 'default' applies to every site unless a site-specific row with the same code exists. No headerPhone, footersocial
 * or policy row: the header phone, social links and policy line come from the site's config in the page's language
 * (migration 025); a row an owner adds overrides them (spec §2).
 */
export const demoWidgets: DemoWidget[] = [
  { code: 'onlineChat', site: 'default', html: '' },
  {
    code: 'modal',
    site: 'test',
    html: '<div class="test-site-notice"><p><strong>Это тестовый сайт.</strong> Заказы, оформленные здесь, не обрабатываются и не доставляются.</p></div>',
  },
];

/** RUB → site currency factor, from domain.md (ru 1, kz 5.6, md 0.2, uz 140, kg 0.98). */
export const priceFactors: Record<'ru' | 'kz' | 'md' | 'uz' | 'kg' | 'test', number> = {
  ru: 1,
  kz: 5.6,
  md: 0.2,
  uz: 140,
  kg: 0.98,
  test: 1,
};

/** Demo stock: every product has `20 + popularity` units in stock, except these, which are made to order (0). */
export const demoOnOrder: readonly string[] = ['VIB-PRM-25', 'BAR-MEM-3H', 'TLS-FEN-2000'];

/**
 * Shipping weight (kg per unit) of the demo products whose attributes give no mass (tools, tapes, liquids by volume);
 * the others weigh sheet area × kg/m² or their net mass (migration 009, seed). A full sedan kit weighs ≈ 64 kg.
 */
export const demoWeightsKg: Readonly<Record<string, number>> = {
  'ASQ-LST-5': 0.4,
  'ASQ-BIT-5': 1.2,
  'ASQ-LNT-15': 0.1,
  'ASQ-UPL-10': 0.1,
  'LIQ-AER-650': 0.75,
  'TLS-ROL-30': 0.15,
  'TLS-ROL-80': 0.3,
  'TLS-NOZH': 0.1,
  'TLS-SEM-5': 0.25,
  'TLS-FEN-2000': 1.1,
  'CON-OBZ-1L': 1,
  'CON-KLEY-500': 0.55,
  'CON-SKOTCH-50': 0.3,
  'CON-PERCH': 0.05,
};
