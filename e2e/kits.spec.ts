/**
 * Kits in a real browser: the kits list from the header's catalogue dropdown, one kit, the whole kit into the
 * cart in one click — the header badge and /cart show its lines. The product page hydrates cleanly with its
 * JSON-LD scripts.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-helpers.ts';

const cartBadge = (page: Page) => page.locator('.header-icon--cart .badge');

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('header dropdown → kits list → one kit → the whole kit in the cart', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/');
  await hydrated(page);
  const menu = page.getByRole('navigation', { name: 'Главное меню' });
  await menu.getByRole('link', { name: 'Каталог' }).hover();
  await menu.getByRole('link', { name: 'Комплекты шумоизоляции' }).click();
  await expect(page).toHaveURL(/\/komplekty-sumoizoliacii$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Комплекты шумоизоляции');
  await expect(page.locator('.kit-card')).toHaveCount(6);

  await page.getByRole('link', { name: 'Шумоизоляция 4 дверей' }).click();
  await expect(page).toHaveURL(/\/komplekty-sumoizoliacii\/dveri-4$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Шумоизоляция 4 дверей');
  await expect(page.locator('.kit-lines tbody tr')).toHaveCount(4);
  await expect(page.locator('.kit-totals__price')).toHaveText('7 910 ₽');
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' }).locator('[aria-current="page"]')).toHaveText(
    'Шумоизоляция 4 дверей',
  );

  await expect(cartBadge(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Весь комплект в корзину' }).click();
  await expect(page.locator('.kit-actions').getByRole('status')).toHaveText('Комплект добавлен в корзину.');
  await expect(cartBadge(page)).toHaveText('4');

  await page.getByRole('link', { name: '4 товара в корзине' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
  await expect(page.locator('.cart-table tbody tr')).toHaveCount(4);
  await expect(page.getByRole('spinbutton', { name: 'Количество: Вибро Стандарт 2.2' })).toHaveValue('11');
  await expect(page.getByRole('spinbutton', { name: 'Количество: Лента ворсовая 15 мм × 12 м' })).toHaveValue('2');
  await expect(page.locator('.cart-total')).toHaveText('7 910 ₽');
  expect(errors).toEqual([]);
});

test('the product page hydrates cleanly with its structured data, breadcrumbs and related products', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/vibroizolyaciya/vibro-standart-2-2');
  await hydrated(page);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(2);
  await expect(page.locator('.availability')).toHaveText(/В наличии/);
  const related = page.getByRole('region', { name: 'Похожие товары' });
  await expect(related.locator('.product-card')).toHaveCount(4);
  await related.getByRole('link', { name: 'Вибро Оптима 3.0' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вибро Оптима 3.0');
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld!)).toMatchObject({ '@type': 'Product', sku: 'VIB-OPT-30' });
  await expect(page).toHaveTitle(/^Вибро Оптима 3\.0 — /);
  await page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link', { name: 'Виброизоляция' }).click();
  await expect(page).toHaveURL(/\/vibroizolyaciya$/);
  expect(errors).toEqual([]);
});
