/**
 * Client robustness (spec §8, §9): the build update check, full page loads once a newer build is live,
 * one reload per path for a code chunk that fails, and route preloading (chunk and data, at most 4 at once).
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import { afterQueuedTasks, documentHydrated } from './page-helpers.ts';

const START = new Date('2026-11-20T10:00:00Z');

async function hydrated(page: Page) {
  // Polled from the test side: with a paused clock the page's own timers and animation frames stand still.
  await expect.poll(() => page.evaluate(documentHydrated)).toBe(true);
  await page.evaluate(afterQueuedTasks);
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
  // Start-up gave up: the page is marked, so its styles treat it as a page without script (app-failure.tsx).
  await expect(page.locator('html')).toHaveAttribute('data-app', 'failed');

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

test('hydration runs in slices the browser can interleave, and a click in the middle of it is not lost', async ({ page }) => {
  // A phone's slower processor: hydrating the home page then takes many of React's 5 ms slices.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.emulateMedia({ colorScheme: 'light' });
  // A task of our own, queued again and again behind React's: it finds the header hydrated and the footer not yet
  // (React marks each element it hydrates with its fiber), which one long hydration task never lets anyone see.
  // There it presses the colour-mode toggle, as a shopper would who does not wait.
  await page.addInitScript(() => {
    const probe = { partial: 0, pressed: false };
    (window as unknown as { __probe: typeof probe }).__probe = probe;
    const hydratedElement = (el: Element | null) => !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const footer = document.querySelector('footer.site-footer');
      if (hydratedElement(document.querySelector('header')) && !hydratedElement(footer)) {
        probe.partial++;
        if (!probe.pressed) {
          probe.pressed = true;
          document.querySelector<HTMLButtonElement>('header button.color-mode')?.click();
        }
      }
      if (!hydratedElement(footer)) channel.port2.postMessage(0);
    };
    document.addEventListener('DOMContentLoaded', () => channel.port2.postMessage(0));
  });
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __probe: { pressed: boolean } }).__probe.pressed)).toBe(true);
  // React finished hydrating at once for the click and handled it: the page is dark, the choice remembered.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('header button.color-mode')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('dark');
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

  test('links in view are preloaded only once the page has loaded, off its start-up work', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (r) => /\/assets\/category-[\w-]+\.js/.test(r.url()) && chunks.push(r.url()));
    // The hero picture held back: the page hydrates, but its load event waits for the picture.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/img/content/layers*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await hydrated(page);
    await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).scrollIntoViewIfNeeded();
    // Two frames (the viewport observer reports within one) and a request: a preload would have been asked for.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.evaluate(() => fetch('/healthz'));
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(chunks).toEqual([]);

    release();
    await expect.poll(() => chunks.length).toBe(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
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
