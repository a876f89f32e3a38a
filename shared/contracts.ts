/**
 * What the server and the browser must agree on, defined once: the boot data embedded in every page, the
 * envelope of client-navigation data and action answers, cookie names, and fixed addresses.
 */

import type { LocaleMessages } from './locales/types.ts';
import type { Language } from './sites.ts';

/** The signed, httpOnly session cookie (docs/decisions/003-sessions-and-site-token.md). */
export const SESSION_COOKIE = 'sid';
/** Spec §3 `cooky`: the visitor accepted cookies (the banner is not rendered). Set by the page's script. */
export const CONSENT_COOKIE = 'cooky';
/** Spec §3 `_token`: the site token, readable by the page's scripts (clients of the original backend read it). */
export const TOKEN_COOKIE = '_token';
/** A form's outcome carried across a no-JavaScript post → 303 → GET (errors and typed values; read once). */
export const FLASH_COOKIE = 'flash';

/** Where the server answers the id of the build it serves now: `{ id, timestamp }` (spec §7 "latest-build file"). */
export const LATEST_BUILD_PATH = '/_build/latest.json';

/** Client navigations and form submissions reach the routes' loaders and actions under this prefix. */
export const DATA_PREFIX = '/_data';
/** The query parameter naming the routes whose loaders a navigation needs ("a,b"). */
export const DATA_ROUTES_PARAM = '_routes';
/** The query parameter naming the route whose action a submission calls. */
export const DATA_ACTION_PARAM = '_action';

/**
 * The demo inbox (docs/decisions/042-demo-inbox.md): with no SMTP server configured, the mails the shop would have sent,
 * readable on local hosts from this computer only. A server page, not a route of the route table.
 */
export const DEMO_INBOX_PATH = '/_demo/inbox';

/**
 * Data the server embeds in every page for the browser to start with (escaped, shared/serialize.ts): the language,
 * the router basename, the UI strings the page shows and the id of the client build. Route data travels separately,
 * in React Router's hydration data.
 */
export interface BootData {
  language: Language;
  basename: string;
  /**
   * The strings the page shows only (docs/decisions/050-translations-per-page.md): the units of shared/routes.ts
   * stringsOf for the routes its address matches — the shell's and the page's.
   */
  translations: LocaleMessages;
  /** The version naming the language's string files a client navigation loads (client/strings.ts). */
  stringsVersion: string;
  /** Compared with the server's latest build (client/robustness/update-check.ts). */
  buildId: string;
}

/** A loader's or action's outcome for one route: its data, or the error its boundary shows. */
export type RouteResult =
  /** `status`: an action's answer status (a refused mutation is 4xx: the router then revalidates nothing). */
  { data: unknown; status?: number } | { error: { status: number; statusText?: string; data: unknown } } | { error: { message: string } };

/**
 * The answer of GET /_data{path}?_routes=… (loaders) and POST /_data{path}?_action=<route> (an action):
 * a redirect, or results by route id.
 */
export interface DataEnvelope {
  /** A full document path, basename included ("/en/auth?next=…"), as an HTTP Location would be. */
  redirect?: string;
  /** Set when the redirect leaves this document (another language, another site): a full page load. */
  reloadDocument?: boolean;
  results?: Record<string, RouteResult>;
}

/** The answer of a route action (router actions, docs/decisions/021-router-actions.md). */
export interface ActionResult<Values = Record<string, string>> {
  ok: boolean;
  /** What went wrong, by form field ('' for the form as a whole): message keys of shared/locales. */
  errors?: Partial<Record<keyof Values | '', string>>;
  /** The values as sent (never passwords), so a page rendered after a failed no-JS post loses nothing typed. */
  values?: Partial<Values>;
}
