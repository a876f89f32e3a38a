/**
 * The back office's routes — the calculator's tables (content editors and owners): one page of editable grids, and
 * its form, which previews the change against the worked examples and the ready kits or saves it (decision 049).
 *
 * The form posts every cell under a name that says where it goes:
 *   waste, defaultTier, title.<tier>, area.<body>.<zone>, cov.<tier>.<zone>.<layer>, sku.<tier>.<layer>.<zone|*>
 * An empty area or coverage removes the row (the zone has no metal on that body / the tier puts no such layer on it);
 * the SKUs of a cell are separated by spaces or commas, the choice first, then its alternatives.
 */
import { z } from 'zod';
import { ANY_ZONE, CALC_CODE, CALC_SKU, type CalcChange, MAX_CHOICES, MAX_TIER_TITLE } from '../../calculator/index.ts';
import { CalculatorPage } from '../views/calculator.tsx';
import { actorOf, frame, onFlag, page, type StaffRoute, text } from './common.tsx';

/** A form of all cells is a few hundred fields; ten times the demo's is no editor's. */
const MAX_FIELDS = 5000;
const DECIMAL = /^\d{1,3}(?:[.,]\d{1,6})?$/;
const code = z.string().regex(CALC_CODE, 'a code: a-z, digits, hyphens');

const decimal = (value: string) => (DECIMAL.test(value) ? Number(value.replace(',', '.')) : Number.NaN);

const calculatorBody = z
  .object({
    _token: text().max(100),
    intent: z.enum(['preview', 'save']),
    confirm: onFlag,
    waste: text()
      .trim()
      .max(10)
      .optional()
      .refine((v) => v === undefined || (decimal(v) >= 0 && decimal(v) < 1), 'waste: a share from 0 to below 1 (0.1 = 10 %)'),
    defaultTier: code.optional(),
  })
  .catchall(text().max(400))
  .superRefine((body, ctx) => {
    const keys = Object.keys(body);
    if (keys.length > MAX_FIELDS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_FIELDS} fields`, path: [] });
    for (const key of keys) {
      if (['_token', 'intent', 'confirm', 'waste', 'defaultTier'].includes(key)) continue;
      const value = String(body[key]).trim();
      const parts = key.split('.');
      const [kind, ...codes] = parts;
      const codesOk = (n: number, last?: string) =>
        codes.length === n && codes.every((c, i) => CALC_CODE.test(c) || (i === n - 1 && last !== undefined && c === last));
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: [key] });
      if (kind === 'title' && codesOk(1)) {
        if (!value || value.length > MAX_TIER_TITLE) issue(`a tier title of 1 to ${MAX_TIER_TITLE} characters`);
      } else if (kind === 'area' && codesOk(2)) {
        const n = decimal(value);
        if (value !== '' && !(n > 0 && n < 100)) issue('an area in m², more than 0 and less than 100 (empty: none)');
      } else if (kind === 'cov' && codesOk(3)) {
        const n = decimal(value);
        if (value !== '' && !(n > 0 && n <= 1)) issue('a coverage share, more than 0 and at most 1 (empty: none)');
      } else if (kind === 'sku' && codesOk(3, ANY_ZONE)) {
        const skus = value.split(/[\s,;]+/).filter(Boolean);
        if (skus.length > MAX_CHOICES) issue(`at most ${MAX_CHOICES} SKUs`);
        else if (skus.some((s) => !CALC_SKU.test(s))) issue('SKUs: Latin letters, digits and hyphens, separated by spaces');
      } else issue('an unknown field');
    }
  })
  .transform((body) => {
    const change: CalcChange = { tierTitles: {}, areas: [], coverage: [], choices: [] };
    const draft: Record<string, string> = {};
    if (body.waste !== undefined && body.waste !== '') change.waste = decimal(body.waste);
    if (body.defaultTier) change.defaultTier = body.defaultTier;
    for (const [key, raw] of Object.entries(body)) {
      if (['_token', 'intent', 'confirm'].includes(key)) continue;
      const value = String(raw ?? '').trim();
      draft[key] = value;
      const [kind, a = '', b = '', c = ''] = key.split('.');
      if (kind === 'title') change.tierTitles![a] = value;
      else if (kind === 'area') change.areas!.push({ body: a, zone: b, area: value === '' ? null : decimal(value) });
      else if (kind === 'cov') change.coverage!.push({ tier: a, zone: b, layer: c, coverage: value === '' ? null : decimal(value) });
      else if (kind === 'sku') change.choices!.push({ tier: a, layer: b, zone: c, skus: value.split(/[\s,;]+/).filter(Boolean) });
    }
    return { intent: body.intent, confirm: body.confirm, change, draft };
  });

export const calculatorRoutes: StaffRoute[] = [
  {
    method: 'GET',
    url: '/staff/calculator',
    access: 'calculator',
    schema: { querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const tables = await ctx.services.calculatorDesk.tables();
      return page(reply, <CalculatorPage {...frame(ctx, request)} tables={tables} priceList={ctx.services.sites.defaultSite.priceList} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/calculator',
    access: 'calculator',
    schema: { body: calculatorBody },
    async handler(ctx, request, reply) {
      const { intent, confirm, change, draft } = request.body as z.output<typeof calculatorBody>;
      const priceList = ctx.services.sites.defaultSite.priceList;
      const result = await ctx.services.calculatorDesk.apply(change, actorOf(ctx), {
        save: intent === 'save',
        confirmed: confirm,
        priceList,
      });
      if (result.status === 'saved') return reply.redirect('/staff/calculator?notice=calcSaved', 303);
      if (result.status === 'unchanged') return reply.redirect('/staff/calculator?notice=calcUnchanged', 303);
      const tables = await ctx.services.calculatorDesk.tables();
      const props = { ...frame(ctx, request), tables, priceList, draft };
      if (result.status === 'invalid') return page(reply, <CalculatorPage {...props} errors={result.errors} />, 422);
      return page(
        reply,
        <CalculatorPage {...props} examples={result.examples} cells={result.cells} unconfirmed={result.status === 'unconfirmed'} />,
        result.status === 'unconfirmed' ? 409 : 200,
      );
    },
  },
];
