/** The back office's routes — Prices and stock (managers): the grid, counts, movements, CSV export and import. */
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addFileError,
  applyImport,
  type CsvPlan,
  exportRows,
  type ImportPlan,
  MERCHANDISE_PAGE_SIZE,
  type PriceChange,
  planCsvStream,
  planImport,
} from '../../catalog/index.ts';
import { neutraliseFormula } from '../csv.ts';
import { ImportResultPage, MovementsPage, StockPage } from '../views/stock.tsx';
import {
  actorOf,
  badRequest,
  forbidden,
  frame,
  idParams,
  listsOf,
  optionalText,
  page,
  type StaffContext,
  type StaffRoute,
  safeStaffReferer,
  text,
} from './common.tsx';

const stockBody = z
  .object({
    _token: text().max(100),
    stock: z.union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0).max(10_000_000)]).optional(),
    stock_was: z.union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0).max(10_000_000)]).optional(),
    note: text().trim().max(200).default(''),
  })
  .catchall(text().max(20));

/** The largest CSV upload (50,000 rows of a dozen columns are about 5 MB). */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;

/** The upload streamed through csv-parse (csv-import.ts) into the prices-and-stock plan; a malformed file is its error. */
function planFromCsv(ctx: StaffContext, file: NodeJS.ReadableStream): Promise<ImportPlan> {
  return planCsvStream(
    file,
    (rows, header) => planImport(ctx.services.db, rows, header, listsOf(ctx)),
    (error) => ({ rows: 0, errors: [error], errorsOmitted: 0, stock: [], prices: [], changes: [], changesOmitted: 0 }),
  );
}

/**
 * A CSV import form's upload (multipart, as the page's form sends it): the fields, and the file planned by `planFile`
 * as it streams in. The form's hidden token comes before the file (document order) and is checked before the file is
 * read. Undefined when the answer has been sent (no multipart body, a stale token, no file).
 */
export async function readCsvUpload<P extends CsvPlan>(
  ctx: StaffContext,
  request: FastifyRequest,
  reply: FastifyReply,
  planFile: (file: NodeJS.ReadableStream) => Promise<P>,
): Promise<{ plan: P; fields: Record<string, string> } | undefined> {
  if (!request.isMultipart()) {
    badRequest(reply, 'A CSV file is sent as multipart/form-data (the page’s form)');
    return undefined;
  }
  const fields: Record<string, string> = {};
  let plan: P | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (!ctx.staff.verifyToken(ctx.sessionId!, fields._token ?? '')) {
      part.file.resume();
      reply.code(403).send({ statusCode: 403, error: 'staff_token', message: 'The staff form token is missing or stale: reload the page' });
      return undefined;
    }
    plan = await planFile(part.file);
    if (part.file.truncated) addFileError(plan, { line: 0, message: `файл больше ${CSV_MAX_BYTES / 1024 / 1024} МБ` });
  }
  if (!plan) {
    badRequest(reply, 'No file in the form');
    return undefined;
  }
  return { plan, fields };
}

/** '1 234,50' → 1234.5; '' → null (not sold); anything else → undefined. */
function parsePrice(value: string): number | null | undefined {
  const v = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (v === '') return null;
  return /^\d{1,12}(\.\d{1,2})?$/.test(v) ? Number(v) : undefined;
}

export const stockRoutes: StaffRoute[] = [
  // ---- prices and stock (managers) ---------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/stock',
    access: 'stock',
    schema: {
      querystring: z.object({
        q: optionalText(100),
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        notice: text().max(20).optional(),
      }),
    },
    async handler(ctx, request, reply) {
      const { q, page: n } = request.query as { q?: string; page: number };
      const editable = listsOf(ctx);
      const [{ rows, total }, lists] = await Promise.all([ctx.services.merchandise.grid(q, n), ctx.services.merchandise.priceLists()]);
      const shown = lists.map((l) => ({
        ...l,
        sites: ctx.services.sites.all.filter((s) => s.priceList === l.code).map((s) => s.id),
        editable: editable === null || editable.includes(l.code),
      }));
      const pages = Math.max(1, Math.ceil(total / MERCHANDISE_PAGE_SIZE));
      return page(reply, <StockPage {...frame(ctx, request)} q={q} rows={rows} total={total} page={n} pages={pages} lists={shown} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/stock/:id',
    access: 'stock',
    schema: { params: idParams },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const product = await ctx.services.merchandise.product(id);
      if (!product) return reply.callNotFound();
      const movements = await ctx.services.merchandise.movements(id, ctx.session!.member.sites);
      return page(reply, <MovementsPage {...frame(ctx, request)} product={product} movements={movements} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/stock/:id',
    access: 'stock',
    schema: { params: idParams, body: stockBody },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const { _token, stock, stock_was: stockWas, note, ...fields } = request.body as z.infer<typeof stockBody>;
      const known = new Set((await ctx.services.merchandise.priceLists()).map((l) => l.code));
      const prices: PriceChange[] = [];
      for (const [name, value] of Object.entries(fields)) {
        const list = name.slice('price_'.length);
        if (!name.startsWith('price_') || !known.has(list)) return badRequest(reply, `Unknown field ${name}`);
        const amount = parsePrice(value as string);
        if (amount === undefined) return badRequest(reply, `${name}: a price is digits with up to two decimals, or empty (not sold)`);
        prices.push({ list, amount });
      }
      const done = await ctx.services.merchandise.update(id, { stock, stockWas, prices, note }, { ...actorOf(ctx), lists: listsOf(ctx) });
      if (done === 'stale_stock') return reply.redirect('/staff/stock?notice=stale_stock', 303);
      if (done === 'not_found') return reply.callNotFound();
      if (done === 'out_of_scope') return forbidden(ctx, request, reply);
      const back = safeStaffReferer(request) ?? '/staff/stock';
      return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}notice=stockSaved`, 303);
    },
  },

  {
    method: 'GET',
    url: '/staff/stock.csv',
    access: 'stock',
    async handler(ctx, _request, reply) {
      const { header, rows } = await exportRows(ctx.services.db);
      const csv = stringify(
        [header, ...rows].map((row) => row.map(neutraliseFormula)),
        { bom: true },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="prices-stock-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  },
  {
    method: 'POST',
    url: '/staff/stock/import',
    access: 'stock',
    multipart: true,
    async handler(ctx, request, reply) {
      const upload = await readCsvUpload(ctx, request, reply, (file) => planFromCsv(ctx, file));
      if (!upload) return reply;
      const { plan, fields } = upload;
      const dryRun = fields.dryRun === 'on';
      const applied = !dryRun && plan.errors.length === 0;
      if (applied) {
        await applyImport(ctx.services.db, plan, actorOf(ctx));
        ctx.services.merchandise.changed();
      }
      return page(
        reply,
        <ImportResultPage {...frame(ctx, request)} plan={plan} dryRun={dryRun} applied={applied} />,
        plan.errors.length ? 422 : 200,
      );
    },
  },
];
