/**
 * Categories as the staff edit them (issue 21 item 3): the Russian title and description (the table's own columns), a
 * title and description per other language (category_translations, decision 048), the address slug and the menu's
 * order. Categories are one flat list (the table has no parent: a category's address is `/<slug>`), so a slug must
 * not be the first segment of a storefront page or a language prefix, which would hide the category. A rename keeps
 * the old slug as a redirect to the category (migration 033; CatalogService.movedCategory answers it). Every save is
 * audited in its transaction; this process's caches (the shell's category menu, listings, feeds) are cleared.
 */
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { pageRoutes } from '../../shared/routes.ts';
import { slugify } from '../../shared/slug.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import type { Db, Queryable } from '../db/index.ts';
import { saveTranslations } from './product-desk.ts';

export interface CategoryDraft {
  id?: number;
  slug: string;
  title: string;
  description: string;
  sort: number;
  /** Per language other than Russian; an empty title removes that language's translation. */
  translations: Partial<Record<Exclude<Language, 'ru'>, { title: string; description: string }>>;
}

export interface CategoryListRow {
  id: number;
  slug: string;
  title: string;
  sort: number;
  products: number;
  languages: string[];
}

export type CategorySaveResult = { ok: true; id: number } | { ok: false; error: string };

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** First segments the storefront answers itself (its pages, language prefixes, the server's own addresses). */
const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...pageRoutes.flatMap((r) => ('path' in r && !r.path.startsWith(':') && r.path !== '*' ? [r.path.split('/')[0]!] : [])),
  ...LANGUAGES.map((l) => l.toLowerCase()),
  'api',
  'staff',
  'assets',
  'img',
  'media',
  'docs',
  'healthz',
  'readyz',
  'metrics',
]);

/** A unique-constraint violation (a colleague's save won the race between our check and our write). */
export const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

export class CategoryDesk {
  constructor(
    private readonly db: Db,
    private readonly onChanged: () => void,
  ) {}

  list(): Promise<CategoryListRow[]> {
    return this.db.query<CategoryListRow>(
      `SELECT c.id, c.slug, c.title, c.sort,
              (SELECT count(*)::int FROM products p WHERE p.category_id = c.id) AS products,
              ARRAY(SELECT t.language FROM category_translations t WHERE t.category_id = c.id ORDER BY t.language) AS languages
         FROM categories c ORDER BY c.sort, c.id`,
    );
  }

  async find(id: number, q: Queryable = this.db): Promise<(CategoryDraft & { id: number }) | undefined> {
    const [row] = await q.query<CategoryDraft & { id: number }>(
      `SELECT c.id, c.slug, c.title, c.description, c.sort,
              coalesce((SELECT jsonb_object_agg(t.language, jsonb_build_object('title', t.title, 'description', t.description))
                          FROM category_translations t WHERE t.category_id = c.id), '{}') AS translations
         FROM categories c WHERE c.id = $1`,
      [id],
    );
    return row;
  }

  async save(draft: CategoryDraft, actor: AuditActor): Promise<CategorySaveResult> {
    const title = draft.title.trim();
    const slug = draft.slug.trim() || slugify(title);
    if (!title) return { ok: false, error: 'Название обязательно.' };
    if (!SLUG.test(slug) || slug.length > 120) return { ok: false, error: 'Адрес: латиница, цифры и дефисы.' };
    if (!Number.isInteger(draft.sort) || Math.abs(draft.sort) > 1_000_000) return { ok: false, error: 'Порядок: целое число.' };
    let result: CategorySaveResult;
    try {
      result = await this.db.transaction(async (tx): Promise<CategorySaveResult> => {
        if (draft.id) await tx.query('SELECT 1 FROM categories WHERE id = $1 FOR UPDATE', [draft.id]);
        const before = draft.id ? await this.find(draft.id, tx) : undefined;
        if (draft.id && !before) return { ok: false, error: 'Категория не найдена.' };
        // The kits category keeps the kits list's address it was given; no other may take a page's address.
        if (RESERVED_SLUGS.has(slug) && slug !== before?.slug)
          return { ok: false, error: `Адрес «${slug}» занят страницей магазина: выберите другой.` };
        const [clash] = await tx.query('SELECT 1 FROM categories WHERE slug = $1 AND id IS DISTINCT FROM $2::int', [
          slug,
          draft.id ?? null,
        ]);
        if (clash) return { ok: false, error: `Категория с адресом «${slug}» уже есть.` };
        // A slug a renamed category left behind is free to take: the live category wins, its redirect goes.
        await tx.query('DELETE FROM category_redirects WHERE slug = $1', [slug]);
        let id = draft.id;
        const values = [slug, title, draft.description.trim(), draft.sort];
        if (id) {
          await tx.query('UPDATE categories SET slug = $1, title = $2, description = $3, sort = $4 WHERE id = $5', [...values, id]);
          // The calculator's layers name their category by address (migration 014): they follow it, or the layer's
          // products would vanish from /calc and /constructor.
          if (before && before.slug !== slug) {
            await tx.query('UPDATE calc_layers SET category_slug = $1 WHERE category_slug = $2', [slug, before.slug]);
            // The old address answers 301 to the new one (links and search engines keep working); a reserved one
            // (the kits list's) is the storefront's own page and never reaches a category.
            if (!RESERVED_SLUGS.has(before.slug))
              await tx.query(
                `INSERT INTO category_redirects (slug, category_id) VALUES ($1, $2)
                 ON CONFLICT (slug) DO UPDATE SET category_id = EXCLUDED.category_id, created_at = now()`,
                [before.slug, id],
              );
          }
        } else {
          // categories.id has no sequence (the demo catalogue names its ids): the next one, under a lock that only
          // another writer of categories waits for.
          await tx.query('LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE');
          const [row] = await tx.query<{ id: number }>(
            `INSERT INTO categories (id, slug, title, description, sort)
             SELECT coalesce(max(id), 0) + 1, $1::text, $2::text, $3::text, $4::int FROM categories RETURNING id`,
            values,
          );
          id = row!.id;
        }
        await saveTranslations(tx, 'category', id, draft.translations);
        await recordAudit(tx, actor, {
          action: draft.id ? 'category.update' : 'category.create',
          entity: 'category',
          entityId: String(id),
          site: null,
          before: before ?? null,
          after: await this.find(id, tx),
        });
        return { ok: true, id };
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      return { ok: false, error: `Категория с адресом «${slug}» уже есть.` };
    }
    if (result.ok) this.onChanged();
    return result;
  }
}
