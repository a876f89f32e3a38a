/**
 * What a server page module (server/pages/<route id>.ts) is made of, and the helpers every one of them uses:
 * the request context its loader and action receive, zod parsing of params, query and form bodies, the spec's
 * 404, and how a mutation answers (docs/decisions/020-route-modules.md, 021-router-actions.md).
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from 'react-router-dom';
import type { z } from 'zod';
import type { ActionResult } from '../../shared/contracts.ts';
import type { GuardName } from '../../shared/routes.ts';
import { routerPath, safeLocalPath } from '../../shared/safe-path.ts';
import type { Language, Site } from '../../shared/sites.ts';
import type { ProviderUrl } from '../checkout/index.ts';
import type { Services } from '../services.ts';
import type { SessionSnapshot } from '../sessions/index.ts';

/** A form's outcome kept for the page a no-JavaScript post returns to (FLASH_COOKIE). */
export interface Flash {
  /** Which form it belongs to (the form's `key`, see client/route-form.tsx). */
  form: string;
  result: ActionResult;
}

export interface LoadContext {
  site: Site;
  language: Language;
  basename: string;
  session: { id: string; token: string; snapshot: SessionSnapshot };
  /** The visitor accepted cookies (spec §3 `cooky`): the banner is not rendered. */
  cookieConsent: boolean;
  /** The request came to a local host (localhost, *.localhost), where test notices show too. */
  localHost: boolean;
  /**
   * This site's origin as the visitor reached it (scheme://host[:port]) — from the sites config, with the request's
   * port on local hosts (server/sites/site-address.ts): for absolute addresses given to third parties (return_url).
   */
  origin: string;
  /** The visitor's address (behind a proxy only when TRUST_PROXY allows it): rate limits key on it. */
  clientAddress: string;
  /** A full-document request (a page, a form posted without JavaScript), not a client navigation's data call. */
  document: boolean;
  /** The outcome of the form a no-JS post just returned from, shown once. */
  flash: Flash | null;
  services: Services;
  /** Changes the action asks the answer to carry (cookies), applied by the renderer. */
  effects: {
    /** The visitor's session changed (sign-in, sign-out): the answer sets the new session cookie. */
    session?: string;
    flash?: Flash;
    /** The visitor must wait this long before trying again (a rate limit): sent as Retry-After. */
    retryAfterSeconds?: number;
  };
}

export type LoaderArgs = LoaderFunctionArgs<LoadContext> & { context: LoadContext };
export type ActionArgs = ActionFunctionArgs<LoadContext> & { context: LoadContext };

/** A server page module: everything optional but the loader; the client page of the same name renders its data. */
export interface ServerRouteModule {
  /** A guard of spec §6, run before any loader or action of the route. */
  guard?: GuardName;
  loader: (args: LoaderArgs) => unknown;
  action?: (args: ActionArgs) => unknown;
}

/** The spec's unknown-route error (§8): status 404, "Page not found: {fullPath}", the path in the data. */
export interface NotFoundData {
  message: string;
  path: string;
}

export function notFoundError(requestUrl: string) {
  const url = new URL(requestUrl);
  const fullPath = url.pathname + url.search;
  // statusText given explicitly: React Router's default for a thrown data() is "Internal Server Error".
  return data<NotFoundData>({ message: `Page not found: ${fullPath}`, path: fullPath }, { status: 404, statusText: 'Not Found' });
}

/** The route's params by its schema; anything that does not fit is simply not found (the 404 page). */
export function routeParams<S extends z.ZodType>(schema: S, args: { params: unknown; request: Request }): z.output<S> {
  const parsed = schema.safeParse(args.params);
  if (!parsed.success) throw notFoundError(args.request.url);
  return parsed.data;
}

/** The query string as a plain object (the first value of a repeated key, as URLSearchParams.get), for a zod schema. */
export function queryObject(request: Request): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) values[key] ??= value;
  return values;
}

/** The hidden field naming which form on the page was sent (client/route-form.tsx), echoed in its flash. */
export const FORM_KEY_FIELD = '_form';
const FORM_KEY = /^[\w:.-]{1,100}$/;
/** A message key of shared/locales ("form.quantity"), as form schemas write their messages. */
const MESSAGE_KEY = /^[a-zA-Z]+(\.[a-zA-Z]+)+$/;

export interface SubmittedForm {
  /** The form's key ('' when it sent none or a malformed one). */
  key: string;
  /** The fields as sent, without the token and `secret` fields (passwords). */
  values: Record<string, string>;
}

/**
 * A submitted form checked by its schema. Field errors are message keys of shared/locales (zod messages are
 * written as keys, e.g. 'form.required'); the values come back as sent, without `secret` fields, so nothing typed
 * is lost when the page shows the errors.
 */
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  secret: string[] = [],
): Promise<SubmittedForm & ({ ok: true; data: z.output<S> } | { ok: false; result: ActionResult })> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') fields[key] ??= value;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'token' && key !== FORM_KEY_FIELD && !secret.includes(key)) values[key] = value.slice(0, 2000);
  }
  const key = FORM_KEY.test(fields[FORM_KEY_FIELD] ?? '') ? fields[FORM_KEY_FIELD]! : '';
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data, key, values };
  const errors: Record<string, string> = {};
  // A message the schema did not name (zod's own English text, e.g. for a missing field) is no key to translate.
  for (const issue of parsed.error.issues)
    errors[String(issue.path[0] ?? '')] ??= MESSAGE_KEY.test(issue.message) ? issue.message : 'form.invalid';
  return { ok: false, result: { ok: false, errors, values }, key, values };
}

/**
 * A successful mutation. Posted without JavaScript: 303 to the form's `next` (when it is a safe local path) or to
 * `fallback` — router paths, React Router adds the visitor's language prefix. From a fetcher: the result as data,
 * and the router revalidates the loaders on the page.
 */
export function mutationDone<T extends ActionResult>(args: ActionArgs, next: string | undefined, fallback: string, result: T) {
  if (args.context.document) return redirect(returnPath(args.context, next, fallback), 303);
  return result;
}

/**
 * A mutation after which the visitor goes on to another page, with or without JavaScript (signing in or out): a
 * redirect to the form's safe `next` or to `fallback`; the router follows it and revalidates the shell.
 */
export function continueTo(args: ActionArgs, next: string | undefined, fallback: string) {
  return redirect(returnPath(args.context, next, fallback), 303);
}

/**
 * Leaves the shop for the payment provider's confirmation page, with or without JavaScript: a 303 to an address that
 * only the payment service can produce (a ProviderUrl: the provider's answer, checked against the allowed hosts) —
 * never an address from input. The browser's router sees another origin and loads it as a document.
 */
export function leaveForPayment(_args: ActionArgs, url: ProviderUrl) {
  return redirect(url, 303);
}

/**
 * Where a no-JS form post returns: its `next` — a full document path, as the page wrote it (useHref) — when it is a
 * safe local path in the visitor's language, else the fallback router path.
 */
function returnPath(context: LoadContext, next: string | undefined, fallback: string): string {
  const safe = safeLocalPath(next);
  return (safe && routerPath(safe, context.basename)) ?? fallback;
}

/**
 * A refused mutation (field errors, a product not sold …) with its status. Without JavaScript: 303 back to the form's
 * page with the outcome kept for it (flash); from a fetcher: the result with the status, shown beside the fields.
 */
export function mutationFailed(
  args: ActionArgs,
  form: SubmittedForm,
  next: string | undefined,
  fallback: string,
  result: ActionResult,
  status: number,
) {
  if (args.context.document) {
    args.context.effects.flash = { form: form.key, result };
    return redirect(returnPath(args.context, next, fallback), 303);
  }
  return data(result, { status });
}
