/** Categories and products from the database, priced from a site's price list. */
import type { Queryable } from '../db/index.ts';

export interface Category {
  id: number;
  title: string;
  url: string;
  preview_image: string | null;
}

export interface ProductCard {
  id: number;
  sku: string;
  title: string;
  url: string;
  preview_image: string | null;
  /** Price in the site's currency; null when the site's price list has no price (not sold there). */
  price: number | null;
}

export interface Product extends ProductCard {
  description: string;
  attributes: Record<string, string | number>;
  /** Photo addresses, the main one first (the products.images jsonb array). */
  images: string[];
  category: Category;
  /** Units in stock (migration 005): in stock when > 0, else made to order. */
  stock: number;
}

export interface SearchResult {
  id: number;
  title: string;
  url: string;
  preview_image: string | null;
  preview_content: string;
}

const categoryColumns = `c.id, c.title, '/' || c.slug AS url, c.preview_image`;

/** Escapes LIKE wildcards so a shopper's "%" or "_" match literally. */
export function likePattern(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (ch) => '\\' + ch) + '%';
}

export class CatalogService {
  constructor(private readonly db: Queryable) {}

  listCategories(): Promise<Category[]> {
    return this.db.query<Category>(`SELECT ${categoryColumns} FROM categories c ORDER BY c.sort, c.id`);
  }

  async findCategory(slug: string): Promise<(Category & { description: string }) | undefined> {
    const [row] = await this.db.query<Category & { description: string }>(
      `SELECT ${categoryColumns}, c.description FROM categories c WHERE c.slug = $1`,
      [slug],
    );
    return row;
  }

  listProducts(categoryId: number, priceList: string, limit = 48): Promise<ProductCard[]> {
    return this.db.query<ProductCard>(
      `SELECT p.id, p.sku, p.title, '/' || c.slug || '/' || p.slug AS url, p.images->>0 AS preview_image,
              pp.amount::float8 AS price
         FROM products p
         JOIN categories c ON c.id = p.category_id
         LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = $2
        WHERE p.category_id = $1 AND p.is_active
        ORDER BY p.popularity DESC, p.id
        LIMIT $3`,
      [categoryId, priceList, limit],
    );
  }

  async findProduct(categorySlug: string, productSlug: string, priceList: string): Promise<Product | undefined> {
    const [row] = await this.db.query<Omit<Product, 'category'> & { category_id: number; category_title: string; category_image: string | null }>(
      `SELECT p.id, p.sku, p.title, '/' || c.slug || '/' || p.slug AS url, p.images->>0 AS preview_image,
              pp.amount::float8 AS price, p.description, p.attributes, p.images, p.stock,
              c.id AS category_id, c.title AS category_title, c.preview_image AS category_image
         FROM products p
         JOIN categories c ON c.id = p.category_id
         LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.price_list = $3
        WHERE c.slug = $1 AND p.slug = $2 AND p.is_active`,
      [categorySlug, productSlug, priceList],
    );
    if (!row) return undefined;
    const { category_id, category_title, category_image, ...product } = row;
    return { ...product, category: { id: category_id, title: category_title, url: '/' + categorySlug, preview_image: category_image } };
  }

  /** The address of the one active product with this slug, when exactly one exists (for canonical redirects). */
  async productUrlBySlug(productSlug: string): Promise<string | undefined> {
    const rows = await this.db.query<{ url: string }>(
      `SELECT '/' || c.slug || '/' || p.slug AS url FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.slug = $1 AND p.is_active LIMIT 2`,
      [productSlug],
    );
    return rows.length === 1 ? rows[0]!.url : undefined;
  }

  /** Title or SKU contains the text; title matches first, then popularity. (Morphology and typos: a later issue.) */
  search(text: string, limit = 10): Promise<SearchResult[]> {
    const pattern = likePattern(text.trim());
    return this.db.query<SearchResult>(
      `SELECT p.id, p.title, '/' || c.slug || '/' || p.slug AS url,
              coalesce(p.images->>0, c.preview_image) AS preview_image,
              left(p.description, 160) AS preview_content
         FROM products p JOIN categories c ON c.id = p.category_id
        WHERE p.is_active AND (p.title ILIKE $1 OR p.sku ILIKE $1)
        ORDER BY (p.title ILIKE $1) DESC, p.popularity DESC, p.id
        LIMIT $2`,
      [pattern, limit],
    );
  }
}
