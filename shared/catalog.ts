/**
 * The catalogue's shapes as they travel to the browser (loader data, API answers): one definition for the
 * services that produce them and the components that show them.
 */

/**
 * The language of a catalogue text when it is not the page's: 'ru' where the row has no translation into the page's
 * language and shows the Russian original (the element is marked lang="ru"), else null (decision 048).
 */
export type FallbackLang = 'ru' | null;

export interface Category {
  id: number;
  title: string;
  lang: FallbackLang;
  url: string;
  preview_image: string | null;
}

/** A product photo: its address and what it shows, for those who cannot see it. */
export interface ProductImage {
  src: string;
  alt: string;
}

export interface ProductCard {
  id: number;
  sku: string;
  title: string;
  /** 'ru' when title (and a product's description) are the Russian fallback. */
  lang: FallbackLang;
  url: string;
  preview_image: string | null;
  /** Price in the site's currency; null when the site's price list has no price (not sold there). */
  price: number | null;
  /** Units in stock (in stock when > 0, else made to order); null for a card without one stock (a ready kit). */
  stock: number | null;
}

export interface Product extends ProductCard {
  description: string;
  /** String values translated where the catalogue has them in the page's language. */
  attributes: Record<string, string | number>;
  /** Keys of string attributes whose values stay Russian (marked lang="ru"). */
  ru_attributes: string[];
  /** Photos, the main one first (the products.images jsonb array, decision 041). */
  images: ProductImage[];
  category: Category;
  /** Units in stock (migration 005): in stock when > 0, else made to order. */
  stock: number;
}

/** A product of the visitor's compare list (spec §2 /compare): its attributes side by side, grouped by category. */
export interface ComparedProduct extends ProductCard {
  attributes: Record<string, string | number>;
  ru_attributes: string[];
  category: Category;
}

/** Catalogue slugs (categories, products, kits): lower-case latin, digits and dashes, at most 120 characters. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/;
/** Database ids as they appear in addresses and forms: 1 … 2^31 − 1. */
export const MAX_ID = 2_147_483_647;
