/** The back office's routes — Products (owners): the list, the editor, and the products CSV export and import. */
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import {
  applyProductImport,
  exportProductRows,
  PRODUCTS_CHANGED,
  PRODUCTS_PAGE_SIZE,
  type ProductDraft,
  type ProductImportPlan,
  parseAttributes,
  planCsvStream,
  planProductImport,
  TRANSLATED_LANGUAGES,
} from '../../catalog/index.ts';
import { neutraliseFormula } from '../csv.ts';
import { ProductEditPage, ProductImportResultPage, ProductsPage } from '../views/products.tsx';
import { actorOf, frame, idParams, onFlag, optionalText, page, type StaffRoute, text } from './common.tsx';
import { readCsvUpload } from './stock.tsx';

const productBase = z.object({
  _token: text().max(100),
  id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  sku: text().trim().max(64),
  slug: text().trim().max(120).default(''),
  categoryId: z.coerce.number().int().min(0).max(2_147_483_647),
  title: text().trim().max(300),
  description: text(true).max(10_000).default(''),
  active: onFlag,
  madeToOrder: onFlag,
  attributes: text(true).max(5000).default(''),
});

const productBody = productBase.extend(
  Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((l) => [
      [`title_${l}`, text().max(300).optional()],
      [`description_${l}`, text(true).max(10_000).optional()],
    ]),
  ) as Record<string, z.ZodOptional<z.ZodString>>,
);

export const productRoutes: StaffRoute[] = [
  // ---- products (owners) ------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/products',
    access: 'catalogue',
    schema: { querystring: z.object({ q: optionalText(100), page: z.coerce.number().int().min(1).max(100_000).default(1) }) },
    async handler(ctx, request, reply) {
      const { q, page: n } = request.query as { q?: string; page: number };
      const { rows, total } = await ctx.services.productDesk.list(q, n);
      const pages = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
      return page(reply, <ProductsPage {...frame(ctx, request)} q={q} rows={rows} total={total} page={n} pages={pages} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/products.csv',
    access: 'catalogue',
    async handler(ctx, _request, reply) {
      const { header, rows } = await exportProductRows(ctx.services.db);
      const csv = stringify(
        [header, ...rows].map((row) => row.map(neutraliseFormula)),
        { bom: true },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  },
  {
    // A dry run unless the form's `apply` button sent it; a plan with any error changes nothing.
    method: 'POST',
    url: '/staff/products/import',
    access: 'catalogue',
    multipart: true,
    async handler(ctx, request, reply) {
      const upload = await readCsvUpload(ctx, request, reply, (file) =>
        planCsvStream(
          file,
          (rows, header) => planProductImport(ctx.services.db, rows, header),
          (error): ProductImportPlan => ({
            rows: 0,
            errors: [error],
            errorsOmitted: 0,
            columns: [],
            create: [],
            update: [],
            changes: [],
            changesOmitted: 0,
          }),
        ),
      );
      if (!upload) return reply;
      const { plan, fields } = upload;
      const applied = fields.apply === 'on' && plan.errors.length === 0;
      if (applied) {
        // What the plan read changed before it could be applied (a colleague's save): nothing written, the file is
        // to be sent again — a 409 naming it, with the plan's numbers.
        if ((await applyProductImport(ctx.services.db, plan, actorOf(ctx))) === 'stale')
          return page(
            reply,
            <ProductImportResultPage
              {...frame(ctx, request)}
              plan={{ ...plan, errors: [{ line: 0, message: PRODUCTS_CHANGED }], changes: [], changesOmitted: 0 }}
              applied={false}
            />,
            409,
          );
        // The product and merchandise desks share the catalogue's cache clearing (server/services/index.ts).
        ctx.services.merchandise.changed();
      }
      return page(
        reply,
        <ProductImportResultPage {...frame(ctx, request)} plan={plan} applied={applied} />,
        plan.errors.length ? 422 : 200,
      );
    },
  },
  {
    method: 'GET',
    url: '/staff/products/new',
    access: 'catalogue',
    async handler(ctx, request, reply) {
      const categories = await ctx.services.productDesk.categories();
      const draft: ProductDraft = {
        sku: '',
        slug: '',
        categoryId: categories[0]?.id ?? 0,
        title: '',
        description: '',
        active: true,
        madeToOrder: false,
        attributes: {},
        translations: {},
      };
      return page(reply, <ProductEditPage {...frame(ctx, request)} draft={draft} categories={categories} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/products/:id',
    access: 'catalogue',
    schema: { params: idParams, querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const product = await ctx.services.productDesk.find((request.params as { id: number }).id);
      if (!product) return reply.callNotFound();
      return page(
        reply,
        <ProductEditPage {...frame(ctx, request)} draft={product} categories={await ctx.services.productDesk.categories()} />,
      );
    },
  },
  {
    method: 'POST',
    url: '/staff/products',
    access: 'catalogue',
    schema: { body: productBody },
    async handler(ctx, request, reply) {
      const body = request.body as z.infer<typeof productBase> & Partial<Record<string, string>>;
      const attributes = parseAttributes(body.attributes);
      const translations: ProductDraft['translations'] = {};
      for (const language of TRANSLATED_LANGUAGES) {
        const title = body[`title_${language}`]?.trim() ?? '';
        if (title) translations[language] = { title, description: body[`description_${language}`]?.trim() ?? '' };
      }
      const draft: ProductDraft = {
        id: body.id,
        sku: body.sku,
        slug: body.slug,
        categoryId: body.categoryId,
        title: body.title,
        description: body.description,
        active: body.active,
        madeToOrder: body.madeToOrder,
        attributes: 'error' in attributes ? {} : (attributes as ProductDraft['attributes']),
        translations,
      };
      const categories = await ctx.services.productDesk.categories();
      if ('error' in attributes)
        return page(
          reply,
          <ProductEditPage
            {...frame(ctx, request)}
            draft={draft}
            attributesText={body.attributes}
            categories={categories}
            error={String(attributes.error)}
          />,
          422,
        );
      const result = await ctx.services.productDesk.save(draft, actorOf(ctx));
      if (result.ok) return reply.redirect(`/staff/products/${result.id}?notice=productSaved`, 303);
      return page(reply, <ProductEditPage {...frame(ctx, request)} draft={draft} categories={categories} error={result.error} />, 422);
    },
  },
];
