/**
 * No page wider than the screen (issue 19, item 4) — every route of shared/routes.ts, generated from it, at 320,
 * 390, 768 and 1366 px, in Russian and English, for a signed-in shopper with a cart and orders (so the private
 * pages, the cart's lines and the order form are measured, not a sign-in redirect). The sites' own languages are
 * measured on the main pages in e2e/shell.spec.ts. What overflows is named: the element sticking out the furthest.
 * axe-core scans every route too: in Russian on a phone, in English on a desktop.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type PageRouteId, pageRoutes } from '../shared/routes.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-helpers.ts';
import { PAYER, PAYMENT_ORDERS } from './payment-fixture.ts';

const ORDER = PAYMENT_ORDERS.plain.number;

/** The first link under `prefix` on a list page: a published news item, article or noise-insulation page. */
async function firstSlug(page: Page, list: string, prefix: string): Promise<string> {
  await page.goto(list);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  return href!.slice(prefix.length);
}

function pathOf(route: (typeof pageRoutes)[number], samples: Partial<Record<PageRouteId, Record<string, string>>>): string {
  if ('index' in route) return '/';
  if (route.path === '*') return '/no-such-page';
  return `/${route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = samples[route.id]?.[name];
    if (value === undefined) throw new Error(`no sample :${name} for the route ${route.id}: add one to e2e/widths.spec.ts`);
    return value;
  })}`;
}

/** Signs the payer (who has orders) in and puts the kit `slug` in the cart. */
async function signInWithKit(page: Page, slug: string): Promise<void> {
  await page.goto('/auth');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(PAYER.email);
  await page.getByLabel('Пароль').fill(PAYER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal$/);
  await page.goto(`/komplekty-sumoizoliacii/${slug}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Весь комплект в корзину' }).click();
  await expect(page.locator('.kit-actions [role="status"]')).not.toBeEmpty();
}

/** Signs in with the largest kit in the cart and returns a path for every route (the list pages give the slugs). */
async function signedInWithCart(page: Page): Promise<string[]> {
  await signInWithKit(page, 'polnyj-sedan');

  const samples: Partial<Record<PageRouteId, Record<string, string>>> = {
    'history-entry': { id: ORDER },
    'cart-result': { success: 'success' },
    'cart-order': { success: 'success', id: ORDER },
    'cart-invoice': { id: ORDER },
    kit: { slug: 'polnyj-sedan' },
    'about-noise-page': { page: await firstSlug(page, '/about_noise_insulation', '/about_noise_insulation/') },
    'news-item': { slug: await firstSlug(page, '/news', '/news/') },
    article: { slug: await firstSlug(page, '/stati', '/stati/') },
    category: { category: 'vibroizolyaciya' },
    product: { category: 'vibroizolyaciya', product: 'vibro-standart-2-2' },
  };
  return pageRoutes.map((route) => pathOf(route, samples));
}

test('every route at 320, 390, 768 and 1366 px: the document no wider than the screen', async ({ page }) => {
  test.setTimeout(300_000);
  const paths = await signedInWithCart(page);
  const wide: string[] = [];
  for (const width of [320, 390, 768, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    for (const prefix of ['', '/en']) {
      for (const path of paths) {
        const url = prefix && path === '/' ? prefix : prefix + path;
        await page.goto(url);
        const overflow = await page.evaluate(() => {
          const limit = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= limit) return null;
          let worst: { what: string; right: number } = { what: '', right: 0 };
          for (const el of document.body.querySelectorAll('*')) {
            const { right, width } = el.getBoundingClientRect();
            if (width > 0 && right > worst.right) worst = { what: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`, right };
          }
          return `${document.documentElement.scrollWidth} px (${worst.what} to ${Math.round(worst.right)})`;
        });
        if (overflow) wide.push(`${width} px ${url}: ${overflow}`);
      }
    }
  }
  expect(paths.length).toBe(pageRoutes.length);
  expect(wide).toEqual([]);
});

test('axe finds no violation on any route: Russian at 390 px, English at 1366 px', async ({ page }) => {
  test.setTimeout(300_000);
  const paths = await signedInWithCart(page);
  const found: string[] = [];
  for (const [width, prefix] of [
    [390, ''],
    [1366, '/en'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      const url = prefix && path === '/' ? prefix : prefix + path;
      await page.goto(url);
      await hydrated(page);
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations)
        found.push(`${width} px ${url}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  expect(found).toEqual([]);
});

test('desktop layouts that use the width: the cart beside its summary, the personal area beside its navigation', async ({ page }) => {
  await signInWithKit(page, 'dveri-4');

  const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
  for (const [width, beside] of [
    [1366, true],
    [390, false],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/cart', '/cart?step=checkout']) {
      await page.goto(path);
      const summary = page.getByRole('complementary', { name: 'Ваш заказ' });
      // The payer's cart is the account's: earlier tests may have left kits in it, so the amount is not fixed here.
      await expect(summary.locator('.cart-total')).toHaveText(/^\d[\d\s]*\s₽$/);
      const lines = await box('.cart-table');
      const aside = (await summary.boundingBox())!;
      if (beside) expect(aside.x, `${width} px ${path}: the summary right of the lines`).toBeGreaterThanOrEqual(lines.x + lines.width);
      else expect(aside.y, `${width} px ${path}: the summary below the lines`).toBeGreaterThanOrEqual(lines.y + lines.height);
      if (path === '/cart') await expect(summary.getByRole('link', { name: 'Оформить заказ' })).toBeVisible();
      else {
        const form = await box('#checkout');
        if (beside) expect(form.x + form.width).toBeLessThanOrEqual(aside.x);
        await expect(summary.getByRole('link', { name: 'Оформить заказ' })).toHaveCount(0);
      }
    }
    for (const [path, current] of [
      ['/personal', 'Профиль'],
      ['/history', 'История заказов'],
      ['/records', 'Мои записи'],
    ] as const) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Разделы личного кабинета' });
      await expect(nav.getByRole('link')).toHaveText(['Профиль', 'Адреса', 'История заказов', 'Мои записи', 'Безопасность']);
      await expect(nav.locator('[aria-current="page"]')).toHaveText(current);
      const navBox = (await nav.boundingBox())!;
      const h1 = await box('main h1');
      if (beside) expect(navBox.x + navBox.width, `${width} px ${path}: the navigation left of the page`).toBeLessThanOrEqual(h1.x);
      else expect(navBox.y + navBox.height, `${width} px ${path}: the navigation above the page`).toBeLessThanOrEqual(h1.y);
    }
  }
  // The sections of /personal are reached by their anchors.
  await page.goto('/history');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Разделы личного кабинета' }).getByRole('link', { name: 'Безопасность' }).click();
  await expect(page).toHaveURL(/\/personal#security$/);
  await expect(page.getByRole('heading', { name: 'Смена пароля' })).toBeInViewport();
});

test.describe('by touch on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test('taps open and close the filters sheet, the menu with its language list, and change a stacked cart line', async ({ page }) => {
    await page.goto('/vibroizolyaciya');
    await hydrated(page);
    const sheet = page.locator('form.listing-filters');
    await page.locator('details.listing-panel summary').tap();
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Закрыть' }).tap();
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: 'Открыть меню' }).tap();
    const menu = page.getByRole('navigation', { name: 'Главное меню' });
    await expect(menu).toBeVisible();
    await page.getByRole('navigation', { name: 'Язык' }).locator('summary').tap();
    await expect(page.getByRole('navigation', { name: 'Язык' }).getByRole('link', { name: /English/ })).toBeVisible();
    await page.getByRole('button', { name: 'Закрыть меню' }).tap();
    await expect(menu).toBeHidden();

    const first = page.locator('.listing-results .product-card').first();
    await first.getByRole('button', { name: /^В корзину: / }).tap();
    await expect(page.locator('.header-icon--cart .badge')).toHaveText('1');
    await page.goto('/cart');
    await hydrated(page);
    const line = page.locator('.cart-table tbody tr').first();
    const quantity = line.getByRole('spinbutton');
    await quantity.tap();
    await quantity.fill('3');
    const before = await page.locator('.cart-total').textContent();
    await line.getByRole('button', { name: 'Обновить' }).tap();
    await expect(page.locator('.cart-total')).not.toHaveText(before!);
    await page.reload();
    await expect(line.getByRole('spinbutton')).toHaveValue('3');
    // The stacked line: title on its own row, nothing cut off at the right.
    const box = (await line.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
