/** The shell's header and footer in a real browser: mobile menu, category dropdown, keyboard use, accessibility. */

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-helpers.ts';

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the menu button toggles the menu, and a route change closes it', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const menu = page.getByRole('navigation', { name: 'Главное меню' });
    const button = page.getByRole('button', { name: 'Открыть меню' });
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute('aria-expanded', 'true');
    // Spec §2: /compare is in the mobile menu too.
    await expect(menu.getByRole('link', { name: /Сравнение/ })).toBeVisible();

    await page.getByRole('button', { name: 'Закрыть меню' }).click();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await menu.getByRole('button', { name: 'Категории' }).click();
    await menu.getByRole('link', { name: 'Шумопоглощение' }).click();
    await expect(page).toHaveURL(/\/shumopogloshchenie$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Шумопоглощение');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Открыть меню' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the catalogue dropdown opens on hover and lists every category, the kits one leading to the kits list', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Главное меню' });
  const kits = menu.getByRole('link', { name: 'Комплекты шумоизоляции' });
  await expect(kits).toBeHidden();
  await menu.getByRole('link', { name: 'Каталог' }).hover();
  await expect(kits).toBeVisible();
  await expect(kits).toHaveAttribute('href', '/komplekty-sumoizoliacii');
  await expect(menu.locator('.site-nav__submenu a')).toHaveCount(8);
});

test('keyboard only: the menu, its dropdown and Escape', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const menu = page.getByRole('navigation', { name: 'Главное меню' });
  const toggle = menu.getByRole('button', { name: 'Категории' });
  // Tab from the catalogue link to its dropdown button.
  await menu.getByRole('link', { name: 'Каталог' }).focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Виброизоляция' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  // Open again and follow a category with Enter: the page changes and the dropdown closes.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Шумопоглощение' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shumopogloshchenie$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('the language switcher keeps the current page', async ({ page }) => {
  await page.goto('/vibroizolyaciya?sort=price');
  await page.getByRole('navigation', { name: 'Язык' }).getByRole('link', { name: 'en' }).click();
  await expect(page).toHaveURL(/\/en\/vibroizolyaciya\?sort=price$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calculator' })).toBeVisible();
});

for (const [name, path] of [
  ['home page', '/'],
  ['not-found page', '/no-such-page/at-all'],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on the ${name} (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}

test.describe('a page that forces a colour mode', () => {
  test.use({ colorScheme: 'dark' });

  test('an order receipt is light from the first paint, the switch is disabled, and other pages keep the dark mode', async ({ page }) => {
    await page.goto('/auth?next=/history');
    await hydrated(page);
    await page.getByLabel('E-mail').fill('shopper@example.com');
    await page.getByLabel('Пароль').fill('correct horse');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    // Client navigation to the receipt: light; back: dark again.
    await page.locator('main a[href^="/history/"]').first().click();
    await expect(page).toHaveURL(/\/history\/\d+$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const group = page.getByRole('group', { name: 'Тема оформления' });
    await expect(group.getByRole('radio', { name: 'Тёмная' })).toBeDisabled();
    await expect(group.getByRole('radio', { name: 'Светлая' })).toBeChecked();
    await page.goBack();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(group.getByRole('radio', { name: 'Тёмная' })).toBeEnabled();

    // A full load of the receipt is light before any page script runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { __themeAtParse: string }).__themeAtParse = document.documentElement.dataset.theme ?? '';
      });
    });
    await page.goForward();
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __themeAtParse: string }).__themeAtParse)).toBe('light');
  });
});

test('UI defaults of spec §9: green primary buttons with a 401 ms ripple, the cookie banner on the overlay layer', async ({ page }) => {
  await page.goto('/');
  const accept = page.getByRole('button', { name: 'Согласен' });
  const style = await accept.evaluate((el) => {
    const s = getComputedStyle(el);
    return { duration: s.transitionDuration, property: s.transitionProperty, background: s.backgroundColor };
  });
  expect(style).toEqual({ duration: '0.401s', property: 'background', background: 'rgb(46, 125, 50)' });
  expect(await page.locator('.cookie-banner').evaluate((el) => getComputedStyle(el).zIndex)).toBe('1000');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const scheme of ['dark', 'light'] as const) {
    test(`the page follows the system's ${scheme} mode (no head script sets data-theme)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
      const html = await page.locator('html').evaluate((el) => getComputedStyle(el).colorScheme);
      const body = await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect({ html, body }).toEqual(
        scheme === 'dark' ? { html: 'dark', body: 'rgb(11, 18, 32)' } : { html: 'light', body: 'rgba(0, 0, 0, 0)' },
      );
    });
  }
});
