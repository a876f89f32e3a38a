/**
 * `npm run lighthouse`: Lighthouse 12 over the shop's main page types — home, category, product, kit, /calc and an
 * article — on the production build, with Lighthouse's default (mobile) settings: a Moto G Power's screen, simulated
 * slow 4G and a 4× slower CPU. Prints per page the four category scores (0–100) and LCP, TBT and CLS (issue 22).
 *
 *   npm run lighthouse                   the production server (`npm run build` first) on an in-memory demo
 *   LIGHTHOUSE_BASE=http://localhost:3000 npm run lighthouse          a server already running
 *   LIGHTHOUSE_PAGES=home,calc  LIGHTHOUSE_JSON=out.json  CHROMIUM_PATH=/usr/bin/chromium   which pages, JSON, browser
 *   LIGHTHOUSE_RUNS=3                    runs per page, the one with the median performance score shown
 *
 * Lighthouse is not a dependency of the shop (it brings its own Puppeteer and hundreds of packages): the script runs
 * node_modules/.bin/lighthouse when one is installed, and otherwise `npx --yes lighthouse@12`, which downloads it
 * from the npm registry into npx's cache the first time someone runs this script — never at `npm ci`.
 * Each page is audited in a fresh headless Chromium (Lighthouse's chrome-launcher starts it from CHROME_PATH).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jsonPath = process.env.LIGHTHOUSE_JSON;
/** Runs per page; the table shows the median one (Total Blocking Time varies from run to run on a shared machine). */
const RUNS = Math.max(1, Number.parseInt(process.env.LIGHTHOUSE_RUNS ?? '1', 10) || 1);
const ATTEMPTS = 3;

/** The pages: a fixed address, or the first page a list links to (kits and articles change with the content). */
const PAGES: Array<{ name: string; path: string } | { name: string; firstUnder: string }> = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/vibroizolyaciya' },
  { name: 'product', path: '/vibroizolyaciya/vibro-standart-2-2' },
  { name: 'kit', firstUnder: '/komplekty-sumoizoliacii' },
  { name: 'calc', path: '/calc' },
  { name: 'article', firstUnder: '/stati' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The part of Lighthouse's JSON report (LHR) this script reads. */
interface LighthouseResult {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  categories: Record<(typeof CATEGORIES)[number], { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

interface PageFigures {
  page: string;
  path: string;
  /** 0–100, null when Lighthouse could not score the category. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  warnings: string[];
}

if (!existsSync(chromium)) {
  console.error(`no Chromium at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH`);
  process.exit(1);
}

/** The production server (dist/server/main.js) on an in-memory demo, in its own process as in production. */
async function startServer(): Promise<{ base: string; stop: () => void }> {
  const given = process.env.LIGHTHOUSE_BASE;
  if (given) return { base: given.replace(/\/$/, ''), stop: () => {} };
  if (!existsSync(join(root, 'dist/server/main.js'))) {
    console.error('no build: run `npm run build` first');
    process.exit(1);
  }
  const port = 4100 + Math.floor(Math.random() * 100);
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: 'memory', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the production server did not come up');
    await new Promise((r) => setTimeout(r, 200));
  }
  // localhost: the demo's name for the main (Russian) site.
  return { base: `http://localhost:${port}`, stop: () => child.kill('SIGTERM') };
}

/** The first link to a page under `listPath` on that page. */
async function firstLinkUnder(base: string, listPath: string): Promise<string> {
  const html = await (await fetch(base + listPath)).text();
  const path = new RegExp(`href="(${listPath}/[^"?#]+)"`).exec(html)?.[1];
  if (!path) throw new Error(`${listPath} links to no page under it`);
  return path;
}

/** The Lighthouse command: the installed one, else version 12 fetched by npx when this script runs. */
function lighthouseCommand(): { command: string; args: string[] } {
  const local = join(root, 'node_modules/.bin/lighthouse');
  if (existsSync(local)) {
    const version = JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version as string;
    if (!version.startsWith('12.')) console.error(`note: node_modules has Lighthouse ${version}, not 12`);
    return { command: local, args: [] };
  }
  return { command: 'npx', args: ['--yes', 'lighthouse@12'] };
}

/** One audit: Lighthouse's CLI writes its JSON report to `output`; a failed run rejects with its exit code. */
function audit(url: string, output: string): Promise<LighthouseResult> {
  const { command, args } = lighthouseCommand();
  const flags = [
    url,
    '--output=json',
    `--output-path=${output}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    // No --preset: Lighthouse's default configuration is the mobile one (form factor, screen, throttling).
    // --no-sandbox: Chromium's sandbox refuses to start as root, as in containers and CI.
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, ...flags], { cwd: root, env: { ...process.env, CHROME_PATH: chromium }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}`));
      resolve(JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult);
    });
  });
}

/**
 * An audit tried up to ATTEMPTS times: Lighthouse's trace recording fails now and then on a busy machine
 * (NO_NAVSTART, "Please run Lighthouse again"), which says nothing about the page.
 */
async function auditWithRetries(url: string, output: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const lhr = await audit(url, output);
      if (!lhr.runtimeError || attempt === ATTEMPTS) return lhr;
      console.error(`lighthouse: ${lhr.runtimeError.code}, again (${attempt + 1} of ${ATTEMPTS})`);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.error(`lighthouse: ${(error as Error).message}, again (${attempt + 1} of ${ATTEMPTS})`);
    }
  }
}

/** Of several runs of one page, the run whose performance score is the median (the lower middle for an even count). */
function medianRun(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function figuresOf(page: string, path: string, lhr: LighthouseResult): PageFigures {
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (key: (typeof CATEGORIES)[number]) => {
    const s = lhr.categories[key]?.score;
    return s === null || s === undefined ? null : Math.round(s * 100);
  };
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? null;
  return {
    page,
    path,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    warnings: lhr.runWarnings,
  };
}

const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;
const server = await startServer();
const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const results: PageFigures[] = [];
let version = '';
try {
  for (const page of pages) {
    const path = 'path' in page ? page.path : await firstLinkUnder(server.base, page.firstUnder);
    console.error(`lighthouse: ${page.name} ${path}`);
    const runs: PageFigures[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const lhr = await auditWithRetries(server.base + path, join(dir, `${page.name}-${run}.json`));
      version = lhr.lighthouseVersion;
      runs.push(figuresOf(page.name, path, lhr));
    }
    results.push(medianRun(runs));
  }
} finally {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}

const cell = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits));
console.log(
  `Lighthouse ${version}, mobile (default settings), ${server.base}, ${RUNS === 1 ? 'one run' : `the median of ${RUNS} runs`} per page\n`,
);
console.log('| page | path | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const s = r.scores;
  console.log(
    `| ${r.page} | \`${r.path}\` | ${cell(s.performance)} | ${cell(s.accessibility)} | ${cell(s['best-practices'])} | ${cell(s.seo)} | ` +
      `${cell(r.lcpMs)} | ${cell(r.tbtMs)} | ${cell(r.cls, 3)} |`,
  );
}
for (const r of results) for (const w of r.warnings) console.log(`warning (${r.page}): ${w}`);
if (jsonPath)
  writeFileSync(jsonPath, JSON.stringify({ lighthouseVersion: version, date: new Date().toISOString(), pages: results }, null, 2) + '\n');
