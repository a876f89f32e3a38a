/**
 * The back office's routes — the calculator's tables (content editors and owners): one page of editable grids, and
 * its form, which previews the change against the worked examples and the ready kits or saves it (decision 049).
 *
 * The form posts every cell under a name that says where it goes:
 *   waste, defaultTier, title.<tier>, area.<body>.<zone>, cov.<tier>.<zone>.<layer>, sku.<tier>.<layer>.<zone|*>
 * An empty area or coverage removes the row (the zone has no metal on that body / the tier puts no such layer on it);
 * the SKUs of a cell are separated by spaces or commas, the choice first, then its alternatives. `tablesVersion` is the
 * version of the tables the page was rendered from (a form from before a colleague's save is refused, 409), `previewed`
 * the change set the preview showed and the confirmation is for.
 *
 * The tables serve every site: a member with a site scope sees them and may not change them (403).
 */

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { z } from 'zod';
import { ANY_ZONE, CALC_CODE, CALC_SKU, type CalcChange, MAX_CHOICES, MAX_TIER_TITLE } from '../../calculator/index.ts';
import { CalculatorPage, type CalculatorPageProps } from '../views/calculator.tsx';
import { actorOf, forbidden, frame, onFlag, page, type StaffContext, type StaffRoute, text } from './common.tsx';

/** A form of all cells is a few hundred fields; ten times the demo's is no editor's. */
const MAX_FIELDS = 5000;
const DECIMAL = /^\d{1,3}(?:[.,]\d{1,6})?$/;
const code = z.string().regex(CALC_CODE, 'a code: a-z, digits, hyphens');

const decimal = (value: string) => (DECIMAL.test(value) ? Number(value.replace(',', '.')) : Number.NaN);
/** The fields of the form that are no cell of the tables. */
const CONTROL_FIELDS = ['_token', 'intent', 'confirm', 'tablesVersion', 'previewed'];

const STALE_TABLES = 'Таблицы изменил коллега, пока страница была открыта: откройте страницу заново';

/** The price lists the sites sell from, the default site's first: the examples are priced on each. */
const priceListsOf = (ctx: StaffContext) => {
  const sites = [ctx.services.sites.defaultSite, ...ctx.services.sites.all];
  return [...new Map(sites.map((s) => [s.priceList, { priceList: s.priceList, currency: s.currency }])).values()];
};

/** The tables serve every site: only a member without a site scope may change them. */
export const mayEditCalculator = (ctx: StaffContext) => ctx.session!.member.sites === null;

const calculatorBody = z
  .object({
    _token: text().max(100),
    intent: z.enum(['preview', 'save']),
    confirm: onFlag,
    // Any other value than the stored tables' version is refused as stale (409), a malformed one too.
    tablesVersion: text().max(100),
    previewed: text().max(100).optional(),
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
      if ([...CONTROL_FIELDS, 'waste', 'defaultTier'].includes(key)) continue;
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
      if (CONTROL_FIELDS.includes(key)) continue;
      const value = String(raw ?? '').trim();
      draft[key] = value;
      const [kind, a = '', b = '', c = ''] = key.split('.');
      if (kind === 'title') change.tierTitles![a] = value;
      else if (kind === 'area') change.areas!.push({ body: a, zone: b, area: value === '' ? null : decimal(value) });
      else if (kind === 'cov') change.coverage!.push({ tier: a, zone: b, layer: c, coverage: value === '' ? null : decimal(value) });
      else if (kind === 'sku') change.choices!.push({ tier: a, layer: b, zone: c, skus: value.split(/[\s,;]+/).filter(Boolean) });
    }
    return {
      intent: body.intent,
      confirm: body.confirm,
      version: body.tablesVersion,
      previewed: body.previewed || undefined,
      change,
      draft,
    };
  });

/** Both calculator pages as stored: editable by a member without a site scope, read-only otherwise. */
export async function showTables(
  ctx: StaffContext,
  request: FastifyRequest,
  reply: FastifyReply,
  Page: (props: CalculatorPageProps) => ReactElement,
) {
  const tables = await ctx.services.calculatorDesk.tables();
  return page(
    reply,
    <Page
      {...frame(ctx, request)}
      tables={tables}
      version={tables.version}
      priceLists={priceListsOf(ctx)}
      readOnly={!mayEditCalculator(ctx)}
    />,
  );
}

/**
 * Both calculator pages' posts: applies the change set through CalculatorDesk (preview or save) and answers — a
 * redirect once saved or unchanged, else the page again with the refusal or the examples, the form keeping what was
 * posted (or, when stale, starting again from the tables as they are now).
 */
export async function applyChange(
  ctx: StaffContext,
  request: FastifyRequest,
  reply: FastifyReply,
  posted: {
    intent: 'preview' | 'save';
    confirm: boolean;
    version: string;
    previewed?: string;
    change: CalcChange;
    draft: Record<string, string>;
  },
  url: string,
  Page: (props: CalculatorPageProps) => ReactElement,
) {
  const { intent, confirm, version, previewed, change, draft } = posted;
  const priceLists = priceListsOf(ctx);
  const result = await ctx.services.calculatorDesk.apply(change, actorOf(ctx), {
    save: intent === 'save',
    confirmed: confirm,
    previewed,
    version,
    priceLists,
  });
  if (result.status === 'saved') return reply.redirect(`${url}?notice=calcSaved`, 303);
  if (result.status === 'unchanged') return reply.redirect(`${url}?notice=calcUnchanged`, 303);
  const base = { ...frame(ctx, request), tables: result.tables, priceLists };
  // The posted cells would revert the colleague's: the page starts again from the tables as they are now.
  if (result.status === 'stale') return page(reply, <Page {...base} version={result.tables.version} errors={[STALE_TABLES]} />, 409);
  // Otherwise the form keeps the version it was made on: its cells are the editor's changes to those tables.
  const props = { ...base, version, draft };
  if (result.status === 'invalid') return page(reply, <Page {...props} errors={result.errors} />, 422);
  const unconfirmed = result.status === 'unconfirmed';
  return page(
    reply,
    <Page
      {...props}
      examples={result.examples}
      cells={result.cells}
      previewed={result.changeHash}
      unconfirmed={unconfirmed}
      otherChange={unconfirmed && confirm}
    />,
    unconfirmed ? 409 : 200,
  );
}

export const calculatorRoutes: StaffRoute[] = [
  {
    method: 'GET',
    url: '/staff/calculator',
    access: 'calculator',
    schema: { querystring: z.object({ notice: text().max(20).optional() }) },
    handler: (ctx, request, reply) => showTables(ctx, request, reply, CalculatorPage),
  },
  {
    method: 'POST',
    url: '/staff/calculator',
    access: 'calculator',
    schema: { body: calculatorBody },
    async handler(ctx, request, reply) {
      if (!mayEditCalculator(ctx)) return forbidden(ctx, request, reply);
      return applyChange(ctx, request, reply, request.body as z.output<typeof calculatorBody>, '/staff/calculator', CalculatorPage);
    },
  },
];
