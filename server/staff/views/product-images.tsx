/** A product's photos (issue 21 item 3): the gallery in its order with each photo's description, and the upload form. */

import { MEDIA_SRC, renditionsOf } from '../../../shared/image-renditions.ts';
import { ALT_MAX_LENGTH, type GalleryImage, MAX_PRODUCT_IMAGES, MEDIA_MAX_BYTES } from '../../catalog/index.ts';
import { Frame, type FrameProps, TokenField } from './layout.tsx';

type Page = Pick<FrameProps, 'nonce' | 'assets' | 'member' | 'areas' | 'path' | 'notice'> & { token: string };

/** The narrowest rendition (a thumbnail needs no more), or the picture itself when it has none. */
function thumbnailOf(image: GalleryImage): string {
  return renditionsOf(image.src)?.srcset.split(' ')[0] ?? image.src;
}

export function ProductImagesPage(
  props: Page & { product: { id: number; sku: string; title: string }; images: GalleryImage[]; error?: string },
) {
  const { product, images } = props;
  const action = `/staff/products/${product.id}/images/edit`;
  return (
    <Frame title={`Фотографии: ${product.sku}`} {...props}>
      <p className="staff-toolbar">
        <a href={`/staff/products/${product.id}`}>← К товару «{product.title}»</a>
        <span className="staff-muted">
          Фотографий: {images.length} из {MAX_PRODUCT_IMAGES}. Первая — главная: её видно в списках и крупно на странице товара.
        </span>
      </p>
      {props.error && (
        <p className="staff-notice staff-notice-error" role="alert">
          {props.error}
        </p>
      )}
      {images.length === 0 ? (
        <p className="staff-muted">У товара пока нет фотографий: покупатели видят заглушку.</p>
      ) : (
        <ol className="staff-cards staff-gallery">
          {images.map((image, i) => (
            <li key={image.src} className="staff-card">
              <a href={image.src} className="staff-gallery-thumb">
                <img src={thumbnailOf(image)} alt={image.alt} width={160} height={120} loading="lazy" />
              </a>
              <form method="post" action={action} className="staff-form">
                <TokenField token={props.token} />
                <input type="hidden" name="src" value={image.src} />
                <label>
                  {i === 0 ? 'Главная фотография — описание' : `Фотография ${i + 1} — описание`}
                  <input name="alt" required maxLength={ALT_MAX_LENGTH} defaultValue={image.alt} />
                </label>
                <p className="staff-muted staff-wrap">
                  {MEDIA_SRC.test(image.src)
                    ? `${renditionsOf(image.src)!.width}×${renditionsOf(image.src)!.height}, WebP`
                    : 'Картинка из демонстрационного набора'}
                </p>
                <div className="staff-buttons">
                  <button type="submit" name="action" value="alt">
                    Сохранить описание
                  </button>
                  <button type="submit" name="action" value="up" className="staff-secondary" disabled={i === 0} formNoValidate>
                    ↑ Выше
                  </button>
                  <button
                    type="submit"
                    name="action"
                    value="down"
                    className="staff-secondary"
                    disabled={i === images.length - 1}
                    formNoValidate
                  >
                    ↓ Ниже
                  </button>
                </div>
              </form>
              <form method="post" action={action} data-confirm="Убрать эту фотографию из галереи товара?">
                <TokenField token={props.token} />
                <input type="hidden" name="src" value={image.src} />
                <button type="submit" name="action" value="remove" className="staff-danger">
                  Удалить
                </button>
              </form>
            </li>
          ))}
        </ol>
      )}
      <h2>Добавить фотографию</h2>
      {images.length >= MAX_PRODUCT_IMAGES ? (
        <p className="staff-muted">В галерее уже {MAX_PRODUCT_IMAGES} фотографий: удалите лишнюю, чтобы добавить новую.</p>
      ) : (
        <form
          method="post"
          action={`/staff/products/${product.id}/images`}
          encType="multipart/form-data"
          className="staff-form staff-narrow"
        >
          {/* The token and the description come before the file: the server checks them before reading it. */}
          <TokenField token={props.token} />
          <label>
            Что на фотографии (для тех, кто её не видит; обязательно)
            <input name="alt" required maxLength={ALT_MAX_LENGTH} placeholder="Например: рулон материала и ножницы на верстаке" />
          </label>
          <label>
            Файл: JPEG, PNG, WebP, AVIF или GIF, до {MEDIA_MAX_BYTES / 1024 / 1024} МБ
            <input type="file" name="file" required accept="image/jpeg,image/png,image/webp,image/avif,image/gif" />
          </label>
          <p className="staff-muted">
            Сайт сам сделает из неё WebP нужных размеров и уберёт из файла служебные данные (в том числе место съёмки).
          </p>
          <div className="staff-buttons">
            <button type="submit">Загрузить</button>
          </div>
        </form>
      )}
    </Frame>
  );
}
