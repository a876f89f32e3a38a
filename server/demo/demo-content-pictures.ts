/**
 * The pictures of the demo news and articles (decision 041): each entry has its own cover, and the body
 * pictures differ from the cover of the article they are in. scripts/gen-product-images.ts draws each file
 * named here; the front matter of server/demo/demo-content-articles.ts takes src, alt and size from here.
 */

export interface ContentPicture {
  name: string;
  src: string;
  alt: string;
  width: number;
  height: number;
}

const picture = (name: string, alt: string): ContentPicture => ({ name, src: `/img/content/${name}.svg`, alt, width: 1200, height: 675 });

export const CONTENT_PICTURES: readonly ContentPicture[] = [
  // covers, one per entry, named by its slug
  picture('sloi-shumoizolyacii', 'Слои шумоизоляции ступенькой: металл, вибропоглотитель, шумопоглотитель, изолятор и антискрип'),
  picture('skolko-listov-nuzhno', 'Автомобиль и ряд листов вибропоглотителя, которые нужны на него'),
  picture('shumoizolyaciya-dverej', 'Внутренняя панель двери с листами вибропоглотителя и шумопоглотителя'),
  picture('skolko-vesit-shumoizolyaciya', 'Стопка листов вибропоглотителя на электронных весах'),
  picture('temperatura-montazha', 'Листы вибропоглотителя, термометр и волны тепла'),
  picture('zhidkaya-shumoizolyaciya-arok', 'Автомобиль сбоку, передняя колёсная арка выделена'),
  picture('komplekty-dlya-sedana', 'Открытая коробка комплекта с листами вибропоглотителя и роликом'),
  picture('vibro-premium-v-prodazhe', 'Листы Вибро Премиум 2.5 со значком новинки'),
  picture('dostavka-sdek-kazahstan', 'Грузовик доставки и посылка с материалами'),
  picture('kalkulyator-shumoizolyacii', 'Автомобиль сверху с отмеченной зоной и листы, которые на неё нужны'),
  // body pictures
  picture('layers', 'Схема слоёв шумоизоляции от металла кузова к обшивке салона'),
  picture('heat-gun', 'Прогрев листа вибропоглотителя строительным феном на изогнутой панели'),
  picture('arches', 'Колёсная арка со слоем жидкой шумоизоляции и шпатель'),
];

export function contentPicture(name: string): ContentPicture {
  const found = CONTENT_PICTURES.find((p) => p.name === name);
  if (!found) throw new Error(`no demo content picture ${name}`);
  return found;
}
