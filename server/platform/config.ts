/**
 * Server configuration from the environment, parsed once at boot with zod. Nothing here reaches the
 * browser: the client gets only what the page loaders return.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { normalizeHost } from '../../shared/sites.ts';
import { type SitesConfig, sitesConfigSchema } from '../../shared/sites-config.ts';
import { ConfigError } from './config-error.ts';
import { demoSitesConfig } from './demo-sites.ts';
import { type PaymentsConfig, parsePaymentShops } from './payment-config.ts';
import { parseTrustProxy } from './trust-proxy.ts';

// "Name <address>" or a bare address (one address, no comma lists).
const MAIL_FROM_RE = /^(?:([^<>\r\n]*?)\s*<([^<>\s@]+@[^<>\s@]+)>|([^<>\s@]+@[^<>\s@]+))$/;

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** PostgreSQL: milliseconds to open a connection, or to wait for a free one in the pool. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(3000),
  /** PostgreSQL: milliseconds a statement may run (the server's statement_timeout; the client waits 1 s more). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600000).default(5000),
  /**
   * PostgreSQL: while the database does not answer, requests are refused at once (503) and a probe on a connection
   * of its own checks every this many milliseconds whether it answers again (docs/decisions/035-failing-fast.md).
   */
  DB_PROBE_INTERVAL_MS: z.coerce.number().int().min(100).max(60000).default(1000),
  /** PostgreSQL: milliseconds that probe may take to connect and answer SELECT 1. */
  DB_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(1000),
  /**
   * PostgreSQL: a query unanswered this long makes that probe ask at once; no answer opens the circuit, so a page
   * answers 503 within DB_STALL_MS + DB_PROBE_TIMEOUT_MS of a freeze instead of after the statement timeout.
   */
  DB_STALL_MS: z.coerce.number().int().min(100).max(600000).default(1500),
  /** Milliseconds GET /readyz waits for the database before answering 503. */
  READYZ_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(2000),
  /** Key for signing the session cookie and deriving site tokens; generated and stored in the database when unset. */
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /** Strict-Transport-Security with includeSubDomains: only when every subdomain of every site's domain serves HTTPS. */
  HSTS_INCLUDE_SUBDOMAINS: bool.default(false),
  /** Accept the session cookie under its old name (sid) on hosts that now use __Host-sid, moving it to the new name. */
  LEGACY_SESSION_COOKIE: bool.default(true),
  /** Trust X-Forwarded-* headers (behind a reverse proxy): 'true', a hop count, or a comma list of proxy addresses. */
  TRUST_PROXY: z.string().default(''),
  SITES_FILE: z.string().optional(),
  /** Hosts the back office (/staff) answers on, comma-separated; unset: the default site's host and local hosts. */
  STAFF_HOSTS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds a page's shell data (categories, widgets) may be served from the per-site cache. */
  SHELL_CACHE_TTL: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Seconds a rendered page for a visitor without personal state is served again (decision 052); unset: the shell
   * cache's lifetime, except under NODE_ENV=test, where tests change the database behind the pages' back (0: off).
   */
  PAGE_CACHE_TTL: z.coerce.number().int().min(0).max(3600).optional(),
  /** Milliseconds a streamed render may take before it is aborted. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
  SEED_DEMO: bool.default(true),
  /** The address-suggestion service's IP → address endpoint (DaData iplocate/address-compatible). Unset: no lookup. */
  ADDRESS_SUGGEST_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** Its API key, sent as "Authorization: Token …"; server-only. */
  ADDRESS_SUGGEST_TOKEN: z.string().min(1).max(256).optional(),
  /** Milliseconds a lookup may take (connect, headers and body) before the visitor gets "not found". */
  ADDRESS_SUGGEST_TIMEOUT_MS: z.coerce.number().int().min(50).max(10000).default(1500),
  /** Prometheus /metrics on its own port (never on the public one); unset: no metrics collected. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address the metrics port listens on: loopback unless a scraper must reach it (a pod IP: 0.0.0.0). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** The ЮKassa-compatible payment API (decision 024); the per-site keys are YOOKASSA_<SITE>_SHOP_ID / _SECRET_KEY. */
  YOOKASSA_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.yookassa.ru'),
  /** Milliseconds a call to the payment API may take (connect, headers and body). */
  YOOKASSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(10000),
  /** Hosts (and their subdomains) the shopper may be sent to for paying, besides the API's own host: comma list. */
  YOOKASSA_CONFIRMATION_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/, 'a comma list of host names')
    .default('yoomoney.ru,yookassa.ru'),
  /** The SMTP server mail is sent through: smtp://user:password@host:587 or smtps://…:465. Unset: mail is logged, not sent. */
  SMTP_URL: z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL with a host (the value is not shown)').optional(),
  /** The sender: "noreply@example.com" or "Name <noreply@example.com>". Unset: "<site brand> <noreply@<site host>>". */
  MAIL_FROM: z.string().regex(MAIL_FROM_RE, 'must be an address or "Name <address>"').optional(),
  /** Milliseconds between the mail worker's looks for due messages (an indexed query; a second or two is prompt for mail). */
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600000).default(2000),
  /** Attempts before a message is given up on (marked failed, logged at error level); retries back off exponentially. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  /** Run the mail worker in this process. Default: yes, except under NODE_ENV=test (tests run it when they ask). */
  MAIL_WORKER: bool.optional(),
  /** The most units of one product sold from stock that one order may take (made-to-order products are not capped). */
  ORDER_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(999).default(20),
  /** Minutes an unpaid online order holds its stock; then the housekeeping cancels it and gives the units back. */
  ORDER_UNPAID_RELEASE_MINUTES: z.coerce.number().int().min(5).max(43200).default(60),
  /** Hours an order the shop has not confirmed (still 'new') holds its stock; 0: never released. */
  ORDER_UNCONFIRMED_RELEASE_HOURS: z.coerce.number().int().min(0).max(8760).default(0),
});

export type Env = z.infer<typeof envSchema>;

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  /** PostgreSQL connect / pool checkout and statement limits (server/db/index.ts). */
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
  /** PostgreSQL's circuit breaker: how often, and how patiently, the probe asks a silent database (server/db/index.ts). */
  dbProbe: { intervalMs: number; timeoutMs: number; stallMs: number };
  readyzTimeoutMs: number;
  sessionSecret: string | undefined;
  trustProxy: boolean | string[];
  /** Strict-Transport-Security's includeSubDomains (server/http/security.ts). */
  hstsIncludeSubdomains: boolean;
  /** Sessions under the pre-`__Host-` cookie name are still accepted, once each (server/http/request-context.ts). */
  legacySessionCookie: boolean;
  sites: SitesConfig;
  logLevel: Env['LOG_LEVEL'];
  shellCacheTtlMs: number;
  /** 0: no page cache. */
  pageCacheTtlMs: number;
  renderTimeoutMs: number;
  seedDemo: boolean;
  /** The visitor-IP → location service (spec §7); null when not configured. Never sent to the browser. */
  addressSuggest: AddressSuggestConfig | null;
  /** Where /metrics is served (server/http/metrics.ts); null: off. */
  metrics: { port: number; host: string } | null;
  /** Mail delivery (server/mail/delivery.ts). */
  mail: MailConfig;
  /** Online payment: the API and each configured site's shop (a site without one takes no online payment). */
  payments: PaymentsConfig;
  /** What one order may hold of the stock, and how long an order holds it (decision 036). */
  orders: OrdersConfig;
  /** The hosts the back office (/staff) answers on (decision 049); elsewhere /staff is not found. */
  staffHosts: string[];
}

export interface OrdersConfig {
  /** Units of one product sold from stock per order. */
  maxUnitsPerProduct: number;
  /** An unpaid online order ('awaiting_payment') is cancelled and its stock given back after this many minutes. */
  unpaidReleaseMinutes: number;
  /** An unconfirmed order ('new') likewise after this many hours; null: never. */
  unconfirmedReleaseHours: number | null;
}

export interface MailConfig {
  /** The SMTP server's URL, credentials included: never logged. null: messages are logged and marked sent (the demo). */
  smtpUrl: string | null;
  /** The sender when MAIL_FROM is set; its name falls back to the site's brand. null: noreply@<site host>. */
  from: { name: string | null; address: string } | null;
  pollMs: number;
  maxAttempts: number;
  /** Whether this process runs the worker (every pod may: they share the queue safely). */
  worker: boolean;
}

export interface AddressSuggestConfig {
  url: string;
  token: string;
  timeoutMs: number;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO= in an env file) counts as unset, for every variable.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    throw new ConfigError('Invalid environment:\n' + parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const env = parsed.data;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    throw new ConfigError('Invalid environment:\n  METRICS_PORT must differ from PORT: metrics are never served on the public port');
  }
  if (!env.ADDRESS_SUGGEST_URL !== !env.ADDRESS_SUGGEST_TOKEN) {
    throw new ConfigError('Invalid environment:\n  ADDRESS_SUGGEST_URL and ADDRESS_SUGGEST_TOKEN must be set together');
  }
  const sites = env.SITES_FILE ? loadSitesFile(env.SITES_FILE) : demoSitesConfig;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    dbPoolSize: env.DB_POOL_SIZE,
    dbConnectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    dbProbe: { intervalMs: env.DB_PROBE_INTERVAL_MS, timeoutMs: env.DB_PROBE_TIMEOUT_MS, stallMs: env.DB_STALL_MS },
    readyzTimeoutMs: env.READYZ_TIMEOUT_MS,
    sessionSecret: env.SESSION_SECRET,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    hstsIncludeSubdomains: env.HSTS_INCLUDE_SUBDOMAINS,
    legacySessionCookie: env.LEGACY_SESSION_COOKIE,
    sites,
    logLevel: env.LOG_LEVEL,
    shellCacheTtlMs: env.SHELL_CACHE_TTL * 1000,
    pageCacheTtlMs: (env.PAGE_CACHE_TTL ?? (env.NODE_ENV === 'test' ? 0 : env.SHELL_CACHE_TTL)) * 1000,
    staffHosts: env.STAFF_HOSTS
      ? env.STAFF_HOSTS.split(',')
          .map((h) => normalizeHost(h))
          .filter(Boolean)
      : [sites.sites.find((s) => s.id === sites.defaultSite)!.host, 'localhost', '127.0.0.1'],
    renderTimeoutMs: env.RENDER_TIMEOUT_MS,
    seedDemo: env.SEED_DEMO,
    addressSuggest:
      env.ADDRESS_SUGGEST_URL && env.ADDRESS_SUGGEST_TOKEN
        ? { url: env.ADDRESS_SUGGEST_URL, token: env.ADDRESS_SUGGEST_TOKEN, timeoutMs: env.ADDRESS_SUGGEST_TIMEOUT_MS }
        : null,
    metrics: env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    payments: {
      apiUrl: env.YOOKASSA_API_URL.replace(/\/+$/, ''),
      timeoutMs: env.YOOKASSA_TIMEOUT_MS,
      confirmationHosts: env.YOOKASSA_CONFIRMATION_HOSTS.split(','),
      shops: parsePaymentShops(
        set,
        sites.sites.map((s) => s.id),
      ),
    },
    orders: {
      maxUnitsPerProduct: env.ORDER_MAX_UNITS_PER_PRODUCT,
      unpaidReleaseMinutes: env.ORDER_UNPAID_RELEASE_MINUTES,
      unconfirmedReleaseHours: env.ORDER_UNCONFIRMED_RELEASE_HOURS || null,
    },
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: env.MAIL_FROM ? parseMailFrom(env.MAIL_FROM) : null,
      pollMs: env.MAIL_POLL_MS,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      worker: env.MAIL_WORKER ?? env.NODE_ENV !== 'test',
    },
  };
}

function parseMailFrom(value: string): { name: string | null; address: string } {
  const m = MAIL_FROM_RE.exec(value.trim())!;
  return m[3] ? { name: null, address: m[3] } : { name: m[1]?.trim().replace(/^"(.*)"$/, '$1') || null, address: m[2]! };
}

function loadSitesFile(path: string): SitesConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ConfigError(`SITES_FILE ${path}: ${(err as Error).message}`);
  }
  const parsed = sitesConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      `SITES_FILE ${path} is invalid:\n` + parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'),
    );
  }
  return parsed.data;
}
