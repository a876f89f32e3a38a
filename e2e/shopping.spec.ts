/**
 * The browsing path in a real browser: category → filter → product → gallery → add to cart → header badge and
 * /cart total → change and remove; compare two products with the difference marked; the Kazakh site in tenge.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-helpers.ts';

const cartBadge = (page: Page) => page.locator('.header-icon--cart .badge');

test('category → product → gallery → cart: badge, lines, total, change and remove', async ({ page }) => {
  await page.goto('/shumopogloshchenie');
  await hydrated(page);
  await expect(cartBadge(page)).toHaveCount(0);
  // Filter: at least 10 mm thick (Акустик 6 drops out), applied with Enter.
  await page.getByLabel('Толщина, мм: от').fill('10');
  await page.getByLabel('Толщина, мм: от').press('Enter');
  await expect(page).toHaveURL(/\/shumopogloshchenie\?thickness_mm_min=10$/);
  await expect(page.locator('.product-card').getByRole('link', { name: 'Акустик 6', exact: true })).toHaveCount(0);
  await page.locator('.product-card').getByRole('link', { name: 'Акустик 10', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Акустик 10');

  // The gallery opens in the lightbox and closes with Escape.
  await page.locator('[data-gallery]').first().click();
  await expect(page).toHaveURL(/#gallery-/);
  await expect(page.getByRole('dialog', { name: 'Просмотр изображений' })).toHaveAttribute('data-state', 'ready');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Просмотр изображений' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/#gallery-/);

  const buy = page.locator('.product-actions__cart');
  await buy.getByRole('spinbutton').fill('3');
  await buy.getByRole('button', { name: 'В корзину' }).click();
  await expect(buy.getByRole('status')).toHaveText('Товар добавлен в корзину.');
  await expect(cartBadge(page)).toHaveText('1');

  await page.getByRole('link', { name: '1 товар в корзине' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
  const line = page.locator('.cart-table tbody tr');
  await expect(line).toHaveCount(1);
  await expect(page.getByRole('spinbutton', { name: 'Количество: Акустик 10' })).toHaveValue('3');
  await expect(page.locator('.cart-total')).toHaveText('2 070 ₽');

  await page.getByRole('spinbutton', { name: 'Количество: Акустик 10' }).fill('5');
  await page.getByRole('button', { name: 'Обновить' }).click();
  await expect(page.locator('.cart-total')).toHaveText('3 450 ₽');

  await page.getByRole('button', { name: 'Удалить Акустик 10 из корзины' }).click();
  await expect(page.getByText('Корзина пуста.')).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);
});

test('without JavaScript the product form still adds to the cart', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shumopogloshchenie/akustik-10');
  await page.locator('.product-actions__cart').getByRole('button', { name: 'В корзину' }).click();
  await expect(page).toHaveURL(/\/shumopogloshchenie\/akustik-10$/);
  await expect(cartBadge(page)).toHaveText('1');
  await context.close();
});

test('compare two products: the header counter, differing rows marked, remove and clear', async ({ page }) => {
  for (const path of ['/shumopogloshchenie/akustik-10', '/shumopogloshchenie/akustik-10-folga']) {
    await page.goto(path);
    await hydrated(page);
    await page.getByRole('button', { name: 'Сравнить', exact: true }).click();
    await expect(page.getByRole('button', { name: 'В сравнении', exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.locator('.header-icon--compare .counter')).toHaveText('2');
  await page.locator('.header-icon--compare').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сравнение товаров');
  const table = page.locator('.compare-table');
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expect(table.locator('tr.compare-row--differs').first()).toBeVisible();

  await page.getByRole('button', { name: 'Убрать Акустик 10 Фольга из сравнения' }).click();
  await expect(table.getByRole('columnheader')).toHaveCount(1);
  await expect(table.locator('tr.compare-row--differs')).toHaveCount(0);
  await expect(page.locator('.header-icon--compare .counter')).toHaveText('1');

  await page.reload();
  await expect(page.locator('.compare-table').getByRole('columnheader')).toHaveCount(1);
  await page.getByRole('button', { name: 'Очистить сравнение' }).click();
  await expect(page.getByText('В сравнении пока нет товаров', { exact: false })).toBeVisible();
  await expect(page.locator('.header-icon--compare .counter')).toHaveText('0');
});

test('the same product on the Kazakh site is priced and added in tenge', async ({ page, baseURL }) => {
  const kz = baseURL!.replace('localhost', 'kz.localhost');
  await page.goto(`${kz}/shumopogloshchenie/akustik-10`);
  await hydrated(page);
  await expect(page.locator('.product__price')).toContainText('₸');
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();
  await expect(cartBadge(page)).toHaveText('1');
  await page.goto(`${kz}/cart`);
  await expect(page.locator('.cart-total')).toContainText('₸');
});
