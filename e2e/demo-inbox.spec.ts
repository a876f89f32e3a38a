/**
 * Mail you can see in the demo (issue 19 item 10, docs/decisions/042-demo-inbox.md), in Chromium against the demo as
 * `npm start` runs it (no SMTP: e2e/demo-inbox-server.ts, started here on a free port): register → the 'check your
 * mail' page links to the demo inbox → the confirmation mail is there → its link, clicked inside the mail's sandboxed
 * frame, opens the confirmation page in the tab → confirmed. The demo shopper signs in with the README's password.
 * With SCREENSHOTS=1 it also writes the inbox at 390 and 1280 px in light and dark mode to test-results/demo-inbox/.
 */
import type { Page } from '@playwright/test';
import { demoServer } from './demo-server.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-helpers.ts';

const demo = demoServer();

/** Opens the demo inbox and waits (reloading: the worker delivers within a moment) for a mail to `to`. */
async function openInboxFor(page: Page, to: string) {
  await expect
    .poll(
      async () => {
        await page.goto(`${demo.base}/_demo/inbox`);
        return page.locator('.list a', { hasText: to }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

test('register → the demo inbox → the link in the mail → the e-mail is confirmed', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `demo-${Date.now()}@example.com`;
  await page.goto(`${demo.base}/register`);
  await hydrated(page);
  const form = page.locator('main form');
  await form.locator('input[name=name]').fill('Анна');
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=password]').fill('Тихий салон 2026!');
  await form.locator('input[name=consent]').check();
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
  // A password hash takes a moment on a busy machine.
  await expect(page).toHaveURL(/\/register\?sent=1$/, { timeout: 30_000 });

  // The page that says a mail was sent leads to the demo inbox.
  await page.getByRole('link', { name: 'Открыть демо-почту' }).click();
  await expect(page).toHaveURL(/\/_demo\/inbox$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Демо-почта');
  await openInboxFor(page, email);
  await page.locator('.list a', { hasText: email }).first().click();
  await expect(page).toHaveURL(/\/_demo\/inbox\/\d+$/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Подтвердите');

  // The link inside the mail's HTML, in its sandboxed frame: it opens in the tab.
  const link = page.frameLocator('iframe.frame').locator('a[href*="/account/confirm?token="]').first();
  await expect(link).toHaveAttribute('href', new RegExp(`^${demo.base}/account/confirm\\?token=`));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`^${demo.base}/account/confirm$`));
  await hydrated(page);
  await page.getByRole('button', { name: 'Подтвердить', exact: true }).click();
  await expect(page).toHaveURL(/done=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Адрес подтверждён.' })).toBeVisible();
});

test('the demo shopper signs in with the password the README gives', async ({ page }) => {
  await page.goto(`${demo.base}/auth`);
  await hydrated(page);
  const form = page.locator('main form');
  await form.locator('input[name=email]').fill('demo@tihoavto.localhost');
  await form.locator('input[name=password]').fill('Tishina-2026');
  await form.locator('input[name=password]').press('Enter');
  await expect(page).toHaveURL(/\/personal$/, { timeout: 30_000 });
  await expect(page.locator('main').getByText('demo@tihoavto.localhost').first()).toBeVisible();
});

test('screenshots of the inbox: 390 and 1280 px, light and dark', async ({ browser }) => {
  test.skip(!process.env.SCREENSHOTS, 'SCREENSHOTS=1 writes them');
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      await page.goto(`${demo.base}/_demo/inbox`);
      const first = page.locator('.list a').first();
      await page.screenshot({ path: `test-results/demo-inbox/list-${width}-${colorScheme}.png`, fullPage: true });
      if (await first.count()) {
        await first.click();
        await page.locator('iframe.frame').waitFor();
        await page.screenshot({ path: `test-results/demo-inbox/mail-${width}-${colorScheme}.png`, fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `no page wider than ${width} px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  }
});
