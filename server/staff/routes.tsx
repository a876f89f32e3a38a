/**
 * Every route of the back office, in one table (decision 049): its method and address, the area it belongs to
 * (roles.ts decides who enters), its zod schemas and its handler. server/http/staff.ts registers the table behind the
 * staff hooks; test/staff-access.test.ts walks the same table, so a new staff page cannot escape the access checks.
 *
 * Pages answer HTML (server-rendered, views/); a form posts, the change is made through the domain module that owns
 * it (orders: server/checkout/order-workflow.ts; staff: staff.ts), and the answer is a 303 back to a page (PRG).
 */

import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { z } from 'zod';
import { LANGUAGES } from '../../shared/languages.ts';
import { ORDER_STATES, PAYMENT_STATES } from '../../shared/orders.ts';
import type { SiteDirectory } from '../../shared/sites.ts';
import { plainText } from '../../shared/text.ts';
import { type AuditActor, readAudit } from '../audit/index.ts';
import {
  applyImport,
  exportRows,
  type ImportPlan,
  MERCHANDISE_PAGE_SIZE,
  type MerchandiseDesk,
  PRODUCTS_PAGE_SIZE,
  type PriceChange,
  type ProductDesk,
  type ProductDraft,
  parseAttributes,
  planImport,
  TRANSLATED_LANGUAGES,
} from '../catalog/index.ts';
import { type OrderDesk, type OrderWorkflow, orderNumberParam, type PaymentService, requisitesFor, vatRate } from '../checkout/index.ts';
import { CONTENT_KINDS, type ContentDesk, type ContentDraft } from '../content/index.ts';
import type { Db } from '../db/index.ts';
import { LEAD_KINDS, LEAD_STATES, type LeadDesk, REVIEW_STATES, type ReviewService } from '../forms/index.ts';
import type { Mailer } from '../mail/index.ts';
import { neutraliseFormula } from './csv.ts';
import { readDashboard } from './dashboard.ts';
import { mayEnter, ROLE_AREAS, STAFF_ROLES, type StaffArea } from './roles.ts';
import { StaffError, type StaffService, type StaffSession } from './staff.ts';
import { totpUri } from './totp.ts';
import { AuditPage, DashboardPage, ForbiddenPage, MembersPage } from './views/admin.tsx';
import { ContentEditPage, ContentListPage } from './views/content.tsx';
import { LeadPage, LeadsPage, ReviewsPage } from './views/inbox.tsx';
import { renderStaffPage, type StaffAssets } from './views/layout.tsx';
import { InvoicePage, OrderPage, OrdersPage, PackingSlipPage } from './views/orders.tsx';
import { ProductEditPage, ProductsPage } from './views/products.tsx';
import { CodePage, EnrolPage, RecoveryCodesPage, SignInPage } from './views/sign-in.tsx';
import { ImportResultPage, MovementsPage, StockPage } from './views/stock.tsx';

/** Who may use a route: 'public' — anyone on a staff host (sign-in); an area — a signed-in member whose role opens it. */
export type StaffAccess = 'public' | StaffArea;

/** What the staff routes use of the app's services (server/services/: built once, shared with the storefront). */
export interface StaffServices {
  db: Db;
  sites: SiteDirectory;
  orderDesk: OrderDesk;
  orderWorkflow: OrderWorkflow;
  reviews: ReviewService;
  leads: LeadDesk;
  contentDesk: ContentDesk;
  merchandise: MerchandiseDesk;
  productDesk: ProductDesk;
  payments: PaymentService;
  mail: Mailer;
}

export interface StaffContext {
  services: StaffServices;
  staff: StaffService;
  assets: StaffAssets;
  /** The active session and its id; undefined on public routes without one. */
  session: StaffSession | undefined;
  sessionId: string | undefined;
  /** Sets the staff cookie to a new session id (sign-in steps). */
  setSession(id: string): void;
  clearSession(): void;
}

export interface StaffRoute {
  method: 'GET' | 'POST';
  url: string;
  access: StaffAccess;
  schema?: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  /** The password form: posted before any session exists, so it carries no token (Origin and SameSite=Strict guard it). */
  tokenless?: true;
  /** A multipart upload: its body streams to the handler, which checks the token field before reading the file. */
  multipart?: true;
  handler(ctx: StaffContext, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

const NOTICES: Record<string, { kind: 'ok' | 'error'; text: string }> = {
  moved: { kind: 'ok', text: 'Статус заказа изменён, покупателю отправлено письмо.' },
  refused: { kind: 'error', text: 'Такой переход не предусмотрен для текущего статуса заказа (возможно, его уже изменил коллега).' },
  tracking: { kind: 'error', text: 'Чтобы отметить заказ отправленным, укажите трек-номер.' },
  saved: { kind: 'ok', text: 'Изменения сохранены. Сессии сотрудника завершены: он войдёт заново с новыми правами.' },
  last_owner: { kind: 'error', text: 'В магазине должен остаться хотя бы один действующий владелец.' },
  email_taken: { kind: 'error', text: 'Сотрудник с такой почтой уже есть.' },
  invalid: { kind: 'error', text: 'Неверная почта или пароль.' },
  code: { kind: 'error', text: 'Код не подошёл. Проверьте время на телефоне или введите резервный код.' },
  expired: { kind: 'error', text: 'Время на ввод кода истекло — войдите ещё раз.' },
  signedOut: { kind: 'ok', text: 'Вы вышли.' },
  moderated: { kind: 'ok', text: 'Отзыв сохранён.' },
  refunded: { kind: 'ok', text: 'Деньги возвращены через платёжную систему, покупателю отправлено письмо.' },
  refund_not_paid_online: { kind: 'error', text: 'Заказ не оплачен онлайн: вернуть деньги через платёжную систему нельзя.' },
  refund_nothing_left: { kind: 'error', text: 'По заказу уже возвращено всё, что было оплачено.' },
  refund_bad_lines: { kind: 'error', text: 'Выберите позиции и количество не больше заказанного.' },
  refund_not_configured: { kind: 'error', text: 'Онлайн-оплата для этого сайта не настроена.' },
  refund_key_reused: { kind: 'error', text: 'Форма устарела: откройте заказ заново.' },
  refund_provider: { kind: 'error', text: 'Платёжная система не выполнила возврат; подробности — в списке возвратов ниже.' },
  lead: { kind: 'ok', text: 'Обращение сохранено.' },
  productSaved: { kind: 'ok', text: 'Товар сохранён. Покупатели увидят изменения в течение времени жизни кэша.' },
  stale_stock: { kind: 'error', text: 'Остаток изменился, пока страница была открыта (заказ или коллега): проверьте и сохраните снова.' },
  stockSaved: { kind: 'ok', text: 'Цены и остаток сохранены.' },
  contentSaved: { kind: 'ok', text: 'Запись сохранена. Покупатели увидят её в течение времени жизни кэша.' },
  self_reset: { kind: 'error', text: 'Свой пароль и второй фактор сбрасывает другой владелец или команда npm run staff -- reset.' },
  unknown_assignee: { kind: 'error', text: 'Такого действующего сотрудника нет.' },
};
const noticeOf = (request: FastifyRequest) => NOTICES[(request.query as { notice?: string } | undefined)?.notice ?? ''];

/** Every text field: no control characters (decision 039: a NUL byte would be a 500 at the database). */
const text = (multiline = false) => plainText({ invalid: 'control characters are not allowed', multiline });
/** A day from 1900 on (PostgreSQL refuses year 0). */
const date = z.iso
  .date()
  .refine((d) => d >= '1900-01-01', 'a date from 1900-01-01 on')
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalText = (max: number) => text().trim().max(max).optional();
const emptyAsUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional()) as unknown as z.ZodOptional<T>;

const orderFilter = z.object({
  q: optionalText(100),
  site: emptyAsUndefined(text().max(20)),
  status: emptyAsUndefined(z.enum(ORDER_STATES)),
  paymentState: emptyAsUndefined(z.enum(PAYMENT_STATES)),
  from: date,
  to: date,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  notice: text().max(20).optional(),
});
const numberParams = z.object({ number: orderNumberParam });
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const sitesField = z
  .union([text(), z.array(text())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
const commaList = text()
  .max(2000)
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );
const contentBody = z.object({
  _token: text().max(100),
  intent: z.enum(['preview', 'save']),
  id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  kind: z.enum(CONTENT_KINDS),
  site: text().max(20),
  language: z.enum(LANGUAGES),
  slug: text().trim().max(120),
  title: text().trim().max(300),
  summary: text(true).trim().max(500).default(''),
  body: text(true).max(100_000).default(''),
  products: commaList,
  related: commaList,
  sort: z.coerce.number().int().min(-100_000).max(100_000).default(0),
  published: z
    .literal('on')
    .optional()
    .transform((v) => v === 'on'),
  publishedAt: text().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'YYYY-MM-DDTHH:MM'),
});
const onFlag = z
  .literal('on')
  .optional()
  .transform((v) => v === 'on');
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

/**
 * The upload streamed through csv-parse into the import's plan; a malformed file is the plan's error, not a 500. The
 * delimiter is the header line's: ';' (what a Russian Excel writes, with decimal commas) or ','.
 */
async function planFromCsv(ctx: StaffContext, file: NodeJS.ReadableStream): Promise<ImportPlan> {
  const chunks = (file as Readable)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const firstChunk = await chunks.next();
  const head = firstChunk.done ? '' : firstChunk.value.toString('utf8').split(/\r?\n/)[0]!;
  const delimiter = head.includes(';') ? ';' : ',';
  let header: string[] = [];
  const parser = Readable.from(
    (async function* () {
      if (!firstChunk.done) yield firstChunk.value;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  ).pipe(
    parse({
      bom: true,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 100_000,
      columns: (names: string[]) => {
        header = names.map((n) => n.trim().toLowerCase());
        return header;
      },
    }),
  );
  const records = parser[Symbol.asyncIterator]();
  try {
    const first = await records.next();
    async function* rows() {
      if (!first.done) yield first.value as Record<string, string>;
      for (;;) {
        const next = await records.next();
        if (next.done) return;
        yield next.value as Record<string, string>;
      }
    }
    return await planImport(ctx.services.db, rows(), header, listsOf(ctx));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return {
      rows: 0,
      errors: [{ line: (error as CsvError & { lines?: number }).lines ?? 0, message: `CSV не читается: ${error.message}` }],
      stock: [],
      prices: [],
      changes: [],
    };
  } finally {
    // A plan that stopped early (a bad header, a parse error) leaves the upload unread: drained, or the multipart
    // stream would wait for its reader and the answer never come.
    parser.destroy();
    while (!(await chunks.next()).done) {}
  }
}

/** A 400 in the shape every answer of the app has (server/app.ts's error handler), naming the problem. */
function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ statusCode: 400, error: 'bad_request', message });
}

/** '1 234,50' → 1234.5; '' → null (not sold); anything else → undefined. */
function parsePrice(value: string): number | null | undefined {
  const v = value.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (v === '') return null;
  return /^\d{1,12}(\.\d{1,2})?$/.test(v) ? Number(v) : undefined;
}

/** The staff page a form was posted from (its Referer, same host, under /staff), without its notice. */
function safeStaffReferer(request: FastifyRequest): string | undefined {
  try {
    const url = new URL(String(request.headers.referer ?? ''));
    if (url.host !== request.headers.host || !url.pathname.startsWith('/staff/')) return undefined;
    url.searchParams.delete('notice');
    return url.pathname + (url.search || '');
  } catch {
    return undefined;
  }
}

const memberBody = z.object({
  _token: text().max(100),
  role: z.enum(STAFF_ROLES),
  sites: sitesField,
  disabled: z.literal('on').optional(),
});

function page(reply: FastifyReply, element: ReactElement, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderStaffPage(element));
}

/** The frame's props of a signed-in page. */
function frame(ctx: StaffContext, request: FastifyRequest) {
  const member = ctx.session!.member;
  return {
    nonce: request.cspNonce,
    assets: ctx.assets,
    member,
    areas: ROLE_AREAS[member.role],
    token: ctx.staff.tokenFor(ctx.sessionId!),
    path: request.url.split('?')[0],
    notice: noticeOf(request),
  };
}

const actorOf = (ctx: StaffContext): AuditActor & { scope: readonly string[] | null } => ({
  id: ctx.session!.member.id,
  email: ctx.session!.member.email,
  scope: ctx.session!.member.sites,
});

/** A `next` address after sign-in: a staff page only (never another site: no open redirect). */
function nextPath(value: unknown): string {
  if (typeof value !== 'string' || !/^\/staff(?:[/?#]|$)/.test(value) || value.includes('//') || value.includes('\\')) return '/staff';
  // Normalised through URL: what goes into Location is percent-encoded (no CR/LF, nothing outside Latin-1).
  const url = new URL(value, 'http://staff.invalid');
  return url.host === 'staff.invalid' && url.pathname.startsWith('/staff') ? url.pathname + url.search : '/staff';
}

/** The sites a member may write content for: all sites ('*') and each site for an unscoped member, else theirs. */
function contentSites(ctx: StaffContext): string[] {
  const scope = ctx.session!.member.sites;
  return scope ?? ['*', ...ctx.services.sites.all.map((s) => s.id)];
}

/** The price lists a member may change: those of their sites (null: every list). */
function listsOf(ctx: StaffContext): string[] | null {
  const scope = ctx.session!.member.sites;
  if (scope === null) return null;
  // A list is a scoped member's only when every site selling from it is theirs (ru and test share one).
  const sites = ctx.services.sites.all;
  return [...new Set(sites.map((s) => s.priceList))].filter((list) => sites.every((s) => s.priceList !== list || scope.includes(s.id)));
}

/** Sites named in a form, kept to the configured ones; none means every site. */
function sitesOf(ctx: StaffContext, names: string[]): string[] | null {
  const known = new Set(ctx.services.sites.all.map((s) => s.id));
  const picked = [...new Set(names)].filter((s) => known.has(s));
  return picked.length ? picked : null;
}

export const STAFF_ROUTES: StaffRoute[] = [
  // ---- sign-in -----------------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/sign-in',
    access: 'public',
    schema: { querystring: z.object({ next: text().max(500).optional(), notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      if (ctx.session?.stage === 'active') return reply.redirect('/staff', 303);
      const { next } = request.query as { next?: string };
      return page(
        reply,
        <SignInPage nonce={request.cspNonce} assets={ctx.assets} next={next && nextPath(next)} notice={noticeOf(request)} />,
      );
    },
  },
  {
    method: 'POST',
    url: '/staff/sign-in',
    access: 'public',
    tokenless: true,
    schema: {
      body: z.object({ email: text().trim().max(254), password: text().max(200), next: text().max(500).optional() }),
    },
    async handler(ctx, request, reply) {
      const { email, password, next } = request.body as { email: string; password: string; next?: string };
      const result = await ctx.staff.signIn(email, password, request.ip);
      if (!result.ok) {
        if (result.reason !== 'invalid') reply.header('retry-after', String(result.retryAfterSeconds));
        const notice =
          result.reason === 'invalid'
            ? NOTICES.invalid!
            : { kind: 'error' as const, text: `Слишком много попыток. Повторите через ${result.retryAfterSeconds} с.` };
        const status = result.reason === 'invalid' ? 401 : result.reason === 'busy' ? 503 : 429;
        return page(reply, <SignInPage nonce={request.cspNonce} assets={ctx.assets} email={email} notice={notice} />, status);
      }
      ctx.setSession(result.sessionId);
      const step = result.stage === 'enrol' ? '/staff/sign-in/enrol' : '/staff/sign-in/code';
      return reply.redirect(next ? `${step}?next=${encodeURIComponent(nextPath(next))}` : step, 303);
    },
  },
  {
    method: 'GET',
    url: '/staff/sign-in/code',
    access: 'public',
    schema: { querystring: z.object({ next: text().max(500).optional(), notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      if (ctx.session?.stage !== 'second_factor') return reply.redirect('/staff/sign-in?notice=expired', 303);
      const { next } = request.query as { next?: string };
      const token = ctx.staff.tokenFor(ctx.sessionId!);
      return page(
        reply,
        <CodePage nonce={request.cspNonce} assets={ctx.assets} token={token} next={next && nextPath(next)} notice={noticeOf(request)} />,
      );
    },
  },
  {
    method: 'POST',
    url: '/staff/sign-in/code',
    access: 'public',
    schema: { body: z.object({ _token: text().max(100), code: text().max(40), next: text().max(500).optional() }) },
    async handler(ctx, request, reply) {
      const { code, next } = request.body as { code: string; next?: string };
      if (!ctx.sessionId) return reply.redirect('/staff/sign-in?notice=expired', 303);
      const result = await ctx.staff.verifyCode(ctx.sessionId, code);
      if (!result.ok) {
        if (result.reason === 'expired') return reply.redirect('/staff/sign-in?notice=expired', 303);
        const token = ctx.staff.tokenFor(ctx.sessionId);
        const notice =
          result.reason === 'locked'
            ? {
                kind: 'error' as const,
                text: `Слишком много неверных кодов. Вход заблокирован на ${Math.ceil(result.retryAfterSeconds / 60)} мин.`,
              }
            : NOTICES.code!;
        if (result.reason === 'locked') reply.header('retry-after', String(result.retryAfterSeconds));
        return page(
          reply,
          <CodePage nonce={request.cspNonce} assets={ctx.assets} token={token} notice={notice} />,
          result.reason === 'locked' ? 429 : 401,
        );
      }
      ctx.setSession(result.sessionId);
      return reply.redirect(nextPath(next), 303);
    },
  },
  {
    method: 'GET',
    url: '/staff/sign-in/enrol',
    access: 'public',
    async handler(ctx, request, reply) {
      if (ctx.session?.stage !== 'enrol' || !ctx.session.pendingSecret) return reply.redirect('/staff/sign-in?notice=expired', 303);
      const secret = ctx.session.pendingSecret;
      const token = ctx.staff.tokenFor(ctx.sessionId!);
      return page(
        reply,
        <EnrolPage
          nonce={request.cspNonce}
          assets={ctx.assets}
          token={token}
          secret={secret}
          uri={totpUri(secret, ctx.session.member.email)}
          notice={noticeOf(request)}
        />,
      );
    },
  },
  {
    method: 'POST',
    url: '/staff/sign-in/enrol',
    access: 'public',
    schema: { body: z.object({ _token: text().max(100), code: text().max(20) }) },
    async handler(ctx, request, reply) {
      if (!ctx.sessionId) return reply.redirect('/staff/sign-in?notice=expired', 303);
      const result = await ctx.staff.enrol(ctx.sessionId, (request.body as { code: string }).code);
      if (!result.ok) {
        if (result.reason === 'expired') return reply.redirect('/staff/sign-in?notice=expired', 303);
        return reply.redirect('/staff/sign-in/enrol?notice=code', 303);
      }
      ctx.setSession(result.sessionId);
      // Shown once, in this answer (no-store): the codes are kept only as hashes.
      return page(reply, <RecoveryCodesPage nonce={request.cspNonce} assets={ctx.assets} codes={result.recoveryCodes ?? []} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/sign-out',
    access: 'dashboard',
    schema: { body: z.object({ _token: text().max(100) }) },
    async handler(ctx, _request, reply) {
      await ctx.staff.signOut(ctx.sessionId!);
      ctx.clearSession();
      return reply.redirect('/staff/sign-in?notice=signedOut', 303);
    },
  },

  // ---- dashboard ---------------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff',
    access: 'dashboard',
    async handler(ctx, request, reply) {
      const member = ctx.session!.member;
      const dashboard = await readDashboard(ctx.services.db, member.sites, ctx.services.sites.all);
      return page(reply, <DashboardPage {...frame(ctx, request)} dashboard={dashboard} showOrders={mayEnter(member.role, 'orders')} />);
    },
  },

  // ---- orders ------------------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/orders',
    access: 'orders',
    schema: { querystring: orderFilter },
    async handler(ctx, request, reply) {
      const { page: n, notice: _n, ...filter } = request.query as z.infer<typeof orderFilter>;
      const scope = ctx.session!.member.sites;
      const { rows, total } = await ctx.services.orderDesk.list(filter, scope, n);
      const sites = ctx.services.sites.all.map((s) => s.id).filter((s) => scope === null || scope.includes(s));
      return page(reply, <OrdersPage {...frame(ctx, request)} filter={filter} sites={sites} rows={rows} total={total} page={n} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/orders.csv',
    access: 'orders',
    schema: { querystring: orderFilter },
    async handler(ctx, request, reply) {
      const { page: _p, notice: _n, ...filter } = request.query as z.infer<typeof orderFilter>;
      const rows = await ctx.services.orderDesk.export(filter, ctx.session!.member.sites);
      const header = [
        'Номер',
        'Дата (UTC)',
        'Сайт',
        'Статус',
        'Оплата',
        'Способ оплаты',
        'Покупатель',
        'Телефон',
        'Почта',
        'Сумма',
        'Валюта',
        'Трек-номер',
      ];
      const body = rows.map((r) => [
        r.number,
        r.createdAt,
        r.site,
        r.status,
        r.paymentState ?? '',
        r.paymentKind ?? '',
        r.customerName,
        r.customerPhone,
        r.customerEmail,
        r.total.toFixed(2),
        r.currency,
        r.trackingNumber ?? '',
      ]);
      // A cell a spreadsheet would run as a formula (=, +, -, @ …) is written as text.
      const csv = stringify(
        [header, ...body].map((row) => row.map(neutraliseFormula)),
        { bom: true },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  },
  {
    method: 'GET',
    url: '/staff/orders/:number',
    access: 'orders',
    schema: { params: numberParams, querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const order = await ctx.services.orderDesk.find((request.params as { number: string }).number, ctx.session!.member.sites);
      if (!order) return reply.callNotFound();
      // The refund form's key: one per rendering, so a double click is one refund and a new visit another.
      // A refund whose answer never came is retried with its own key; else a new key for this rendering.
      const refundKey = order.refunds.find((r) => r.status === 'pending')?.key ?? randomUUID();
      return page(reply, <OrderPage {...frame(ctx, request)} order={order} refundKey={refundKey} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/orders/:number/slip',
    access: 'orders',
    schema: { params: numberParams },
    async handler(ctx, request, reply) {
      const order = await ctx.services.orderDesk.find((request.params as { number: string }).number, ctx.session!.member.sites);
      if (!order) return reply.callNotFound();
      return page(reply, <PackingSlipPage {...frame(ctx, request)} order={order} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/orders/:number/invoice',
    access: 'orders',
    schema: { params: numberParams },
    async handler(ctx, request, reply) {
      const order = await ctx.services.orderDesk.find((request.params as { number: string }).number, ctx.session!.member.sites);
      const site = order && ctx.services.sites.byId(order.site);
      if (!order || !site) return reply.callNotFound();
      const rate = vatRate(ctx.services.payments.vatCode(site.id));
      // VAT included in the total: total × rate / (100 + rate), in kopecks (as the shopper's invoice page).
      const vat = rate === null ? null : { rate, amount: Math.round((order.total * rate * 100) / (100 + rate)) / 100 };
      return page(reply, <InvoicePage {...frame(ctx, request)} order={order} seller={requisitesFor(site).rows} vat={vat} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/orders/:number/status',
    access: 'orders',
    schema: {
      params: numberParams,
      body: z.object({
        _token: text().max(100),
        to: z.enum(ORDER_STATES),
        note: text().trim().max(500).default(''),
        trackingNumber: text().trim().max(100).optional(),
      }),
    },
    async handler(ctx, request, reply) {
      const { number } = request.params as { number: string };
      const body = request.body as { to: (typeof ORDER_STATES)[number]; note: string; trackingNumber?: string };
      const result = await ctx.services.orderWorkflow.move(number, body, actorOf(ctx));
      if (!result.ok && result.reason === 'not_found') return reply.callNotFound();
      if (!result.ok && result.reason === 'out_of_scope') return forbidden(ctx, request, reply);
      const notice = result.ok ? 'moved' : result.reason === 'tracking_required' ? 'tracking' : 'refused';
      return reply.redirect(`/staff/orders/${number}?notice=${notice}`, 303);
    },
  },

  // ---- reviews (content) --------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/reviews',
    access: 'reviews',
    schema: {
      querystring: z.object({
        status: z.enum(REVIEW_STATES).default('pending'),
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        notice: text().max(20).optional(),
      }),
    },
    async handler(ctx, request, reply) {
      const { status, page: n } = request.query as { status: (typeof REVIEW_STATES)[number]; page: number };
      const { rows, more } = await ctx.services.reviews.forModeration(status, ctx.session!.member.sites, n);
      return page(reply, <ReviewsPage {...frame(ctx, request)} status={status} rows={rows} page={n} more={more} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/reviews/:id',
    access: 'reviews',
    schema: {
      params: idParams,
      body: z.object({ _token: text().max(100), status: z.enum(['published', 'rejected']), reply: text(true).max(3000).default('') }),
    },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const body = request.body as { status: 'published' | 'rejected'; reply: string };
      const done = await ctx.services.reviews.moderateAs(id, body, actorOf(ctx));
      if (done === 'not_found') return reply.callNotFound();
      return reply.redirect('/staff/reviews?notice=moderated', 303);
    },
  },

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
      if (!request.isMultipart()) return badRequest(reply, 'A CSV file is sent as multipart/form-data (the page’s form)');
      const fields: Record<string, string> = {};
      let plan: ImportPlan | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        // The form's hidden token and the dry-run box come before the file (document order): checked before reading it.
        if (!ctx.staff.verifyToken(ctx.sessionId!, fields._token ?? '')) {
          part.file.resume();
          return reply
            .code(403)
            .send({ statusCode: 403, error: 'staff_token', message: 'The staff form token is missing or stale: reload the page' });
        }
        plan = await planFromCsv(ctx, part.file);
        if (part.file.truncated) plan.errors.unshift({ line: 0, message: `файл больше ${CSV_MAX_BYTES / 1024 / 1024} МБ` });
      }
      if (!plan) return badRequest(reply, 'No file in the form');
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

  // ---- content (content editors) -----------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/content',
    access: 'content',
    schema: { querystring: z.object({ kind: emptyAsUndefined(z.enum(CONTENT_KINDS)), notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const { kind } = request.query as { kind?: (typeof CONTENT_KINDS)[number] };
      const rows = await ctx.services.contentDesk.list({ kind }, ctx.session!.member.sites);
      return page(reply, <ContentListPage {...frame(ctx, request)} kind={kind} rows={rows} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/content/new',
    access: 'content',
    schema: { querystring: z.object({ kind: z.enum(CONTENT_KINDS).default('news') }) },
    async handler(ctx, request, reply) {
      const scope = ctx.session!.member.sites;
      const draft: ContentDraft = {
        kind: (request.query as { kind: (typeof CONTENT_KINDS)[number] }).kind,
        site: scope?.[0] ?? '*',
        language: 'ru',
        slug: '',
        title: '',
        summary: '',
        body: '',
        products: [],
        related: [],
        sort: 0,
        published: true,
        publishedAt: new Date().toISOString().slice(0, 16),
      };
      return page(reply, <ContentEditPage {...frame(ctx, request)} draft={draft} sites={contentSites(ctx)} />);
    },
  },
  {
    method: 'GET',
    url: '/staff/content/:id',
    access: 'content',
    schema: { params: idParams, querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      const entry = await ctx.services.contentDesk.find((request.params as { id: number }).id, ctx.session!.member.sites);
      if (!entry) return reply.callNotFound();
      return page(reply, <ContentEditPage {...frame(ctx, request)} draft={entry} sites={contentSites(ctx)} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/content',
    access: 'content',
    schema: { body: contentBody },
    async handler(ctx, request, reply) {
      const { intent, ...draft } = request.body as z.infer<typeof contentBody>;
      if (intent === 'preview') {
        const preview = ctx.services.contentDesk.preview(draft);
        return page(reply, <ContentEditPage {...frame(ctx, request)} draft={draft} sites={contentSites(ctx)} preview={preview} />);
      }
      const result = await ctx.services.contentDesk.save(draft, actorOf(ctx));
      if (result.ok) return reply.redirect(`/staff/content/${result.id}?notice=contentSaved`, 303);
      return page(
        reply,
        <ContentEditPage {...frame(ctx, request)} draft={draft} sites={contentSites(ctx)} preview={{ error: result.error }} />,
        422,
      );
    },
  },

  // ---- leads (managers) --------------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/leads',
    access: 'leads',
    schema: {
      querystring: z.object({
        kind: z.enum(LEAD_KINDS).default('message'),
        state: emptyAsUndefined(z.enum(LEAD_STATES)),
        page: z.coerce.number().int().min(1).max(100_000).default(1),
        notice: text().max(20).optional(),
      }),
    },
    async handler(ctx, request, reply) {
      const q = request.query as { kind: (typeof LEAD_KINDS)[number]; state?: (typeof LEAD_STATES)[number]; page: number };
      const scope = ctx.session!.member.sites;
      const [{ rows, more }, counts] = await Promise.all([
        ctx.services.leads.list(q.kind, q.state, scope, q.page),
        ctx.services.leads.newCounts(scope),
      ]);
      return page(
        reply,
        <LeadsPage {...frame(ctx, request)} kind={q.kind} state={q.state} rows={rows} counts={counts} page={q.page} more={more} />,
      );
    },
  },
  {
    method: 'GET',
    url: '/staff/leads/:kind/:id',
    access: 'leads',
    schema: {
      params: z.object({ kind: z.enum(LEAD_KINDS), id: idParams.shape.id }),
      querystring: z.object({ notice: text().max(20).optional() }),
    },
    async handler(ctx, request, reply) {
      const { kind, id } = request.params as { kind: (typeof LEAD_KINDS)[number]; id: number };
      const lead = await ctx.services.leads.find(kind, id, ctx.session!.member.sites);
      if (!lead) return reply.callNotFound();
      // Those who can be given it: members who see the lead's site.
      const staff = (await ctx.staff.list()).filter((m) => m.sites === null || m.sites.includes(lead.site));
      return page(reply, <LeadPage {...frame(ctx, request)} lead={lead} staff={staff} />);
    },
  },
  {
    method: 'POST',
    url: '/staff/leads/:kind/:id',
    access: 'leads',
    schema: {
      params: z.object({ kind: z.enum(LEAD_KINDS), id: idParams.shape.id }),
      body: z.object({
        _token: text().max(100),
        state: z.enum(LEAD_STATES),
        assignee: z.union([z.literal('').transform(() => null), z.coerce.number().int().min(1).max(2_147_483_647)]).default(null),
        notes: text(true).max(5000).default(''),
      }),
    },
    async handler(ctx, request, reply) {
      const { kind, id } = request.params as { kind: (typeof LEAD_KINDS)[number]; id: number };
      const body = request.body as { state: (typeof LEAD_STATES)[number]; assignee: number | null; notes: string };
      const done = await ctx.services.leads.update(kind, id, body, actorOf(ctx));
      if (done === 'not_found') return reply.callNotFound();
      return reply.redirect(`/staff/leads/${kind}/${id}?notice=${done === 'ok' ? 'lead' : done}`, 303);
    },
  },

  {
    method: 'POST',
    url: '/staff/orders/:number/refund',
    access: 'orders',
    schema: {
      params: numberParams,
      body: z
        .object({ _token: text().max(100), key: z.uuid(), scope: z.enum(['all', 'lines']) })
        .catchall(text().regex(/^\d{0,6}$/, 'a quantity')),
    },
    async handler(ctx, request, reply) {
      const { number } = request.params as { number: string };
      const { _token, key, scope, ...quantities } = request.body as { _token: string; key: string; scope: 'all' | 'lines' } & Record<
        string,
        string
      >;
      const lines =
        scope === 'all'
          ? null
          : Object.entries(quantities)
              .filter(([name]) => /^qty_[1-9]\d*$/.test(name))
              .map(([name, value]) => ({ productId: Number(name.slice(4)), quantity: Number(value || 0) }));
      const result = await ctx.services.payments.refund({ orderNumber: number, key, lines }, actorOf(ctx), {
        mail: ctx.services.mail,
        siteById: (id) => ctx.services.sites.byId(id),
      });
      if (!result.ok && result.reason === 'not_found') return reply.callNotFound();
      if (!result.ok && result.reason === 'out_of_scope') return forbidden(ctx, request, reply);
      return reply.redirect(`/staff/orders/${number}?notice=${result.ok ? 'refunded' : `refund_${result.reason}`}`, 303);
    },
  },

  // ---- staff members (owners) --------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/members',
    access: 'staff',
    schema: { querystring: z.object({ notice: text().max(20).optional() }) },
    async handler(ctx, request, reply) {
      return membersPage(ctx, request, reply);
    },
  },
  {
    method: 'POST',
    url: '/staff/members',
    access: 'staff',
    schema: {
      body: memberBody.omit({ disabled: true }).extend({ email: z.email().max(254), name: text().trim().max(100).default('') }),
    },
    async handler(ctx, request, reply) {
      const body = request.body as { email: string; name: string; role: (typeof STAFF_ROLES)[number]; sites: string[] };
      try {
        const { member, password } = await ctx.staff.add({ ...body, sites: sitesOf(ctx, body.sites) }, actorOf(ctx));
        return membersPage(ctx, request, reply, { email: member.email, value: password });
      } catch (error) {
        if (error instanceof StaffError) return reply.redirect(`/staff/members?notice=${error.code}`, 303);
        throw error;
      }
    },
  },
  {
    method: 'POST',
    url: '/staff/members/:id',
    access: 'staff',
    schema: { params: idParams, body: memberBody },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const body = request.body as z.infer<typeof memberBody>;
      try {
        await ctx.staff.update(id, { role: body.role, sites: sitesOf(ctx, body.sites), disabled: body.disabled === 'on' }, actorOf(ctx));
      } catch (error) {
        if (!(error instanceof StaffError)) throw error;
        if (error.code === 'not_found') return reply.callNotFound();
        return reply.redirect(`/staff/members?notice=${error.code}`, 303);
      }
      return reply.redirect('/staff/members?notice=saved', 303);
    },
  },
  {
    method: 'POST',
    url: '/staff/members/:id/reset',
    access: 'staff',
    schema: { params: idParams, body: z.object({ _token: text().max(100) }) },
    async handler(ctx, request, reply) {
      const { id } = request.params as { id: number };
      const member = await ctx.staff.find(id);
      if (!member) return reply.callNotFound();
      // Resetting oneself would end this session before the new password could be read: another owner (or the CLI) does it.
      if (id === ctx.session!.member.id) return reply.redirect('/staff/members?notice=self_reset', 303);
      const password = await ctx.staff.resetCredentials(id, { totp: true }, actorOf(ctx));
      return membersPage(ctx, request, reply, { email: member.email, value: password });
    },
  },

  // ---- the audit log (owners) --------------------------------------------------------------------------------
  {
    method: 'GET',
    url: '/staff/audit',
    access: 'audit',
    schema: {
      querystring: z.object({
        staffEmail: optionalText(254),
        action: optionalText(50),
        entityId: optionalText(100),
        from: date,
        to: date,
        page: z.coerce.number().int().min(1).max(100_000).default(1),
      }),
    },
    async handler(ctx, request, reply) {
      const { page: n, ...filter } = request.query as {
        page: number;
        staffEmail?: string;
        action?: string;
        entityId?: string;
        from?: string;
        to?: string;
      };
      const { rows, more } = await readAudit(ctx.services.db, filter, n);
      return page(reply, <AuditPage {...frame(ctx, request)} filter={filter} rows={rows} page={n} more={more} />);
    },
  },
];

/** The members' page; `password` is a new member's (or a reset) first password, shown in this answer only. */
async function membersPage(ctx: StaffContext, request: FastifyRequest, reply: FastifyReply, password?: { email: string; value: string }) {
  const members = await ctx.staff.list();
  return page(
    reply,
    <MembersPage {...frame(ctx, request)} members={members} sites={ctx.services.sites.all.map((s) => s.id)} password={password} />,
  );
}

/** The 403 page of a signed-in member outside their role or sites. */
export function forbidden(ctx: StaffContext, request: FastifyRequest, reply: FastifyReply) {
  return page(reply, <ForbiddenPage {...frame(ctx, request)} notice={undefined} />, 403);
}
