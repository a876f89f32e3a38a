import { expect, test } from './fixtures.ts';

/** Issue 4 item 8 (decision 015): pictures are sized before they load (no layout shift) and served as WebP. */

test('a category page’s card pictures cause no layout shift and load as WebP', async ({ page }) => {
  // Sum the layout shifts, from the very first paint, that moved the category cards (the shell's own late
  // arrivals, such as the cookie banner at the bottom, are not the pictures' doing).
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> };
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const inGrid = entry.sources.some((s) => s.node instanceof Element && s.node.closest('.product-grid'));
        if (!entry.hadRecentInput && inGrid) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const webp: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.webp') && r.ok() && r.headers()['content-type']?.startsWith('image/webp')) webp.push(r.url());
  });
  await page.setViewportSize({ width: 1280, height: 2000 }); // every card in view: all pictures load
  await page.goto('/vibroizolyaciya');
  const images = page.locator('.product-card img');
  await expect(images).toHaveCount(6);
  // Every picture has its box before its file arrives.
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
  }
  await expect
    .poll(() => images.evaluateAll((els) => els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  // The browser chose WebP renditions, not the fallback.
  const chosen = await images.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).currentSrc));
  expect(chosen.every((src) => /-\d+\.webp$/.test(src))).toBe(true);
  expect(webp.length).toBeGreaterThanOrEqual(6);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThan(0.01);
});

test('pictures below the fold are lazy and load once scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/');
  // The home page: its first screen's picture at once, the product cards far below it lazily.
  const last = page.locator('.product-card img').last();
  await expect(last).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('.hero img')).not.toHaveAttribute('loading', 'lazy');
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => last.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

/** Every picture the locator finds has arrived and decoded (a broken or missing file has naturalWidth 0). */
async function allLoaded(images: import('@playwright/test').Locator) {
  for (const img of await images.all()) await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => images.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0)))
    .toEqual(Array((await images.count()) as number).fill(true));
}

test('a product page shows all its drawn photos, the main one preloaded', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/vibroizolyaciya/vibro-standart-2-2');
  const photos = page.locator('.product-gallery img');
  expect(await photos.count()).toBeGreaterThanOrEqual(2);
  await allLoaded(photos);
  for (const alt of await photos.evaluateAll((els) => els.map((e) => (e as HTMLImageElement).alt)))
    expect(alt).toMatch(/^Вибро Стандарт 2\.2: \S/);
  await expect(page.locator('head link[rel="preload"][as="image"][imagesrcset*="vib-std-22-main-"]')).toHaveCount(1);
});

test('a category listing’s cards and the news list show pictures that load', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/instrumenty');
  const cards = page.locator('.product-card');
  const cardImages = page.locator('.product-card img');
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  await expect(cardImages).toHaveCount(await cards.count());
  await allLoaded(cardImages);

  await page.goto('/news');
  const teasers = page.locator('.teaser');
  await expect(page.locator('.teaser .content-placeholder')).toHaveCount(0);
  await expect(page.locator('.teaser img')).toHaveCount(await teasers.count());
  await allLoaded(page.locator('.teaser img'));
});
