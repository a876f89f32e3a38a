/** The demo's info pages and FAQ in Uzbek (uz), LATIN script (issue 20, item 2): loaded by the demo seed with the others. */
import type { ContentTranslation } from './types.ts';

export const content: ContentTranslation = {
  pages: [
    `---
kind: page
slug: about
language: uz
title: Kompaniya haqida
summary: TihoAvto — avtomobil shovqin izolyatsiyasi uchun materiallar va tayyor toʻplamlar, Rossiya, Qozogʻiston, Moldova, Oʻzbekiston va Qirgʻizistonga yetkazib berish bilan.
---
**TihoAvto** avtomobil shovqin izolyatsiyasi uchun materiallar sotadi: tebranish yutgichlar, shovqin yutgichlar, tovush izolyatorlari va baryerlar, gʻijirlashga qarshi materiallar, suyuq shovqin izolyatsiyasi, asboblar va sarf materiallari. Biz kuzov zonalari boʻyicha tayyor toʻplamlar yigʻamiz va aynan sizning avtomobilingizga qancha material kerakligini hisoblab beramiz.

## Nima bilan shugʻullanamiz

- Materiallarni vazifaga qarab tanlaymiz: yangi akustika uchun eshiklardan tortib butun kuzovning toʻliq shovqin izolyatsiyasigacha.
- Varaqlar soni, narxi va ogʻirligini [kalkulyator](/calc) va [konstruktor](/constructor) yordamida hisoblaymiz.
- Buyurtmalarni beshta davlatga joʻnatamiz; har bir davlatning oʻz sayti, mahalliy valyutadagi narxlari hamda oʻz toʻlov va yetkazib berish usullari bor.
- Oʻrnatish markazlari va doʻkonlar bilan [hamkorlik dasturi](/stat-partnerom) asosida ishlaymiz.

## Nega bizga ishonishadi

Biz sotayotgan narsamizni oʻzimiz yopishtiramiz: katalogdagi har bir mahsulot oʻz avtomobillarimizda sinab koʻrilgan, uning xususiyatlari — qalinligi, bir kvadrat metrining ogʻirligi, yoʻqotishlar koeffitsiyenti — esa mahsulot kartochkasida koʻrsatilgan. Tanlovda ikkilansangiz, qoʻngʻiroq qiling yoki yozing: nimani va qaysi tartibda yopishtirishni maslahat beramiz.
`,
    `---
kind: page
slug: about_noise_insulation
language: uz
title: Shovqin izolyatsiyasi haqida
summary: Avtomobil shovqin izolyatsiyasi qanday ishlaydi, qanday materiallar boʻladi va nimadan boshlash kerak — eng muhimi qisqacha va batafsil boʻlimlarga havolalar.
---
Shovqin izolyatsiyasi salonni uchta turli fizik effekt hisobiga jimroq qiladi: u metallning **tebranishini soʻndiradi**, havo boʻshliqlaridagi tovushni **yutadi** va tashqaridan keladigan shovqinni **qaytaradi**. Har bir effektni oʻz materiali beradi va ular faqat birgalikda toʻliq kuch bilan ishlaydi.

## Nimadan boshlash kerak

1. **Eshiklar** — eng qulay zona: musiqa sezilarli darajada yaxshiroq yangraydi, eshik esa boʻgʻiq ovoz bilan yopiladi.
2. **Pol va yukxona** — shinalar va yoʻlning gʻuvillashi aynan shu yerdan keladi.
3. **Arkalar** — qishki shinalarda va shagʻal yoʻlda shovqinning asosiy manbai.
4. **Tom va kapot** — yomgʻir va motor shovqini.

## Materiallar haqida batafsil

Quyidagi boʻlimlarda har bir qatlam qanday tuzilgani va uni qanday tanlash kerakligi tushuntiriladi. Bosqichma-bosqich koʻrsatmalar [maqolalarda](/stati) berilgan, avtomobilingiz uchun kerakli material miqdorini esa [kalkulyator](/calc) hisoblab beradi.
`,
    `---
kind: page
slug: about_noise_insulation/vibropogloshchenie
language: uz
title: Tebranishni yutish
summary: Tebranish yutgich nima, uning xususiyatlarini — qalinligi, ogʻirligi va yoʻqotishlar koeffitsiyentini — qanday tushunish kerak va turli zonalar uchun qaysi varaqni tanlash lozim.
sort: 1
products: [VIB-LT-18, VIB-STD-22, VIB-OPT-30, VIB-PRM-25]
---
Tebranish yutgich — alyuminiy folgali butil mastika qatlami. U bevosita metallga yopishtiriladi va panel tebranishlarini issiqlikka aylantiradi: metall rezonans berishni va shovqinni salonga uzatishni toʻxtatadi.

## Qanday tanlash kerak

| Varaq | Qalinligi, mm | Ogʻirligi, kg/m² | Yoʻqotishlar koeff. | Qayerga |
|---|---|---|---|---|
| Vibro Layt 1.8 | 1,8 | 2,2 | 0,20 | tom, kapot |
| Vibro Standart 2.2 | 2,2 | 2,9 | 0,28 | eshiklar |
| Vibro Optima 3.0 | 3,0 | 3,8 | 0,33 | pol, yukxona |
| Vibro Premium 2.5 | 2,5 | 2,6 | 0,45 | ogʻirlik muhim boʻlgan hamma joyga |

Mexanik yoʻqotishlar koeffitsiyenti qanchalik yuqori boʻlsa, varaq tebranishni shunchalik yaxshi soʻndiradi. Qalinlik va ogʻirlikning oʻzi koʻrsatkich emas: koeffitsiyenti yuqori boʻlgan yengil varaq koeffitsiyenti past boʻlgan ogʻir varaqdan yaxshiroq ishlaydi.
`,
    `---
kind: page
slug: about_noise_insulation/shumopogloshchenie
language: uz
title: Shovqinni yutish
summary: Ochiq gʻovakli shovqin yutgichlar qanday ishlaydi, avtomobilda ular qayerda kerak va nima uchun ular tebranish yutgich ustidan yotqiziladi.
sort: 2
products: [ABS-AK-6, ABS-AK-10, ABS-AK-15, ABS-AK-10F]
---
Shovqin yutgich — ochiq katakchali gʻovakli material: poliuretan koʻpik yoki kigiz. Tovush toʻlqini gʻovaklarga kiradi, ularning devorlariga ishqalanadi va energiyasini yoʻqotadi. Shuning uchun u **havo hajmi** bor joyda ishlaydi: eshiklar ichida, tom bilan ship qoplamasi orasida, yukxona qoplamasi ostida.

## Qalinlik va zonalar

- **6 mm** — yupqa qoplamalar ostiga va tomga.
- **10 mm** — eshiklar va yukxona uchun universal qalinlik.
- **15 mm** — katta boʻshliqlar va orqa tokchalar uchun.
- **10 mm folgali** — kapot uchun: folga dvigatel issiqligini qaytaradi.

Shovqin yutgich bevosita metallga yopishtirilmaydi va qoplama bilan siqib qoʻyilmaydi: siqilgan gʻovaklar ishlamay qoladi.
`,
    `---
kind: page
slug: about_noise_insulation/zvukoizolyaciya
language: uz
title: Tovush izolyatsiyasi va baryerlar
summary: Tovush izolyatori shovqin yutgichdan nimasi bilan farq qiladi, ogʻir baryer qachon kerak va pol, motor qalqoni hamda arkalarni qanday yopish kerak.
sort: 3
products: [BAR-IZ-4, BAR-IZ-8, BAR-MEM-2, BAR-MEM-3H]
---
Tovush izolyatori tovushni yutmaydi, balki **qaytaradi**. Bu yopiq katakchali koʻpiklangan polietilen (yengil, 0,12–0,30 kg/m²) yoki ogʻir membrana (3,5–5 kg/m²). Qatlam qanchalik ogʻir va zich boʻlsa, past chastotalarni shunchalik yaxshi toʻsadi.

## Qaysi biri qayerda

- **Izolyator 4 va 8 mm** — eshiklar, pol, yukxona: suvni shimmaydi va qoʻshimcha ravishda issiqlikni ham saqlaydi.
- **Issiqlik-shovqin izolyatori 10 F** — tom va kapot, bu yerlarda issiqlik izolyatsiyasi ham kerak.
- **Baryer 2 va 3 Heavy** — motor qalqoni, oyoq ostidagi pol, salon ichidan arkalar: eng baland shovqin keladigan joylar.

Baryer zonani tirqishlarsiz yaxlit qatlam bilan yopgandagina ishlaydi: tovush har qanday teshikdan oʻtadi.
`,
    `---
kind: page
slug: oplata-i-vozvraty
site: uz
language: uz
title: Toʻlov va qaytarish
summary: tihoavto.uz saytida buyurtmani qanday toʻlash va qabul qilib olish hamda Oʻzbekistonda tovarni qaytarish shartlari.
---
## Tovarni qaytarish

Sifatli tovarni, agar u ishlatilmagan boʻlsa va qadogʻi hamda cheki saqlangan boʻlsa, qabul qilib olganingizdan keyin **10 kun** ichida almashtirish yoki qaytarish mumkin. Sizning oʻlchamingiz boʻyicha kesilgan material qaytarib olinmaydi. Aloqa maʼlumotlari — [kompaniya haqida](/about#contacts) sahifasida.
`,
  ],
  faq: [
    [
      'poryadok-sloev',
      'Qatlamlarni qaysi tartibda yopishtirish kerak?',
      'Metalldan salonga qarab: tebranish yutgich, soʻngra havo hajmi bor joylarda shovqin yutgich, keyin tovush izolyatori, plastik qoplamalar ostiga esa gʻijirlashga qarshi material. Batafsil — [«Shovqin izolyatsiyasi qatlamlari va ularning tartibi»](/stati/sloi-shumoizolyacii) maqolasida.',
    ],
    [
      'skolko-listov',
      'Avtomobilimga nechta varaq kerak?',
      'Kuzov va zonalarga bogʻliq. Sedanning toʻrtta eshigi uchun taxminan 11 varaq tebranish yutgich ketadi, pol va yukxona uchun — 15 varaq. Modelingiz uchun aniq miqdorni [kalkulyator](/calc) hisoblab beradi.',
    ],
    [
      'sploshnoe-pokrytie',
      'Tebranish yutgichni yaxlit qatlam qilib yopishtirish kerakmi?',
      'Pol, yukxona, arkalar va motor qalqoni — ha, 100 % ga. Eshiklar — 70–100 % ga, tom — 60–80 % ga, kapot va yukxona qopqogʻi — qovurgʻalar orasida 50–70 % ga. Shovqin yutgich va izolyator yaxlit qatlam qilib yotqiziladi.',
    ],
    [
      'temperatura',
      'Qanday haroratda yopishtirish mumkin?',
      'Kuzov va xona harorati +15 °C dan past boʻlmasligi kerak. Rolik bilan bosishdan oldin varaq qurilish feni bilan +40…+50 °C gacha qizdiriladi, shunda butil panel relyefiga zich yotadi.',
    ],
    [
      'ves',
      'Shovqin izolyatsiyasi qancha ogʻirlik qoʻshadi?',
      'Sedanning toʻliq shovqin izolyatsiyasi — taxminan 60 kg, eshiklar — taxminan 12 kg. Ogʻirlikni tejashga yoʻqotishlar koeffitsiyenti yuqori boʻlgan yengil varaq yordam beradi, masalan, Vibro Premium 2.5 (2,6 kg/m²).',
    ],
    [
      'korroziya',
      'Material ostida metall zanglab ketmaydimi?',
      'Yoʻq, agar toza va yogʻsizlantirilgan metallga yopishtirilsa: butil sirtni namlikdan germetik yopadi. Eshiklar va poldagi drenaj teshiklarini yopib qoʻymang — suv ular orqali chiqib ketadi.',
    ],
    [
      'garantiya',
      'Saqlash muddati va kafolat qanday?',
      'Yopishtirilgunga qadar materiallar zavod qadogʻida, quruq joyda va xona haroratida 12 oy saqlanadi. Texnologiyaga muvofiq yopishtirilgan material avtomobilning butun xizmat muddati davomida ishlaydi.',
    ],
    [
      'sroki-dostavki',
      'Yetkazib berish qancha vaqt oladi?',
      'Moskva boʻylab — 1–2 kun, Rossiya boʻylab CDEK va Boxberry orqali — 2–7 kun, Rossiya Pochtasi orqali — 14 kungacha. Ogʻir toʻplamlarni PEK yoki Delovye Linii orqali joʻnatamiz. Boshqa davlatlarga yetkazib berish muddatlari [toʻlov va yetkazib berish](/oplata-i-vozvraty) sahifasida koʻrsatilgan.',
    ],
    [
      'oplata-pri-poluchenii',
      'Qabul qilib olishda yoki hisob boʻyicha toʻlash mumkinmi?',
      'Ha. Rossiyada qabul qilib olishda naqd pul yoki karta bilan toʻlash mumkin, yuridik shaxslar esa hisob boʻyicha toʻlashi mumkin — buyurtmani rasmiylashtirishda INN va KPP raqamlarini koʻrsating.',
    ],
    [
      'vozvrat-otrezannogo',
      'Rulondan kesilgan materialni qaytarish mumkinmi?',
      'Sizning oʻlchamingiz boʻyicha kesilgan material individual buyurtma asosida tayyorlangan hisoblanadi va qaytarib olinmasligi mumkin. Zavod qadogʻidagi butun varaqlar va rulonlarni qabul qilib olganingizdan keyin 7 kun ichida qaytarish mumkin — batafsil [toʻlov va qaytarish](/oplata-i-vozvraty) sahifasida.',
    ],
    [
      'ustanovka',
      'Oʻzim qilishni xohlamasam, shovqin izolyatsiyasini qayerda qildirish mumkin?',
      '[Oʻrnatish](/handmade) sahifasida ariza qoldiring: shahringizdagi hamkor oʻrnatish markazini tanlab beramiz va sanani kelishib olamiz. Hamkorlarning manzillari — [xaritada](/map).',
    ],
    [
      'instrumenty',
      'Qanday asboblar kerak boʻladi?',
      'Bosuvchi rolik, qoplama yechgichlar toʻplami, pichoq, yogʻsizlantirgich va qoʻlqoplar; sovuq garajda — qurilish feni ham. Bularning barchasi [asboblar](/instrumenty) boʻlimida bor.',
    ],
  ],
};
