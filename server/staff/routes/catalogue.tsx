/** The back office's routes — Categories and kits (owners): the lists and the editors. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CategoryDraft, type KitDraft, type KitLineDraft, MAX_KIT_LINES, TRANSLATED_LANGUAGES } from '../../catalog/index.ts';
import { CategoriesPage, CategoryEditPage, KitEditPage, KitsPage } from '../views/catalogue.tsx';
import { actorOf, frame, idParams, page, type StaffContext, type StaffRoute, text } from './common.tsx';

/** Title and description per language other than Russian, as the editors name the fields. */
const translationFields = Object.fromEntries(
  TRANSLATED_LANGUAGES.flatMap((l) => [
    [`title_${l}`, text().max(300).optional()],
    [`description_${l}`, text(true).max(10_000).optional()],
  ]),
) as Record<string, z.ZodOptional<z.ZodString>>;

function translationsOf(body: Partial<Record<string, string>>): CategoryDraft['translations'] {
  const out: CategoryDraft['translations'] = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const title = body[`title_${language}`]?.trim() ?? '';
    if (title) out[language] = { title, description: body[`description_${language}`]?.trim() ?? '' };
  }
  return out;
}

const optionalId = z.coerce.number().int().min(1).max(2_147_483_647).optional();

const categoryBase = z.object({
  _token: text().max(100),
  id: optionalId,
  slug: text().trim().max(120).default(''),
  title: text().trim().max(300),
  description: text(true).max(10_000).default(''),
  sort: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
});
const categoryBody = categoryBase.extend(translationFields);

/** One field or several of the same name (a form's repeated inputs), as a list. */
const repeated = (field: z.ZodType<string>) =>
  z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(field).max(MAX_KIT_LINES + 20));

const kitBase = z.object({
  _token: text().max(100),
  id: optionalId,
  slug: text().trim().max(120).default(''),
  title: text().trim().max(300),
  description: text(true).max(10_000).default(''),
  discount: text().trim().max(10).default(''),
  lineSku: repeated(text().trim().max(64)),
  lineQuantity: repeated(text().trim().max(10)),
  /** The "work out the price" button: the page with the form's lines priced, nothing saved. */
  preview: z.literal('1').optional(),
});
const kitBody = kitBase.extend(translationFields);

/** "7,5" or "7.5" → 7.5; '' → 0; anything else NaN (the desk names the problem). */
const percentOf = (value: string) => (value === '' ? 0 : /^\d{1,3}([.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : Number.NaN);

/** The form's line rows: a row without a SKU is an empty row (how a line is removed); a bad quantity is NaN. */
function linesOf(skus: string[], quantities: string[]): KitLineDraft[] {
  return skus.flatMap((sku, i) => {
    if (!sku) return [];
    const q = quantities[i] ?? '';
    return [{ sku, quantity: /^\d{1,6}$/.test(q) ? Number(q) : Number.NaN }];
  });
}

async function kitEditor(
  ctx: StaffContext,
  request: FastifyRequest,
  reply: FastifyReply,
  draft: KitDraft,
  extra: { discountText?: string; error?: string; preview?: boolean } = {},
  status = 200,
) {
  const desk = ctx.services.kitDesk;
  const valid = draft.lines.filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const [products, prices] = await Promise.all([
    desk.products(draft.lines.map((l) => l.sku)),
    desk.prices(valid, Number.isFinite(draft.discountPercent) ? draft.discountPercent : 0, ctx.services.sites.all),
  ]);
  return page(reply, <KitEditPage {...frame(ctx, request)} draft={draft} products={products} prices={prices} {...extra} />, status);
}

export const catalogueRoutes: StaffRoute[] = [
  // ---- categories (owners) ----------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/categories',
    access: 'catalogue',
    async handler(ctx, request, reply) {
      return page(reply, <CategoriesPage {...frame(ctx, request)} rows={await ctx.services.categoryDesk.list()} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/categories/new',
    access: 'catalogue',
    async handler(ctx, request, reply) {
      const draft: CategoryDraft = { slug: '', title: '', description: '', sort: 0, translations: {} };
      return page(reply, <CategoryEditPage {...frame(ctx, request)} draft={draft} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/categories/:id',
    access: 'catalogue',
    schema: { params: idParams, querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const category = await ctx.services.categoryDesk.find((request.params as { id: number }).id);
      if (!category) return reply.callNotFound();
      return page(reply, <CategoryEditPage {...frame(ctx, request)} draft={category} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/categories',
    access: 'catalogue',
    schema: { body: categoryBody },
    async handler(ctx, request, reply) {
      const body = request.body as z.infer<typeof categoryBase> & Partial<Record<string, string>>;
      const draft: CategoryDraft = {
        id: body.id,
        slug: body.slug,
        title: body.title,
        description: body.description,
        sort: body.sort,
        translations: translationsOf(body),
      };
      const result = await ctx.services.categoryDesk.save(draft, actorOf(ctx));
      if (result.ok) return reply.redirect(`/staff/categories/${result.id}?notice=categorySaved`, 303);
      return page(reply, <CategoryEditPage {...frame(ctx, request)} draft={draft} error={result.error} />, 422);
    },
  },
  // ---- kits (owners) ----------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/kits',
    access: 'catalogue',
    async handler(ctx, request, reply) {
      return page(reply, <KitsPage {...frame(ctx, request)} rows={await ctx.services.kitDesk.list()} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/kits/new',
    access: 'catalogue',
    async handler(ctx, request, reply) {
      const draft: KitDraft = { slug: '', title: '', description: '', discountPercent: 0, lines: [], translations: {} };
      return kitEditor(ctx, request, reply, draft);
    },
  },
  {
    method: 'GET',
    url: '/staff/kits/:id',
    access: 'catalogue',
    schema: { params: idParams, querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const kit = await ctx.services.kitDesk.find((request.params as { id: number }).id);
      if (!kit) return reply.callNotFound();
      return kitEditor(ctx, request, reply, kit);
    },
  },
  {
    method: 'POST',
    url: '/staff/kits',
    access: 'catalogue',
    schema: { body: kitBody },
    async handler(ctx, request, reply) {
      const body = request.body as z.infer<typeof kitBase> & Partial<Record<string, string>>;
      const draft: KitDraft = {
        id: body.id,
        slug: body.slug,
        title: body.title,
        description: body.description,
        discountPercent: percentOf(body.discount),
        lines: linesOf(body.lineSku, body.lineQuantity),
        translations: translationsOf(body),
      };
      if (body.preview) return kitEditor(ctx, request, reply, draft, { discountText: body.discount, preview: true });
      const result = await ctx.services.kitDesk.save(draft, actorOf(ctx));
      if (result.ok) return reply.redirect(`/staff/kits/${result.id}?notice=kitSaved`, 303);
      return kitEditor(ctx, request, reply, draft, { discountText: body.discount, error: result.error }, 422);
    },
  },
];
