/** The demo catalogue in Uzbek (uz) in the LATIN script (decision 048): written by the seed into the translation tables. */
import type { LanguageTexts } from './types.ts';

export const texts: LanguageTexts = {
  categories: {
    vibroizolyaciya: {
      title: 'Vibroizolyatsiya',
      description:
        'Alyuminiy folgali butil mastikadan tayyorlangan tebranishni yutuvchi varaqlar. Shovqin izolyatsiyasining birinchi qatlami boʻlib, bevosita kuzov metalliga rolik bilan bosib yopishtiriladi.',
    },
    shumopogloshchenie: {
      title: 'Shovqinni yutish',
      description:
        'Poliuretan koʻpik (PPU) va kigiz asosidagi ochiq gʻovakli materiallar. Eshiklar, tom, kapot va yukxonadagi havo shovqinini yutadi.',
    },
    zvukoizolyaciya: {
      title: 'Tovush izolyatsiyasi va baryerlar',
      description:
        'Yopiq gʻovakli koʻpiklangan polietilen va ogʻir membranalar. Shovqinni qaytaradi va issiqlik izolyatsiyasi vazifasini ham bajaradi.',
    },
    antiskrip: {
      title: 'Gʻijirlashga qarshi materiallar va zichlagichlar',
      description:
        'Salonning plastik panellari uchun yupqa varaqlar va lentalar. Detallar bir-biriga tegib turadigan joylardagi gʻijirlash va taraqlashni bartaraf etadi.',
    },
    'zhidkaya-shumoizolyaciya': {
      title: 'Suyuq shovqin izolyatsiyasi',
      description:
        'Gʻildirak arkalari, qanot osti qoplamalari va kuzov tagi uchun mastikalar. Choʻtka, shpatel yoki purkash usulida surtiladi va metallni korroziyadan himoya qiladi.',
    },
    instrumenty: {
      title: 'Asboblar',
      description: 'Shovqin izolyatsiyasini oʻrnatish uchun bosuvchi roliklar, pichoqlar, qoplama yechgichlar va qurilish feni.',
    },
    aksessuary: {
      title: 'Aksessuarlar va sarf materiallari',
      description: 'Yogʻsizlantirgich, yelim, folgali skotch va qoʻlqoplar — oʻrnatish jarayonida sarflanadigan barcha narsalar.',
    },
    'komplekty-sumoizoliacii': {
      title: 'Shovqin izolyatsiyasi toʻplamlari',
      description: 'Alohida zonalar va butun C-klass avtomobil uchun tayyor material toʻplamlari, kesib moslash uchun 10 % zaxira bilan.',
    },
  },
  products: {
    'VIB-LT-18': {
      title: 'Vibro Layt 1.8',
      description:
        'Butil asosli, 60 mkm alyuminiy folgali yengil tebranish yutgich. Kam ogʻirlik muhim boʻlgan tom, kapot va yukxona qopqogʻi uchun mos. Yogʻsizlantirilgan metallga yopishtiriladi va rolik bilan bosib chiqiladi.',
    },
    'VIB-STD-22': {
      title: 'Vibro Standart 2.2',
      description:
        'Butil asosli, 80 mkm folgali universal tebranish yutgich. Eshiklar, tom, pol va yukxonada qoʻllaniladi. Yogʻsizlantirilgan metallga yopishtiriladi va rolik bilan zich bosib chiqiladi.',
    },
    'VIB-OPT-30': {
      title: 'Vibro Optima 3.0',
      description:
        'Qalinligi 3 mm, 100 mkm folgali tebranish yutgich. Pol, tunnel, yukxona va motor qalqoni uchun tavsiya etiladi. Toza metallga rolik bilan bosib oʻrnatiladi, sovuq mavsumda esa fen bilan qizdirib oʻrnatiladi.',
    },
    'VIB-MAX-40': {
      title: 'Vibro Maks 4.0',
      description:
        'Tebranishlarni maksimal darajada soʻndirish uchun 4 mm qalinlikdagi qalin tebranish yutgich. Pol, yukxona, motor qalqoni va arkalarda qoʻllaniladi. Oʻrnatishdan oldin varaqni fen bilan qizdirib olish tavsiya etiladi, soʻngra rolik bilan bosib chiqiladi.',
    },
    'VIB-PRM-25': {
      title: 'Vibro Premium 2.5',
      description:
        'Kam ogʻirlikka qaramay mexanik yoʻqotishlar koeffitsiyenti yuqori — 0,45 boʻlgan tebranish yutgich. Eshiklar, tom, pol va yukxona uchun mos. Yogʻsizlantirilgan metallga yopishtiriladi va rolik bilan bosib chiqiladi.',
    },
    'VIB-ARK-42': {
      title: 'Vibro Arka 4.2',
      description:
        'Gʻildirak arkalari uchun ogʻir bitum-butil tebranish yutgich. Arkalarga salon va yukxona tomondan, shuningdek qanot osti qoplamalariga yopishtiriladi. Oʻrnatishdan oldin fen bilan qizdiriladi va rolik bilan bosib chiqiladi.',
    },
    'ABS-AK-6': {
      title: 'Akustik 6',
      description:
        'Ochiq gʻovakli poliuretan koʻpikdan (PPU) tayyorlangan yupqa shovqin yutgich. Joy kam boʻlgan eshiklar va qoplamalar osti uchun mos. Vibroizolyatsiya ustidan yopishqoq qatlami bilan yopishtiriladi.',
    },
    'ABS-AK-10': {
      title: 'Akustik 10',
      description:
        'Ochiq gʻovakli poliuretan koʻpikdan (PPU) tayyorlangan 10 mm li shovqin yutgich. Eshiklarda, tomda va yukxonada qoʻllaniladi. Vibroizolyatsiya ustidan yopishqoq qatlami bilan yopishtiriladi.',
    },
    'ABS-AK-15': {
      title: 'Akustik 15',
      description:
        'Poliuretan koʻpikdan (PPU) tayyorlangan 15 mm li qalin shovqin yutgich. Qoplama ostida yetarli joy boʻlgan tom, yukxona va tokchalarda qoʻllaniladi. Vibroizolyatsiya ustidan yopishqoq qatlami bilan yopishtiriladi.',
    },
    'ABS-AK-10F': {
      title: 'Akustik 10 Folga',
      description:
        'Dvigatel issiqligini qaytaruvchi folgali sirtga ega, poliuretan koʻpikdan (PPU) tayyorlangan 10 mm li shovqin yutgich. Kapot uchun moʻljallangan. Yopishqoq qatlami bilan, folgasi tashqariga qaratib yopishtiriladi.',
    },
    'ABS-VOI-10': {
      title: 'Akustik kigiz 10',
      description:
        'Havo shovqinini yutish uchun 10 mm li akustik kigiz. Pol, yukxona va motor qalqoni qoplamalari ostida qoʻllaniladi. Vibroizolyatsiya ustidan yopishqoq qatlami bilan yopishtiriladi.',
    },
    'BAR-IZ-4': {
      title: 'Izolyator 4',
      description:
        'Yopiq gʻovakli koʻpiklangan polietilendan tayyorlangan, qalinligi 4 mm boʻlgan tovush va issiqlik izolyatori. Eshik qoplamalarining ichki tomonida va salon qoplamalari ostida qoʻllaniladi. Yopishqoq qatlami bilan yopishtiriladi.',
    },
    'BAR-IZ-8': {
      title: 'Izolyator 8',
      description:
        'Koʻpiklangan polietilendan tayyorlangan, qalinligi 8 mm boʻlgan tovush va issiqlik izolyatori. Pol, yukxona va arkalarga vibroizolyatsiya ustidan ikkinchi qatlam sifatida yotqiziladi. Yopishqoq qatlami bilan yopishtiriladi.',
    },
    'BAR-TSH-10F': {
      title: 'Issiqlik-shovqin izolyatori 10 F',
      description:
        'Issiqlikni qaytaruvchi folgali qatlamga ega 10 mm li koʻpiklangan polietilen. Motor qalqoni, tunnel va kapot ostida qoʻllaniladi. Yopishqoq qatlami bilan, folgasi tashqariga qaratib yopishtiriladi.',
    },
    'BAR-MEM-2': {
      title: 'Baryer 2',
      description:
        'Qalinligi 2 mm boʻlgan ogʻir tovush izolyatsiyalovchi membrana. Pol, motor qalqoni va yukxonaga shovqin yutgich ustidan yotqiziladi. Yopishqoq qatlami bilan, varaqlar orasida tirqish qoldirmasdan yopishtiriladi.',
    },
    'BAR-MEM-3H': {
      title: 'Baryer 3 Heavy',
      description:
        'Yoʻl va dvigatel shovqinidan maksimal izolyatsiya qilish uchun qalinligi 3 mm boʻlgan ogʻirlashtirilgan tovush izolyatsiyalovchi membrana. Pol, tunnel va motor qalqonida qoʻllaniladi. Yopishqoq qatlami bilan ustma-ust qilib yopishtiriladi.',
    },
    'ASQ-LST-5': {
      title: 'Gʻijirlashga qarshi varaq 5 mm',
      description:
        'Plastik gʻijirlashini bartaraf etish uchun poliuretan koʻpikdan (PPU) tayyorlangan yumshoq, oʻzi yopishadigan material. Old panel, eshik qoplamalari va konsol panellari bir-biriga tegadigan joylarga yopishtiriladi.',
    },
    'ASQ-BIT-5': {
      title: 'Bitumli gʻijirlashga qarshi material 5 mm',
      description:
        'Namlik va qizishga chidamli, bitum shimdirilgan gʻijirlashga qarshi material. Plastik qoplamalarning orqa tomonida va panellar mahkamlanadigan joylarda qoʻllaniladi.',
    },
    'ASQ-LNT-15': {
      title: 'Tukli lenta 15 mm × 12 m',
      description:
        'Plastik detallarning gʻijirlashi va taraqlashini bartaraf etish uchun oʻzi yopishadigan tukli lenta. Eshik qoplamalari, old panel va yukxona qoplamalarining tutashgan joylariga yopishtiriladi.',
    },
    'ASQ-UPL-10': {
      title: 'Lentali zichlagich 10 mm × 5 m',
      description:
        'Koʻpiklangan materialdan tayyorlangan, oʻzi yopishadigan lentali zichlagich. Salon panellari orasidagi tirqishlarni toʻldiradi va qoplamalarning tutashgan joylarini zichlaydi.',
    },
    'LIQ-AER-650': {
      title: 'Suyuq shovqin izolyatsiyasi, aerozol 650 ml',
      description:
        'Qanot osti qoplamalari, arkalar va ostonalarning ayrim joylariga ishlov berish uchun aerozol ballondagi suyuq shovqin izolyatsiyasi. Tozalangan quruq sirtga bir necha qatlam qilib purkaladi.',
    },
    'LIQ-BNK-1': {
      title: 'Suyuq shovqin izolyatsiyasi, banka 1 kg',
      description:
        'Gʻildirak arkalari, qanot osti qoplamalari va kuzov tagi uchun suyuq shovqin izolyatsiyasi. Choʻtka yoki shpatel bilan taxminan 2 mm qalinlikda surtiladi, sarfi 1 m² ga taxminan 1,5 kg.',
    },
    'LIQ-VED-5': {
      title: 'Suyuq shovqin izolyatsiyasi, chelak 5 kg',
      description:
        'Avtomobilning barcha arkalari va kuzov tagiga ishlov berish uchun chelakdagi suyuq shovqin izolyatsiyasi. Shpatel yoki pistolet bilan taxminan 2 mm qalinlikda surtiladi, sarfi 1 m² ga taxminan 1,5 kg.',
    },
    'TLS-ROL-30': {
      title: 'Rolik 30 mm',
      description:
        'Vibroizolyatsiya uchun tor bosuvchi rolik. Bikrlik qovurgʻalari, burchaklar va borish qiyin boʻlgan joylar uchun qulay.',
    },
    'TLS-ROL-80': {
      title: 'Rolik 80 mm',
      description:
        'Vibroizolyatsiya uchun keng bosuvchi rolik. Katta tekis sirtlarda — pol, tom, eshiklarda varaqlarning zich yopishishini taʼminlaydi.',
    },
    'TLS-NOZH': {
      title: 'Montaj pichogʻi',
      description: 'Vibroizolyatsiya, shovqin yutgich va izolyator varaqlarini kesish uchun almashtiriladigan tigʻli montaj pichogʻi.',
    },
    'TLS-SEM-5': {
      title: 'Qoplama yechgichlar toʻplami, 5 dona',
      description:
        'Eshik qoplamalari, panellar va klipslarni plastik va lak-boʻyoq qoplamasiga zarar yetkazmasdan yechish uchun plastik yechgichlar.',
    },
    'TLS-FEN-2000': {
      title: 'Qurilish feni 2000 Vt',
      description:
        'Sovuq mavsumda va egri sirtlarda oʻrnatishda vibroizolyatsiya varaqlarini qizdirish uchun quvvati 2000 Vt boʻlgan qurilish feni.',
    },
    'CON-OBZ-1L': {
      title: 'Yogʻsizlantirgich 1 l',
      description:
        'Vibroizolyatsiyani yopishtirishdan oldin metallni tayyorlash uchun yogʻsizlantirgich. Salfetka bilan surtiladi, bugʻlanib ketgach sirt oʻrnatishga tayyor boʻladi.',
    },
    'CON-KLEY-500': {
      title: 'Aerozol yelim 500 ml',
      description:
        'Yelim qatlami boʻlmagan shovqin yutgichlar, izolyatorlar va kigizni mahkamlash uchun aerozol yelim. Ikkala sirtga ham purkaladi.',
    },
    'CON-SKOTCH-50': {
      title: 'Folgali skotch 50 mm × 25 m',
      description:
        'Varaqlarning tutashgan joylarini yopishtirish, texnologik teshiklarni berkitish va vibroizolyatsiya folgasini taʼmirlash uchun alyuminiy skotch.',
    },
    'CON-PERCH': {
      title: 'Montaj qoʻlqoplari',
      description: 'Shovqin izolyatsiyasini oʻrnatishda qoʻllarni folga va metallning oʻtkir qirralaridan himoya qilish uchun qoʻlqoplar.',
    },
  },
  kits: {
    'dveri-4': {
      title: '4 ta eshik uchun shovqin izolyatsiyasi',
      description:
        'C-klass sedanning toʻrtta eshigi uchun toʻplam: metall vibroizolyatsiyasi, shovqin yutgich, qoplamalar uchun izolyator va gʻijirlashga qarshi material. Kesib moslash uchun 10 % zaxira kiritilgan.',
    },
    'pol-i-bagazhnik': {
      title: 'Pol va yukxona uchun shovqin izolyatsiyasi',
      description:
        'Tunnelli salon poli va yukxona poli uchun toʻplam: 3 mm vibroizolyatsiya va 8 mm izolyator. Kesib moslash uchun 10 % zaxira kiritilgan.',
    },
    krysha: {
      title: 'Tom uchun shovqin izolyatsiyasi',
      description:
        'Tom uchun toʻplam: kuchaytirgichlar orasiga yengil vibroizolyatsiya va yomgʻir shovqiniga qarshi shovqin yutgich. Kesib moslash uchun 10 % zaxira kiritilgan.',
    },
    'kapot-i-kryshka-bagazhnika': {
      title: 'Kapot va yukxona qopqogʻi uchun shovqin izolyatsiyasi',
      description:
        'Kapot va yukxona qopqogʻi uchun toʻplam: yengil vibroizolyatsiya va dvigatel issiqligini qaytaruvchi folgali shovqin yutgich. Kesib moslash uchun 10 % zaxira kiritilgan.',
    },
    arki: {
      title: 'Gʻildirak arkalari uchun shovqin izolyatsiyasi',
      description:
        'Gʻildirak arkalari va qanot osti qoplamalari uchun toʻplam: ogʻir bitum-butil vibroizolyatsiya va 8 mm izolyator. Kesib moslash uchun 10 % zaxira kiritilgan.',
    },
    'polnyj-sedan': {
      title: 'Sedan uchun toʻliq shovqin izolyatsiyasi',
      description:
        'C-klass sedanning barcha zonalari: eshiklar, pol va yukxona, tom, kapot va yukxona qopqogʻi, arkalar, shuningdek bosuvchi rolik va yogʻsizlantirgich. Alohida-alohida sotib olishga nisbatan 5 % chegirma.',
    },
  },
  attributeValues: {
    adhesive: {
      бутил: 'butil',
      акриловый: 'akril',
      'битум-бутил': 'bitum-butil',
    },
    material: {
      'бутиловая мастика': 'butil mastika',
      'битум-бутиловая мастика': 'bitum-butil mastika',
      ППУ: 'poliuretan koʻpik (PPU)',
      'ППУ с фольгой': 'folgali poliuretan koʻpik (PPU)',
      'ППУ с битумной пропиткой': 'bitum shimdirilgan poliuretan koʻpik (PPU)',
      войлок: 'kigiz',
      'вспененный ПЭ': 'koʻpiklangan polietilen',
      'вспененный ПЭ с фольгой': 'folgali koʻpiklangan polietilen',
      мембрана: 'membrana',
      'каучуковая мастика': 'kauchuk mastika',
    },
    unit: {
      лист: 'varaq',
      рулон: 'rulon',
      баллон: 'ballon',
      банка: 'banka',
      ведро: 'chelak',
      шт: 'dona',
      набор: 'toʻplam',
      пара: 'juft',
    },
  },
};
