import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { z } from 'zod';
import type { SiteDirectory } from '../../../shared/sites.ts';
import { plainText } from '../../../shared/text.ts';
import type { AuditActor } from '../../audit/index.ts';
import type { CalculatorDesk } from '../../calculator/index.ts';
import type { CategoryDesk, KitDesk, MerchandiseDesk, ProductDesk, ProductImages } from '../../catalog/index.ts';
import { type OrderDesk, type OrderWorkflow, orderNumberParam, type PaymentService } from '../../checkout/index.ts';
import type { ContentDesk } from '../../content/index.ts';
import type { Db } from '../../db/index.ts';
import type { LeadDesk, ReviewService } from '../../forms/index.ts';
import type { Mailer } from '../../mail/index.ts';
import { mayUse, ROLE_AREAS, type StaffArea } from '../roles.ts';
import type { StaffService, StaffSession } from '../staff.ts';
import { ForbiddenPage } from '../views/admin.tsx';
import { renderStaffPage, type StaffAssets } from '../views/layout.tsx';

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
  productImages: ProductImages;
  calculatorDesk: CalculatorDesk;
  categoryDesk: CategoryDesk;
  kitDesk: KitDesk;
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

export const NOTICES: Record<string, { kind: 'ok' | 'error'; text: string }> = {
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
  refund_key_expired: {
    kind: 'error',
    text: 'Платёжная система не ответила больше суток: повторять этот возврат опасно. Проверьте его в личном кабинете ЮKassa.',
  },
  refund_pending: {
    kind: 'ok',
    text: 'Платёжная система приняла возврат и проводит его. Когда он завершится, покупателю придёт письмо — проверка идёт сама каждые несколько минут.',
  },
  refund_manual_succeeded: { kind: 'ok', text: 'Возврат отмечен проведённым вручную, покупателю отправлено письмо.' },
  refund_manual_failed: { kind: 'ok', text: 'Возврат отмечен несостоявшимся: его сумму снова можно вернуть.' },
  refund_already_closed: {
    kind: 'error',
    text: 'Этот возврат уже закрыт (повторное нажатие или коллега успел раньше): ничего не изменено, второго письма покупателю нет.',
  },
  refund_not_stuck: {
    kind: 'error',
    text: 'Этот возврат ещё проводит платёжная система: вручную закрывают только возврат без ответа больше суток.',
  },
  refund_provider: { kind: 'error', text: 'Платёжная система не выполнила возврат; подробности — в списке возвратов ниже.' },
  lead: { kind: 'ok', text: 'Обращение сохранено.' },
  productSaved: { kind: 'ok', text: 'Товар сохранён. Покупатели увидят изменения в течение времени жизни кэша.' },
  imageAdded: { kind: 'ok', text: 'Фотография добавлена в конец галереи.' },
  imagesSaved: { kind: 'ok', text: 'Галерея сохранена.' },
  categorySaved: { kind: 'ok', text: 'Категория сохранена. Покупатели увидят изменения в течение времени жизни кэша.' },
  kitSaved: { kind: 'ok', text: 'Комплект сохранён. Покупатели увидят изменения в течение времени жизни кэша.' },
  stale_stock: { kind: 'error', text: 'Остаток изменился, пока страница была открыта (заказ или коллега): проверьте и сохраните снова.' },
  stockSaved: { kind: 'ok', text: 'Цены и остаток сохранены.' },
  calcSaved: { kind: 'ok', text: 'Таблицы калькулятора сохранены. Покупатели увидят изменения в течение времени жизни кэша.' },
  calcUnchanged: { kind: 'ok', text: 'В таблицах калькулятора ничего не изменилось.' },
  contentSaved: { kind: 'ok', text: 'Запись сохранена. Покупатели увидят её в течение времени жизни кэша.' },
  self_reset: { kind: 'error', text: 'Свой пароль и второй фактор сбрасывает другой владелец или команда npm run staff -- reset.' },
  unknown_assignee: { kind: 'error', text: 'Такого действующего сотрудника нет.' },
};

export const noticeOf = (request: FastifyRequest) => NOTICES[(request.query as { notice?: string } | undefined)?.notice ?? ''];

/** Every text field: no control characters (decision 039: a NUL byte would be a 500 at the database). */
export const text = (multiline = false) => plainText({ invalid: 'control characters are not allowed', multiline });

/** A day from 1900 on (PostgreSQL refuses year 0). */
export const date = z.iso
  .date()
  .refine((d) => d >= '1900-01-01', 'a date from 1900-01-01 on')
  .optional()
  .or(z.literal('').transform(() => undefined));

export const optionalText = (max: number) => text().trim().max(max).optional();

export const emptyAsUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional()) as unknown as z.ZodOptional<T>;

export const numberParams = z.object({ number: orderNumberParam });

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const onFlag = z
  .literal('on')
  .optional()
  .transform((v) => v === 'on');

/** A 400 in the shape every answer of the app has (server/app.ts's error handler), naming the problem. */
export function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ statusCode: 400, error: 'bad_request', message });
}

/** The staff page a form was posted from (its Referer, same host, under /staff), without its notice. */
export function safeStaffReferer(request: FastifyRequest): string | undefined {
  try {
    const url = new URL(String(request.headers.referer ?? ''));
    if (url.host !== request.headers.host || !url.pathname.startsWith('/staff/')) return undefined;
    url.searchParams.delete('notice');
    return url.pathname + (url.search || '');
  } catch {
    return undefined;
  }
}

export function page(reply: FastifyReply, element: ReactElement, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderStaffPage(element));
}

/** The frame's props of a signed-in page. */
export function frame(ctx: StaffContext, request: FastifyRequest) {
  const member = ctx.session!.member;
  return {
    nonce: request.cspNonce,
    assets: ctx.assets,
    member,
    // The menu: the areas this member may open (a site-scoped member has no members or audit log).
    areas: ROLE_AREAS[member.role].filter((area) => mayUse(member, area, 'GET')),
    token: ctx.staff.tokenFor(ctx.sessionId!),
    path: request.url.split('?')[0],
    notice: noticeOf(request),
  };
}

export const actorOf = (ctx: StaffContext): AuditActor & { scope: readonly string[] | null } => ({
  id: ctx.session!.member.id,
  email: ctx.session!.member.email,
  scope: ctx.session!.member.sites,
});

/** A `next` address after sign-in: a staff page only (never another site: no open redirect). */
export function nextPath(value: unknown): string {
  if (typeof value !== 'string' || !/^\/staff(?:[/?#]|$)/.test(value) || value.includes('//') || value.includes('\\')) return '/staff';
  // Normalised through URL: what goes into Location is percent-encoded (no CR/LF, nothing outside Latin-1).
  const url = new URL(value, 'http://staff.invalid');
  return url.host === 'staff.invalid' && url.pathname.startsWith('/staff') ? url.pathname + url.search : '/staff';
}

/** The sites a member may write content for: all sites ('*') and each site for an unscoped member, else theirs. */
export function contentSites(ctx: StaffContext): string[] {
  const scope = ctx.session!.member.sites;
  return scope ?? ['*', ...ctx.services.sites.all.map((s) => s.id)];
}

/** The price lists a member may change: those of their sites (null: every list). */
export function listsOf(ctx: StaffContext): string[] | null {
  const scope = ctx.session!.member.sites;
  if (scope === null) return null;
  // A list is a scoped member's only when every site selling from it is theirs (ru and test share one).
  const sites = ctx.services.sites.all;
  return [...new Set(sites.map((s) => s.priceList))].filter((list) => sites.every((s) => s.priceList !== list || scope.includes(s.id)));
}

/** Sites named in a form, kept to the configured ones; none means every site. */
export function sitesOf(ctx: StaffContext, names: string[]): string[] | null {
  const known = new Set(ctx.services.sites.all.map((s) => s.id));
  const picked = [...new Set(names)].filter((s) => known.has(s));
  return picked.length ? picked : null;
}

/** The 403 page of a signed-in member outside their role or sites. */
export function forbidden(ctx: StaffContext, request: FastifyRequest, reply: FastifyReply) {
  return page(reply, <ForbiddenPage {...frame(ctx, request)} notice={undefined} />, 403);
}
