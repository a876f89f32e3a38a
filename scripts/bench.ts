/**
 * npm run bench: each page type of the shop against two ceilings, measured in one run with autocannon on loopback,
 * all servers in their own processes (the production build of the shop, needs `npm run build`):
 *   - the static file of the same bytes: each page is fetched once and exactly the bytes the shop answered (in the
 *     encoding it chose for `accept-encoding: gzip, br`) are served by @fastify/static (scripts/bench-static-server.ts);
 *   - the React ceiling: the same route tree with the same loader data (captured from the page's hydration data)
 *     rendered by bare node:http + renderToPipeableStream, no Fastify, hooks or database
 *     (scripts/bench-react-ceiling.ts) — what React's own rendering costs, so the ratio shows our plumbing above it.
 * For each page type it measures the static file, the React ceiling and the shop, each after a 2 s warm-up, at the
 * same connections with the same request headers, and prints req/s, p50, p99, the ratios and the targets:
 *   anonymous pages req/s ≥ 0.8 × static; personal pages (the cart) req/s ≥ 0.8 × the React ceiling;
 *   every page's p99 ≤ 2 × the static file's p99.
 *
 * Page types: home, category, product, kit, calc, article, search-api (POST /api/site/search with a session cookie
 * and its site token) and cart (a returning visitor: a session whose cart got three lines through the cart's router
 * action before measuring, its cookie sent on every request). The anonymous pages are requested as a new visitor
 * (no cookie), as a first visit or a crawler would.
 *
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50)
 *   BENCH_PAGES=home,cart  a subset of the page types (default: all)
 *   BENCH_PRODUCTS (default 0): generate that many products (npm run db:generate) on top of the demo
 *   catalogue before measuring, e.g. BENCH_PRODUCTS=10000
 *   BENCH_JSON=path        also write the figures as JSON to that file; `npm run bench -- --json` prints the JSON on
 *                          stdout instead of the table (progress goes to stderr either way)
 * `npm run bench -- signin` measures a shopper's sign-in alone and under a flood of failed sign-ins instead
 * (scripts/bench-signin.ts).
 * The shop uses a PGlite of its own (in memory, or a temporary directory holding the generated catalogue), or
 * PostgreSQL when DATABASE_URL is set (BENCH_PRODUCTS and the cart visitor's session then write into that database).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon, { type Options } from 'autocannon';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { generateCatalog } from '../server/demo/generate-catalog.ts';
import { seedIfEmpty } from '../server/demo/seed.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import type { CeilingPage } from './bench-react-ceiling.ts';

if (process.argv.includes('signin')) {
  await import('./bench-signin.ts');
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const products = Number(process.env.BENCH_PRODUCTS || 0);
const jsonPath = process.env.BENCH_JSON;
const jsonOnStdout = process.argv.includes('--json');
const WARMUP_SECONDS = 2;
/** What every measured request (and the capture of the page) asks for: a browser's usual choice. */
const ACCEPT_ENCODING = 'gzip, br';

/** Progress and context go to stderr, so `--json` leaves stdout to the JSON. */
const say = (line: string) => console.error(line);

// ---- the page types ---------------------------------------------------------------------------------------------

/** Who asks: a new visitor (no cookie), a session without a cart, or the returning visitor with a cart. */
type VisitorKind = 'new' | 'browsing' | 'cart';

interface PageType {
  key: string;
  /** The address; a function when it needs the visitor's site token or a page found on the way. */
  path: string | ((ctx: { token: string; kit: string; article: string }) => string);
  visitor: VisitorKind;
  /** JSON answer (no React ceiling), requested with this method and body. */
  api?: { method: 'POST'; body: string };
  /** A personal page: its req/s target is the React ceiling's, not the static file's. */
  personal?: boolean;
}

const CATEGORY = '/vibroizolyaciya';
const PAGE_TYPES: PageType[] = [
  { key: 'home', path: '/', visitor: 'new' },
  { key: 'category', path: CATEGORY, visitor: 'new' },
  { key: 'product', path: `${CATEGORY}/vibro-standart-2-2`, visitor: 'new' },
  { key: 'kit', path: ({ kit }) => kit, visitor: 'new' },
  { key: 'calc', path: '/calc', visitor: 'new' },
  { key: 'article', path: ({ article }) => article, visitor: 'new' },
  {
    key: 'search-api',
    path: ({ token }) => `/api/site/search?token=${encodeURIComponent(token)}`,
    visitor: 'browsing',
    api: { method: 'POST', body: JSON.stringify({ search: 'вибро' }) },
  },
  { key: 'cart', path: '/cart', visitor: 'cart', personal: true },
];

const wanted = process.env.BENCH_PAGES?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = wanted?.filter((key) => !PAGE_TYPES.some((p) => p.key === key)) ?? [];
if (unknown.length) {
  console.error(`BENCH_PAGES: unknown page type ${unknown.join(', ')}; known: ${PAGE_TYPES.map((p) => p.key).join(', ')}`);
  process.exit(1);
}
const pageTypes = wanted?.length ? PAGE_TYPES.filter((p) => wanted.includes(p.key)) : PAGE_TYPES;

// ---- processes --------------------------------------------------------------------------------------------------

/** A server process: the compiled production server (dist/server/main.js) or a TypeScript script through tsx. */
function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, script.endsWith('.js') ? [script] : ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    // stdout too goes to our stderr: with --json our stdout is the JSON alone.
    stdio: ['ignore', process.stderr, 'inherit'],
  });
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** A database holding the demo catalogue plus `count` generated products: a temporary PGlite directory, or DATABASE_URL. */
async function prepareDatabase(count: number): Promise<{ env: Record<string, string>; label: string; cleanup: () => void }> {
  if (count === 0 && !process.env.DATABASE_URL) return { env: { DATA_DIR: 'memory' }, label: 'PGlite (in memory)', cleanup: () => {} };
  const dir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'bench-db-'));
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: dir });
  try {
    await migrate(db);
    await seedIfEmpty(db, demoSitesConfig);
    const started = performance.now();
    if (count > 0) await generateCatalog(db, demoSitesConfig, { count });
    say(`${count} generated products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
  return dir
    ? { env: { DATA_DIR: dir }, label: 'PGlite (directory)', cleanup: () => rmSync(dir, { recursive: true, force: true }) }
    : { env: {}, label: 'PostgreSQL (DATABASE_URL)', cleanup: () => {} };
}

// ---- one request, its bytes as sent ------------------------------------------------------------------------------

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came over the wire (compressed when content-encoding says so). */
  raw: Buffer;
  /** The body decoded. */
  body: Buffer;
}

/** node:http rather than fetch: fetch decodes the body, and the static file must hold the bytes as sent. */
function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The cookies an answer sets, as a Cookie header. */
const cookiesOf = (answer: Answer) => (answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');

interface Visitor {
  cookie: string;
  token: string;
}

/** A visitor as a browser starts: GET / gives the session cookie, and the page the site token (spec §3). */
async function newVisitor(base: string): Promise<Visitor> {
  const home = await send(`${base}/`);
  const cookie = cookiesOf(home);
  const token = /"token":"([^"]+)"/.exec(home.body.toString())?.[1];
  if (home.status !== 200 || !cookie || !token) throw new Error(`GET / gave no session (status ${home.status})`);
  return { cookie, token };
}

/**
 * The returning visitor: a session whose cart gets `lines` products through the cart's router action, posted as the
 * hydrated page posts it (POST /_data/cart?_action=cart, the site token in the form), then read back through the API.
 */
async function visitorWithCart(base: string, lines: number): Promise<Visitor> {
  const visitor = await newVisitor(base);
  const category = (await send(base + CATEGORY, { headers: { cookie: visitor.cookie } })).body.toString();
  const ids = [...new Set([...category.matchAll(/name="productId" value="(\d+)"/g)].map((m) => m[1]!))].slice(0, lines);
  if (ids.length < lines) throw new Error(`${CATEGORY} offers ${ids.length} products to buy, not ${lines}`);
  for (const [i, productId] of ids.entries()) {
    const answer = await send(`${base}/_data/cart?_action=cart`, {
      method: 'POST',
      headers: { cookie: visitor.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'item', productId, quantity: String(i + 1), mode: 'add', token: visitor.token }).toString(),
    });
    const result = answer.status === 200 ? JSON.parse(answer.body.toString()).results?.cart : undefined;
    if (result?.data?.ok !== true) throw new Error(`adding product ${productId} to the cart failed: ${answer.status} ${answer.body}`);
  }
  const cart = await send(`${base}/api/cart`, {
    method: 'POST',
    headers: { cookie: visitor.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({}),
  });
  const entries = JSON.parse(cart.body.toString()) as unknown[];
  if (!Array.isArray(entries) || entries.length !== lines) throw new Error(`the cart holds ${cart.body}, not ${lines} lines`);
  return visitor;
}

/** The first link to a child of `listPath` on that page (a kit of the kits page, an article of the articles page). */
async function firstLinkUnder(base: string, listPath: string): Promise<string> {
  const html = (await send(base + listPath)).body.toString();
  const path = new RegExp(`href="(${listPath}/[^"?#]+)"`).exec(html)?.[1];
  if (!path) throw new Error(`${listPath} links to no page under it`);
  return path;
}

/** The page's bootstrap script: window.__BOOT__ and window.__staticRouterHydrationData, as the renderer writes them. */
function bootstrapData(html: string, path: string): Omit<CeilingPage, 'path'> {
  const match = /window\.__BOOT__=(.*?);window\.__staticRouterHydrationData=(.*?);<\/script>/s.exec(html);
  if (!match) throw new Error(`${path}: no hydration data in the page`);
  const hydrationData = JSON.parse(match[2]!) as CeilingPage['hydrationData'] & { errors: unknown };
  if (hydrationData.errors) throw new Error(`${path}: the page carries loader errors`);
  return { boot: JSON.parse(match[1]!), hydrationData: { loaderData: hydrationData.loaderData } };
}

// ---- measuring --------------------------------------------------------------------------------------------------

interface Figures {
  /** Answers completed within the measured seconds: a handful means the run was shorter than the answers' latency. */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, socket errors and timeouts. */
  errors: number;
}

interface Call {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

async function measure(request: Call): Promise<Figures> {
  const options: Options = { ...request, connections, duration: WARMUP_SECONDS };
  await autocannon(options); // the warm-up: JIT, caches, connections
  const r = await autocannon({ ...options, duration: seconds });
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

interface Target {
  what: string;
  /** null: not measured — a run completed no answer (or the static p99 was 0 ms), so there is no ratio to judge. */
  met: boolean | null;
}

interface PageResult {
  page: string;
  method: string;
  path: string;
  personal: boolean;
  /** The shop's content-encoding for `accept-encoding: gzip, br` (the static file and the ceiling answer the same). */
  encoding: string;
  /** The answer's size as sent and decoded; the React ceiling's decoded page for comparison (it differs by its nonce only). */
  bytes: { sent: number; decoded: number; ceilingDecoded: number | null };
  app: Figures;
  static: Figures;
  ceiling: Figures | null;
  ratios: { rpsVsStatic: number | null; rpsVsCeiling: number | null; p99VsStaticP99: number | null };
  targets: Target[];
}

/** A page's targets (issue 22): throughput against its ceiling, tail latency against the static file's. */
function targetsOf(personal: boolean, ratios: PageResult['ratios']): Target[] {
  const judge = (ratio: number | null, ok: (r: number) => boolean) => (ratio === null ? null : ok(ratio));
  return [
    personal
      ? { what: 'req/s ≥ 0.8 × React', met: judge(ratios.rpsVsCeiling, (r) => r >= 0.8) }
      : { what: 'req/s ≥ 0.8 × static', met: judge(ratios.rpsVsStatic, (r) => r >= 0.8) },
    { what: 'p99 ≤ 2 × static p99', met: judge(ratios.p99VsStaticP99, (r) => r <= 2) },
  ];
}

// ---- the run ----------------------------------------------------------------------------------------------------

if (!existsSync(join(root, 'dist/client/.vite/manifest.json')) || !existsSync(join(root, 'dist/server/main.js'))) {
  console.error('no build: run `npm run build` first');
  process.exit(1);
}

const ssrPort = 3900 + Math.floor(Math.random() * 30);
const staticPort = ssrPort + 30;
const ceilingPort = ssrPort + 60;
const children: ChildProcess[] = [];
const stopAll = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('exit', stopAll);
const database = await prepareDatabase(products);
const workDir = mkdtempSync(join(tmpdir(), 'bench-'));
const loadBefore = loadavg();

try {
  children.push(start('dist/server/main.js', { PORT: String(ssrPort), HOST: '127.0.0.1', ...database.env }));
  await waitFor(`http://127.0.0.1:${ssrPort}/readyz`);
  // localhost: the shop's local name for the main site (127.0.0.1 would be an unknown host, answered as the main site too).
  const base = `http://localhost:${ssrPort}`;

  const browsing = await newVisitor(base);
  const needsCart = pageTypes.some((p) => p.visitor === 'cart');
  const withCart = needsCart ? await visitorWithCart(base, 3) : null;
  const found = {
    token: browsing.token,
    kit: pageTypes.some((p) => p.key === 'kit') ? await firstLinkUnder(base, '/komplekty-sumoizoliacii') : '',
    article: pageTypes.some((p) => p.key === 'article') ? await firstLinkUnder(base, '/stati') : '',
  };
  const cards = (await send(base + CATEGORY)).body.toString().match(/class="product-card"/g)?.length ?? 0;

  // Each page as measured: its bytes become the static file, its hydration data the ceiling's loader data.
  const captured = [];
  const ceilingPages: CeilingPage[] = [];
  for (const type of pageTypes) {
    const path = typeof type.path === 'string' ? type.path : type.path(found);
    const headers: Record<string, string> = { 'accept-encoding': ACCEPT_ENCODING };
    if (type.visitor !== 'new') headers.cookie = (type.visitor === 'cart' ? withCart! : browsing).cookie;
    if (type.api) headers['content-type'] = 'application/json';
    const request: Call = { url: base + path, method: type.api?.method ?? 'GET', headers, body: type.api?.body };
    // The answer as the run will see it: a page a visitor without personal state asks twice is a kept page (decision 052).
    if (!type.api) await send(request.url, request);
    const answer = await send(request.url, request);
    if (answer.status !== 200) throw new Error(`${request.method} ${path} answered ${answer.status}`);
    const encoding = answer.headers['content-encoding'] ?? 'identity';
    // The static server sends the .br/.gz copy the request accepts (preCompressed), with the type of the plain name.
    const file = `${type.key}.${type.api ? 'json' : 'html'}`;
    writeFileSync(join(workDir, file), answer.body);
    if (encoding === 'br' || encoding === 'gzip') writeFileSync(join(workDir, `${file}.${encoding === 'br' ? 'br' : 'gz'}`), answer.raw);
    if (!type.api) ceilingPages.push({ path, ...bootstrapData(answer.body.toString(), path) });
    captured.push({ type, path, request, answer, encoding, file });
  }
  const pagesFile = join(workDir, 'ceiling-pages.json');
  writeFileSync(pagesFile, JSON.stringify(ceilingPages));

  children.push(start('scripts/bench-static-server.ts', { PORT: String(staticPort), STATIC_DIR: workDir }));
  if (ceilingPages.length) children.push(start('scripts/bench-react-ceiling.ts', { PORT: String(ceilingPort), CEILING_PAGES: pagesFile }));
  await waitFor(`http://127.0.0.1:${staticPort}/${captured[0]!.file}`);
  if (ceilingPages.length) await waitFor(`http://127.0.0.1:${ceilingPort}${ceilingPages[0]!.path}`);

  const sharedLoad = loadBefore.map((l) => l.toFixed(2)).join(' ');
  say(
    `catalogue: demo + ${products} generated products on ${database.label} (category page shows ${cards} cards); ` +
      `${seconds} s per run after ${WARMUP_SECONDS} s of warm-up, ${connections} connections, accept-encoding "${ACCEPT_ENCODING}", ` +
      `loopback; ${availableParallelism()} CPUs, load average before the run ${sharedLoad}\n`,
  );

  const results: PageResult[] = [];
  for (const { type, path, request, answer, encoding, file } of captured) {
    const staticRequest: Call = {
      url: `http://127.0.0.1:${staticPort}/${file}`,
      method: 'GET',
      headers: { 'accept-encoding': ACCEPT_ENCODING },
    };
    // The baseline must send what the shop sent: the same encoding and the very bytes.
    const check = await send(staticRequest.url, staticRequest);
    if ((check.headers['content-encoding'] ?? 'identity') !== encoding || !check.raw.equals(answer.raw)) {
      throw new Error(
        `the static copy of ${path} is not the shop's answer (${check.headers['content-encoding']}, ${check.raw.length} bytes)`,
      );
    }
    let ceilingRequest: Call | null = null;
    let ceilingDecoded: number | null = null;
    if (!type.api) {
      // In the encoding the shop answered in: a kept page goes out as gzip made once (decision 052), a rendered one as
      // brotli; the ceiling compresses per request, as a rendered page does.
      ceilingRequest = {
        ...request,
        url: `http://127.0.0.1:${ceilingPort}${path}`,
        headers: { ...request.headers, 'accept-encoding': encoding },
      };
      const ceilingAnswer = await send(ceilingRequest.url, ceilingRequest);
      if (ceilingAnswer.status !== 200 || (ceilingAnswer.headers['content-encoding'] ?? 'identity') !== encoding) {
        throw new Error(`the React ceiling answered ${path} with ${ceilingAnswer.status} ${ceilingAnswer.headers['content-encoding']}`);
      }
      ceilingDecoded = ceilingAnswer.body.length;
      // Only the nonce differs, at the same length: another size means the ceiling renders another page than the shop's.
      if (ceilingDecoded !== answer.body.length)
        say(`warning: the React ceiling's ${path} has ${ceilingDecoded} bytes, the shop's ${answer.body.length}`);
    }

    say(`measuring ${type.key} (${request.method} ${redact(path)}): static file${ceilingRequest ? ', React ceiling' : ''}, shop`);
    const staticFigures = await measure(staticRequest);
    const ceiling = ceilingRequest ? await measure(ceilingRequest) : null;
    const app = await measure(request);
    // A run that completed no answer has no latency and no rate to compare (autocannon counts completed answers
    // only): its ratios are null rather than 0. autocannon's latencies are whole milliseconds: a static p99 of 0 ms
    // has no meaningful ratio either.
    const answered = (f: Figures | null): f is Figures => f !== null && f.requests > 0;
    const ratios = {
      rpsVsStatic: answered(app) && answered(staticFigures) ? app.rps / staticFigures.rps : null,
      rpsVsCeiling: answered(app) && answered(ceiling) ? app.rps / ceiling.rps : null,
      p99VsStaticP99: answered(app) && answered(staticFigures) && staticFigures.p99 > 0 ? app.p99 / staticFigures.p99 : null,
    };
    results.push({
      page: type.key,
      method: request.method,
      path: redact(path),
      personal: type.personal === true,
      encoding,
      bytes: { sent: answer.raw.length, decoded: answer.body.length, ceilingDecoded },
      app,
      static: staticFigures,
      ceiling,
      ratios,
      targets: targetsOf(type.personal === true, ratios),
    });
  }

  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    seconds,
    warmupSeconds: WARMUP_SECONDS,
    connections,
    acceptEncoding: ACCEPT_ENCODING,
    products,
    database: database.label,
    categoryCards: cards,
    machine: { cpus: availableParallelism(), loadAverageBefore: loadBefore, loadAverageAfter: loadavg() },
    pages: results,
  };
  if (jsonPath) writeFileSync(jsonPath, JSON.stringify(report, null, 2) + '\n');
  if (jsonOnStdout) console.log(JSON.stringify(report, null, 2));
  else printTable(results);
} finally {
  stopAll();
  database.cleanup();
  rmSync(workDir, { recursive: true, force: true });
}

function printTable(results: PageResult[]): void {
  const n = (v: number) => v.toFixed(0);
  /** A latency; none when the run completed no answer (autocannon then reports 0). */
  const ms = (f: Figures, v: number) => (f.requests === 0 ? '—' : String(v));
  const x = (v: number | null) => (v === null ? '—' : v.toFixed(2));
  const mark = (t: Target) => `${t.met === null ? '? (not measured)' : t.met ? '✓' : '✗'} ${t.what}`;
  console.log(
    '| page | sent (decoded) | answers | req/s | p50 ms | p99 ms | errors shop/static/React | static req/s | static p99 | React req/s | React p99 | ×static | ×React | p99 ÷ static p99 | targets |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.page} \`${r.method === 'GET' ? '' : 'POST '}${r.path}\` | ${r.encoding} ${r.bytes.sent} B (${r.bytes.decoded} B) | ${r.app.requests} | ${n(r.app.rps)} | ${ms(r.app, r.app.p50)} | ${ms(r.app, r.app.p99)} | ${r.app.errors}/${r.static.errors}/${r.ceiling?.errors ?? '—'} | ` +
        `${n(r.static.rps)} | ${ms(r.static, r.static.p99)} | ${r.ceiling ? n(r.ceiling.rps) : '—'} | ${r.ceiling ? ms(r.ceiling, r.ceiling.p99) : '—'} | ` +
        `${x(r.ratios.rpsVsStatic)} | ${x(r.ratios.rpsVsCeiling)} | ${x(r.ratios.p99VsStaticP99)} | ${r.targets.map(mark).join('; ')} |`,
    );
  }
  const all = results.flatMap((r) => r.targets.map((t) => ({ ...t, name: `${r.page}: ${t.what}` })));
  const missed = all.filter((t) => t.met === false).map((t) => t.name);
  const unmeasured = all.filter((t) => t.met === null).map((t) => t.name);
  console.log(
    `\ntargets: ${all.filter((t) => t.met === true).length} met, ${missed.length} missed${missed.length ? ` (${missed.join('; ')})` : ''}` +
      (unmeasured.length ? `, ${unmeasured.length} not measured (${unmeasured.join('; ')})` : ''),
  );
}

/** The commit measured, for notes; empty outside a git checkout. */
function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/** An address as printed: the site token (a session's secret) left out. */
function redact(path: string): string {
  return path.replace(/token=[^&]+/, 'token=…');
}
