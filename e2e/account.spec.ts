/**
 * The account journey in Chromium, on the main site and in English (/en): register (keyboard only) → confirm by the
 * mailed link → sign out → sign in (keyboard only) → reset the password by mail → signed in, the old session gone.
 * The strength meter's estimator loads only once a new password is typed. Every account page passes an axe scan.
 * Mails are read from the fake SMTP server the e2e server sends to, through e2e/account-fixture.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mailboxPort } from './account-fixture.ts';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

const PORT = Number(process.env.E2E_PORT ?? 3411);

/** The path and query of the link in the newest mail of `kind` to `to`. */
async function mailLink(to: string, kind: string): Promise<string> {
  let body: { text_body: string } | null = null;
  await expect
    .poll(async () => {
      const res = await fetch(`http://127.0.0.1:${mailboxPort(PORT)}/mail?to=${encodeURIComponent(to)}&kind=${kind}`);
      body = res.ok ? await res.json() : null;
      return !!body;
    })
    .toBe(true);
  const url = new URL(/https:\/\/\S+/.exec(body!.text_body)![0]);
  return url.pathname + url.search;
}

/** Tabs from the top of the page until the field named `name` has focus (keyboard only). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((n) => (document.activeElement as HTMLInputElement | null)?.name === n, name)) return;
  }
  throw new Error(`no field ${name} reached by Tab`);
}

async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const TEXT = {
  ru: {
    prefix: '',
    name: 'Анна',
    signOut: 'Выйти',
    signIn: 'Войти',
    confirm: 'Подтвердить',
    forgot: 'Забыли пароль?',
    sendLink: 'Отправить ссылку',
    savePassword: 'Сохранить пароль',
    personal: 'Личный кабинет',
    strength: 'Надёжность пароля',
  },
  en: {
    prefix: '/en',
    name: 'Anna',
    signOut: 'Sign out',
    signIn: 'Sign in',
    confirm: 'Confirm',
    forgot: 'Forgot your password?',
    sendLink: 'Send the link',
    savePassword: 'Save password',
    personal: 'Personal account',
    strength: 'Password strength',
  },
} as const;

for (const language of ['ru', 'en'] as const) {
  test(`the account journey (${language})`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const text = TEXT[language];
    const p = (path: string) => `${text.prefix}${path}`;
    const email = `journey-${language}-${Date.now()}@example.com`;
    const password = 'Тихий салон 2026!';
    const problems = watchConsole(page);
    const strengthChunks: string[] = [];
    page.on('request', (r) => {
      if (/password-strength-[\w-]+\.js$/.test(r.url())) strengthChunks.push(r.url());
    });

    // Register, keyboard only.
    await page.goto(p('/register'));
    await hydrated(page);
    expect(strengthChunks, 'the estimator is not loaded with the page').toEqual([]);
    expect(await axe(page), 'axe: /register').toEqual([]);
    await tabTo(page, 'name');
    await page.keyboard.type(text.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('+7 912 345 67 89');
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await expect(page.locator('.strength')).toContainText(text.strength);
    expect(strengthChunks.length, 'the estimator loads on the first keystroke').toBe(1);
    await tabTo(page, 'consent');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${p('/register')}\\?sent=1$`));
    expect(await axe(page), 'axe: /register?sent=1').toEqual([]);

    // Confirm by the mailed link: the secret leaves the address bar.
    await page.goto(await mailLink(email, 'account.confirm'));
    await expect(page).toHaveURL(new RegExp(`${p('/account/confirm')}$`));
    await hydrated(page);
    expect(await axe(page), 'axe: /account/confirm').toEqual([]);
    await page.getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(page).toHaveURL(/done=1$/);
    await page.getByRole('link', { name: language === 'ru' ? 'В личный кабинет' : 'Go to your account' }).click();
    await expect(page).toHaveURL(new RegExp(`${p('/personal')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axe(page), 'axe: /personal').toEqual([]);
    for (const path of ['/history', '/records']) {
      await page.goto(p(path));
      await hydrated(page);
      expect(await axe(page), `axe: ${path}`).toEqual([]);
    }

    // Sign out, then sign in — keyboard only.
    await page.goto(p('/personal'));
    await hydrated(page);
    await page.getByRole('button', { name: text.signOut, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${text.prefix || ''}/?$`));
    await page.goto(p('/auth'));
    await hydrated(page);
    expect(await axe(page), 'axe: /auth').toEqual([]);
    await tabTo(page, 'email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${p('/personal')}$`));
    const signedInCookies = await context.cookies();

    // Forgot the password: in a second browser context (another device), with the first one still signed in.
    const other = await context.browser()!.newContext({ baseURL: `http://localhost:${PORT}` });
    // As the fixture does for every context: the region overlay counts as answered.
    await other.addInitScript(() => localStorage.setItem('modalRegion', String(8.64e15)));
    const page2 = await other.newPage();
    await page2.goto(p('/auth'));
    await hydrated(page2);
    await page2.getByRole('link', { name: text.forgot }).click();
    await expect(page2).toHaveURL(new RegExp(`${p('/auth/forgot')}$`));
    expect(await axe(page2), 'axe: /auth/forgot').toEqual([]);
    await page2.locator('input[name="email"]').fill(email);
    await page2.getByRole('button', { name: text.sendLink }).click();
    await expect(page2).toHaveURL(/sent=1$/);
    expect(await axe(page2), 'axe: /auth/forgot?sent=1').toEqual([]);
    await page2.goto(await mailLink(email, 'account.reset'));
    await expect(page2).toHaveURL(new RegExp(`${p('/auth/reset')}$`));
    await hydrated(page2);
    expect(await axe(page2), 'axe: /auth/reset').toEqual([]);
    await page2.locator('input[name="password"]').fill('Совсем другой пароль 77');
    await page2.getByRole('button', { name: text.savePassword }).click();
    await expect(page2).toHaveURL(new RegExp(`${p('/personal')}$`));
    await other.close();

    // The first device's session is gone: /personal sends it to sign in.
    expect(signedInCookies.length).toBeGreaterThan(0);
    await page.goto(p('/personal'));
    await expect(page).toHaveURL(new RegExp(`${p('/auth')}\\?next=`));
    expect(problems).toEqual([]);
  });
}

test('an order in the history: the printable page passes axe and repeats into the cart', async ({ page }) => {
  // The e2e server's shopper (e2e/server.ts) has one past order.
  await page.goto('/auth');
  await hydrated(page);
  await page.locator('input[name="email"]').fill('shopper@example.com');
  await page.locator('input[name="password"]').fill('correct horse');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal$/);
  await page.goto('/history');
  await hydrated(page);
  await page
    .getByRole('link', { name: /Заказ №/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/history\/\d{4}-\d{4}$/);
  expect(await axe(page), 'axe: /history/{number}').toEqual([]);
  await page.getByRole('button', { name: 'Повторить заказ' }).click();
  await expect(page.locator('.repeat-order__outcome')).toBeVisible();
});
