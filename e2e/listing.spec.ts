/**
 * The category listing in the browser: a filter and a sort update the URL and the results client-side, Back
 * restores the previous state, page links, the plain GET form without JavaScript, tenge prices sorted on kz.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { E2E_PAGED_CATEGORY } from './listing-fixture.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

const cards = (page: Page) => page.locator('.listing-results .product-card');
const titles = (page: Page) => page.locator('.listing-results .product-card__link .product-card__title');

/** Money text ("1 234 ₸") → number. */
const amount = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

test('a sort and a filter navigate client-side, the URL keeps them, Back restores each state', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/vibroizolyaciya');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  await expect(titles(page).first()).toHaveText('Вибро Стандарт 2.2');
  await expect(cards(page)).toHaveCount(6);

  await page.getByLabel('Сортировка').selectOption('price_asc');
  await expect(page).toHaveURL(/\/vibroizolyaciya\?sort=price_asc$/);
  await expect(titles(page).first()).toHaveText('Вибро Лайт 1.8');
  await expect(titles(page).last()).toHaveText('Вибро Премиум 2.5');

  await page.getByRole('checkbox', { name: 'битум-бутил', exact: true }).check();
  await expect(page).toHaveURL(/\?sort=price_asc&adhesive=%D0%B1%D0%B8%D1%82%D1%83%D0%BC-%D0%B1%D1%83%D1%82%D0%B8%D0%BB$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(titles(page)).toHaveText(['Вибро Арка 4.2']);
  await expect(page.locator('.listing-count')).toHaveText('Найден 1 товар');
  await expect(page.getByRole('checkbox', { name: 'битум-бутил', exact: true })).toBeFocused();

  // A numeric range: typed, then applied with Enter.
  await page.getByLabel('Толщина, мм: до').fill('3');
  await page.getByLabel('Толщина, мм: до').press('Enter');
  await expect(page).toHaveURL(/\?sort=price_asc&thickness_mm_max=3&adhesive=[^&]+$/);
  await expect(page.locator('.listing-empty')).toContainText('Нет товаров, подходящих под выбранные фильтры.');

  await page.goBack();
  await expect(page).toHaveURL(/\?sort=price_asc&adhesive=[^&]+$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByLabel('Толщина, мм: до')).toHaveValue('');

  await page.goBack();
  await expect(page).toHaveURL(/\/vibroizolyaciya\?sort=price_asc$/);
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByRole('checkbox', { name: 'битум-бутил', exact: true })).not.toBeChecked();
  await expect(page.getByLabel('Сортировка')).toHaveValue('price_asc');

  await page.goBack();
  await expect(page).toHaveURL(/\/vibroizolyaciya$/);
  await expect(page.getByLabel('Сортировка')).toHaveValue('popular');
  await expect(titles(page).first()).toHaveText('Вибро Стандарт 2.2');

  await page.goForward();
  await expect(titles(page).first()).toHaveText('Вибро Лайт 1.8');

  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 'no full page load').toBe(7);
  expect(problems).toEqual([]);
});

test('the empty state’s link resets the filters', async ({ page }) => {
  await page.goto('/vibroizolyaciya?sort=price_desc&thickness_mm_min=100');
  await hydrated(page);
  await expect(cards(page)).toHaveCount(0);
  await page.locator('.listing-empty').getByRole('link', { name: 'Сбросить фильтры' }).click();
  await expect(page).toHaveURL(/\/vibroizolyaciya\?sort=price_desc$/);
  await expect(cards(page)).toHaveCount(6);
  await expect(titles(page).first()).toHaveText('Вибро Премиум 2.5');
});

test('page links: next and previous, "page N of M"', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(E2E_PAGED_CATEGORY);
  await hydrated(page);
  await expect(page.locator('.listing-count')).toHaveText('Найдено 14 товаров · Страница 1 из 2');
  await expect(cards(page)).toHaveCount(12);
  await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', `${E2E_PAGED_CATEGORY}?page=2`);
  await page
    .locator('.pagination')
    .getByRole('link', { name: /Вперёд/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`${E2E_PAGED_CATEGORY}\\?page=2$`));
  await expect(cards(page)).toHaveCount(2);
  await expect(page.locator('.listing-count')).toHaveText('Найдено 14 товаров · Страница 2 из 2');
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/aksessuary\?page=2$/);
  await page.locator('.pagination').getByRole('link', { name: 'Страница 1' }).click();
  await expect(page).toHaveURL(new RegExp(`${E2E_PAGED_CATEGORY}$`));
  await expect(cards(page)).toHaveCount(12);
  await page.goBack();
  await expect(cards(page)).toHaveCount(2);
  expect(problems).toEqual([]);
});

test('the kz site sorts by its tenge prices', async ({ page, baseURL }) => {
  const kz = baseURL!.replace('localhost', 'kz.localhost');
  await page.goto(kz + '/vibroizolyaciya');
  await hydrated(page);
  await page.getByLabel('Сортировка').selectOption('price_desc');
  await expect(page).toHaveURL(/\?sort=price_desc$/);
  await expect(titles(page).first()).toHaveText('Вибро Премиум 2.5');
  const prices = await page.locator('.listing-results .product-card .price').allTextContents();
  expect(prices).toHaveLength(6);
  for (const p of prices) expect(p).toContain('₸');
  const values = prices.map(amount);
  expect(values).toEqual([...values].sort((a, b) => b - a));
  expect(values[0]).toBeGreaterThan(1000);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form is a plain GET form, page links are plain links', async ({ page }) => {
    await page.goto('/vibroizolyaciya');
    await page.getByLabel('Сортировка').selectOption('price_desc');
    await page.getByRole('checkbox', { name: 'бутил', exact: true }).check();
    await page.getByLabel('Цена: до').fill('650');
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/sort=price_desc/);
    const url = new URL(page.url());
    expect(url.searchParams.getAll('adhesive')).toEqual(['бутил']);
    expect(url.searchParams.get('price_max')).toBe('650');
    await expect(titles(page)).toHaveText(['Вибро Макс 4.0', 'Вибро Оптима 3.0', 'Вибро Стандарт 2.2', 'Вибро Лайт 1.8']);
    await expect(page.getByRole('checkbox', { name: 'бутил', exact: true })).toBeChecked();
    await expect(page.getByLabel('Сортировка')).toHaveValue('price_desc');

    await page.goto(E2E_PAGED_CATEGORY);
    await page
      .locator('.pagination')
      .getByRole('link', { name: /Вперёд/ })
      .click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards(page)).toHaveCount(2);
  });
});

test('/materials from the header menu: the categories with images and their popular products', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await hydrated(page);
  await page.locator('.site-nav').getByRole('link', { name: 'Каталог', exact: true }).click();
  await expect(page).toHaveURL(/\/materials$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог материалов');
  const vibro = page.locator('.materials-section').filter({ has: page.getByRole('heading', { name: 'Виброизоляция' }) });
  await expect(vibro.locator('img').first()).toHaveAttribute('src', '/img/categories/vibroizolyaciya.svg');
  await expect(vibro.locator('.product-card__title')).toHaveText([
    'Вибро Стандарт 2.2',
    'Вибро Оптима 3.0',
    'Вибро Лайт 1.8',
    'Вибро Макс 4.0',
  ]);
  await vibro.getByRole('link', { name: /Все товары раздела/ }).click();
  await expect(page).toHaveURL(/\/vibroizolyaciya$/);
  await expect(cards(page)).toHaveCount(6);
  expect(problems).toEqual([]);
});
