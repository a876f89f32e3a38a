/**
 * Demo info pages and FAQ entries (issue 12) from ../shared/domain.md, as Markdown files with front matter: about,
 * about noise insulation with three sub-pages, payment and returns per country, twelve FAQ entries; the most visited of
 * them (about, about noise insulation and its sub-pages, payment and returns, the FAQ) in English as well.
 */

export const demoPages: string[] = [
  `---
kind: page
slug: about
title: О компании
summary: ТихоАвто — материалы и готовые комплекты для шумоизоляции автомобиля с доставкой по России, Казахстану, Молдове, Узбекистану и Кыргызстану.
---
**ТихоАвто** продаёт материалы для шумоизоляции автомобиля: вибропоглотители, шумопоглотители, звукоизоляторы и барьеры, антискрип, жидкую шумоизоляцию, инструменты и расходники. Мы собираем готовые комплекты по зонам кузова и считаем, сколько материала нужно именно вашей машине.

## Что мы делаем

- Подбираем материалы под задачу: от дверей под новую акустику до полной шумоизоляции кузова.
- Считаем листы, цену и вес в [калькуляторе](/calc) и [конструкторе](/constructor).
- Отправляем заказы в пять стран; у каждой страны свой сайт, цены в местной валюте и свои способы оплаты и доставки.
- Работаем с установочными центрами и магазинами по [партнёрской программе](/stat-partnerom).

## Почему нам доверяют

Мы сами клеим то, что продаём: каждая позиция каталога проверена на наших машинах, а характеристики — толщина, вес на квадратный метр, коэффициент потерь — указаны в карточке товара. Если сомневаетесь в выборе, позвоните или напишите: подскажем, что клеить и в каком порядке.
`,
  `---
kind: page
slug: about
language: en
title: About us
summary: TihoAvto sells car sound-deadening materials and ready kits, delivered across Russia, Kazakhstan, Moldova, Uzbekistan and Kyrgyzstan.
---
**TihoAvto** sells materials for car sound deadening: vibration dampers, sound absorbers, insulation and barrier layers, anti-squeak tapes, liquid insulation, tools and consumables. We put together ready kits per body zone and work out how much material your car needs.

## What we do

- Match materials to the job, from doors for a new audio system to a whole body.
- Count sheets, price and weight in the [calculator](/calc) and the [constructor](/constructor).
- Ship to five countries, each with its own site, prices in local currency, payment and delivery options.
- Work with installation centres and shops through the [partner programme](/stat-partnerom).
`,
  `---
kind: page
slug: about_noise_insulation
title: О шумоизоляции
summary: Как работает шумоизоляция автомобиля, какие бывают материалы и с чего начать — коротко о главном и ссылки на подробные разделы.
---
Шумоизоляция делает салон тише за счёт трёх разных физических эффектов: она **гасит вибрацию** металла, **поглощает** звук в воздушных полостях и **отражает** шум, идущий снаружи. Каждый эффект даёт свой материал, и только вместе они работают в полную силу.

## С чего начать

1. **Двери** — самая доступная зона: заметно лучше звучит музыка, дверь закрывается глухо.
2. **Пол и багажник** — отсюда приходит гул шин и дороги.
3. **Арки** — главный источник шума на зимней резине и гравии.
4. **Крыша и капот** — шум дождя и мотора.

## Подробнее о материалах

Разделы ниже объясняют, как устроен каждый слой и как его выбрать. Пошаговые инструкции — в [статьях](/stati), а количество материала для вашей машины посчитает [калькулятор](/calc).
`,
  `---
kind: page
slug: about_noise_insulation/vibropogloshchenie
title: Вибропоглощение
summary: Что такое вибропоглотитель, как читать его характеристики — толщину, вес и коэффициент потерь — и какой лист выбрать для разных зон.
sort: 1
products: [VIB-LT-18, VIB-STD-22, VIB-OPT-30, VIB-PRM-25]
---
Вибропоглотитель — это слой бутиловой мастики с алюминиевой фольгой. Его клеят прямо на металл, и он превращает колебания панели в тепло: металл перестаёт резонировать и передавать шум в салон.

## Как выбрать

| Лист | Толщина, мм | Вес, кг/м² | Коэф. потерь | Куда |
|---|---|---|---|---|
| Вибро Лайт 1.8 | 1,8 | 2,2 | 0,20 | крыша, капот |
| Вибро Стандарт 2.2 | 2,2 | 2,9 | 0,28 | двери |
| Вибро Оптима 3.0 | 3,0 | 3,8 | 0,33 | пол, багажник |
| Вибро Премиум 2.5 | 2,5 | 2,6 | 0,45 | везде, где важен вес |

Чем выше коэффициент механических потерь, тем лучше лист гасит вибрацию. Толщина и вес сами по себе не показатель: лёгкий лист с высоким коэффициентом работает лучше тяжёлого с низким.
`,
  `---
kind: page
slug: about_noise_insulation/shumopogloshchenie
title: Шумопоглощение
summary: Как работают шумопоглотители с открытыми порами, где они нужны в автомобиле и почему их кладут поверх вибропоглотителя.
sort: 2
products: [ABS-AK-6, ABS-AK-10, ABS-AK-15, ABS-AK-10F]
---
Шумопоглотитель — пористый материал с открытыми ячейками: поролон или войлок. Звуковая волна входит в поры, трётся о стенки и теряет энергию. Поэтому он работает там, где есть **воздушный объём**: внутри дверей, между крышей и потолком, под обшивкой багажника.

## Толщина и зоны

- **6 мм** — под тонкие обшивки и на крышу.
- **10 мм** — универсальная толщина для дверей и багажника.
- **15 мм** — для объёмных полостей и задних полок.
- **10 мм с фольгой** — для капота: фольга отражает тепло двигателя.

Шумопоглотитель не клеят прямо на металл и не сжимают обшивкой: сжатые поры перестают работать.
`,
  `---
kind: page
slug: about_noise_insulation/zvukoizolyaciya
title: Звукоизоляция и барьеры
summary: Чем звукоизолятор отличается от шумопоглотителя, когда нужен тяжёлый барьер и как закрыть пол, моторный щит и арки.
sort: 3
products: [BAR-IZ-4, BAR-IZ-8, BAR-MEM-2, BAR-MEM-3H]
---
Звукоизолятор **отражает** звук, а не поглощает его. Это закрытоячеистый вспененный полиэтилен (лёгкий, 0,12–0,30 кг/м²) или тяжёлая мембрана (3,5–5 кг/м²). Чем тяжелее и плотнее слой, тем лучше он держит низкие частоты.

## Где какой

- **Изолятор 4 и 8 мм** — двери, пол, багажник: не впитывает воду, заодно утепляет.
- **Тепло-шумоизолятор 10 Ф** — крыша и капот, где нужна ещё и теплоизоляция.
- **Барьер 2 и 3 Heavy** — моторный щит, пол под ногами, арки изнутри салона: там, откуда идёт самый громкий шум.

Барьер работает, только если закрывает зону сплошным слоем без щелей: звук проходит через любое отверстие.
`,
  `---
kind: page
slug: oplata-i-vozvraty
title: Оплата и возврат
summary: Как оплатить и получить заказ в России — способы, которые сейчас принимает форма заказа, — и правила возврата товара, купленного дистанционно.
---
## Возврат товара

Товар куплен дистанционно, поэтому действуют правила продажи товаров дистанционным способом (ст. 26.1 Закона «О защите прав потребителей»):

- Вы можете **отказаться от заказа в любое время до его получения**.
- После получения — **в течение 7 дней**, если товар не был в употреблении и сохранены его вид, упаковка и документ об оплате.
- Если письменные условия возврата не были переданы вместе с товаром, срок увеличивается до **3 месяцев**.
- Деньги возвращаем **в течение 10 дней** со дня получения требования; стоимость обратной доставки оплачивает покупатель.
- Материал, **отрезанный от рулона** по вашему размеру, может быть не подлежащим возврату: он изготовлен по индивидуальному заказу.

Товар с недостатком примем и заменим или вернём деньги в сроки, установленные законом. Чтобы оформить возврат, напишите на почту магазина или позвоните — контакты на странице [о компании](/about#contacts).
`,
  `---
kind: page
slug: oplata-i-vozvraty
site: kz
title: Оплата и возврат
summary: Как оплатить и получить заказ на tihoavto.kz и условия возврата товара в Казахстане.
---
## Возврат товара

Товар надлежащего качества можно вернуть в течение **14 дней** с момента получения, если он не был в употреблении и сохранены упаковка и чек (Закон РК «О защите прав потребителей»). Деньги возвращаем тем же способом, которым был оплачен заказ. Материал, отрезанный по вашему размеру, возврату не подлежит. Для возврата свяжитесь с нами — контакты на странице [о компании](/about#contacts).
`,
  `---
kind: page
slug: oplata-i-vozvraty
site: md
title: Оплата и возврат
summary: Как оплатить и получить заказ на tihoavto.md и условия возврата товара в Молдове.
---
## Возврат товара

Товар, купленный дистанционно, можно вернуть в течение **14 календарных дней** после получения без объяснения причин, если он не был в употреблении. Деньги возвращаем в течение 14 дней после получения товара обратно. Материал, отрезанный по вашему размеру, возврату не подлежит. Контакты — на странице [о компании](/about#contacts).
`,
  `---
kind: page
slug: oplata-i-vozvraty
site: uz
title: Оплата и возврат
summary: Как оплатить и получить заказ на tihoavto.uz и условия возврата товара в Узбекистане.
---
## Возврат товара

Товар надлежащего качества можно обменять или вернуть в течение **10 дней** после получения, если он не был в употреблении и сохранены упаковка и чек. Материал, отрезанный по вашему размеру, возврату не подлежит. Контакты — на странице [о компании](/about#contacts).
`,
  `---
kind: page
slug: oplata-i-vozvraty
site: kg
title: Оплата и возврат
summary: Как оплатить и получить заказ на tihoavto.kg и условия возврата товара в Кыргызстане.
---
## Возврат товара

Товар надлежащего качества можно обменять или вернуть в течение **14 дней** после получения, если он не был в употреблении и сохранены упаковка и чек. Материал, отрезанный по вашему размеру, возврату не подлежит. Контакты — на странице [о компании](/about#contacts).
`,
  `---
kind: page
slug: stat-partnerom
title: Стать партнёром
summary: Партнёрская программа ТихоАвто для установочных центров, магазинов, региональных дистрибьюторов и рекомендателей — скидки от 15 % до 35 %, обучение, образцы и заявки из калькулятора.
---
Мы ищем партнёров, которые устанавливают шумоизоляцию или продают её в своём городе. Работаем с компаниями и ИП в России, Казахстане, Молдове, Узбекистане и Кыргызстане.

## Кому подходит

- **Установочный центр** — делаете шумоизоляцию автомобилей и хотите стабильные поставки по цене партнёра.
- **Магазин или дилер** — продаёте автотовары и материалы для шумоизоляции.
- **Региональный дистрибьютор** — берёте на себя поставки в регион и работу с местными магазинами.
- **Реферальный партнёр** — рекомендуете нас клиентам и получаете вознаграждение с их заказов.

## Условия

| Объём | Скидка |
|---|---|
| Первый заказ от 30 000 ₽ | 15 % |
| От 100 000 ₽ в месяц | 20–25 % |
| Дистрибьютор | 30–35 % |

## Что получает партнёр

- Отметку на [карте «Где купить»](/map) — покупатели вашего города найдут вас сами.
- Демонстрационные стенды и образцы материалов.
- Обучение монтажу для ваших мастеров.
- Заявки покупателей из [калькулятора](/calc) и со страницы установки.

Заполните заявку — менеджер свяжется с вами в течение двух рабочих дней и пришлёт договор и прайс-лист.
`,
  `---
kind: page
slug: handmade
title: Установка шумоизоляции
summary: Запишитесь на установку шумоизоляции в партнёрском центре ТихоАвто — двери, пол, крыша, капот, арки; материалы по ценам магазина и гарантия на работу.
---
Не хотите клеить сами — доверьте работу нашим партнёрам. Установочные центры ТихоАвто работают с нашими материалами каждый день и знают, как разобрать салон без сломанных клипс и скрипов после сборки.

## Как это работает

1. Оставьте заявку: автомобиль, зоны, удобная дата, город и телефон.
2. Мы подберём ближайший центр-партнёр и позвоним, чтобы подтвердить дату и стоимость.
3. Материалы для работы центр получает от нас по ценам магазина — вы не переплачиваете.
4. После работы центр даёт гарантию на монтаж.

## Сколько времени займёт

| Зоны | Время |
|---|---|
| Двери ×4 | 4–6 часов |
| Пол и багажник | 1 день |
| Полный седан | 2–3 дня |

Адреса центров — на [карте «Где купить»](/map). Количество материала и ориентировочную цену заранее покажет [калькулятор](/calc).
`,
  // English texts of the most visited pages (the /en shop): same slugs, `language: en`; other pages fall back to Russian.
  `---
kind: page
slug: about_noise_insulation
language: en
title: About sound deadening
summary: How car sound deadening works, which materials there are and where to start — the essentials in brief, with links to the detailed sections.
---
Sound deadening makes a cabin quieter through three different physical effects: it **damps the vibration** of the metal, **absorbs** sound in air cavities and **blocks** noise coming from outside. Each effect needs its own material, and only together do they work at full strength.

## Where to start

1. **Doors** — the easiest zone to begin with: music sounds noticeably better and the door closes with a solid thud.
2. **Floor and boot** — this is where tyre and road rumble comes from.
3. **Wheel arches** — the main source of noise on winter tyres and gravel.
4. **Roof and bonnet** — rain drumming and engine noise.

## More about the materials

The sections below explain how each layer works and how to choose it. Step-by-step guides are in the [articles](/stati), and the [calculator](/calc) works out how much material your car needs.
`,
  `---
kind: page
slug: about_noise_insulation/vibropogloshchenie
language: en
title: Vibration damping
summary: What a vibration damper is, how to read its specifications — thickness, weight and loss factor — and which sheet to choose for each zone.
sort: 1
products: [VIB-LT-18, VIB-STD-22, VIB-OPT-30, VIB-PRM-25]
---
A vibration damper is a layer of butyl mastic with an aluminium foil face. It is stuck directly onto the metal and turns the panel's vibration into heat: the metal stops resonating and no longer carries noise into the cabin.

## How to choose

| Sheet | Thickness, mm | Weight, kg/m² | Loss factor | Where |
|---|---|---|---|---|
| Vibro Light 1.8 | 1.8 | 2.2 | 0.20 | roof, bonnet |
| Vibro Standard 2.2 | 2.2 | 2.9 | 0.28 | doors |
| Vibro Optima 3.0 | 3.0 | 3.8 | 0.33 | floor, boot |
| Vibro Premium 2.5 | 2.5 | 2.6 | 0.45 | anywhere weight matters |

The higher the mechanical loss factor, the better a sheet damps vibration. Thickness and weight alone say little: a light sheet with a high loss factor outperforms a heavy one with a low factor.
`,
  `---
kind: page
slug: about_noise_insulation/shumopogloshchenie
language: en
title: Sound absorption
summary: How open-cell sound absorbers work, where a car needs them and why they go on top of the vibration damper.
sort: 2
products: [ABS-AK-6, ABS-AK-10, ABS-AK-15, ABS-AK-10F]
---
A sound absorber is a porous material with open cells: foam or felt. A sound wave enters the pores, rubs against their walls and loses energy. That is why it works wherever there is an **air cavity**: inside the doors, between the roof and the headliner, under the boot trim.

## Thickness and zones

- **6 mm** — under thin trims and on the roof.
- **10 mm** — the all-round thickness for doors and the boot.
- **15 mm** — for large cavities and the rear parcel shelf.
- **10 mm with foil** — for the bonnet: the foil reflects engine heat.

Never stick a sound absorber straight onto bare metal or squeeze it under a trim panel: compressed pores stop working.
`,
  `---
kind: page
slug: about_noise_insulation/zvukoizolyaciya
language: en
title: Sound insulation and barriers
summary: How a sound insulator differs from an absorber, when you need a heavy barrier, and how to cover the floor, the firewall and the arches.
sort: 3
products: [BAR-IZ-4, BAR-IZ-8, BAR-MEM-2, BAR-MEM-3H]
---
A sound insulator **reflects** sound rather than absorbing it. It is either closed-cell polyethylene foam (light, 0.12–0.30 kg/m²) or a heavy membrane (3.5–5 kg/m²). The heavier and denser the layer, the better it holds back low frequencies.

## Which one where

- **Izolator 4 and 8 mm** — doors, floor, boot: it does not soak up water and adds thermal insulation.
- **Heat and sound insulator 10 F** — roof and bonnet, where you also need protection from heat.
- **Barrier 2 and 3 Heavy** — the firewall, the floor under your feet and the arches from inside the cabin: where the loudest noise comes from.

A barrier only works when it covers the zone as one continuous layer without gaps: sound passes through any opening.
`,
  `---
kind: page
slug: oplata-i-vozvraty
language: en
title: Payment and returns
summary: How to pay for and receive an order in Russia — the methods the order form takes right now — and the rules for returning goods bought at a distance.
---
## Returns

Orders are placed at a distance, so the rules for distance selling apply (Article 26.1 of the Russian Law on Consumer Rights Protection):

- You can **cancel an order at any time before you receive it**.
- After receipt — **within 7 days**, provided the goods have not been used and their presentation, packaging and proof of payment are kept.
- If the written return conditions were not supplied with the goods, this period extends to **3 months**.
- We refund the money **within 10 days** of receiving your request; the cost of return shipping is paid by the buyer.
- Material **cut from a roll** to your size may not be returnable: it was made to your individual order.

Goods with a defect will be exchanged or refunded within the terms set by law. To arrange a return, write to the shop's e-mail or call us — the contacts are on the [about us](/about#contacts) page.
`,
];

/** [slug, question, answer] in the order shown. */
const faq: [string, string, string][] = [
  [
    'poryadok-sloev',
    'В каком порядке клеить слои?',
    'От металла к салону: вибропоглотитель, затем шумопоглотитель там, где есть воздушный объём, затем звукоизолятор и под пластик — антискрип. Подробно — в статье [«Слои шумоизоляции и их порядок»](/stati/sloi-shumoizolyacii).',
  ],
  [
    'skolko-listov',
    'Сколько листов нужно на мой автомобиль?',
    'Зависит от кузова и зон. Для седана на четыре двери уходит около 11 листов вибропоглотителя, на пол и багажник — 15. Точное количество для вашей модели посчитает [калькулятор](/calc).',
  ],
  [
    'sploshnoe-pokrytie',
    'Нужно ли клеить вибропоглотитель сплошным слоем?',
    'Пол, багажник, арки и моторный щит — да, на 100 %. Двери — на 70–100 %, крышу — на 60–80 %, капот и крышку багажника — на 50–70 % между рёбрами. Шумопоглотитель и изолятор кладут сплошным слоем.',
  ],
  [
    'temperatura',
    'При какой температуре можно клеить?',
    'Кузов и помещение — не холоднее +15 °C. Лист перед прикаткой прогревают строительным феном до +40…+50 °C, тогда бутил плотно ложится на рельеф панели.',
  ],
  [
    'ves',
    'Сколько добавит веса шумоизоляция?',
    'Полная шумоизоляция седана — около 60 кг, двери — около 12 кг. Сэкономить вес помогает лёгкий лист с высоким коэффициентом потерь, например Вибро Премиум 2.5 (2,6 кг/м²).',
  ],
  [
    'korroziya',
    'Не начнёт ли металл ржаветь под материалом?',
    'Нет, если клеить на чистый обезжиренный металл: бутил герметично закрывает поверхность от влаги. Не перекрывайте дренажные отверстия в дверях и на полу — через них уходит вода.',
  ],
  [
    'garantiya',
    'Какой срок хранения и гарантия?',
    'До наклейки материалы хранятся 12 месяцев в сухом месте при комнатной температуре, в заводской упаковке. Наклеенный по технологии материал служит весь срок жизни автомобиля.',
  ],
  [
    'sroki-dostavki',
    'Сколько идёт доставка?',
    'По Москве — 1–2 дня, по России СДЭК и Boxberry — 2–7 дней, Почтой России — до 14 дней. Тяжёлые комплекты отправляем ПЭК или Деловыми Линиями. В другие страны сроки указаны на странице [оплаты и доставки](/oplata-i-vozvraty).',
  ],
  [
    'oplata-pri-poluchenii',
    'Можно ли оплатить при получении или по счёту?',
    'Да. В России доступна оплата при получении наличными или картой, а юридические лица могут оплатить по счёту — укажите ИНН и КПП при оформлении заказа.',
  ],
  [
    'vozvrat-otrezannogo',
    'Можно ли вернуть материал, отрезанный от рулона?',
    'Материал, отрезанный по вашему размеру, изготовлен по индивидуальному заказу и может не подлежать возврату. Целые листы и рулоны в заводской упаковке можно вернуть в течение 7 дней после получения — подробно на странице [оплаты и возврата](/oplata-i-vozvraty).',
  ],
  [
    'ustanovka',
    'Где сделать шумоизоляцию, если не хочу сам?',
    'Оставьте заявку на странице [установки](/handmade): подберём установочный центр-партнёр в вашем городе и согласуем дату. Адреса партнёров — на [карте](/map).',
  ],
  [
    'instrumenty',
    'Какие инструменты понадобятся?',
    'Прикаточный ролик, набор съёмников обшивки, нож, обезжириватель и перчатки; в холодном гараже — строительный фен. Всё это есть в разделе [инструменты](/instrumenty).',
  ],
];

/** The same questions in English (the /en shop), by the same slugs: [slug, question, answer]. */
const faqEn: [string, string, string][] = [
  [
    'poryadok-sloev',
    'In what order do the layers go?',
    'From the metal towards the cabin: vibration damper first, then a sound absorber wherever there is an air cavity, then a sound insulator, and anti-squeak tape under the plastic trims. The details are in the article [“Sound-deadening layers and their order”](/stati/sloi-shumoizolyacii).',
  ],
  [
    'skolko-listov',
    'How many sheets does my car need?',
    'It depends on the body and the zones. Four doors of a saloon take about 11 sheets of vibration damper, the floor and boot about 15. The [calculator](/calc) gives the exact amount for your model.',
  ],
  [
    'sploshnoe-pokrytie',
    'Does the vibration damper have to cover the whole surface?',
    'On the floor, boot, arches and firewall — yes, 100 %. Doors need 70–100 %, the roof 60–80 %, the bonnet and boot lid 50–70 % between the ribs. Sound absorbers and insulators go on as one continuous layer.',
  ],
  [
    'temperatura',
    'At what temperature can I apply it?',
    'The body and the room should be no colder than +15 °C. Before rolling, warm each sheet with a heat gun to +40…+50 °C so the butyl follows every contour of the panel.',
  ],
  [
    'ves',
    'How much weight does sound deadening add?',
    'A complete saloon adds about 60 kg, the doors alone about 12 kg. A light sheet with a high loss factor saves weight — for example Vibro Premium 2.5 (2.6 kg/m²).',
  ],
  [
    'korroziya',
    'Will the metal rust under the material?',
    'No, as long as you apply it to clean, degreased metal: butyl seals the surface against moisture. Keep the drain holes in the doors and the floor open — that is where water leaves.',
  ],
  [
    'garantiya',
    'What is the shelf life and the warranty?',
    'Before application the materials keep for 12 months in their original packaging in a dry place at room temperature. Once applied correctly, the material lasts as long as the car.',
  ],
  [
    'sroki-dostavki',
    'How long does delivery take?',
    'Within Moscow 1–2 days, across Russia with CDEK and Boxberry 2–7 days, with Russian Post up to 14 days. Heavy kits travel with PEK or Delovye Linii. Delivery times to other countries are on the [payment and delivery](/oplata-i-vozvraty) page.',
  ],
  [
    'oplata-pri-poluchenii',
    'Can I pay on delivery or by invoice?',
    'Yes. In Russia you can pay cash or by card on delivery, and companies can pay by invoice — give your INN and KPP when placing the order.',
  ],
  [
    'vozvrat-otrezannogo',
    'Can I return material cut from a roll?',
    'Material cut to your size is made to your individual order and may not be returnable. Whole sheets and rolls in their original packaging can be returned within 7 days of receipt — see [payment and returns](/oplata-i-vozvraty).',
  ],
  [
    'ustanovka',
    'Where can I have it installed if I do not want to do it myself?',
    'Leave a request on the [installation](/handmade) page: we will find a partner installation centre in your city and agree on a date. Partner addresses are on the [map](/map).',
  ],
  [
    'instrumenty',
    'Which tools will I need?',
    'A roller, a set of trim removal tools, a knife, degreaser and gloves; in a cold garage, a heat gun as well. You will find all of them in the [tools](/instrumenty) section.',
  ],
];

/** FAQ entries as content files: [slug, question, answer] in the order shown, in `language` (none: Russian). */
export function faqFiles(entries: ReadonlyArray<readonly [string, string, string]>, language?: string): string[] {
  return entries.map(
    ([slug, question, answer], i) => `---
kind: faq
slug: ${slug}
${language ? `language: ${language}\n` : ''}title: ${JSON.stringify(question)}
sort: ${i + 1}
---
${answer}
`,
  );
}

export const demoFaq: string[] = [...faqFiles(faq), ...faqFiles(faqEn, 'en')];
