/** The demo catalogue in Romanian as used in the Republic of Moldova (ro) (decision 048): written by the seed into the translation tables. */
import type { LanguageTexts } from './types.ts';

export const texts: LanguageTexts = {
  categories: {
    vibroizolyaciya: {
      title: 'Izolare antivibrații',
      description:
        'Foi antivibrante din mastic butilic cu folie de aluminiu. Primul strat al insonorizării, se presează cu rola direct pe tabla caroseriei.',
    },
    shumopogloshchenie: {
      title: 'Absorbție fonică',
      description:
        'Materiale cu pori deschiși pe bază de spumă poliuretanică și pâslă. Absorb zgomotul aerian din uși, de pe plafon, capotă și din portbagaj.',
    },
    zvukoizolyaciya: {
      title: 'Izolare fonică și bariere',
      description: 'Polietilenă expandată cu celule închise și membrane grele. Reflectă zgomotul și servesc drept izolație termică.',
    },
    antiskrip: {
      title: 'Antiscârțâit și garnituri de etanșare',
      description:
        'Foi subțiri și benzi pentru panourile din plastic ale habitaclului. Elimină scârțâiturile și zornăiturile în punctele de contact dintre piese.',
    },
    'zhidkaya-shumoizolyaciya': {
      title: 'Insonorizare lichidă',
      description:
        'Masticuri pentru pasajele roților, căptușelile aripilor și partea inferioară a caroseriei. Se aplică cu pensula, cu spatula sau prin pulverizare și protejează metalul de coroziune.',
    },
    instrumenty: {
      title: 'Scule',
      description: 'Role de presare, cuțite, pârghii pentru demontarea tapițeriei și pistol cu aer cald pentru montarea insonorizării.',
    },
    aksessuary: {
      title: 'Accesorii și consumabile',
      description: 'Degresant, adeziv, bandă adezivă din aluminiu și mănuși — tot ce se consumă la montaj.',
    },
    'komplekty-sumoizoliacii': {
      title: 'Kituri de insonorizare',
      description:
        'Seturi gata de materiale pentru zone separate și pentru întregul automobil de clasa C, cu o rezervă de 10% pentru tăiere.',
    },
  },
  products: {
    'VIB-LT-18': {
      title: 'Vibro Light 1.8',
      description:
        'Material antivibrant ușor pe bază de butil, cu folie de aluminiu de 60 µm. Potrivit pentru plafon, capotă și capacul portbagajului, unde contează greutatea redusă. Se lipește pe metal degresat și se presează cu rola.',
    },
    'VIB-STD-22': {
      title: 'Vibro Standard 2.2',
      description:
        'Material antivibrant universal pe bază de butil, cu folie de 80 µm. Se folosește pe uși, plafon, podea și în portbagaj. Se lipește pe metal degresat și se presează bine cu rola.',
    },
    'VIB-OPT-30': {
      title: 'Vibro Optima 3.0',
      description:
        'Material antivibrant cu grosimea de 3 mm și folie de 100 µm. Recomandat pentru podea, tunelul central, portbagaj și peretele despărțitor al motorului. Se montează pe metal curat și se presează cu rola, iar pe timp rece — cu încălzire cu pistolul cu aer cald.',
    },
    'VIB-MAX-40': {
      title: 'Vibro Max 4.0',
      description:
        'Material antivibrant gros, de 4 mm, pentru suprimarea maximă a vibrațiilor. Se folosește pe podea, în portbagaj, pe peretele despărțitor al motorului și pe pasajele roților. Înainte de montaj, foaia este bine să fie încălzită cu pistolul cu aer cald, apoi presată cu rola.',
    },
    'VIB-PRM-25': {
      title: 'Vibro Premium 2.5',
      description:
        'Material antivibrant cu un factor de pierderi mecanice ridicat, de 0,45, la o greutate redusă. Potrivit pentru uși, plafon, podea și portbagaj. Se lipește pe metal degresat și se presează cu rola.',
    },
    'VIB-ARK-42': {
      title: 'Vibro Arc 4.2',
      description:
        'Material antivibrant greu, pe bază de bitum și butil, pentru pasajele roților. Se lipește pe pasajele roților dinspre habitaclu și portbagaj, precum și pe căptușelile aripilor. Înainte de montaj se încălzește cu pistolul cu aer cald și se presează cu rola.',
    },
    'ABS-AK-6': {
      title: 'Acustic 6',
      description:
        'Absorbant fonic subțire din spumă poliuretanică cu pori deschiși. Potrivit pentru uși și sub tapițerie, unde spațiul este redus. Se lipește cu stratul autoadeziv peste izolația antivibrantă.',
    },
    'ABS-AK-10': {
      title: 'Acustic 10',
      description:
        'Absorbant fonic de 10 mm din spumă poliuretanică cu pori deschiși. Se folosește în uși, pe plafon și în portbagaj. Se lipește cu stratul autoadeziv peste izolația antivibrantă.',
    },
    'ABS-AK-15': {
      title: 'Acustic 15',
      description:
        'Absorbant fonic gros, de 15 mm, din spumă poliuretanică. Se folosește pe plafon, în portbagaj și pe polițe, unde sub tapițerie există spațiu suficient. Se lipește cu stratul autoadeziv peste izolația antivibrantă.',
    },
    'ABS-AK-10F': {
      title: 'Acustic 10 Folie',
      description:
        'Absorbant fonic de 10 mm din spumă poliuretanică, cu suprafață din folie care reflectă căldura motorului. Destinat capotei. Se lipește cu stratul autoadeziv, cu folia spre exterior.',
    },
    'ABS-VOI-10': {
      title: 'Pâslă acustică 10',
      description:
        'Pâslă acustică de 10 mm pentru absorbția zgomotului aerian. Se folosește sub tapițeria podelei, a portbagajului și a peretelui despărțitor al motorului. Se lipește cu stratul autoadeziv peste izolația antivibrantă.',
    },
    'BAR-IZ-4': {
      title: 'Izolator 4',
      description:
        'Izolator fonic și termic din polietilenă expandată cu celule închise, cu grosimea de 4 mm. Se folosește pe partea interioară a tapițeriei ușilor și sub tapițeria habitaclului. Se lipește cu stratul autoadeziv.',
    },
    'BAR-IZ-8': {
      title: 'Izolator 8',
      description:
        'Izolator fonic și termic din polietilenă expandată, cu grosimea de 8 mm. Se aplică drept al doilea strat pe podea, în portbagaj și pe pasajele roților, peste izolația antivibrantă. Se lipește cu stratul autoadeziv.',
    },
    'BAR-TSH-10F': {
      title: 'Izolator termo-fonic 10 F',
      description:
        'Polietilenă expandată de 10 mm cu strat de folie care reflectă căldura. Se folosește pe peretele despărțitor al motorului, pe tunelul central și sub capotă. Se lipește cu stratul autoadeziv, cu folia spre exterior.',
    },
    'BAR-MEM-2': {
      title: 'Barieră 2',
      description:
        'Membrană fonoizolantă grea cu grosimea de 2 mm. Se aplică pe podea, pe peretele despărțitor al motorului și în portbagaj, peste absorbantul fonic. Se lipește cu stratul autoadeziv, fără spații între foi.',
    },
    'BAR-MEM-3H': {
      title: 'Barieră 3 Heavy',
      description:
        'Membrană fonoizolantă îngreunată cu grosimea de 3 mm, pentru izolarea maximă de zgomotul drumului și al motorului. Se folosește pe podea, pe tunelul central și pe peretele despărțitor al motorului. Se lipește cu stratul autoadeziv, cu suprapunere.',
    },
    'ASQ-LST-5': {
      title: 'Foaie antiscârțâit 5 mm',
      description:
        'Material moale autoadeziv din spumă poliuretanică pentru eliminarea scârțâiturilor pieselor din plastic. Se lipește în punctele de contact ale panourilor bordului, ale panourilor ușilor și ale consolei.',
    },
    'ASQ-BIT-5': {
      title: 'Antiscârțâit bituminos 5 mm',
      description:
        'Material antiscârțâit impregnat cu bitum, rezistent la umiditate și căldură. Se folosește pe partea din spate a tapițeriei din plastic și în punctele de prindere ale panourilor.',
    },
    'ASQ-LNT-15': {
      title: 'Bandă flocată 15 mm × 12 m',
      description:
        'Bandă flocată autoadezivă pentru eliminarea scârțâiturilor și zornăiturilor pieselor din plastic. Se lipește la îmbinările tapițeriei ușilor, ale bordului și ale portbagajului.',
    },
    'ASQ-UPL-10': {
      title: 'Bandă de etanșare 10 mm × 5 m',
      description:
        'Garnitură de etanșare autoadezivă în bandă, din material expandat. Umple golurile dintre panourile habitaclului și etanșează îmbinările tapițeriei.',
    },
    'LIQ-AER-650': {
      title: 'Insonorizare lichidă aerosol 650 ml',
      description:
        'Insonorizare lichidă în tub de aerosol pentru tratarea locală a căptușelilor aripilor, a pasajelor roților și a pragurilor. Se aplică pe o suprafață curată și uscată, în mai multe straturi.',
    },
    'LIQ-BNK-1': {
      title: 'Insonorizare lichidă cutie 1 kg',
      description:
        'Insonorizare lichidă pentru pasajele roților, căptușelile aripilor și partea inferioară a caroseriei. Se aplică cu pensula sau cu spatula într-un strat de circa 2 mm, cu un consum de circa 1,5 kg pe m².',
    },
    'LIQ-VED-5': {
      title: 'Insonorizare lichidă găleată 5 kg',
      description:
        'Insonorizare lichidă în găleată pentru tratarea tuturor pasajelor roților și a părții inferioare a caroseriei. Se aplică cu spatula sau cu pistolul într-un strat de circa 2 mm, cu un consum de circa 1,5 kg pe m².',
    },
    'TLS-ROL-30': {
      title: 'Rolă 30 mm',
      description:
        'Rolă îngustă de presare pentru izolația antivibrantă. Comodă pentru nervurile de rigidizare, colțuri și locurile greu accesibile.',
    },
    'TLS-ROL-80': {
      title: 'Rolă 80 mm',
      description:
        'Rolă lată de presare pentru izolația antivibrantă. Asigură aderența strânsă a foilor pe suprafețe mari și plane: podea, plafon, uși.',
    },
    'TLS-NOZH': {
      title: 'Cuțit de montaj',
      description:
        'Cuțit de montaj cu lame interschimbabile pentru tăierea foilor antivibrante, a absorbanților fonici și a izolatoarelor.',
    },
    'TLS-SEM-5': {
      title: 'Set de pârghii de demontare 5 buc.',
      description:
        'Pârghii din plastic pentru demontarea tapițeriei ușilor, a panourilor și a clipsurilor fără a deteriora plasticul și vopseaua.',
    },
    'TLS-FEN-2000': {
      title: 'Pistol cu aer cald 2000 W',
      description:
        'Pistol cu aer cald cu puterea de 2000 W pentru încălzirea foilor antivibrante la montajul pe timp rece și pe suprafețe curbate.',
    },
    'CON-OBZ-1L': {
      title: 'Degresant 1 l',
      description:
        'Degresant pentru pregătirea metalului înainte de lipirea izolației antivibrante. Se aplică cu o lavetă; după evaporare, suprafața este gata pentru montaj.',
    },
    'CON-KLEY-500': {
      title: 'Adeziv spray 500 ml',
      description:
        'Adeziv în aerosol pentru fixarea absorbanților fonici, a izolatoarelor și a pâslei fără strat adeziv. Se pulverizează pe ambele suprafețe.',
    },
    'CON-SKOTCH-50': {
      title: 'Bandă adezivă din aluminiu 50 mm × 25 m',
      description:
        'Bandă adezivă din aluminiu pentru lipirea îmbinărilor dintre foi, acoperirea orificiilor tehnologice și repararea foliei izolației antivibrante.',
    },
    'CON-PERCH': {
      title: 'Mănuși de montaj',
      description: 'Mănuși pentru protecția mâinilor de marginile ascuțite ale foliei și ale metalului la montarea insonorizării.',
    },
  },
  kits: {
    'dveri-4': {
      title: 'Insonorizarea a 4 uși',
      description:
        'Kit pentru cele patru uși ale unui sedan de clasa C: izolarea antivibrantă a tablei, absorbant fonic, izolator pentru tapițerie și antiscârțâit. Rezerva de 10% pentru tăiere este inclusă.',
    },
    'pol-i-bagazhnik': {
      title: 'Insonorizarea podelei și a portbagajului',
      description:
        'Kit pentru podeaua habitaclului cu tunelul central și podeaua portbagajului: izolație antivibrantă de 3 mm și izolator de 8 mm. Rezerva de 10% pentru tăiere este inclusă.',
    },
    krysha: {
      title: 'Insonorizarea plafonului',
      description:
        'Kit pentru plafon: izolație antivibrantă ușoară între ranforsări și absorbant fonic împotriva zgomotului ploii. Rezerva de 10% pentru tăiere este inclusă.',
    },
    'kapot-i-kryshka-bagazhnika': {
      title: 'Insonorizarea capotei și a capacului portbagajului',
      description:
        'Kit pentru capotă și capacul portbagajului: izolație antivibrantă ușoară și absorbant fonic cu folie, care reflectă căldura motorului. Rezerva de 10% pentru tăiere este inclusă.',
    },
    arki: {
      title: 'Insonorizarea pasajelor roților',
      description:
        'Kit pentru pasajele roților și căptușelile aripilor: izolație antivibrantă grea pe bază de bitum și butil și izolator de 8 mm. Rezerva de 10% pentru tăiere este inclusă.',
    },
    'polnyj-sedan': {
      title: 'Insonorizare completă pentru sedan',
      description:
        'Toate zonele unui sedan de clasa C: uși, podea și portbagaj, plafon, capotă și capacul portbagajului, pasajele roților, plus rolă de presare și degresant. Reducere de 5% față de cumpărarea separată.',
    },
  },
  attributeValues: {
    adhesive: {
      бутил: 'butil',
      'битум-бутил': 'bitum-butil',
      акриловый: 'acrilic',
    },
    material: {
      'бутиловая мастика': 'mastic butilic',
      'битум-бутиловая мастика': 'mastic bitum-butilic',
      ППУ: 'spumă poliuretanică',
      'ППУ с фольгой': 'spumă poliuretanică cu folie',
      'ППУ с битумной пропиткой': 'spumă poliuretanică impregnată cu bitum',
      войлок: 'pâslă',
      'вспененный ПЭ': 'polietilenă expandată',
      'вспененный ПЭ с фольгой': 'polietilenă expandată cu folie',
      мембрана: 'membrană',
      'каучуковая мастика': 'mastic pe bază de cauciuc',
    },
    unit: {
      лист: 'foaie',
      рулон: 'rolă',
      баллон: 'tub',
      банка: 'cutie',
      ведро: 'găleată',
      шт: 'buc.',
      набор: 'set',
      пара: 'pereche',
    },
  },
};
