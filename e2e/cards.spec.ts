/**
 * Product cards and the category page's filter panel in a real browser (issue 19, phones first): on a phone the first
 * card is on the first screen and the filters wait behind 'Фильтры' as a sheet over the list; from 48rem they stand
 * beside it. A card's 'В корзину' adds one unit without leaving the page (with JavaScript), as a plain post that comes
 * back to the page (without), and by keyboard; the cards of a row are equally tall, their buttons on one line.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const ADDED = 'Товар добавлен в корзину.';

/**
 * The cookie notice answered ('Согласен' stores cooky=1): on a phone it floats over the bottom of the screen, where
 * the filter sheet's 'Показать' stands (its z-index is above the sheet's).
 */
const acceptCookies = (context: BrowserContext, baseURL: string | undefined) =>
  context.addCookies([{ name: 'cooky', value: '1', url: baseURL! }]);

const cards = (page: Page) => page.locator('.listing-results .product-card');
const titles = (page: Page) => page.locator('.listing-results .product-card__title');
const panel = (page: Page) => page.locator('details.listing-panel');
const toggle = (page: Page) => panel(page).locator('summary');
const filters = (page: Page) => page.locator('form.listing-filters');
const cartBadge = (page: Page) => page.locator('.header-icon--cart .badge');
/** The card of the product with this exact title. */
const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.locator('.product-card__title', { hasText: new RegExp(`^${title}$`) }) });

/** Marks the window: the mark survives client-side navigations and fetches, not a page load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

/** Boxes of the locator's elements, grouped into rows by their top edge. */
async function rows(locator: Locator) {
  const boxes = await locator.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, height: r.height, bottom: r.bottom };
    }),
  );
  const byTop = new Map<number, typeof boxes>();
  for (const box of boxes) {
    const key = [...byTop.keys()].find((top) => Math.abs(top - box.top) <= 1) ?? box.top;
    byTop.set(key, [...(byTop.get(key) ?? []), box]);
  }
  return [...byTop.values()];
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });
  test.beforeEach(({ context, baseURL }) => acceptCookies(context, baseURL));

  test('the first card is on the first screen; the filters are a sheet behind “Фильтры”, × closes it', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/vibroizolyaciya');
    await hydrated(page);
    await expect(cards(page)).toHaveCount(6);
    const first = await cards(page).first().boundingBox();
    expect(first, 'the first card is laid out').not.toBeNull();
    expect(first!.y, 'the first card starts on the first screen').toBeLessThan(PHONE.height);
    // Two cards a row.
    const second = await cards(page).nth(1).boundingBox();
    expect(Math.abs(second!.y - first!.y)).toBeLessThanOrEqual(1);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);

    // Closed: only the button shows.
    await expect(toggle(page)).toBeVisible();
    await expect(toggle(page)).toHaveText('Фильтры');
    await expect(filters(page)).toBeHidden();
    await expect(page.getByLabel('Сортировка')).toBeHidden();

    // Open: a sheet fixed at the foot of the screen, over the list.
    await toggle(page).click();
    await expect(panel(page)).toHaveAttribute('open', '');
    await expect(filters(page)).toBeVisible();
    await expect(page.getByLabel('Сортировка')).toBeVisible();
    expect(await filters(page).evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
    const sheet = (await filters(page).boundingBox())!;
    expect(Math.abs(sheet.y + sheet.height - PHONE.height), 'it stands on the bottom edge').toBeLessThanOrEqual(1);
    expect(sheet.x).toBeLessThanOrEqual(0.5);
    expect(Math.abs(sheet.width - PHONE.width)).toBeLessThanOrEqual(1);
    // Over the list: what is at the sheet's middle is the sheet, not a card under it.
    const middle = { x: sheet.x + sheet.width / 2, y: sheet.y + sheet.height / 2 };
    expect(
      await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('form.listing-filters'), middle),
      'the sheet is on top',
    ).toBe(true);

    // × closes it, and the list is as it was.
    const close = filters(page).getByRole('button', { name: 'Закрыть' });
    await expect(close).toHaveText('×');
    await close.click();
    await expect(panel(page)).not.toHaveAttribute('open', '');
    await expect(filters(page)).toBeHidden();
    await expect(cards(page)).toHaveCount(6);
    expect(problems).toEqual([]);
  });

  test('a filter checked in the sheet changes the list, and the button counts it', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/vibroizolyaciya');
    await hydrated(page);
    await mark(page);
    await toggle(page).click();
    await filters(page).getByRole('checkbox', { name: 'битум-бутил', exact: true }).check();
    await expect(page).toHaveURL(/\/vibroizolyaciya\?adhesive=%D0%B1%D0%B8%D1%82%D1%83%D0%BC-%D0%B1%D1%83%D1%82%D0%B8%D0%BB$/);
    await expect(titles(page)).toHaveText(['Вибро Арка 4.2']);
    await expect(toggle(page)).toHaveText('Фильтры · 1');
    await expect(panel(page).locator('.listing-panel__count')).toHaveText('· 1');

    // 'Показать' closes the sheet, the filter stays.
    await filters(page).getByRole('button', { name: 'Показать' }).click();
    await expect(panel(page)).not.toHaveAttribute('open', '');
    await expect(filters(page)).toBeHidden();
    await expect(titles(page)).toHaveText(['Вибро Арка 4.2']);
    await expect(toggle(page)).toHaveText('Фильтры · 1');
    expect(await marked(page), 'client-side, no page load').toBe(42);

    // Loaded directly, the count is there from the server; the sheet is closed.
    await page.reload();
    await expect(toggle(page)).toHaveText('Фильтры · 1');
    await expect(filters(page)).toBeHidden();
    expect(problems).toEqual([]);
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: DESKTOP });

  test('the filters stand beside the list without a click', async ({ page }) => {
    await page.goto('/vibroizolyaciya');
    await hydrated(page);
    await expect(toggle(page)).toBeHidden();
    await expect(filters(page)).toBeVisible();
    await expect(page.getByLabel('Сортировка')).toBeVisible();
    expect(await filters(page).evaluate((e) => getComputedStyle(e).position)).not.toBe('fixed');
    const side = (await filters(page).boundingBox())!;
    const list = (await cards(page).first().boundingBox())!;
    expect(side.x + side.width, 'the filters are left of the list').toBeLessThanOrEqual(list.x);
    expect(list.y, 'the list starts beside them, not under them').toBeLessThan(side.y + side.height);

    await page.getByRole('checkbox', { name: 'битум-бутил', exact: true }).check();
    await expect(titles(page)).toHaveText(['Вибро Арка 4.2']);
    await expect(filters(page)).toBeVisible();
  });

  test('the cards of a row are equally tall, their cart buttons on one line', async ({ page }) => {
    for (const url of ['/vibroizolyaciya', '/instrumenty', '/materials', '/search?q=%D0%B2%D0%B8%D0%B1%D1%80%D0%BE']) {
      await page.goto(url);
      await hydrated(page);
      // Names of one and two lines, snippets of different lengths, kits without a stock line.
      const grid = page.locator('.product-grid > .product-card');
      const cardRows = (await rows(grid)).filter((row) => row.length > 1);
      expect(cardRows.length, `${url}: rows of more than one card`).toBeGreaterThan(0);
      for (const row of cardRows) {
        const heights = row.map((b) => b.height);
        expect(Math.max(...heights) - Math.min(...heights), `${url}: one height a row (${heights.join(', ')})`).toBeLessThanOrEqual(1);
      }
      const buttons = grid.locator('.product-card__buy button');
      for (const row of (await rows(buttons)).filter((r) => r.length > 1)) {
        const bottoms = row.map((b) => b.bottom);
        expect(Math.max(...bottoms) - Math.min(...bottoms), `${url}: the buttons of a row line up`).toBeLessThanOrEqual(1);
      }
      // Every button of a row sits on the same line as its row's others (none left higher by a shorter name).
      expect((await rows(buttons)).length).toBe((await rows(grid)).length);
    }
  });

  test('“В корзину” on a card adds one unit without leaving the page', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/vibroizolyaciya');
    await hydrated(page);
    await mark(page);
    await expect(cartBadge(page)).toHaveCount(0);
    const optima = card(page, 'Вибро Оптима 3.0');
    await expect(optima.locator('.product-card__stock')).toHaveText('В наличии');
    await expect(card(page, 'Вибро Премиум 2.5').locator('.product-card__stock')).toHaveText('Под заказ');
    await optima.getByRole('button', { name: 'В корзину: Вибро Оптима 3.0' }).click();
    await expect(optima.getByRole('status')).toHaveText(ADDED);
    await expect(cartBadge(page)).toHaveText('1');
    await expect(page.getByRole('link', { name: '1 товар в корзине' })).toBeVisible();
    // Only that card says so.
    await expect(cards(page).getByRole('status').filter({ hasText: ADDED })).toHaveCount(1);
    await expect(page).toHaveURL(/\/vibroizolyaciya$/);
    expect(await marked(page), 'no page load').toBe(42);

    // Another product: a second line.
    await card(page, 'Вибро Лайт 1.8').getByRole('button', { name: 'В корзину: Вибро Лайт 1.8' }).click();
    await expect(card(page, 'Вибро Лайт 1.8').getByRole('status')).toHaveText(ADDED);
    await expect(cartBadge(page)).toHaveText('2');

    await page.goto('/cart');
    await expect(page.getByRole('spinbutton', { name: 'Количество: Вибро Оптима 3.0' })).toHaveValue('1');
    await expect(page.getByRole('spinbutton', { name: 'Количество: Вибро Лайт 1.8' })).toHaveValue('1');
    expect(problems).toEqual([]);
  });

  test('the cart button is reached with Tab and pressed with Enter', async ({ page }) => {
    await page.goto('/vibroizolyaciya');
    await hydrated(page);
    const standard = card(page, 'Вибро Стандарт 2.2');
    await standard.locator('.product-card__link').focus();
    await page.keyboard.press('Tab');
    const button = standard.getByRole('button', { name: 'В корзину: Вибро Стандарт 2.2' });
    await expect(button, 'the next stop after the card’s link').toBeFocused();
    await page.keyboard.press('Enter');
    await expect(standard.getByRole('status')).toHaveText(ADDED);
    await expect(cartBadge(page)).toHaveText('1');
    // Then on to the compare toggle.
    await page.keyboard.press('Tab');
    await expect(standard.getByRole('button', { name: 'Сравнить: Вибро Стандарт 2.2' })).toBeFocused();
  });

  test('a kit’s card on /materials adds the kit', async ({ page }) => {
    await page.goto('/materials');
    await hydrated(page);
    const kits = page.locator('.materials-section').filter({ has: page.getByRole('heading', { name: 'Комплекты шумоизоляции' }) });
    const kit = kits.locator('.product-card').first();
    await expect(kit.locator('.compare-toggle')).toHaveCount(0);
    await kit.getByRole('button', { name: /^В корзину: / }).click();
    await expect(kit.getByRole('status')).toHaveText('Комплект добавлен в корзину.');
    await expect(cartBadge(page)).toHaveText(/^[1-9]\d*$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP });

  test('“В корзину” posts and comes back to the same category page, the cart counting 1', async ({ page }) => {
    await page.goto('/vibroizolyaciya?sort=price_asc');
    await expect(cartBadge(page)).toHaveCount(0);
    await card(page, 'Вибро Оптима 3.0').getByRole('button', { name: 'В корзину: Вибро Оптима 3.0' }).click();
    await expect(page).toHaveURL(/\/vibroizolyaciya\?sort=price_asc$/);
    await expect(cartBadge(page)).toHaveText('1');
    await expect(card(page, 'Вибро Оптима 3.0').getByRole('status')).toHaveText(ADDED);
    await expect(titles(page).first()).toHaveText('Вибро Лайт 1.8');

    await card(page, 'Вибро Оптима 3.0').getByRole('button', { name: 'В корзину: Вибро Оптима 3.0' }).click();
    await expect(page).toHaveURL(/\/vibroizolyaciya\?sort=price_asc$/);
    await expect(cartBadge(page)).toHaveText('1');
    await page.goto('/cart');
    await expect(page.locator('.cart-table tbody tr')).toHaveCount(1);
    await expect(page.getByRole('spinbutton', { name: 'Количество: Вибро Оптима 3.0' })).toHaveValue('2');
  });

  test('on a phone the filters open from their summary and apply with “Показать”', async ({ page, context, baseURL }) => {
    await acceptCookies(context, baseURL);
    await page.setViewportSize(PHONE);
    await page.goto('/vibroizolyaciya');
    await expect(filters(page)).toBeHidden();
    await toggle(page).click();
    await expect(filters(page)).toBeVisible();
    await expect(filters(page).locator('.listing-filters__close'), '× needs JavaScript').toHaveCount(0);
    await filters(page).getByRole('checkbox', { name: 'битум-бутил', exact: true }).check();
    await filters(page).getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/adhesive=/);
    await expect(titles(page)).toHaveText(['Вибро Арка 4.2']);
    await expect(filters(page)).toBeHidden();
    await expect(toggle(page)).toHaveText('Фильтры · 1');
  });
});
