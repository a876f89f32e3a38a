import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-helpers.ts';

/** Spec §2 "Image lightbox", §4, §8, §9: the product photos open in the lightbox (client/components/Lightbox.tsx). */
const PRODUCT = '/shumopogloshchenie/akustik-10'; // three photos, gallery "abs-ak-10"
const SINGLE = '/stati/temperatura-montazha'; // one picture in the article's body (every product has two or more)

/** Requests of client data (a router navigation or revalidation) and of the lightbox chunk. */
function watchRequests(page: Page) {
  const seen = { data: [] as string[], lightbox: [] as string[] };
  page.on('request', (r) => {
    if (r.url().includes('/_data/')) seen.data.push(r.url());
    if (/\/assets\/Lightbox-[\w-]+\.js$/.test(r.url())) seen.lightbox.push(r.url());
  });
  return seen;
}

const lightbox = (page: Page) => page.locator('.lightbox');
const counter = (page: Page) => page.locator('.lightbox .yarl__counter');
const gallery = (page: Page) => page.locator('main [data-gallery]');
const hash = (page: Page) => page.evaluate(() => window.location.hash);

/** Stops the page's (installed) clock: from here on, time moves only with runFor. */
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

async function openAt(page: Page, n: number) {
  await gallery(page)
    .nth(n - 1)
    .click();
  await expect(lightbox(page)).toBeVisible();
}

/** The current image has loaded (the slideshow waits for it; drags start on it). */
async function imageLoaded(page: Page) {
  await expect(page.locator('.lightbox .yarl__slide_current img')).not.toHaveClass(/yarl__slide_image_loading/);
}

test('a click opens the lazily loaded lightbox at that image, puts it in the hash, and Escape closes it', async ({ page }) => {
  const seen = watchRequests(page);
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.goto(PRODUCT);
  await hydrated(page);
  await expect(gallery(page)).toHaveCount(3);
  expect(seen.lightbox, 'nothing of the lightbox is loaded up front').toEqual([]);

  await openAt(page, 2);
  await expect(counter(page)).toHaveText('2 / 3');
  await expect(lightbox(page)).toHaveAttribute('data-state', 'ready');
  await expect(lightbox(page)).toHaveAttribute('role', 'dialog');
  await expect(lightbox(page)).toHaveAttribute('aria-label', 'Просмотр изображений');
  await expect(page.locator('.lightbox .yarl__slide_current img')).toHaveAttribute('src', '/img/products/abs-ak-10-detail.svg');
  expect(await hash(page)).toBe('#gallery-abs-ak-10-2');
  expect(seen.lightbox).toHaveLength(1);

  await page.keyboard.press('Escape');
  await expect(lightbox(page)).toHaveCount(0);
  await expect.poll(() => hash(page)).toBe('');
  expect(seen.data, 'opening and closing never reload the page data').toEqual([]);
  expect(problems).toEqual([]);
});

test('an address with the gallery hash opens it at that image; arrows move and keep the hash in step', async ({ page }) => {
  const seen = watchRequests(page);
  await page.goto(`${PRODUCT}#gallery-abs-ak-10-3`);
  await expect(counter(page)).toHaveText('3 / 3');
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('1 / 3');
  await expect.poll(() => hash(page)).toBe('#gallery-abs-ak-10-1');
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('3 / 3');
  await expect.poll(() => hash(page)).toBe('#gallery-abs-ak-10-3');

  await page.getByRole('button', { name: 'Закрыть' }).click();
  await expect(lightbox(page)).toHaveCount(0);
  await expect.poll(() => hash(page)).toBe('');
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
  expect(seen.data).toEqual([]);
});

test('an address naming another image of the open gallery moves it there; its own moves never pull it back', async ({ page }) => {
  await page.goto(PRODUCT);
  await hydrated(page);
  await openAt(page, 1);
  await expect(counter(page)).toHaveText('1 / 3');
  // A hash typed into the address bar (a popstate the router renders later, in a transition).
  await page.evaluate(() => {
    window.location.hash = '#gallery-abs-ak-10-3';
  });
  await expect(counter(page)).toHaveText('3 / 3');
  await expect(lightbox(page)).toHaveCount(1);
  // Two moves in a row: the echo of the first (its hash) must not undo the second.
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('2 / 3');
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('1 / 3');
  await expect.poll(() => hash(page)).toBe('#gallery-abs-ak-10-1');
  await expect(counter(page)).toHaveText('1 / 3');
});

test('Back closes the lightbox and Forward opens it again, with no data request', async ({ page }) => {
  const seen = watchRequests(page);
  await page.goto(PRODUCT);
  await hydrated(page);
  await openAt(page, 1);
  await expect(counter(page)).toHaveText('1 / 3');
  expect(await hash(page)).toBe('#gallery-abs-ak-10-1');

  await page.evaluate(() => window.history.back());
  await expect(lightbox(page)).toHaveCount(0);
  await expect.poll(() => hash(page)).toBe('');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Акустик 10');

  await page.evaluate(() => window.history.forward());
  await expect(counter(page)).toHaveText('1 / 3');
  expect(seen.data).toEqual([]);

  // One more Back leaves the lightbox closed on the same page, and the page still navigates normally.
  await page.evaluate(() => window.history.back());
  await expect(lightbox(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Шумопоглощение' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Шумопоглощение');
  expect(seen.data).toHaveLength(1);
});

test('t toggles the thumbnail strip', async ({ page }) => {
  await page.goto(PRODUCT);
  await hydrated(page);
  await openAt(page, 1);
  const strip = page.locator('.lightbox .yarl__thumbnails_track');
  await expect(strip).toBeVisible();
  await expect(strip.locator('.yarl__thumbnails_thumbnail')).toHaveCount(3);
  await page.keyboard.press('t');
  await expect(strip).toBeHidden();
  await page.keyboard.press('t');
  await expect(strip).toBeVisible();
});

test('one image: no thumbnail strip, no arrows, no slideshow', async ({ page }) => {
  await page.goto(SINGLE);
  await hydrated(page);
  await expect(gallery(page)).toHaveCount(1);
  await openAt(page, 1);
  await expect(page.locator('.lightbox .yarl__slide_current img')).toHaveAttribute('src', '/img/content/heat-gun.svg');
  await expect(page.locator('.lightbox .yarl__thumbnails_container')).toHaveCount(0);
  await expect(page.locator('.lightbox .yarl__navigation_next')).toHaveCount(0);
  await page.keyboard.press('t');
  await expect(page.locator('.lightbox .yarl__thumbnails_track')).toHaveCount(0);
});

test('space toggles the slideshow, which moves on every 3000 ms', async ({ page }) => {
  await page.clock.install();
  await page.goto(PRODUCT);
  await hydrated(page);
  await pauseClock(page);
  await openAt(page, 1);
  await imageLoaded(page);
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Остановить слайд-шоу' })).toBeVisible();
  await page.clock.runFor(2900);
  await expect(counter(page)).toHaveText('1 / 3');
  await page.clock.runFor(200);
  await expect(counter(page)).toHaveText('2 / 3');
  await expect.poll(() => hash(page)).toBe('#gallery-abs-ak-10-2');

  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Запустить слайд-шоу' })).toBeVisible();
  await page.clock.runFor(10_000);
  await expect(counter(page)).toHaveText('2 / 3');
  await expect(lightbox(page)).toBeVisible();
});

test('the toolbar hides after 3500 ms idle and comes back when the pointer moves', async ({ page }) => {
  await page.clock.install();
  await page.goto(PRODUCT);
  await hydrated(page);
  await pauseClock(page);
  await openAt(page, 1);
  const toolbar = page.locator('.lightbox .yarl__toolbar');
  await expect(toolbar).toBeVisible();
  await page.clock.runFor(3400);
  await expect(lightbox(page)).not.toHaveClass(/lightbox--idle/);
  await page.clock.runFor(200);
  await expect(lightbox(page)).toHaveClass(/lightbox--idle/);
  await expect(toolbar).toHaveCSS('opacity', '0');
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 240);
  await expect(lightbox(page)).not.toHaveClass(/lightbox--idle/);
  await expect(toolbar).toHaveCSS('opacity', '1');
});

test('compact mode under 578 px, not on a desktop viewport', async ({ page }) => {
  await page.goto(PRODUCT);
  await hydrated(page);
  await openAt(page, 1);
  await expect(lightbox(page)).not.toHaveClass(/lightbox--compact/);
  await page.keyboard.press('Escape');
  await expect(lightbox(page)).toHaveCount(0);

  await page.setViewportSize({ width: 560, height: 900 });
  await openAt(page, 1);
  await expect(lightbox(page)).toHaveClass(/lightbox--compact/);
  await expect(page.locator('.lightbox .yarl__navigation_next')).toHaveCount(0);
});

test('an image that fails to load shows the spec message, in the page language', async ({ page }) => {
  const addBroken = () =>
    page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/img/products/no-such-photo.svg';
      a.dataset.gallery = 'broken';
      a.innerHTML = '<img src="/favicon.svg" alt="broken" width="32" height="32">';
      document.querySelector('main')!.append(a);
    });
  await page.goto(PRODUCT);
  await hydrated(page);
  await addBroken();
  await page.locator('[data-gallery="broken"]').click();
  await expect(page.locator('.lightbox .lightbox__error')).toHaveText('Изображение не найдено');
  expect(await hash(page)).toBe('#gallery-broken-1');

  await page.goto(`/en${PRODUCT}`);
  await hydrated(page);
  await addBroken();
  await page.locator('[data-gallery="broken"]').click();
  await expect(page.locator('.lightbox .lightbox__error')).toHaveText('Image Not Found');
});

test('a gallery hash naming no item on the page says so and drops the hash', async ({ page }) => {
  await page.goto(`${PRODUCT}#gallery-abs-ak-10-9`);
  await expect(page.getByRole('alert')).toContainText('HTML-элемент не найден');
  await expect(lightbox(page)).toHaveCount(0);
  await expect.poll(() => hash(page)).toBe('');
});

test.describe('drag to close', () => {
  async function dragImage(page: Page, dy: number, pauseMs: number) {
    const box = (await page.locator('.lightbox .yarl__slide_current img').boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2 - 100;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + dy, { steps: 8 });
    if (pauseMs) await page.clock.runFor(pauseMs);
    await page.mouse.up();
    await page.clock.runFor(1000); // the closing fade
  }

  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await page.goto(PRODUCT);
    await hydrated(page);
    await pauseClock(page);
    await openAt(page, 1);
    await imageLoaded(page);
  });

  test('a slow drag shorter than 200 px springs back', async ({ page }) => {
    await dragImage(page, 150, 500);
    await expect(lightbox(page)).toBeVisible();
    await expect(counter(page)).toHaveText('1 / 3');
  });

  test('a slow drag past 200 px closes', async ({ page }) => {
    await dragImage(page, 230, 500);
    await expect(lightbox(page)).toHaveCount(0);
    await expect.poll(() => hash(page)).toBe('');
  });

  test('a quick drag of 60 px closes', async ({ page }) => {
    await dragImage(page, 60, 0);
    await expect(lightbox(page)).toHaveCount(0);
  });

  test('a slow 60 px drag does not', async ({ page }) => {
    await dragImage(page, 60, 500);
    await expect(lightbox(page)).toBeVisible();
  });
});
