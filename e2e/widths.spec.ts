/**
 * No page wider than the screen (issue 19, item 4) — every route of shared/routes.ts, generated from it, at 320,
 * 390, 768 and 1366 px, in Russian and English, for a signed-in shopper with a cart and orders (so the private
 * pages, the cart's lines and the order form are measured, not a sign-in redirect). The sites' own languages are
 * measured on the main pages in e2e/shell.spec.ts. What overflows is named: the element sticking out the furthest.
 */
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

test('every route at 320, 390, 768 and 1366 px: the document no wider than the screen', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/auth');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(PAYER.email);
  await page.getByLabel('Пароль').fill(PAYER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal$/);
  await page.goto('/komplekty-sumoizoliacii/polnyj-sedan');
  await hydrated(page);
  await page.getByRole('button', { name: 'Весь комплект в корзину' }).click();
  await expect(page.locator('.kit-actions [role="status"]')).not.toBeEmpty();

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
  const paths = pageRoutes.map((route) => pathOf(route, samples));
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
