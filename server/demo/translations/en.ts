/** The demo catalogue in English (decision 048): written by the seed into the translation tables. */
import type { LanguageTexts } from './types.ts';

export const texts: LanguageTexts = {
  categories: {
    vibroizolyaciya: {
      title: 'Vibration damping',
      description:
        'Vibration-damping sheets made of butyl mastic with aluminum foil. The first layer of noise insulation, rolled directly onto the bare metal of the body.',
    },
    shumopogloshchenie: {
      title: 'Sound absorption',
      description:
        'Open-cell materials based on polyurethane foam (PPU) and felt. They absorb airborne noise in the doors, roof, hood and trunk.',
    },
    zvukoizolyaciya: {
      title: 'Sound insulation and barriers',
      description: 'Closed-cell polyethylene foam and heavy membranes. They reflect noise and also serve as thermal insulation.',
    },
    antiskrip: {
      title: 'Anti-squeak and seals',
      description: 'Thin sheets and tapes for interior plastic panels. They eliminate squeaks and rattles where parts touch.',
    },
    'zhidkaya-shumoizolyaciya': {
      title: 'Liquid noise insulation',
      description:
        'Mastics for wheel arches, wheel arch liners and the underbody. Applied by brush, spatula or spray, they protect the metal from corrosion.',
    },
    instrumenty: {
      title: 'Tools',
      description: 'Application rollers, knives, trim removal tools and a heat gun for installing noise insulation.',
    },
    aksessuary: {
      title: 'Accessories and consumables',
      description: 'Degreaser, adhesive, foil tape and gloves: everything that gets used up during installation.',
    },
    'komplekty-sumoizoliacii': {
      title: 'Noise insulation kits',
      description: 'Ready-made material sets for individual zones and for an entire C-class car, with a 10% allowance for trimming.',
    },
  },
  products: {
    'VIB-LT-18': {
      title: 'Vibro Light 1.8',
      description:
        'A lightweight butyl-based vibration damper with 60 µm aluminum foil. Suitable for the roof, hood and trunk lid, where low weight matters. Applied to degreased metal and pressed down with a roller.',
    },
    'VIB-STD-22': {
      title: 'Vibro Standard 2.2',
      description:
        'A versatile butyl-based vibration damper with 80 µm foil. Used on doors, the roof, the floor and in the trunk. Applied to degreased metal and firmly pressed down with a roller.',
    },
    'VIB-OPT-30': {
      title: 'Vibro Optima 3.0',
      description:
        'A 3 mm thick vibration damper with 100 µm foil. Recommended for the floor, tunnel, trunk and firewall. Installed on clean metal and pressed down with a roller; in cold weather, warm it with a heat gun.',
    },
    'VIB-MAX-40': {
      title: 'Vibro Max 4.0',
      description:
        'A thick 4 mm vibration damper for maximum vibration suppression. Used on the floor, in the trunk, on the firewall and wheel arches. Before installation, the sheet should preferably be warmed with a heat gun and then pressed down with a roller.',
    },
    'VIB-PRM-25': {
      title: 'Vibro Premium 2.5',
      description:
        'A vibration damper with a high loss factor of 0.45 at a low weight. Suitable for doors, the roof, the floor and the trunk. Applied to degreased metal and pressed down with a roller.',
    },
    'VIB-ARK-42': {
      title: 'Vibro Arch 4.2',
      description:
        'A heavy bitumen-butyl vibration damper for wheel arches. Applied to the arches from the cabin and trunk side, as well as to the wheel arch liners. Before installation, it is warmed with a heat gun and pressed down with a roller.',
    },
    'ABS-AK-6': {
      title: 'Acoustic 6',
      description:
        'A thin open-cell polyurethane foam sound absorber. Suitable for doors and under trim panels where space is tight. Attached with its adhesive layer on top of the vibration damping.',
    },
    'ABS-AK-10': {
      title: 'Acoustic 10',
      description:
        'A 10 mm open-cell polyurethane foam sound absorber. Used in the doors, on the roof and in the trunk. Attached with its adhesive layer on top of the vibration damping.',
    },
    'ABS-AK-15': {
      title: 'Acoustic 15',
      description:
        'A thick 15 mm polyurethane foam sound absorber. Used on the roof, in the trunk and on the parcel shelves, where there is spare room under the trim. Attached with its adhesive layer on top of the vibration damping.',
    },
    'ABS-AK-10F': {
      title: 'Acoustic 10 Foil',
      description:
        'A 10 mm polyurethane foam sound absorber with a foil-faced surface that reflects engine heat. Designed for the hood. Attached with its adhesive layer, foil side out.',
    },
    'ABS-VOI-10': {
      title: 'Acoustic Felt 10',
      description:
        'A 10 mm acoustic felt for absorbing airborne noise. Used under the floor, trunk and firewall trim. Attached with its adhesive layer on top of the vibration damping.',
    },
    'BAR-IZ-4': {
      title: 'Insulator 4',
      description:
        'A 4 mm thick closed-cell polyethylene foam sound and heat insulator. Used on the inner side of door trim panels and under interior trim. Attached with its adhesive layer.',
    },
    'BAR-IZ-8': {
      title: 'Insulator 8',
      description:
        'An 8 mm thick polyethylene foam sound and heat insulator. Laid as a second layer on the floor, in the trunk and on the wheel arches on top of the vibration damping. Attached with its adhesive layer.',
    },
    'BAR-TSH-10F': {
      title: 'Thermo-Acoustic Insulator 10 F',
      description:
        'A 10 mm polyethylene foam with a foil-faced layer that reflects heat. Used on the firewall, the tunnel and under the hood. Attached with its adhesive layer, foil side out.',
    },
    'BAR-MEM-2': {
      title: 'Barrier 2',
      description:
        'A heavy 2 mm thick sound-insulating membrane. Laid on the floor, the firewall and in the trunk on top of the sound absorber. Attached with its adhesive layer with no gaps between the sheets.',
    },
    'BAR-MEM-3H': {
      title: 'Barrier 3 Heavy',
      description:
        'A weighted 3 mm thick sound-insulating membrane for maximum insulation from road and engine noise. Used on the floor, the tunnel and the firewall. Attached with its adhesive layer, with overlapping sheets.',
    },
    'ASQ-LST-5': {
      title: 'Anti-squeak Sheet 5 mm',
      description:
        'A soft self-adhesive polyurethane foam material for eliminating plastic squeaks. Applied where the dashboard panels, door cards and console touch each other.',
    },
    'ASQ-BIT-5': {
      title: 'Anti-squeak Bitumen 5 mm',
      description:
        'A bitumen-impregnated anti-squeak material that resists moisture and heat. Used on the back of plastic trim panels and at panel mounting points.',
    },
    'ASQ-LNT-15': {
      title: 'Fleece Tape 15 mm × 12 m',
      description:
        'A self-adhesive fleece tape for eliminating squeaks and rattles of plastic parts. Applied to the joints of door, dashboard and trunk trim.',
    },
    'ASQ-UPL-10': {
      title: 'Foam Seal Tape 10 mm × 5 m',
      description: 'A self-adhesive foam seal tape. Fills the gaps between interior panels and seals the joints of trim panels.',
    },
    'LIQ-AER-650': {
      title: 'Liquid Noise Insulation Aerosol 650 ml',
      description:
        'Liquid noise insulation in an aerosol can for spot treatment of wheel arch liners, wheel arches and sills. Applied to a clean, dry surface in several coats.',
    },
    'LIQ-BNK-1': {
      title: 'Liquid Noise Insulation Can 1 kg',
      description:
        'Liquid noise insulation for wheel arches, wheel arch liners and the underbody. Applied by brush or spatula in a layer of about 2 mm; coverage is about 1.5 kg per m².',
    },
    'LIQ-VED-5': {
      title: 'Liquid Noise Insulation Bucket 5 kg',
      description:
        'Liquid noise insulation in a bucket for treating all the wheel arches and the underbody of a car. Applied by spatula or spray gun in a layer of about 2 mm; coverage is about 1.5 kg per m².',
    },
    'TLS-ROL-30': {
      title: 'Roller 30 mm',
      description: 'A narrow application roller for vibration damping. Handy for stiffening ribs, corners and hard-to-reach areas.',
    },
    'TLS-ROL-80': {
      title: 'Roller 80 mm',
      description:
        'A wide application roller for vibration damping. Ensures the sheets adhere tightly on large flat surfaces: the floor, the roof, the doors.',
    },
    'TLS-NOZH': {
      title: 'Installation Knife',
      description: 'An installation knife with replaceable blades for cutting sheets of vibration damping, sound absorbers and insulators.',
    },
    'TLS-SEM-5': {
      title: 'Trim Removal Tool Set 5 pcs',
      description: 'Plastic trim removal tools for taking off door trims, panels and clips without damaging the plastic or the paintwork.',
    },
    'TLS-FEN-2000': {
      title: 'Heat Gun 2000 W',
      description: 'A 2000 W heat gun for warming vibration-damping sheets during installation in cold weather and on curved surfaces.',
    },
    'CON-OBZ-1L': {
      title: 'Degreaser 1 L',
      description:
        'A degreaser for preparing metal before applying vibration damping. Applied with a wipe; once it evaporates, the surface is ready for installation.',
    },
    'CON-KLEY-500': {
      title: 'Spray Adhesive 500 ml',
      description:
        'A spray adhesive for fixing sound absorbers, insulators and felt that have no adhesive layer. Sprayed onto both surfaces.',
    },
    'CON-SKOTCH-50': {
      title: 'Foil Tape 50 mm × 25 m',
      description:
        'Aluminum tape for sealing the joints between sheets, covering service holes and repairing the foil of vibration damping.',
    },
    'CON-PERCH': {
      title: 'Installation Gloves',
      description: 'Gloves that protect the hands from the sharp edges of foil and metal when installing noise insulation.',
    },
  },
  kits: {
    'dveri-4': {
      title: 'Noise insulation for 4 doors',
      description:
        'A kit for the four doors of a C-class sedan: vibration damping for the metal, a sound absorber, an insulator for the door trims and anti-squeak tape. A 10% allowance for trimming is included.',
    },
    'pol-i-bagazhnik': {
      title: 'Noise insulation for the floor and trunk',
      description:
        'A kit for the cabin floor with the tunnel and the trunk floor: 3 mm vibration damping and an 8 mm insulator. A 10% allowance for trimming is included.',
    },
    krysha: {
      title: 'Roof noise insulation',
      description:
        'A kit for the roof: lightweight vibration damping between the roof bows and a sound absorber against rain noise. A 10% allowance for trimming is included.',
    },
    'kapot-i-kryshka-bagazhnika': {
      title: 'Noise insulation for the hood and trunk lid',
      description:
        'A kit for the hood and trunk lid: lightweight vibration damping and a foil-faced sound absorber that reflects engine heat. A 10% allowance for trimming is included.',
    },
    arki: {
      title: 'Wheel arch noise insulation',
      description:
        'A kit for the wheel arches and wheel arch liners: heavy bitumen-butyl vibration damping and an 8 mm insulator. A 10% allowance for trimming is included.',
    },
    'polnyj-sedan': {
      title: 'Complete sedan noise insulation',
      description:
        'All zones of a C-class sedan: doors, floor and trunk, roof, hood and trunk lid, wheel arches, plus an application roller and degreaser. 5% off compared with buying the items separately.',
    },
  },
  attributeValues: {
    adhesive: {
      бутил: 'butyl',
      'битум-бутил': 'bitumen-butyl',
      акриловый: 'acrylic',
    },
    material: {
      'бутиловая мастика': 'butyl mastic',
      'битум-бутиловая мастика': 'bitumen-butyl mastic',
      ППУ: 'polyurethane foam',
      'ППУ с фольгой': 'foil-faced polyurethane foam',
      войлок: 'felt',
      'вспененный ПЭ': 'polyethylene foam',
      'вспененный ПЭ с фольгой': 'foil-faced polyethylene foam',
      мембрана: 'membrane',
      'ППУ с битумной пропиткой': 'bitumen-impregnated polyurethane foam',
      'каучуковая мастика': 'rubber mastic',
    },
    unit: {
      лист: 'sheet',
      рулон: 'roll',
      баллон: 'aerosol can',
      банка: 'can',
      ведро: 'bucket',
      шт: 'pc',
      набор: 'set',
      пара: 'pair',
    },
  },
};
