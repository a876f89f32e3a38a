/**
 * Online payment in Chromium against the fake ЮKassa of e2e/server.ts (its checkout page has Pay and Cancel links that
 * return to the shop): the order page sends the shopper to the provider, a refused payment comes back to the fail page
 * with the reason, "Оплатить ещё раз" starts a new payment, and a paid one shows as paid — with JavaScript and without
 * (the no-JS form post answers 303 to the provider: the page's form-action policy must admit its host).
 */
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { hydrated, watchConsole } from './page-helpers.ts';
import { PAYER, PAYMENT_ORDERS } from './payment-fixture.ts';

async function signIn(page: Page, js: boolean) {
  await page.goto('/auth');
  if (js) await hydrated(page);
  await page.getByLabel('E-mail').fill(PAYER.email);
  await page.getByLabel('Пароль').fill(PAYER.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal$/);
}

async function journey(page: Page, { id, number }: { id: number; number: string }, js: boolean) {
  const problems = js ? watchConsole(page) : [];
  await signIn(page, js);
  // The order's page is addressed by its number; its database id addresses nothing, even for its owner.
  expect((await page.request.get(`/cart/success/${id}`)).status()).toBe(404);
  expect((await page.request.get(`/cart/success/${number}`)).status()).toBe(200);
  await page.goto(`/cart/success/${number}`);
  if (js) await hydrated(page);
  const panel = page.getByRole('region', { name: 'Оплата' });
  await expect(panel).toContainText('Ожидает оплаты');
  await page.screenshot({ path: `/tmp/payment-pending-${js ? 'js' : 'plain'}.png`, fullPage: true });

  // To the provider, and a refusal: back on the fail page with the reason.
  await panel.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/checkout\//);
  await page.locator('#cancel').click();
  await expect(page).toHaveURL(new RegExp(`/cart/fail/${number}$`));
  await expect(panel).toContainText('Оплата не прошла');
  await expect(panel).toContainText('Недостаточно средств на карте или счёте.');
  if (js) await hydrated(page);
  await page.screenshot({ path: `/tmp/payment-failed-${js ? 'js' : 'plain'}.png`, fullPage: true });

  // Pay again: a new payment, paid this time.
  await panel.getByRole('button', { name: 'Оплатить ещё раз' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/checkout\//);
  await page.locator('#pay').click();
  await expect(page).toHaveURL(new RegExp(`/cart/success/${number}$`));
  await expect(panel).toContainText('Оплачен онлайн');
  await expect(page.locator('.receipt__facts')).toContainText('Оплачен');
  await expect(panel.getByRole('button')).toHaveCount(0);
  if (js) expect(problems).toEqual([]);
}

test('paying online with JavaScript: refused, paid again, paid', async ({ page }) => {
  await journey(page, PAYMENT_ORDERS.js, true);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations).toEqual([]);
});

test('paying online without JavaScript: the form posts go to the provider and back', async ({ browser }) => {
  const context: BrowserContext = await browser.newContext({ javaScriptEnabled: false });
  await journey(await context.newPage(), PAYMENT_ORDERS.plain, false);
  await context.close();
});

test('the invoice page: printable, light, accessible', async ({ page }) => {
  await signIn(page, true);
  await page.goto(`/cart/invoice/${PAYMENT_ORDERS.js.number}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Счёт на оплату № ${PAYMENT_ORDERS.js.number}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Распечатать счёт' })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/payment-invoice-${width}.png`, fullPage: true });
  }
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations).toEqual([]);
});
