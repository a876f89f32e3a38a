/**
 * Product photos uploaded in the back office (issue 21 item 3, migration 032). An upload is read (at most
 * MEDIA_MAX_BYTES), decoded by sharp (a bounded number of pixels; only photo formats), turned upright by its EXIF
 * orientation, stripped of its metadata and written as WebP renditions at the demo's quality (scripts/gen-images.ts)
 * — one per width of RENDITION_WIDTHS below the largest, and the largest (the original's width, at most
 * MEDIA_MAX_WIDTH). The bytes live in the database, not on one pod's disk; the picture is known by the SHA-256 of what
 * was sent, so its addresses (/media/<hash>-<W>x<H>.webp and one per width, shared/image-renditions.ts) never change meaning and are cached for a year.
 *
 * A product's gallery is products.images (the main photo first): an upload appends { src, alt }; the
 * staff reorder, describe and remove entries (demo pictures too). Each change is one transaction with the product row
 * locked and an audit row with the gallery before and after; a picture no product refers to any more is deleted in it.
 * A photo without a description is refused: the alt text is what a shopper who cannot see it reads.
 */
import { createHash } from 'node:crypto';
import { MEDIA_MAX_WIDTH, MEDIA_SRC, mediaSrc, mediaWidths } from '../../shared/image-renditions.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db, Queryable } from '../db/index.ts';

/** The largest upload read: a phone's JPEG is 3–8 MB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels decoded (a "decompression bomb" stops here): 50 megapixels, above any camera the shop uses. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** Photos a product may have. */
export const MAX_PRODUCT_IMAGES = 20;
export const ALT_MAX_LENGTH = 300;
/** The demo's WebP quality (scripts/gen-images.ts). */
const QUALITY = 70;
/** What sharp may decode for a product photo (not SVG: a document that can carry script and external references). */
const FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  heif: 'image/heif',
  gif: 'image/gif',
};

export interface GalleryImage {
  src: string;
  alt: string;
}

export type ImageChangeError =
  | 'not_found'
  | 'too_large'
  | 'empty'
  | 'not_image'
  | 'too_many_pixels'
  | 'alt_required'
  | 'duplicate'
  | 'too_many'
  | 'unknown_image'
  | 'unavailable';

export type ImageChangeResult = { ok: true; images: GalleryImage[] } | { ok: false; error: ImageChangeError };

export type ImageEdit =
  | { action: 'alt'; src: string; alt: string }
  | { action: 'up' | 'down' | 'remove'; src: string }
  | { action: 'order'; srcs: string[] };

/** One stored rendition: its bytes and what the answer needs. */
export interface MediaRendition {
  data: Buffer;
  width: number;
}

interface Rendition {
  width: number;
  height: number;
  data: Buffer;
}

/** A refusal of the upload itself (not a server fault): the route names it. */
class UploadRefused extends Error {
  constructor(readonly code: ImageChangeError) {
    super(code);
  }
}

/** The stream's bytes, at most `max`: a longer stream is refused (and read to its end, so the request can answer). */
async function readAtMost(stream: AsyncIterable<Buffer | Uint8Array>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) over = true;
    else chunks.push(Buffer.from(chunk));
  }
  if (over) throw new UploadRefused('too_large');
  return Buffer.concat(chunks, size);
}

type Sharp = typeof import('sharp').default;

/**
 * sharp, loaded on the first upload: the storefront never needs it, and a server without its native part still
 * serves every page (an upload there is refused as 'unavailable').
 */
let sharpModule: Promise<Sharp | undefined> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then(
    (m) => m.default,
    () => undefined,
  );
  return sharpModule;
};

/** Decodes the upload and writes its renditions; a file sharp cannot read, or not a photo, is refused. */
async function renditionsOf(input: Buffer): Promise<{ width: number; height: number; mime: string; renditions: Rendition[] }> {
  const sharp = await loadSharp();
  if (!sharp) throw new UploadRefused('unavailable');
  const options = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' as const, animated: false };
  let meta: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    throw new UploadRefused('not_image');
  }
  const mime = FORMATS[meta.format ?? ''];
  if (!mime || !meta.width || !meta.height) throw new UploadRefused('not_image');
  if (meta.width * meta.height > MEDIA_MAX_PIXELS) throw new UploadRefused('too_many_pixels');
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const largest = Math.min(width, MEDIA_MAX_WIDTH);
  const renditions: Rendition[] = [];
  try {
    for (const w of mediaWidths(largest)) {
      // rotate(): upright by EXIF; no withMetadata(): EXIF (a phone's GPS position), ICC and XMP are left behind.
      const { data, info } = await sharp(input, options)
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: QUALITY, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      renditions.push({ width: w, height: info.height, data });
    }
  } catch {
    // A file whose header reads but whose pixels do not (truncated, corrupt) is the sender's problem, not ours.
    throw new UploadRefused('not_image');
  }
  return { width, height, mime, renditions };
}

const mediaHashOf = (src: string) => MEDIA_SRC.exec(src)?.[1];

export class ProductImages {
  constructor(
    private readonly db: Db,
    private readonly onChanged: () => void,
  ) {}

  /** The product's SKU, title and gallery (the main photo first); undefined for an unknown product. */
  async gallery(productId: number): Promise<{ id: number; sku: string; title: string; images: GalleryImage[] } | undefined> {
    const [row] = await this.db.query<{ id: number; sku: string; title: string; images: GalleryImage[] }>(
      'SELECT id, sku, title, images FROM products WHERE id = $1',
      [productId],
    );
    return row;
  }

  /**
   * Reads, checks and processes an upload, then appends it to the product's gallery with its description. The alt
   * text is checked first (a refused upload costs no decoding); the stream is always read to its end.
   */
  async upload(productId: number, file: AsyncIterable<Buffer | Uint8Array>, alt: string, actor: AuditActor): Promise<ImageChangeResult> {
    const description = alt.trim();
    let input: Buffer;
    try {
      input = await readAtMost(file, MEDIA_MAX_BYTES);
    } catch (error) {
      if (error instanceof UploadRefused) return { ok: false, error: error.code };
      throw error;
    }
    if (!description) return { ok: false, error: 'alt_required' };
    if (input.length === 0) return { ok: false, error: 'empty' };
    const hash = createHash('sha256').update(input).digest('hex');
    const current = await this.gallery(productId);
    if (!current) return { ok: false, error: 'not_found' };
    if (current.images.some((i) => mediaHashOf(i.src) === hash)) return { ok: false, error: 'duplicate' };
    if (current.images.length >= MAX_PRODUCT_IMAGES) return { ok: false, error: 'too_many' };
    // Already stored for another product: the same bytes make the same renditions.
    const [stored] = await this.db.query<{ width: number; height: number }>(
      'SELECT width, height FROM media_renditions WHERE hash = $1 AND largest',
      [hash],
    );
    let processed: Awaited<ReturnType<typeof renditionsOf>> | undefined;
    if (!stored) {
      try {
        processed = await renditionsOf(input);
      } catch (error) {
        if (error instanceof UploadRefused) return { ok: false, error: error.code };
        throw error;
      }
    }
    const largest = stored ?? processed!.renditions.at(-1)!;
    const entry: GalleryImage = { src: mediaSrc(hash, largest.width, largest.height), alt: description };
    const result = await this.db.transaction(async (tx): Promise<ImageChangeResult> => {
      const before = await lockGallery(tx, productId);
      if (!before) return { ok: false, error: 'not_found' };
      if (before.images.some((i) => mediaHashOf(i.src) === hash)) return { ok: false, error: 'duplicate' };
      if (before.images.length >= MAX_PRODUCT_IMAGES) return { ok: false, error: 'too_many' };
      if (processed) {
        // Upserted, not skipped, on a clash: the row is locked until this transaction ends, so a removal elsewhere
        // cannot delete the picture between this insert and the product's reference to it.
        await tx.query(
          `INSERT INTO media_images (hash, width, height, mime, bytes) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (hash) DO UPDATE SET hash = EXCLUDED.hash`,
          [hash, processed.width, processed.height, processed.mime, input.length],
        );
        for (const [i, r] of processed.renditions.entries())
          await tx.query(
            `INSERT INTO media_renditions (hash, width, height, largest, data) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (hash, width) DO NOTHING`,
            [hash, r.width, r.height, i === processed.renditions.length - 1, r.data],
          );
      } else {
        const [still] = await tx.query('SELECT 1 FROM media_images WHERE hash = $1 FOR SHARE', [hash]);
        if (!still) return { ok: false, error: 'unknown_image' };
      }
      const images = [...before.images, entry];
      await saveGallery(tx, productId, images);
      await recordAudit(tx, actor, {
        action: 'product.image.add',
        entity: 'product',
        entityId: before.sku,
        site: null,
        before: { images: before.images },
        after: { images },
      });
      return { ok: true, images };
    });
    if (result.ok) this.onChanged();
    return result;
  }

  /** Describes, moves or removes one photo, or puts the gallery in a given order (every photo named once). */
  async edit(productId: number, edit: ImageEdit, actor: AuditActor): Promise<ImageChangeResult> {
    if (edit.action === 'alt' && !edit.alt.trim()) return { ok: false, error: 'alt_required' };
    const result = await this.db.transaction(async (tx): Promise<ImageChangeResult> => {
      const before = await lockGallery(tx, productId);
      if (!before) return { ok: false, error: 'not_found' };
      const images = [...before.images];
      if (edit.action === 'order') {
        const bySrc = new Map(images.map((i) => [i.src, i]));
        if (edit.srcs.length !== images.length || new Set(edit.srcs).size !== images.length || !edit.srcs.every((s) => bySrc.has(s)))
          return { ok: false, error: 'unknown_image' };
        images.splice(0, images.length, ...edit.srcs.map((s) => bySrc.get(s)!));
      } else {
        const at = images.findIndex((i) => i.src === edit.src);
        if (at < 0) return { ok: false, error: 'unknown_image' };
        if (edit.action === 'alt') images[at] = { ...images[at]!, alt: edit.alt.trim() };
        else if (edit.action === 'remove') images.splice(at, 1);
        else {
          const to = edit.action === 'up' ? at - 1 : at + 1;
          if (to >= 0 && to < images.length) [images[at], images[to]] = [images[to]!, images[at]!];
        }
      }
      await saveGallery(tx, productId, images);
      if (edit.action === 'remove') {
        const hash = mediaHashOf(edit.src);
        // The picture goes with the last product that shows it (its renditions by cascade). Its row is locked first
        // and the check is a statement of its own: an upload of the same bytes to another product holds the row (FOR
        // SHARE or its upsert) until it commits, and only a statement begun after that sees the other product's use.
        if (hash) {
          await tx.query('SELECT 1 FROM media_images WHERE hash = $1 FOR UPDATE', [hash]);
          await tx.query(
            `DELETE FROM media_images m WHERE m.hash = $1
               AND NOT EXISTS (SELECT 1 FROM products p WHERE p.images @> jsonb_build_array(jsonb_build_object('src', $2::text)))`,
            [hash, edit.src],
          );
        }
      }
      await recordAudit(tx, actor, {
        action: `product.image.${edit.action}`,
        entity: 'product',
        entityId: before.sku,
        site: null,
        before: { images: before.images },
        after: { images },
      });
      return { ok: true, images };
    });
    if (result.ok) this.onChanged();
    return result;
  }

  /**
   * A stored rendition of the upload `hash` whose largest rendition is `size`: the largest (width undefined) or the one
   * of that smaller width; undefined when there is none (a wrong size in the address is not the picture's address).
   */
  async rendition(hash: string, size: { width: number; height: number }, width?: number): Promise<MediaRendition | undefined> {
    const [row] = await this.db.query<{ data: Uint8Array; width: number }>(
      `SELECT r.data, r.width FROM media_renditions r
        WHERE r.hash = $1 AND CASE WHEN $4::int IS NULL THEN r.largest ELSE r.width = $4 AND NOT r.largest END
          AND EXISTS (SELECT 1 FROM media_renditions l WHERE l.hash = r.hash AND l.largest AND l.width = $2 AND l.height = $3)`,
      [hash, size.width, size.height, width ?? null],
    );
    return row && { data: Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength), width: row.width };
  }
}

async function lockGallery(tx: Queryable, productId: number): Promise<{ sku: string; images: GalleryImage[] } | undefined> {
  const [row] = await tx.query<{ sku: string; images: GalleryImage[] }>('SELECT sku, images FROM products WHERE id = $1 FOR UPDATE', [
    productId,
  ]);
  return row;
}

function saveGallery(tx: Queryable, productId: number, images: GalleryImage[]) {
  return tx.query('UPDATE products SET images = $2::jsonb WHERE id = $1', [productId, JSON.stringify(images)]);
}
