/** The demo catalogue in Turkish (tr) (decision 048): written by the seed into the translation tables. */
import type { LanguageTexts } from './types.ts';

export const texts: LanguageTexts = {
  categories: {
    vibroizolyaciya: {
      title: 'Titreşim Yalıtımı',
      description:
        'Alüminyum folyolu bütil mastikten titreşim sönümleyici levhalar. Ses yalıtımının ilk katmanıdır, doğrudan kaportanın metaline rulo ile bastırılarak uygulanır.',
    },
    shumopogloshchenie: {
      title: 'Ses Emilimi',
      description:
        'Poliüretan köpük (PU) ve keçe esaslı açık hücreli malzemeler. Kapılarda, tavanda, kaputta ve bagajda havadan gelen gürültüyü emer.',
    },
    zvukoizolyaciya: {
      title: 'Ses Yalıtımı ve Bariyerler',
      description: 'Kapalı hücreli polietilen köpük ve ağır membranlar. Gürültüyü yansıtır ve ısı yalıtımı görevi görür.',
    },
    antiskrip: {
      title: 'Gıcırtı Önleyiciler ve Contalar',
      description:
        'İç mekân plastik panelleri için ince levhalar ve bantlar. Parçaların temas noktalarındaki gıcırtı ve tıkırtıları giderir.',
    },
    'zhidkaya-shumoizolyaciya': {
      title: 'Sıvı Ses Yalıtımı',
      description:
        'Tekerlek yuvaları, çamurluk davlumbazları ve taban için mastikler. Fırça, spatula veya püskürtme ile uygulanır ve metali korozyona karşı korur.',
    },
    instrumenty: {
      title: 'Aletler',
      description: 'Ses yalıtımı montajı için bastırma ruloları, bıçaklar, döşeme sökme aparatları ve sıcak hava tabancası.',
    },
    aksessuary: {
      title: 'Aksesuarlar ve Sarf Malzemeleri',
      description: 'Yağ sökücü, yapıştırıcı, alüminyum folyo bant ve eldivenler — montaj sırasında tüketilen her şey.',
    },
    'komplekty-sumoizoliacii': {
      title: 'Ses Yalıtımı Setleri',
      description: 'Belirli bölgeler ve C segmenti bir otomobilin tamamı için, %10 kesim payı eklenmiş hazır malzeme setleri.',
    },
  },
  products: {
    'VIB-LT-18': {
      title: 'Vibro Light 1.8',
      description:
        'Bütil esaslı, 60 µm alüminyum folyolu hafif titreşim sönümleyici. Düşük ağırlığın önemli olduğu tavan, kaput ve bagaj kapağı için uygundur. Yağı alınmış metale yapıştırılır ve rulo ile bastırılır.',
    },
    'VIB-STD-22': {
      title: 'Vibro Standart 2.2',
      description:
        'Bütil esaslı, 80 µm folyolu çok amaçlı titreşim sönümleyici. Kapılarda, tavanda, tabanda ve bagajda kullanılır. Yağı alınmış metale yapıştırılır ve rulo ile sıkıca bastırılır.',
    },
    'VIB-OPT-30': {
      title: 'Vibro Optima 3.0',
      description:
        '100 µm folyolu, 3 mm kalınlığında titreşim sönümleyici. Taban, orta tünel, bagaj ve motor bölmesi perdesi için önerilir. Temiz metale rulo ile bastırılarak uygulanır, soğuk havalarda sıcak hava tabancasıyla ısıtılarak monte edilir.',
    },
    'VIB-MAX-40': {
      title: 'Vibro Maks 4.0',
      description:
        'Titreşimleri en üst düzeyde bastırmak için 4 mm kalınlığında kalın titreşim sönümleyici. Tabanda, bagajda, motor bölmesi perdesinde ve tekerlek yuvalarında kullanılır. Montajdan önce levhanın sıcak hava tabancasıyla ısıtılması, ardından rulo ile bastırılması önerilir.',
    },
    'VIB-PRM-25': {
      title: 'Vibro Premium 2.5',
      description:
        'Düşük ağırlığına rağmen 0,45 gibi yüksek mekanik kayıp katsayısına sahip titreşim sönümleyici. Kapılar, tavan, taban ve bagaj için uygundur. Yağı alınmış metale yapıştırılır ve rulo ile bastırılır.',
    },
    'VIB-ARK-42': {
      title: 'Vibro Çamurluk 4.2',
      description:
        'Tekerlek yuvaları için ağır bitüm-bütil titreşim sönümleyici. Tekerlek yuvalarına iç mekân ve bagaj tarafından, ayrıca çamurluk davlumbazlarına yapıştırılır. Montajdan önce sıcak hava tabancasıyla ısıtılır ve rulo ile bastırılır.',
    },
    'ABS-AK-6': {
      title: 'Akustik 6',
      description:
        'Açık hücreli poliüretan köpükten ince ses emici. Yerin dar olduğu kapılar ve döşemelerin altı için uygundur. Yapışkan yüzeyiyle titreşim yalıtımının üzerine yapıştırılır.',
    },
    'ABS-AK-10': {
      title: 'Akustik 10',
      description:
        'Açık hücreli poliüretan köpükten 10 mm ses emici. Kapılarda, tavanda ve bagajda kullanılır. Yapışkan yüzeyiyle titreşim yalıtımının üzerine yapıştırılır.',
    },
    'ABS-AK-15': {
      title: 'Akustik 15',
      description:
        'Poliüretan köpükten 15 mm kalın ses emici. Tavanda, bagajda ve raflarda, döşeme altında yeterli boşluk bulunan yerlerde kullanılır. Yapışkan yüzeyiyle titreşim yalıtımının üzerine yapıştırılır.',
    },
    'ABS-AK-10F': {
      title: 'Akustik 10 Folyo',
      description:
        'Motor ısısını yansıtan folyo yüzeyli, poliüretan köpükten 10 mm ses emici. Kaput için tasarlanmıştır. Yapışkan yüzeyiyle, folyo tarafı dışa bakacak şekilde yapıştırılır.',
    },
    'ABS-VOI-10': {
      title: 'Akustik Keçe 10',
      description:
        'Havadan gelen gürültüyü emmek için 10 mm akustik keçe. Taban, bagaj ve motor bölmesi perdesi döşemelerinin altında kullanılır. Yapışkan yüzeyiyle titreşim yalıtımının üzerine yapıştırılır.',
    },
    'BAR-IZ-4': {
      title: 'İzolatör 4',
      description:
        'Kapalı hücreli polietilen köpükten, 4 mm kalınlığında ses ve ısı yalıtkanı. Kapı döşemelerinin iç yüzünde ve iç mekân döşemelerinin altında kullanılır. Yapışkan yüzeyiyle yapıştırılır.',
    },
    'BAR-IZ-8': {
      title: 'İzolatör 8',
      description:
        'Polietilen köpükten, 8 mm kalınlığında ses ve ısı yalıtkanı. Titreşim yalıtımının üzerine ikinci katman olarak tabana, bagaja ve tekerlek yuvalarına serilir. Yapışkan yüzeyiyle yapıştırılır.',
    },
    'BAR-TSH-10F': {
      title: 'Isı-Ses İzolatörü 10 F',
      description:
        'Isıyı yansıtan folyo katmanlı 10 mm polietilen köpük. Motor bölmesi perdesinde, orta tünelde ve kaput altında kullanılır. Yapışkan yüzeyiyle, folyo tarafı dışa bakacak şekilde yapıştırılır.',
    },
    'BAR-MEM-2': {
      title: 'Bariyer 2',
      description:
        '2 mm kalınlığında ağır ses yalıtım membranı. Ses emicinin üzerine tabana, motor bölmesi perdesine ve bagaja serilir. Levhalar arasında boşluk bırakmadan yapışkan yüzeyiyle yapıştırılır.',
    },
    'BAR-MEM-3H': {
      title: 'Bariyer 3 Heavy',
      description:
        'Yol ve motor gürültüsüne karşı en üst düzeyde yalıtım için 3 mm kalınlığında ağırlaştırılmış ses yalıtım membranı. Tabanda, orta tünelde ve motor bölmesi perdesinde kullanılır. Yapışkan yüzeyiyle bindirmeli olarak yapıştırılır.',
    },
    'ASQ-LST-5': {
      title: 'Gıcırtı Önleyici Levha 5 mm',
      description:
        'Plastik gıcırtılarını gidermek için poliüretan köpükten yumuşak, kendinden yapışkanlı malzeme. Torpido panelleri, kapı döşemeleri ve orta konsolun temas noktalarına yapıştırılır.',
    },
    'ASQ-BIT-5': {
      title: 'Bitümlü Gıcırtı Önleyici 5 mm',
      description:
        'Neme ve ısıya dayanıklı, bitüm emdirilmiş gıcırtı önleyici. Plastik döşemelerin arka yüzünde ve panellerin bağlantı noktalarında kullanılır.',
    },
    'ASQ-LNT-15': {
      title: 'Tüylü Bant 15 mm × 12 m',
      description:
        'Plastik parçaların gıcırtı ve tıkırtılarını gidermek için kendinden yapışkanlı tüylü bant. Kapı, torpido ve bagaj döşemelerinin birleşim yerlerine yapıştırılır.',
    },
    'ASQ-UPL-10': {
      title: 'Şerit Conta 10 mm × 5 m',
      description:
        'Köpük malzemeden kendinden yapışkanlı şerit conta. İç mekân panelleri arasındaki boşlukları doldurur ve döşemelerin birleşim yerlerini sızdırmaz hâle getirir.',
    },
    'LIQ-AER-650': {
      title: 'Sıvı Ses Yalıtımı Sprey 650 ml',
      description:
        'Çamurluk davlumbazları, tekerlek yuvaları ve marşpiyellerin lokal uygulaması için aerosol kutuda sıvı ses yalıtımı. Temizlenmiş kuru yüzeye birkaç kat hâlinde uygulanır.',
    },
    'LIQ-BNK-1': {
      title: 'Sıvı Ses Yalıtımı Kutu 1 kg',
      description:
        'Tekerlek yuvaları, çamurluk davlumbazları ve taban için sıvı ses yalıtımı. Fırça veya spatula ile yaklaşık 2 mm kalınlıkta uygulanır, sarfiyat m² başına yaklaşık 1,5 kg.',
    },
    'LIQ-VED-5': {
      title: 'Sıvı Ses Yalıtımı Kova 5 kg',
      description:
        'Aracın tüm tekerlek yuvalarının ve tabanının kaplanması için kovada sıvı ses yalıtımı. Spatula veya tabanca ile yaklaşık 2 mm kalınlıkta uygulanır, sarfiyat m² başına yaklaşık 1,5 kg.',
    },
    'TLS-ROL-30': {
      title: 'Bastırma Rulosu 30 mm',
      description: 'Titreşim yalıtımı için dar bastırma rulosu. Takviye nervürleri, köşeler ve ulaşılması zor yerler için kullanışlıdır.',
    },
    'TLS-ROL-80': {
      title: 'Bastırma Rulosu 80 mm',
      description:
        'Titreşim yalıtımı için geniş bastırma rulosu. Büyük düz yüzeylerde levhaların sıkıca oturmasını sağlar: taban, tavan, kapılar.',
    },
    'TLS-NOZH': {
      title: 'Montaj Bıçağı',
      description: 'Titreşim yalıtımı levhalarını, ses emicileri ve izolatörleri kesmek için değiştirilebilir uçlu montaj bıçağı.',
    },
    'TLS-SEM-5': {
      title: 'Döşeme Sökme Aparatı Seti 5 Adet',
      description: 'Kapı döşemelerini, panelleri ve klipsleri plastiğe ve boyaya zarar vermeden sökmek için plastik sökme aparatları.',
    },
    'TLS-FEN-2000': {
      title: 'Sıcak Hava Tabancası 2000 W',
      description:
        'Soğuk havalarda ve kavisli yüzeylerde montaj sırasında titreşim yalıtımı levhalarını ısıtmak için 2000 W gücünde sıcak hava tabancası.',
    },
    'CON-OBZ-1L': {
      title: 'Yağ Sökücü 1 l',
      description:
        'Titreşim yalıtımı yapıştırılmadan önce metali hazırlamak için yağ sökücü. Bir bezle uygulanır, buharlaştıktan sonra yüzey montaja hazırdır.',
    },
    'CON-KLEY-500': {
      title: 'Sprey Yapıştırıcı 500 ml',
      description:
        'Yapışkan katmanı olmayan ses emicileri, izolatörleri ve keçeyi sabitlemek için sprey yapıştırıcı. Her iki yüzeye de püskürtülür.',
    },
    'CON-SKOTCH-50': {
      title: 'Alüminyum Folyo Bant 50 mm × 25 m',
      description:
        'Levha birleşim yerlerini bantlamak, servis deliklerini kapatmak ve titreşim yalıtımının folyosunu onarmak için alüminyum bant.',
    },
    'CON-PERCH': {
      title: 'Montaj Eldiveni',
      description: 'Ses yalıtımı montajı sırasında elleri folyonun ve metalin keskin kenarlarından korumak için eldiven.',
    },
  },
  kits: {
    'dveri-4': {
      title: '4 Kapı Ses Yalıtımı',
      description:
        'C segmenti bir sedanın dört kapısı için set: metal için titreşim yalıtımı, ses emici, döşemeler için izolatör ve gıcırtı önleyici. %10 kesim payı dahildir.',
    },
    'pol-i-bagazhnik': {
      title: 'Taban ve Bagaj Ses Yalıtımı',
      description:
        'Orta tünel dahil iç mekân tabanı ve bagaj tabanı için set: 3 mm titreşim yalıtımı ve 8 mm izolatör. %10 kesim payı dahildir.',
    },
    krysha: {
      title: 'Tavan Ses Yalıtımı',
      description: 'Tavan için set: takviyeler arasına hafif titreşim yalıtımı ve yağmur sesine karşı ses emici. %10 kesim payı dahildir.',
    },
    'kapot-i-kryshka-bagazhnika': {
      title: 'Kaput ve Bagaj Kapağı Ses Yalıtımı',
      description:
        'Kaput ve bagaj kapağı için set: hafif titreşim yalıtımı ve motor ısısını yansıtan folyolu ses emici. %10 kesim payı dahildir.',
    },
    arki: {
      title: 'Tekerlek Yuvaları Ses Yalıtımı',
      description:
        'Tekerlek yuvaları ve çamurluk davlumbazları için set: ağır bitüm-bütil titreşim yalıtımı ve 8 mm izolatör. %10 kesim payı dahildir.',
    },
    'polnyj-sedan': {
      title: 'Sedan Komple Ses Yalıtımı',
      description:
        'C segmenti bir sedanın tüm bölgeleri: kapılar, taban ve bagaj, tavan, kaput ve bagaj kapağı, tekerlek yuvaları, ayrıca bastırma rulosu ve yağ sökücü. Ayrı ayrı satın almaya göre %5 indirim.',
    },
  },
  attributeValues: {
    adhesive: {
      бутил: 'bütil',
      'битум-бутил': 'bitüm-bütil',
      акриловый: 'akrilik',
    },
    material: {
      'бутиловая мастика': 'bütil mastik',
      'битум-бутиловая мастика': 'bitüm-bütil mastik',
      ППУ: 'poliüretan köpük (PU)',
      'ППУ с фольгой': 'folyolu poliüretan köpük (PU)',
      войлок: 'keçe',
      'вспененный ПЭ': 'polietilen köpük (PE)',
      'вспененный ПЭ с фольгой': 'folyolu polietilen köpük (PE)',
      мембрана: 'membran',
      'ППУ с битумной пропиткой': 'bitüm emdirilmiş poliüretan köpük (PU)',
      'каучуковая мастика': 'kauçuk mastik',
    },
    unit: {
      лист: 'levha',
      рулон: 'rulo',
      баллон: 'sprey kutu',
      банка: 'kutu',
      ведро: 'kova',
      шт: 'adet',
      набор: 'set',
      пара: 'çift',
    },
  },
};
