/**
 * Catalogue search from the header (decision 012): a misspelt query and a query typed on the wrong keyboard
 * layout show the vibration products; the /search page lists them in the same order as the header's list.
 * Time is the page's fake clock (the live search waits 300 ms of idle input), moved by hand.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

/** The vibration products of the demo catalogue, most popular first. */
const VIBRO = ['Вибро Стандарт 2.2', 'Вибро Оптима 3.0', 'Вибро Лайт 1.8', 'Вибро Макс 4.0', 'Вибро Премиум 2.5', 'Вибро Арка 4.2'];

/** Loads the page with the fake clock, waits for hydration, then stops time. */
async function openPaused(page: Page, path: string) {
  await page.clock.install({ time: new Date('2026-11-22T09:00:00Z') });
  await page.goto(path);
  await hydrated(page);
  await page.clock.pauseAt(new Date('2026-11-22T09:01:00Z'));
}

function headerSearch(page: Page) {
  const form = page.getByRole('search', { name: 'Поиск по каталогу' });
  return {
    input: form.getByRole('combobox', { name: 'Поиск по каталогу' }),
    options: form.getByRole('option'),
    titles: form.locator('.search-box__title'),
    status: form.getByRole('status'),
  };
}

for (const [what, query] of [
  ['a typo', 'вибризоляция'],
  ['the wrong keyboard layout', 'db,hjbpjkzwbz'],
] as const) {
  test(`${what} ("${query}") in the header finds the vibration products; the results page has the same order`, async ({ page }) => {
    const problems = watchConsole(page);
    await openPaused(page, '/');
    const box = headerSearch(page);
    await box.input.fill(query);
    await page.clock.runFor(300);
    await expect(box.options).toHaveCount(10);
    await expect(box.status).toHaveText('Найдено 10 товаров');
    const listed = await box.titles.allTextContents();
    expect(listed.slice(0, 6)).toEqual(VIBRO);

    // Enter with no option chosen: the results page, the same search with its larger bound.
    await box.input.press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поиск');
    // The results are product cards, titled in their link.
    const results = page.locator('.search-results .product-card__link .product-card__title');
    await expect(results.first()).toHaveText(VIBRO[0]!);
    expect((await results.allTextContents()).slice(0, 10)).toEqual(listed);

    // Loaded directly (server-rendered), the page shows the same order.
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    expect((await page.locator('.search-results .product-card__title').allTextContents()).slice(0, 10)).toEqual(listed);
    expect(problems).toEqual([]);
  });
}

test('a Latin SKU typed on the Russian layout finds its product, and a click opens it', async ({ page }) => {
  await openPaused(page, '/');
  const box = headerSearch(page);
  await box.input.fill('мши-ыев-22');
  await page.clock.runFor(300);
  await expect(box.status).toHaveText('Найден 1 товар');
  await expect(box.titles).toHaveText(['Вибро Стандарт 2.2']);
  await box.options.first().click();
  await expect(page).toHaveURL(/\/vibroizolyaciya\/vibro-standart-2-2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вибро Стандарт 2.2');
});
