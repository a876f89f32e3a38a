/**
 * Which pictures a demo product has (decision 041): its look (a foil sheet, a foam sheet, a roll, a can, a
 * roller…) follows from its category and attributes, and every look has two or three views (the product, a
 * close-up of its layers or contents, the product at work). One plan for the seed, the generated catalogue and
 * scripts/gen-product-images.ts, which draws exactly the files named here.
 */

import type { ProductImage } from '../../shared/catalog.ts';
import type { DemoProduct } from './demo-data.ts';

export type Look =
  | 'vibration'
  | 'vibration-arch'
  | 'foam'
  | 'foam-foil'
  | 'felt'
  | 'pe'
  | 'pe-foil'
  | 'membrane'
  | 'antisqueak'
  | 'antisqueak-bitumen'
  | 'tape-felt'
  | 'tape-foam'
  | 'spray'
  | 'jar'
  | 'bucket'
  | 'roller'
  | 'knife'
  | 'trim-tools'
  | 'heat-gun'
  | 'bottle'
  | 'glue-spray'
  | 'foil-tape'
  | 'gloves';

export type View = 'main' | 'detail' | 'use';

type Described = Pick<DemoProduct, 'sku' | 'category' | 'title' | 'attributes'>;

const SHEET_LOOKS: readonly Look[] = [
  'vibration',
  'vibration-arch',
  'foam',
  'foam-foil',
  'felt',
  'pe',
  'pe-foil',
  'membrane',
  'antisqueak',
  'antisqueak-bitumen',
];

export function lookOf(p: Pick<DemoProduct, 'attributes'>): Look {
  const a = p.attributes;
  const material = String(a.material ?? '');
  const unit = String(a.unit ?? '');
  switch (a.layer) {
    case 'vibration':
      return material.startsWith('битум') ? 'vibration-arch' : 'vibration';
    case 'absorber':
      return material === 'войлок' ? 'felt' : material.includes('фольг') ? 'foam-foil' : 'foam';
    case 'barrier':
      return material === 'мембрана' ? 'membrane' : material.includes('фольг') ? 'pe-foil' : 'pe';
    case 'antisqueak':
      if (unit === 'рулон') return material === 'войлок' ? 'tape-felt' : 'tape-foam';
      return material.includes('битум') ? 'antisqueak-bitumen' : 'antisqueak';
    case 'liquid':
      return unit === 'баллон' ? 'spray' : unit === 'ведро' ? 'bucket' : 'jar';
    case 'tool':
      if (a.power_w !== undefined) return 'heat-gun';
      if (a.width_mm !== undefined) return 'roller';
      return unit === 'набор' ? 'trim-tools' : 'knife';
    default:
      if (unit === 'баллон') return 'glue-spray';
      if (unit === 'рулон') return 'foil-tape';
      if (unit === 'пара') return 'gloves';
      return 'bottle';
  }
}

/** What each view of a look shows, as the end of the picture's alt text (after the product's title). */
const VIEWS: Record<Look, Partial<Record<View, string>>> = {
  vibration: {
    main: 'листы с алюминиевой фольгой, угол отогнут, видна защитная плёнка',
    detail: 'срез: фольга, бутиловая мастика и защитная плёнка',
    use: 'лист на внутренней панели двери, прикатка роликом',
  },
  'vibration-arch': {
    main: 'листы с алюминиевой фольгой, угол отогнут, видна защитная плёнка',
    detail: 'срез: фольга, толстый битум-бутиловый слой и защитная плёнка',
    use: 'листы на колёсной арке',
  },
  foam: {
    main: 'листы пенополиуретана с открытыми порами',
    detail: 'срез: поролон с открытыми порами, клеевой слой и защитная плёнка',
    use: 'листы на внутренней панели двери поверх виброизоляции',
  },
  'foam-foil': {
    main: 'листы поролона с фольгированной поверхностью',
    detail: 'срез: фольга, поролон, клеевой слой и защитная плёнка',
    use: 'листы на внутренней стороне капота',
  },
  felt: {
    main: 'листы акустического войлока',
    detail: 'срез: волокна войлока, клеевой слой и защитная плёнка',
    use: 'листы на полу салона поверх виброизоляции',
  },
  pe: {
    main: 'листы вспененного полиэтилена с закрытыми порами',
    detail: 'срез: вспененный полиэтилен, клеевой слой и защитная плёнка',
    use: 'листы на внутренней панели двери',
  },
  'pe-foil': {
    main: 'листы вспененного полиэтилена с фольгой',
    detail: 'срез: фольга, вспененный полиэтилен, клеевой слой и защитная плёнка',
    use: 'листы на внутренней стороне капота',
  },
  membrane: {
    main: 'листы тяжёлой звукоизоляционной мембраны',
    detail: 'срез: плотная мембрана, клеевой слой и защитная плёнка',
    use: 'листы на полу салона',
  },
  antisqueak: {
    main: 'тонкие листы мягкого антискрипа',
    detail: 'срез: мягкий поролон, клеевой слой и защитная плёнка',
    use: 'полосы на обратной стороне пластиковой обшивки',
  },
  'antisqueak-bitumen': {
    main: 'тонкие листы антискрипа с битумной пропиткой',
    detail: 'срез: пропитанный поролон, клеевой слой и защитная плёнка',
    use: 'полосы на обратной стороне пластиковой обшивки',
  },
  'tape-felt': { main: 'рулон ворсовой ленты', use: 'лента на стыках пластиковой обшивки' },
  'tape-foam': { main: 'рулон ленточного уплотнителя', use: 'уплотнитель на стыках пластиковой обшивки' },
  spray: { main: 'аэрозольный баллон', use: 'нанесение на колёсную арку' },
  jar: { main: 'банка с открытой крышкой и шпатель', use: 'слой мастики на колёсной арке' },
  bucket: { main: 'ведро мастики и шпатель', use: 'слой мастики на колёсной арке' },
  roller: { main: 'прикаточный ролик', use: 'прикатка листа виброизоляции на панели' },
  knife: { main: 'монтажный нож с выдвинутым лезвием', use: 'раскрой листа по линии' },
  'trim-tools': { main: 'пять пластиковых съёмников веером', use: 'съёмник поддевает обшивку двери у клипсы' },
  'heat-gun': { main: 'строительный фен', use: 'прогрев листа виброизоляции на изогнутой панели' },
  bottle: { main: 'бутылка обезжиривателя и салфетка', use: 'обезжиривание металла салфеткой' },
  'glue-spray': { main: 'аэрозольный баллон клея', use: 'клей распыляется на лист шумопоглотителя' },
  'foil-tape': { main: 'рулон алюминиевого скотча', use: 'скотч на стыке двух листов виброизоляции' },
  gloves: { main: 'пара перчаток с покрытием ладони', use: 'перчатки рядом с листом виброизоляции и роликом' },
};

export function viewsOf(look: Look): View[] {
  return (['main', 'detail', 'use'] as const).filter((v) => VIEWS[look][v]);
}

export const isSheet = (look: Look) => SHEET_LOOKS.includes(look);

/** The file a demo product's view is drawn into. */
export function pictureSrc(sku: string, view: View): string {
  return `/img/products/${sku.toLowerCase()}-${view}.svg`;
}

/** A demo product's pictures, the main one first, each with its Russian alt text. */
export function demoProductImages(p: Described): ProductImage[] {
  const look = lookOf(p);
  return viewsOf(look).map((view) => ({ src: pictureSrc(p.sku, view), alt: `${p.title}: ${VIEWS[look][view]}` }));
}

/**
 * A generated product (load checks) shows the pictures of the first demo product of its look — the same
 * drawing, its own alt — so ten thousand products need no files of their own.
 */
export function sharedImages(p: Described, demo: readonly Described[]): ProductImage[] {
  const look = lookOf(p);
  const model = demo.find((d) => lookOf(d) === look);
  if (!model) return [];
  return viewsOf(look).map((view) => ({ src: pictureSrc(model.sku, view), alt: `${p.title}: ${VIEWS[look][view]}` }));
}
