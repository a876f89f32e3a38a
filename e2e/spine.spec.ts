import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

test('the home page renders the categories from the database and hydrates without console errors', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Шумоизоляция автомобиля: материалы и готовые комплекты');
  await expect(page.locator('.category-links li')).toHaveCount(8);
  await expect(page.locator('.category-links')).toContainText('Виброизоляция');
  await hydrated(page);
  expect(problems).toEqual([]);
});

test('a client-side navigation loads the page data with one request and no full reload', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  const dataRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/_data/')) dataRequests.push(r.url());
  });
  await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
  await expect(page).toHaveURL(/\/vibroizolyaciya$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
  await expect(page.locator('.product-card').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  expect(dataRequests).toHaveLength(1);
  expect(dataRequests[0]).toContain('_routes=category');
  expect(problems).toEqual([]);
});

test('an unknown path shows the not-found page with status 404, and its button goes home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Упс! Страница не найдена!');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.category-links li')).toHaveCount(8);
});

test('a client-side navigation to an unknown product shows the not-found page', async ({ page }) => {
  await page.goto('/vibroizolyaciya');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  // No page links to a missing product, so go there through the router's history listener (Back/Forward path).
  await page.evaluate(() => {
    window.history.pushState({}, '', '/vibroizolyaciya/net-takogo');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Упс! Страница не найдена!');
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
});

test('a guarded page reached by a client navigation redirects to sign-in, keeping the language', async ({ page }) => {
  await page.goto('/en');
  await hydrated(page);
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/en\/auth\?next=%2Fen%2Fpersonal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('the Kazakh site offers ru and kk, and its pages come in Kazakh under /kk', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  const kz = baseURL!.replace('localhost', 'kz.localhost');
  await page.goto(kz + '/');
  // One language menu, each language named in itself (Header.tsx).
  const switcher = page.getByRole('navigation', { name: 'Язык' });
  await switcher.locator('summary').click();
  await expect(switcher.getByRole('listitem')).toHaveText(['Русский', 'Қазақша']);
  await switcher.getByRole('link', { name: 'Қазақша' }).click();
  await expect(page).toHaveURL(kz + '/kk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
  await hydrated(page);
  expect(problems).toEqual([]);
});

test('prices on the Kazakh site are in tenge', async ({ page, baseURL }) => {
  const kz = baseURL!.replace('localhost', 'kz.localhost');
  await page.goto(kz + '/vibroizolyaciya');
  await expect(page.locator('.product-card .price').first()).toContainText('₸');
});

test('signing in through the form leads back to the page that asked for it', async ({ page }) => {
  const response = await page.goto('/history');
  expect(new URL(page.url()).pathname).toBe('/auth');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/history');
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await page.getByLabel('E-mail').fill('shopper@example.com');
  await page.getByLabel('Пароль').fill('wrong password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный e-mail или пароль.');
  await page.getByLabel('Пароль').fill('correct horse');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('История заказов');
});

test('signing out from the personal area, with JavaScript: home, signed out', async ({ page }) => {
  await page.goto('/auth?next=%2Fpersonal');
  await hydrated(page);
  await page.getByLabel('E-mail').fill('shopper@example.com');
  await page.getByLabel('Пароль').fill('correct horse');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Личный кабинет');
  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/auth\?next=%2Fpersonal$/);
});

test('without JavaScript: a refused sign-in says why on the form, in the page language; signing in and out work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en/history');
  await expect(page).toHaveURL(/\/en\/auth\?next=%2Fen%2Fhistory$/);
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back to the form (303), the outcome carried by a flash cookie: shown once, the e-mail kept.
  await expect(page).toHaveURL(/\/en\/auth\?next=%2Fen%2Fhistory$/);
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page.getByLabel('Email')).toHaveValue('shopper@example.com');
  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/history$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order history');
  await page.goto('/en/personal');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/en$/);
  await page.goto('/en/personal');
  await expect(page).toHaveURL(/\/en\/auth/);
  await context.close();
});

test('the cookie banner goes away for good once accepted', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  const banner = page.getByRole('region', { name: 'Уведомление о файлах cookie' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute('href', '/docs/policy.pdf');
  await banner.getByRole('button', { name: 'Согласен' }).click();
  await expect(banner).toHaveCount(0);
  const consent = (await context.cookies()).find((c) => c.name === 'cooky');
  expect(consent?.value).toBe('1');
  await page.reload();
  await expect(page.locator('.cookie-banner')).toHaveCount(0);
});

test('after a client-side page change the page starts at the top', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto('/');
  await hydrated(page);
  const link = page.locator('.category-links').getByRole('link', { name: 'Комплекты шумоизоляции' });
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Комплекты шумоизоляции');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('colour mode', () => {
  test.use({ colorScheme: 'dark' });

  test('follows the system until the shopper chooses; the choice holds from the first paint on', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    // Read before React runs at all: the head script already applied the mode.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Тёмная тема' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('light');

    // On the next load the stored choice wins over the dark system before any script of the page runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { __themeAtParse: string }).__themeAtParse = document.documentElement.dataset.theme ?? '';
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __themeAtParse: string }).__themeAtParse)).toBe('light');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Тёмная тема' })).toHaveAttribute('aria-pressed', 'false');
    expect(problems).toEqual([]);
  });
});

test('the test site shows its notice; once closed, not again for 4 hours', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  const start = Date.parse('2026-11-21T09:00:00Z');
  await page.clock.setFixedTime(start);
  const site = baseURL!.replace('localhost', 'test.localhost');
  await page.goto(site + '/');
  const dialog = page.getByRole('dialog', { name: 'уведомление' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Это тестовый сайт');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();
  // The dialog hides at once; its "close" event (which stores the time) comes in a task after.
  const stored = () => page.evaluate(() => Number(localStorage.getItem('modal')));
  await expect.poll(stored).toBe(start + 4 * 3600_000);

  await page.clock.setFixedTime(start + 4 * 3600_000 - 60_000);
  await page.reload();
  await hydrated(page);
  await expect(dialog).toBeHidden();

  await page.clock.setFixedTime(start + 4 * 3600_000 + 1000);
  await page.reload();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(stored).toBe(start + 8 * 3600_000 + 1000);
  expect(problems).toEqual([]);
});

test('no notice on the main site at localhost without a modal widget', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('dialog')).toHaveCount(0);
});
