/**
 * A page carries only the strings it shows (docs/decisions/050-translations-per-page.md): the English home page's boot
 * data has no checkout, account or calculator strings, and client navigations from it to the cart, the sign-in page,
 * the calculator and a product load theirs (immutable files) before the page renders — translated text, never a key,
 * no console errors.
 */
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

/** A translation key shown as text: "checkout.title", "account.shared.email" … */
const RAW_KEY = /\b(account|auth|calc|checkout|payment|cart|product|productPage|attr|seo|site|forms|orders)\.[a-z][A-Za-z_]+/;

test('from the English home page, client navigations show each page in English, never a raw key', async ({ page }) => {
  const problems = watchConsole(page);
  const stringFiles: { url: string; status: number; cache: string | undefined }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/assets/i18n/')) stringFiles.push({ url: r.url(), status: r.status(), cache: r.headers()['cache-control'] });
  });
  await page.goto('/en');
  await hydrated(page);
  // As the page came (the live object gains what preloading links fetches): the boot script's own text.
  const boot = await page.evaluate(() => {
    const script = [...document.scripts].find((s) => s.text.startsWith('window.__BOOT__='))!.text;
    const json = script.slice('window.__BOOT__='.length, script.indexOf(';window.__staticRouterHydrationData='));
    return Object.keys(JSON.parse(json).translations);
  });
  for (const namespace of ['checkout', 'account', 'calc', 'payment', 'mail']) expect(boot).not.toContain(namespace);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  const main = page.locator('main');

  // A product, from a tile of the home page.
  await page.locator('.product-card a').first().click();
  await expect(page).toHaveURL(/\/en\/[a-z-]+\/[a-z0-9-]+$/);
  await expect(main.getByText('Availability')).toBeVisible();
  await expect(main).not.toContainText(RAW_KEY);

  // The cart with its checkout form.
  await main.getByRole('button', { name: 'Add to cart' }).first().click();
  await page.getByRole('link', { name: '1 item in cart' }).click();
  await expect(page).toHaveURL(/\/en\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cart');
  await main.getByRole('link', { name: 'Check out' }).click();
  await expect(main.getByRole('button', { name: 'Place the order' })).toBeVisible();
  await expect(main).not.toContainText(RAW_KEY);

  // The account: the guard sends a visitor to the sign-in page.
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/en\/auth/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(main).not.toContainText(RAW_KEY);

  // The calculator, from the main menu.
  await page.getByRole('link', { name: 'Calculator' }).first().click();
  await expect(page).toHaveURL(/\/en\/calc$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sound insulation calculator');
  await expect(main).not.toContainText(RAW_KEY);

  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 'no full page load').toBe(1);
  expect(stringFiles.length, 'the pages’ strings came as files').toBeGreaterThan(0);
  for (const file of stringFiles) {
    expect(file.url).toMatch(/\/assets\/i18n\/en\/[A-Za-z.]+\.[A-Za-z0-9_-]{10}\.json$/);
    expect(file.status).toBe(200);
    expect(file.cache).toBe('public, max-age=31536000, immutable');
  }
  expect(problems).toEqual([]);
});
