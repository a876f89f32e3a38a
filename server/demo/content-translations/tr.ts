/** The demo's info pages and FAQ in Turkish (tr) (issue 20, item 2): loaded by the demo seed with the others. */
import type { ContentTranslation } from './types.ts';

export const content: ContentTranslation = {
  pages: [
    `---
kind: page
slug: about
language: tr
title: Hakkımızda
summary: TihoAvto — Rusya, Kazakistan, Moldova, Özbekistan ve Kırgızistan'a teslimatla araç ses yalıtımı malzemeleri ve hazır setler.
---
**TihoAvto**, araç ses yalıtımı için malzeme satar: titreşim sönümleyiciler, ses emiciler, ses yalıtkanları ve bariyerler, gıcırtı önleyiciler, sıvı ses yalıtımı, aletler ve sarf malzemeleri. Kaporta bölgelerine göre hazır setler hazırlıyor ve tam olarak sizin aracınıza ne kadar malzeme gerektiğini hesaplıyoruz.

## Ne yapıyoruz

- Malzemeleri işe göre seçiyoruz: yeni ses sistemi için kapılardan kaportanın tamamının ses yalıtımına kadar.
- Levha sayısını, fiyatı ve ağırlığı [hesaplayıcıda](/calc) ve [yapılandırıcıda](/constructor) hesaplıyoruz.
- Siparişleri beş ülkeye gönderiyoruz; her ülkenin kendi sitesi, yerel para birimiyle fiyatları ve kendine özgü ödeme ve teslimat yöntemleri var.
- Montaj merkezleri ve mağazalarla [iş ortaklığı programı](/stat-partnerom) kapsamında çalışıyoruz.

## Müşterilerimiz neden bize güveniyor

Sattığımız her şeyi kendimiz uyguluyoruz: katalogdaki her ürün kendi araçlarımızda denendi; özellikleri — kalınlık, metrekare başına ağırlık, kayıp katsayısı — ürün kartında belirtilmiştir. Seçiminizden emin değilseniz bizi arayın ya da yazın: neyi hangi sırayla yapıştıracağınızı anlatalım.
`,
    `---
kind: page
slug: about_noise_insulation
language: tr
title: Ses yalıtımı hakkında
summary: Araç ses yalıtımı nasıl çalışır, hangi malzemeler kullanılır ve işe nereden başlanır — temel bilgiler kısaca ve ayrıntılı bölümlere bağlantılar.
---
Ses yalıtımı, kabini üç farklı fiziksel etki sayesinde daha sessiz hâle getirir: metalin **titreşimini söndürür**, hava boşluklarındaki sesi **emer** ve dışarıdan gelen gürültüyü **yansıtır**. Her etkiyi ayrı bir malzeme sağlar ve ancak birlikte kullanıldıklarında tam güçle çalışırlar.

## Nereden başlamalı

1. **Kapılar** — en kolay erişilen bölge: müzik belirgin biçimde daha iyi duyulur, kapı tok bir sesle kapanır.
2. **Taban ve bagaj** — lastik ve yol uğultusu buradan gelir.
3. **Tekerlek davlumbazları** — kış lastikleriyle ve çakıllı yolda başlıca gürültü kaynağı.
4. **Tavan ve motor kaputu** — yağmur ve motor sesi.

## Malzemeler hakkında daha fazlası

Aşağıdaki bölümler her katmanın nasıl çalıştığını ve nasıl seçileceğini anlatır. Adım adım talimatlar [makalelerde](/stati) yer alır; aracınız için gereken malzeme miktarını ise [hesaplayıcı](/calc) hesaplar.
`,
    `---
kind: page
slug: about_noise_insulation/vibropogloshchenie
language: tr
title: Titreşim sönümleme
summary: Titreşim sönümleyici nedir, özellikleri — kalınlık, ağırlık ve kayıp katsayısı — nasıl okunur ve farklı bölgeler için hangi levha seçilmelidir.
sort: 1
products: [VIB-LT-18, VIB-STD-22, VIB-OPT-30, VIB-PRM-25]
---
Titreşim sönümleyici, alüminyum folyolu bir bütil mastik katmanıdır. Doğrudan metalin üzerine yapıştırılır ve panelin titreşimlerini ısıya dönüştürür: metal rezonansa girmeyi ve gürültüyü kabine iletmeyi bırakır.

## Nasıl seçilir

| Levha | Kalınlık, mm | Ağırlık, kg/m² | Kayıp katsayısı | Nereye |
|---|---|---|---|---|
| Vibro Light 1.8 | 1,8 | 2,2 | 0,20 | tavan, motor kaputu |
| Vibro Standard 2.2 | 2,2 | 2,9 | 0,28 | kapılar |
| Vibro Optima 3.0 | 3,0 | 3,8 | 0,33 | taban, bagaj |
| Vibro Premium 2.5 | 2,5 | 2,6 | 0,45 | ağırlığın önemli olduğu her yer |

Mekanik kayıp katsayısı ne kadar yüksekse levha titreşimi o kadar iyi söndürür. Kalınlık ve ağırlık tek başına bir ölçüt değildir: yüksek katsayılı hafif bir levha, düşük katsayılı ağır bir levhadan daha iyi çalışır.
`,
    `---
kind: page
slug: about_noise_insulation/shumopogloshchenie
language: tr
title: Ses emilimi
summary: Açık gözenekli ses emiciler nasıl çalışır, araçta nerede gerekir ve neden titreşim sönümleyicinin üzerine serilir.
sort: 2
products: [ABS-AK-6, ABS-AK-10, ABS-AK-15, ABS-AK-10F]
---
Ses emici, açık hücreli gözenekli bir malzemedir: sünger ya da keçe. Ses dalgası gözeneklere girer, gözenek duvarlarına sürtünür ve enerji kaybeder. Bu yüzden **hava hacmi** olan yerlerde işe yarar: kapıların içinde, tavan sacı ile tavan döşemesi arasında, bagaj döşemesinin altında.

## Kalınlık ve bölgeler

- **6 mm** — ince döşemelerin altına ve tavana.
- **10 mm** — kapılar ve bagaj için çok amaçlı kalınlık.
- **15 mm** — geniş boşluklar ve arka bagaj rafları için.
- **10 mm folyolu** — motor kaputu için: folyo motorun ısısını yansıtır.

Ses emici doğrudan metale yapıştırılmaz ve döşemeyle sıkıştırılmaz: sıkışan gözenekler işlevini yitirir.
`,
    `---
kind: page
slug: about_noise_insulation/zvukoizolyaciya
language: tr
title: Ses izolasyonu ve bariyerler
summary: Ses yalıtkanı ses emiciden nasıl ayrılır, ağır bariyer ne zaman gerekir ve taban, motor perdesi ile davlumbazlar nasıl kaplanır.
sort: 3
products: [BAR-IZ-4, BAR-IZ-8, BAR-MEM-2, BAR-MEM-3H]
---
Ses yalıtkanı sesi emmez, **yansıtır**. Bu malzeme ya kapalı hücreli polietilen köpük (hafif, 0,12–0,30 kg/m²) ya da ağır bir membrandır (3,5–5 kg/m²). Katman ne kadar ağır ve yoğunsa düşük frekansları o kadar iyi tutar.

## Hangisi nereye

- **İzolatör 4 ve 8 mm** — kapılar, taban, bagaj: su emmez, üstelik ısı yalıtımı da sağlar.
- **Isı ve ses yalıtkanı 10 F** — ısı yalıtımının da gerektiği tavan ve motor kaputu.
- **Bariyer 2 ve 3 Heavy** — motor perdesi, ayak altındaki taban, kabin içinden davlumbazlar: en yüksek gürültünün geldiği yerler.

Bariyer ancak bölgeyi boşluksuz, kesintisiz bir katmanla kapladığında işe yarar: ses her açıklıktan geçer.
`,
    `---
kind: page
slug: oplata-i-vozvraty
language: tr
title: Ödeme ve iade
summary: Rusya'da sipariş nasıl ödenir ve teslim alınır — sipariş formunun şu anda kabul ettiği yöntemler — ve uzaktan satın alınan ürünlerin iade kuralları.
---
## Ürün iadesi

Ürün uzaktan satın alındığı için mesafeli satış kuralları geçerlidir (Rusya Federasyonu “Tüketici Haklarının Korunması Hakkında” Kanunu, madde 26.1):

- **Siparişinizi teslim almadan önce istediğiniz zaman iptal edebilirsiniz**.
- Teslim aldıktan sonra — ürün kullanılmamışsa, görünümü, ambalajı ve ödeme belgesi korunmuşsa **7 gün içinde**.
- Yazılı iade koşulları ürünle birlikte verilmemişse bu süre **3 aya** uzar.
- Ücreti, talebinizin bize ulaştığı günden itibaren **10 gün içinde** iade ediyoruz; geri gönderim masrafını alıcı öder.
- Ölçünüze göre **rulodan kesilen** malzeme iade edilemeyebilir: kişisel siparişinize göre hazırlanmıştır.

Ayıplı ürünü geri alır, kanunda belirtilen süreler içinde değiştirir veya ücretini iade ederiz. İade talebi için mağazanın e-posta adresine yazın ya da bizi arayın — iletişim bilgileri [hakkımızda](/about#contacts) sayfasında.
`,
  ],
  faq: [
    [
      'poryadok-sloev',
      'Katmanlar hangi sırayla yapıştırılır?',
      'Metalden kabine doğru: önce titreşim sönümleyici, ardından hava hacmi olan yerlere ses emici, sonra ses yalıtkanı ve plastik döşemelerin altına gıcırtı önleyici. Ayrıntılar [“Ses yalıtımı katmanları ve sıralaması”](/stati/sloi-shumoizolyacii) makalesinde.',
    ],
    [
      'skolko-listov',
      'Aracım için kaç levha gerekir?',
      'Kasaya ve bölgelere bağlıdır. Bir sedanın dört kapısı için yaklaşık 11 levha titreşim sönümleyici, taban ve bagaj için ise 15 levha gider. Modeliniz için tam miktarı [hesaplayıcı](/calc) hesaplar.',
    ],
    [
      'sploshnoe-pokrytie',
      'Titreşim sönümleyici tüm yüzeye kesintisiz mi yapıştırılmalı?',
      'Taban, bagaj, davlumbazlar ve motor perdesi için evet, %100. Kapılar %70–100, tavan %60–80, motor kaputu ve bagaj kapağı ise takviye kirişlerinin arasında %50–70 oranında kaplanır. Ses emici ve izolatör kesintisiz bir katman hâlinde serilir.',
    ],
    [
      'temperatura',
      'Hangi sıcaklıkta yapıştırılabilir?',
      'Kasa ve ortam sıcaklığı en az +15 °C olmalıdır. Levha, rulo ile bastırılmadan önce sıcak hava tabancasıyla +40…+50 °C sıcaklığa kadar ısıtılır; böylece bütil panelin yüzey hatlarına sıkıca oturur.',
    ],
    [
      'ves',
      'Ses yalıtımı ne kadar ağırlık ekler?',
      'Bir sedanın tam ses yalıtımı yaklaşık 60 kg, yalnızca kapılar yaklaşık 12 kg ekler. Yüksek kayıp katsayılı hafif bir levha ağırlıktan tasarruf etmenizi sağlar; örneğin Vibro Premium 2.5 (2,6 kg/m²).',
    ],
    [
      'korroziya',
      'Malzemenin altındaki metal paslanmaz mı?',
      'Hayır, temiz ve yağı alınmış metale yapıştırıldığı sürece paslanmaz: bütil yüzeyi nemden hava geçirmez biçimde korur. Kapılardaki ve tabandaki tahliye deliklerini kapatmayın; su bu deliklerden dışarı akar.',
    ],
    [
      'garantiya',
      'Raf ömrü ve garanti süresi nedir?',
      'Uygulanmadan önce malzemeler orijinal ambalajında, kuru bir yerde ve oda sıcaklığında 12 ay saklanabilir. Talimatlara uygun şekilde yapıştırılan malzeme aracın tüm ömrü boyunca görevini sürdürür.',
    ],
    [
      'sroki-dostavki',
      'Teslimat ne kadar sürer?',
      'Moskova içinde 1–2 gün, Rusya genelinde CDEK ve Boxberry ile 2–7 gün, Rusya Postası ile 14 güne kadar. Ağır setleri PEK veya Delovye Linii ile gönderiyoruz. Diğer ülkeler için teslimat süreleri [ödeme ve teslimat](/oplata-i-vozvraty) sayfasında belirtilmiştir.',
    ],
    [
      'oplata-pri-poluchenii',
      'Kapıda veya fatura ile ödeme yapabilir miyim?',
      "Evet. Rusya'da teslimatta nakit veya kartla ödeme yapılabilir; tüzel kişiler ise fatura ile ödeyebilir — sipariş verirken INN (vergi kimlik numarası) ve KPP (kayıt nedeni kodu) bilgilerinizi belirtin.",
    ],
    [
      'vozvrat-otrezannogo',
      'Rulodan kesilmiş malzeme iade edilebilir mi?',
      'Ölçünüze göre kesilen malzeme kişisel siparişinize göre hazırlanmıştır ve iade edilemeyebilir. Orijinal ambalajındaki tam levhalar ve rulolar teslim alındıktan sonraki 7 gün içinde iade edilebilir — ayrıntılar [ödeme ve iade](/oplata-i-vozvraty) sayfasında.',
    ],
    [
      'ustanovka',
      'Kendim yapmak istemiyorsam ses yalıtımını nerede yaptırabilirim?',
      '[Montaj](/handmade) sayfasından talep bırakın: şehrinizdeki iş ortağı montaj merkezlerinden birini bulur ve tarihi birlikte belirleriz. İş ortaklarının adresleri [haritada](/map).',
    ],
    [
      'instrumenty',
      'Hangi aletler gerekir?',
      'Bastırma rulosu, döşeme sökme aparatı seti, bıçak, yağ çözücü ve eldiven; soğuk bir garajda ayrıca sıcak hava tabancası. Bunların hepsini [aletler](/instrumenty) bölümünde bulabilirsiniz.',
    ],
  ],
};
