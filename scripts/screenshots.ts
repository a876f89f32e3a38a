/**
 * `npm run screenshots`: PNGs of the shop's main pages at a phone's and a desktop's width, in the light and the dark
 * colour mode, so a reviewer sees the whole shop at once (issue 19). Full pages, as a shopper who has answered the
 * cookie notice and the region question sees them (both stored the way the page stores them).
 *
 *   npm run screenshots                          the production build (`npm run build` first) on an in-memory demo
 *   SCREENSHOTS_BASE=http://localhost:3000 npm run screenshots     a server already running
 *   SCREENSHOTS_DIR=out  SCREENSHOTS_PAGES=home,cart  …            where to write (default screenshots/), which pages
 *
 * Writes <dir>/<page>-<width>-<mode>.png and <dir>/index.html (every shot on one page, grouped by page).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';

/** Two products in the cart, through the cards' own buttons. */
async function addTwoProducts(page: Page): Promise<void> {
  await page.goto('/vibroizolyaciya', { waitUntil: 'networkidle' });
  for (const i of [0, 1]) {
    const card = page.locator('.product-card').nth(i);
    await card.locator('.product-card__buy button').click();
    await card.locator('.product-card__status', { hasText: /./ }).waitFor();
  }
}

/** What to shoot: a name and an address on the main site (other sites by host-less paths are not reachable here). */
const PAGES: Array<{ name: string; path: string; prepare?: (page: Page) => Promise<void> }> = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/vibroizolyaciya' },
  { name: 'product', path: '/vibroizolyaciya/vibro-standart-2-2' },
  { name: 'search', path: '/search?q=вибро' },
  { name: 'kits', path: '/komplekty-sumoizoliacii' },
  { name: 'kit', path: '/komplekty-sumoizoliacii/polnyj-sedan' },
  { name: 'materials', path: '/materials' },
  { name: 'calc', path: '/calc' },
  { name: 'compare', path: '/compare' },
  {
    name: 'cart',
    path: '/cart',
    prepare: addTwoProducts,
  },
  { name: 'checkout', path: '/cart?step=checkout', prepare: addTwoProducts },
  { name: 'news', path: '/news' },
  { name: 'articles', path: '/stati' },
  { name: 'map', path: '/map' },
  { name: 'auth', path: '/auth' },
  { name: 'not-found', path: '/no-such-page' },
];
const WIDTHS = [390, 1280];
const MODES = ['light', 'dark'] as const;

async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const given = process.env.SCREENSHOTS_BASE;
  if (given) return { base: given.replace(/\/$/, ''), stop: async () => {} };
  const { buildApp } = await import('../server/app.ts');
  const { openDb } = await import('../server/db/index.ts');
  const { migrate } = await import('../server/db/migrate.ts');
  const { seedDemo } = await import('../server/demo/seed.ts');
  const { loadConfig } = await import('../server/platform/config.ts');
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: 'memory', LOG_LEVEL: 'warn' });
  const db = await openDb({ dataDir: 'memory' });
  await migrate(db);
  await seedDemo(db, config.sites);
  const { fastify } = await buildApp({ config, db });
  const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: address.replace('127.0.0.1', 'localhost'),
    stop: async () => {
      await fastify.close();
      await db.close();
    },
  };
}

const dir = resolve(process.env.SCREENSHOTS_DIR ?? 'screenshots');
const only = process.env.SCREENSHOTS_PAGES?.split(',').filter(Boolean);
const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;
await mkdir(dir, { recursive: true });
const server = await startServer();
// Debian's Chromium, as the browser tests use (playwright.config.ts).
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const written: string[] = [];
try {
  for (const mode of MODES) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL: server.base,
        viewport: { width, height: width < 600 ? 844 : 800 },
        colorScheme: mode,
        deviceScaleFactor: 1,
      });
      // The cookie notice answered (cooky=1, as 'Согласен' stores it) and the region question answered for 4 hours.
      await context.addCookies([{ name: 'cooky', value: '1', url: server.base }]);
      await context.addInitScript(() => localStorage.setItem('modalRegion', String(Date.now() + 144e5)));
      for (const shot of pages) {
        const page = await context.newPage();
        if (shot.prepare) await shot.prepare(page);
        const response = await page.goto(shot.path, { waitUntil: 'networkidle' });
        // A shot of the 404 page where a page was meant is worse than none: a moved address stops the run.
        const expected = shot.name === 'not-found' ? 404 : 200;
        if (response?.status() !== expected) throw new Error(`${shot.path} answered ${response?.status()}, not ${expected}`);
        // Lazy pictures below the first screen are loaded now, so the full-page shot shows them.
        await page.evaluate(() => {
          for (const img of document.querySelectorAll('img[loading="lazy"]')) (img as HTMLImageElement).loading = 'eager';
        });
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        const file = `${shot.name}-${width}-${mode}.png`;
        await page.screenshot({ path: join(dir, file), fullPage: true });
        written.push(file);
        await page.close();
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
const rows = pages
  .map((p) => {
    const shots = written.filter((f) => f.startsWith(`${p.name}-`));
    return `<h2>${p.name} <small>${p.path}</small></h2><div>${shots.map((f) => `<figure><img src="${f}" loading="lazy" alt=""><figcaption>${f}</figcaption></figure>`).join('')}</div>`;
  })
  .join('\n');
await writeFile(
  join(dir, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>ТихоАвто — screenshots</title><style>body{font:14px system-ui;margin:1rem}div{display:flex;gap:1rem;align-items:flex-start;overflow-x:auto}figure{margin:0}img{max-width:420px;border:1px solid #ccc}</style>\n${rows}\n`,
);
console.log(`${written.length} screenshots in ${dir} (open index.html)`);
