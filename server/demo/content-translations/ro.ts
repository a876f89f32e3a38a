/** The demo's info pages and FAQ in Romanian as used in the Republic of Moldova (ro) (issue 20, item 2): loaded by the demo seed with the others. */
import type { ContentTranslation } from './types.ts';

export const content: ContentTranslation = {
  pages: [
    `---
kind: page
slug: about
language: ro
title: Despre companie
summary: TihoAvto — materiale și kituri gata pentru insonorizarea automobilului, cu livrare în Rusia, Kazahstan, Moldova, Uzbekistan și Kârgâzstan.
---
**TihoAvto** vinde materiale pentru insonorizarea automobilului: materiale antivibrante, absorbanți fonici, izolatoare fonice și bariere, materiale antiscârțâit, insonorizare lichidă, scule și consumabile. Alcătuim kituri gata pentru fiecare zonă a caroseriei și calculăm cât material îi trebuie anume mașinii dumneavoastră.

## Ce facem

- Alegem materialele potrivite pentru fiecare sarcină: de la uși pentru un sistem audio nou până la insonorizarea completă a caroseriei.
- Calculăm numărul de foi, prețul și greutatea în [calculator](/calc) și în [configurator](/constructor).
- Expediem comenzi în cinci țări; fiecare țară are propriul site, prețuri în moneda locală și propriile modalități de plată și livrare.
- Colaborăm cu centre de montaj și magazine prin [programul de parteneriat](/stat-partnerom).

## De ce clienții au încredere în noi

Lipim noi înșine ceea ce vindem: fiecare poziție din catalog a fost testată pe mașinile noastre, iar caracteristicile — grosimea, greutatea pe metru pătrat, factorul de pierderi — sunt indicate în fișa produsului. Dacă nu știți ce să alegeți, sunați-ne sau scrieți-ne: vă vom spune ce să lipiți și în ce ordine.
`,
    `---
kind: page
slug: about_noise_insulation
language: ro
title: Despre insonorizare
summary: Cum funcționează insonorizarea automobilului, ce materiale există și de unde să începeți — pe scurt despre esențial, cu linkuri către secțiunile detaliate.
---
Insonorizarea face habitaclul mai silențios datorită a trei efecte fizice diferite: **amortizează vibrațiile** tablei, **absoarbe** sunetul în cavitățile cu aer și **reflectă** zgomotul care vine din exterior. Fiecare efect este asigurat de un material aparte și numai împreună ele funcționează la capacitate maximă.

## De unde să începeți

1. **Ușile** — zona cea mai accesibilă: muzica sună vizibil mai bine, iar ușa se închide cu un sunet surd și plin.
2. **Podeaua și portbagajul** — de aici vine vuietul anvelopelor și al drumului.
3. **Pasajele roților** — principala sursă de zgomot cu anvelope de iarnă și pe pietriș.
4. **Plafonul și capota** — zgomotul ploii și al motorului.

## Mai multe despre materiale

Secțiunile de mai jos explică cum este alcătuit fiecare strat și cum să-l alegeți. Instrucțiunile pas cu pas se află în [articole](/stati), iar cantitatea de material pentru mașina dumneavoastră o va calcula [calculatorul](/calc).
`,
    `---
kind: page
slug: about_noise_insulation/vibropogloshchenie
language: ro
title: Amortizarea vibrațiilor
summary: Ce este un material antivibrant, cum să citiți caracteristicile lui — grosimea, greutatea și factorul de pierderi — și ce foaie să alegeți pentru diferite zone.
sort: 1
products: [VIB-LT-18, VIB-STD-22, VIB-OPT-30, VIB-PRM-25]
---
Materialul antivibrant este un strat de mastic butilic cu folie de aluminiu. Se lipește direct pe metal și transformă oscilațiile panoului în căldură: metalul nu mai rezonează și nu mai transmite zgomotul în habitaclu.

## Cum să alegeți

| Foaie | Grosime, mm | Greutate, kg/m² | Factor de pierderi | Unde |
|---|---|---|---|---|
| Vibro Light 1.8 | 1,8 | 2,2 | 0,20 | plafon, capotă |
| Vibro Standard 2.2 | 2,2 | 2,9 | 0,28 | uși |
| Vibro Optima 3.0 | 3,0 | 3,8 | 0,33 | podea, portbagaj |
| Vibro Premium 2.5 | 2,5 | 2,6 | 0,45 | oriunde contează greutatea |

Cu cât factorul de pierderi mecanice este mai mare, cu atât foaia amortizează mai bine vibrațiile. Grosimea și greutatea în sine nu sunt un indicator: o foaie ușoară cu un factor ridicat funcționează mai bine decât una grea cu un factor scăzut.
`,
    `---
kind: page
slug: about_noise_insulation/shumopogloshchenie
language: ro
title: Absorbția fonică
summary: Cum funcționează absorbanții fonici cu pori deschiși, unde sunt necesari în automobil și de ce se pun peste materialul antivibrant.
sort: 2
products: [ABS-AK-6, ABS-AK-10, ABS-AK-15, ABS-AK-10F]
---
Absorbantul fonic este un material poros cu celule deschise: spumă poliuretanică sau pâslă. Unda sonoră pătrunde în pori, se freacă de pereții acestora și pierde energie. De aceea el funcționează acolo unde există un **volum de aer**: în interiorul ușilor, între plafon și tapițeria plafonului, sub tapițeria portbagajului.

## Grosimea și zonele

- **6 mm** — sub tapițeriile subțiri și pe plafon.
- **10 mm** — grosimea universală pentru uși și portbagaj.
- **15 mm** — pentru cavitățile voluminoase și polițele din spate.
- **10 mm cu folie** — pentru capotă: folia reflectă căldura motorului.

Absorbantul fonic nu se lipește direct pe metal și nu se comprimă sub tapițerie: porii comprimați nu mai funcționează.
`,
    `---
kind: page
slug: about_noise_insulation/zvukoizolyaciya
language: ro
title: Izolarea fonică și barierele
summary: Prin ce diferă izolatorul fonic de absorbantul fonic, când este nevoie de o barieră grea și cum să acoperiți podeaua, peretele despărțitor al motorului și pasajele roților.
sort: 3
products: [BAR-IZ-4, BAR-IZ-8, BAR-MEM-2, BAR-MEM-3H]
---
Izolatorul fonic **reflectă** sunetul, nu îl absoarbe. Este fie polietilenă expandată cu celule închise (ușoară, 0,12–0,30 kg/m²), fie o membrană grea (3,5–5 kg/m²). Cu cât stratul este mai greu și mai dens, cu atât reține mai bine frecvențele joase.

## Care și unde

- **Izolator 4 și 8 mm** — uși, podea, portbagaj: nu absoarbe apa și, totodată, izolează termic.
- **Izolator termo-fonic 10 F** — plafonul și capota, unde este nevoie și de izolare termică.
- **Barieră 2 și 3 Heavy** — peretele despărțitor al motorului, podeaua de sub picioare, pasajele roților dinspre habitaclu: acolo de unde vine cel mai puternic zgomot.

Bariera funcționează numai dacă acoperă zona cu un strat continuu, fără fante: sunetul trece prin orice orificiu.
`,
    `---
kind: page
slug: oplata-i-vozvraty
site: md
language: ro
title: Plată și returnare
summary: Cum să plătiți și să primiți comanda pe tihoavto.md și condițiile de returnare a produselor în Moldova.
---
## Returnarea produselor

Produsul cumpărat la distanță poate fi returnat în termen de **14 zile calendaristice** de la primire, fără a indica motivul, dacă nu a fost folosit. Banii îi restituim în termen de 14 zile de la primirea produsului înapoi. Materialul tăiat la dimensiunea dumneavoastră nu poate fi returnat. Datele de contact se află pe pagina [despre companie](/about#contacts).
`,
  ],
  faq: [
    [
      'poryadok-sloev',
      'În ce ordine se lipesc straturile?',
      'De la metal spre habitaclu: materialul antivibrant, apoi absorbantul fonic acolo unde există un volum de aer, apoi izolatorul fonic, iar sub plastic — materialul antiscârțâit. Detalii în articolul [„Straturile insonorizării și ordinea lor”](/stati/sloi-shumoizolyacii).',
    ],
    [
      'skolko-listov',
      'Câte foi sunt necesare pentru mașina mea?',
      'Depinde de caroserie și de zone. Pentru cele patru uși ale unui sedan sunt necesare circa 11 foi de material antivibrant, pentru podea și portbagaj — 15. Cantitatea exactă pentru modelul dumneavoastră o va calcula [calculatorul](/calc).',
    ],
    [
      'sploshnoe-pokrytie',
      'Materialul antivibrant trebuie lipit într-un strat continuu?',
      'Podeaua, portbagajul, pasajele roților și peretele despărțitor al motorului — da, 100 %. Ușile — 70–100 %, plafonul — 60–80 %, capota și capacul portbagajului — 50–70 % între ranforsări. Absorbantul fonic și izolatorul se pun într-un strat continuu.',
    ],
    [
      'temperatura',
      'La ce temperatură se poate lipi?',
      'Caroseria și încăperea trebuie să aibă cel puțin +15 °C. Înainte de presarea cu rola, foaia se încălzește cu un pistol cu aer cald până la +40…+50 °C; atunci butilul se așază strâns pe relieful panoului.',
    ],
    [
      'ves',
      'Câtă greutate adaugă insonorizarea?',
      'Insonorizarea completă a unui sedan — circa 60 kg, a ușilor — circa 12 kg. Greutatea poate fi redusă cu o foaie ușoară cu un factor de pierderi ridicat, de exemplu Vibro Premium 2.5 (2,6 kg/m²).',
    ],
    [
      'korroziya',
      'Nu va începe metalul să ruginească sub material?',
      'Nu, dacă lipiți materialul pe metal curat și degresat: butilul izolează ermetic suprafața de umezeală. Nu acoperiți orificiile de drenaj din uși și din podea — prin ele se scurge apa.',
    ],
    [
      'garantiya',
      'Care este termenul de păstrare și garanția?',
      'Până la lipire, materialele se păstrează 12 luni într-un loc uscat, la temperatura camerei, în ambalajul original. Materialul lipit conform tehnologiei rezistă pe toată durata de viață a automobilului.',
    ],
    [
      'sroki-dostavki',
      'Cât durează livrarea?',
      'În Moscova — 1–2 zile, în Rusia prin CDEK și Boxberry — 2–7 zile, prin Poșta Rusiei — până la 14 zile. Kiturile grele le expediem prin PEK sau Delovye Linii. Termenele de livrare în alte țări sunt indicate pe pagina [plată și livrare](/oplata-i-vozvraty).',
    ],
    [
      'oplata-pri-poluchenii',
      'Se poate plăti la primire sau prin factură?',
      'Da. În Rusia este disponibilă plata la primire, în numerar sau cu cardul, iar persoanele juridice pot plăti prin factură — indicați codurile INN și KPP la plasarea comenzii.',
    ],
    [
      'vozvrat-otrezannogo',
      'Pot returna materialul tăiat din rulou?',
      'Materialul tăiat la dimensiunea dumneavoastră este confecționat la comandă individuală și poate să nu fie returnabil. Foile și rulourile întregi în ambalajul original pot fi returnate în termen de 7 zile de la primire — detalii pe pagina [plată și returnare](/oplata-i-vozvraty).',
    ],
    [
      'ustanovka',
      'Unde pot face insonorizarea dacă nu vreau să o fac singur?',
      'Lăsați o cerere pe pagina [montaj](/handmade): vom găsi un centru de montaj partener în orașul dumneavoastră și vom stabili data. Adresele partenerilor sunt pe [hartă](/map).',
    ],
    [
      'instrumenty',
      'Ce scule vor fi necesare?',
      'O rolă de presare, un set de pârghii pentru demontarea tapițeriei, un cuțit, degresant și mănuși; într-un garaj rece — și un pistol cu aer cald. Toate acestea le găsiți în secțiunea [scule](/instrumenty).',
    ],
  ],
};
