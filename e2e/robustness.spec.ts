/**
 * Client robustness (spec §8, §9): the build update check, full page loads once a newer build is live,
 * one reload per path for a code chunk that fails, and route preloading (chunk and data, at most 4 at once).
 */
import { expect, type Page, type Request, test } from '@playwright/test';

const START = new Date('2026-11-20T10:00:00Z');

async function hydrated(page: Page) {
  // Polled from the test side: with a paused clock the page's own timers and animation frames stand still.
  await expect.poll(() => page.evaluate(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')))).toBe(true);
}

/** The documents the page loads (full page loads), as paths. */
function documentLoads(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r: Request) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) paths.push(new URL(r.url()).pathname);
  });
  return paths;
}

/** A clock that stands still until the test moves it. */
async function pausedClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 1000));
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

test.describe('build update check', () => {
  test('the first check runs 1000 ms after hydration, then every hour', async ({ page }) => {
    let checks = 0;
    await page.route('**/_build/latest.json', (route) => {
      checks++;
      return route.continue();
    });
    await pausedClock(page);
    await page.goto('/');
    await hydrated(page);
    await page.clock.runFor(999);
    expect(checks).toBe(0);
    await page.clock.runFor(1);
    await expect.poll(() => checks).toBe(1);
    await page.clock.runFor(3_600_000 - 1);
    expect(checks).toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => checks).toBe(2);
    await page.clock.runFor(3_600_000);
    await expect.poll(() => checks).toBe(3);
  });

  test('on a very slow connection the first check waits an hour', async ({ page }) => {
    let checks = 0;
    await page.route('**/_build/latest.json', (route) => {
      checks++;
      return route.continue();
    });
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: '2g', saveData: false } }));
    await pausedClock(page);
    await page.goto('/');
    await hydrated(page);
    await page.clock.runFor(1000);
    expect(checks).toBe(0);
    await page.clock.runFor(3_599_000);
    await expect.poll(() => checks).toBe(1);
  });

  test('the server answers its build id, the one the page embeds', async ({ page, request }) => {
    await page.goto('/');
    const embedded = await page.evaluate(() => window.__BOOT__!.buildId);
    const latest = await (await request.get('/_build/latest.json')).json();
    expect(latest.id).toBe(embedded);
  });

  test('once another build is live, an internal link loads the full page', async ({ page }) => {
    let checks = 0;
    await page.route('**/_build/latest.json', (route) => {
      checks++;
      return route.fulfill({ json: { id: 'a-newer-build', timestamp: START.getTime() } });
    });
    await pausedClock(page);
    const documents = documentLoads(page);
    const data: string[] = [];
    page.on('request', (r) => r.url().includes('/_data/') && data.push(r.url()));
    await page.goto('/');
    await hydrated(page);
    await setMarker(page);
    const noticed = page.waitForEvent('console', (m) => m.text().includes('a-newer-build'));
    await page.clock.runFor(1000);
    await noticed;
    expect(checks).toBe(1);
    await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
    await expect(page).toHaveURL(/\/vibroizolyaciya$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
    expect(documents).toEqual(['/', '/vibroizolyaciya']);
    expect(await marker(page)).toBeUndefined();
    expect(data).toEqual([]);
  });

  test('a failed check is only logged; navigation stays client-side', async ({ page }) => {
    await page.route('**/_build/latest.json', (route) => route.abort());
    await pausedClock(page);
    await page.goto('/');
    await hydrated(page);
    await setMarker(page);
    const logged = page.waitForEvent('console', (m) => m.text().includes('build check failed'));
    await page.clock.runFor(1000);
    await logged;
    await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
    expect(await marker(page)).toBe(1);
  });
});

test('a page chunk that fails to load reloads the page once per path within 10 s', async ({ page }) => {
  await page.route(/\/assets\/category-[\w-]+\.js$/, (route) => route.abort());
  await pausedClock(page);
  const documents = documentLoads(page);
  await page.goto('/');
  await hydrated(page);

  // The client navigation's chunk fails: the page reloads at the address it was going to…
  const hydrationFailed = page.waitForEvent('pageerror');
  await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
  await expect(page).toHaveURL(/\/vibroizolyaciya$/);
  // …where the chunk fails again, within 10 s: no second reload, the server's page stays.
  expect((await hydrationFailed).message).toMatch(/dynamically imported module/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
  expect(documents).toEqual(['/', '/vibroizolyaciya']);

  // Back on the home page, the same failure within 10 s reaches the error boundary instead of reloading.
  await page.goBack();
  await hydrated(page);
  await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Что-то пошло не так');
  expect(documents.filter((p) => p === '/vibroizolyaciya')).toHaveLength(1);

  // Ten seconds later the path may be reloaded again.
  await page.clock.fastForward(10_000);
  await page.goBack();
  await hydrated(page);
  await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
  await expect.poll(() => documents.filter((p) => p === '/vibroizolyaciya').length).toBe(2);
  // Let the reload finish and drop the abort handler before the context closes: closing while a handler is
  // still answering a request of the unloading page hung the teardown for 30 s (2 runs in 5).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test.describe('route preloading', () => {
  test('hovering a link preloads its chunk and data; the navigation then makes no request', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
    const categoryChunk = () => requests.filter((u) => /\/assets\/category-[\w-]+\.js/.test(u));
    const data = () => requests.filter((u) => u.startsWith('/_data/'));
    await page.goto('/');
    await hydrated(page);
    await setMarker(page);
    // Once the category links are in view, the category page's chunk comes without any interaction.
    const link = page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' });
    await link.scrollIntoViewIfNeeded();
    await expect.poll(() => categoryChunk().length).toBe(1);
    expect(data()).toEqual([]);

    await link.hover();
    await expect.poll(() => data()).toEqual(['/_data/vibroizolyaciya?_routes=category']);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(data()).toHaveLength(1);
    expect(categoryChunk()).toHaveLength(1);
    expect(await marker(page)).toBe(1);
  });

  test('no preload for a link to the current page', async ({ page }) => {
    const data: string[] = [];
    page.on('request', (r) => r.url().includes('/_data/') && data.push(new URL(r.url()).pathname));
    await pausedClock(page);
    await page.goto('/');
    await hydrated(page);
    await page.locator('header a[href="/"]').first().hover();
    await page.clock.runFor(100);
    // A link elsewhere, hovered afterwards, shows the page is preloading: only that one was asked for.
    await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).hover();
    await page.clock.runFor(100);
    await expect.poll(() => data).toEqual(['/_data/vibroizolyaciya']);
  });

  test('nothing is preloaded with save-data on', async ({ page }) => {
    const preloads: string[] = [];
    page.on('request', (r) => /\/_data\/|\/assets\/category-[\w-]+\.js/.test(r.url()) && preloads.push(r.url()));
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g', saveData: true } }));
    await pausedClock(page);
    await page.goto('/');
    await hydrated(page);
    await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).hover();
    await page.clock.runFor(100);
    // A request the page makes after that moment: any preload would have been asked for before it.
    await page.evaluate(() => fetch('/healthz'));
    expect(preloads).toEqual([]);
  });

  test('never more than 4 preloads at once', async ({ page }) => {
    let inFlight = 0;
    let most = 0;
    let started = 0;
    const held: (() => void)[] = [];
    await page.route('**/_data/**', async (route) => {
      started++;
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((release) => held.push(release));
      inFlight--;
      await route.continue();
    });
    await pausedClock(page);
    await page.goto('/');
    await hydrated(page);
    const links = page.locator('.category-links a');
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(6);
    // Focus resting on each link in turn: one intent preload each.
    for (let i = 0; i < count; i++) {
      await links.nth(i).focus();
      await page.clock.runFor(100);
    }
    await expect.poll(() => started).toBe(4);
    // Each answer let through starts the next waiting preload, never a fifth at once.
    for (let released = 1; released <= count; released++) {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.shift()!();
      await expect.poll(() => started).toBe(Math.min(count, 4 + released));
    }
    expect(most).toBe(4);
  });
});
