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

test.describe('a compact phone header', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('logo, search, cart and menu in two rows (≤ 110 px); languages, colour mode and phone come with the menu', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const header = page.locator('header.site-header');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(110);
    for (const control of [
      header.getByRole('link', { name: 'На главную ТихоАвто' }),
      header.getByRole('combobox', { name: 'Поиск по каталогу' }),
      header.getByRole('button', { name: 'Найти' }),
      header.getByRole('link', { name: 'Корзина' }),
      header.getByRole('button', { name: 'Открыть меню' }),
    ])
      await expect(control).toBeInViewport({ ratio: 1 });
    const languages = header.getByRole('navigation', { name: 'Язык' });
    const toggle = header.getByRole('button', { name: 'Тёмная тема' });
    await expect(languages).toBeHidden();
    await expect(toggle).toBeHidden();
    await header.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(languages).toBeVisible();
    await expect(toggle).toBeVisible();
    await expect(header.getByRole('link', { name: '8 800 555-35-35' })).toBeVisible();
  });
});

test('the colour mode is one toggle button: by mouse and by keyboard, remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await hydrated(page);
  const toggle = page.getByRole('button', { name: 'Тёмная тема' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('dark');
  // Keyboard: Space and Enter press it; back to the system's light mode, stored as "follow the system".
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('system');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await hydrated(page);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
});

test('the language menu by keyboard: Enter opens it, Tab reaches the languages, Escape closes it back on its button', async ({ page }) => {
  await page.goto('/vibroizolyaciya');
  await hydrated(page);
  const languages = page.getByRole('navigation', { name: 'Язык' });
  const button = languages.locator('summary');
  const english = languages.getByRole('link', { name: 'English' });
  await expect(english).toBeHidden();
  await languages.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(english).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(english).toBeHidden();
  await expect(languages.locator('summary')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(english).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(english).toBeFocused();
  await expect(english).toHaveAttribute('href', '/en/vibroizolyaciya');
  // A press outside closes it.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(english).toBeHidden();
  await button.click();
  await expect(english).toBeVisible();
});

test('the catalogue dropdown closes once a category is chosen, though the pointer still rests on it', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const menu = page.getByRole('navigation', { name: 'Главное меню' });
  await menu.getByRole('link', { name: 'Каталог' }).hover();
  const absorbers = menu.getByRole('link', { name: 'Шумопоглощение' });
  await absorbers.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Шумопоглощение');
  await expect(menu.locator('.site-nav__submenu')).toBeHidden();
  // The pointer moves on over the page: still shut; back on 'Каталог': open again.
  await page.mouse.move(640, 500);
  await expect(menu.locator('.site-nav__submenu')).toBeHidden();
  await menu.getByRole('link', { name: 'Каталог' }).hover();
  await expect(absorbers).toBeVisible();
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
  // Shut although focus is back inside it (on its button, where the keyboard left off).
  await expect(menu.locator('.site-nav__submenu')).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('the language menu keeps the current page', async ({ page }) => {
  await page.goto('/vibroizolyaciya?sort=price');
  const languages = page.getByRole('navigation', { name: 'Язык' });
  const button = languages.locator('summary');
  await expect(button).toHaveText(/Язык: Русский/);
  await button.click();
  await expect(languages.getByText('Русский', { exact: true }).last()).toHaveAttribute('aria-current', 'true');
  await languages.getByRole('link', { name: 'English' }).click();
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
    await expect(page).toHaveURL(/\/history\/\d{4}-\d{4}$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const toggle = page.getByRole('button', { name: 'Тёмная тема' });
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.goBack();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toBeEnabled();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

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

/** The demo sites (e2e/server.ts: *.localhost aliases) with a second language each, and the main site's /en. */
const SITES = [
  ['localhost', '/en'],
  ['kz.localhost', '/kk'],
  ['md.localhost', '/ro'],
  ['uz.localhost', '/uz'],
  ['kg.localhost', '/ky'],
  ['test.localhost', '/en'],
] as const;
const PAGES = [
  '/',
  '/vibroizolyaciya',
  '/vibroizolyaciya/vibro-standart-2-2',
  '/komplekty-sumoizoliacii/dveri-4',
  '/cart',
  '/materials',
  '/search?q=vibro',
];

for (const width of [320, 390, 768]) {
  test(`no page wider than ${width} px on any site and language; the header within the screen`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    const wide: string[] = [];
    for (const [host, prefix] of SITES) {
      const origin = baseURL!.replace('localhost', host);
      for (const lang of ['', prefix]) {
        for (const path of PAGES) {
          const url = origin + (lang && path === '/' ? lang : lang + path);
          await page.goto(url);
          const sizes = await page.evaluate(() => ({
            page: document.documentElement.scrollWidth,
            header: document.querySelector('header')!.scrollWidth,
          }));
          if (sizes.header > width) wide.push(`${url}: header ${sizes.header} px`);
          else if (sizes.page > width) wide.push(`${url}: ${sizes.page} px`);
        }
      }
    }
    expect(wide).toEqual([]);
  });
}

for (const width of [390, 1280]) {
  test(`axe finds no violation in the header at ${width} px, its menus open`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await hydrated(page);
    const scan = async () => {
      const { violations } = await new AxeBuilder({ page }).include('header').analyze();
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await scan()).toEqual([]);
    if (width < 768) await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('navigation', { name: 'Язык' }).locator('summary').click();
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).fill('Вибро');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await scan()).toEqual([]);
  });
}

test.describe("what shoppers' browsers expect (issue 19, item 11)", () => {
  test('the skip link: the first Tab stop, shown when focused, Enter moves focus into the page', async ({ page }) => {
    await page.goto('/vibroizolyaciya');
    await hydrated(page);
    const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#content')).toBeFocused();
    // The next Tab goes on from inside the page, not back through the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  test('a slim progress bar while a client navigation waits for its data, gone when the page is there', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_data/vibroizolyaciya?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
    const bar = page.getByRole('progressbar', { name: 'Загружается страница' });
    await expect(bar).toBeVisible();
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
    const { y, height } = (await bar.boundingBox())!;
    expect(y).toBe(0);
    expect(height).toBeLessThanOrEqual(4);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
    await expect(bar).toHaveCount(0);
    await expect(page.locator('main')).not.toHaveAttribute('aria-busy');
  });

  test('printing a product or the cart: the document, not the shop around it, light even in dark mode', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/vibroizolyaciya/vibro-standart-2-2');
    await hydrated(page);
    await page.locator('.product-actions').getByRole('button', { name: 'В корзину', exact: true }).click();
    await expect(page.locator('.product-actions__status')).not.toBeEmpty();
    for (const path of ['/vibroizolyaciya/vibro-standart-2-2', '/cart']) {
      await page.goto(path);
      await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
      await expect(page.locator('header.site-header')).toBeHidden();
      await expect(page.locator('footer')).toBeHidden();
      const shown = await page.evaluate(
        () => [...document.querySelectorAll('main button, main .button')].filter((b) => (b as HTMLElement).offsetParent !== null).length,
      );
      expect(shown, `${path}: no button on paper`).toBe(0);
      const colours = await page.evaluate(() => ({
        body: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.querySelector('h1')!).color,
      }));
      expect(colours.body, `${path}: white paper`).toMatch(/^rgba?\(255, 255, 255|rgba\(0, 0, 0, 0\)$/);
      expect(colours.text, `${path}: black ink`).toBe('rgb(0, 0, 0)');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.emulateMedia({ media: 'screen' });
    }
  });
});

test.describe('form constraint messages in the page’s language, not the browser’s (issue 20)', () => {
  // A German browser: its own bubbles would say "Füllen Sie dieses Feld aus."
  test.use({ locale: 'de-DE' });

  test('/en and /kk registration: required fields, the consent box and a malformed e-mail speak the page’s language', async ({
    page,
    baseURL,
  }) => {
    const message = (name: string) =>
      page
        .locator(`form [name="${name}"]`)
        .first()
        .evaluate((el) => (el as HTMLInputElement).validationMessage);
    await page.goto('/en/register');
    await hydrated(page);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    expect(await message('name')).toBe('Please fill in this field.');
    expect(await message('consent')).toBe('Tick this box to continue.');
    await page.locator('form [name="email"]').first().fill('not-an-address');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    expect(await message('email')).toBe('Enter an e-mail like name@example.com.');
    // Typing clears our message: the field is then judged afresh.
    await page.locator('form [name="name"]').first().fill('Ann');
    expect(await message('name')).toBe('');

    await page.goto(`${baseURL!.replace('localhost', 'kz.localhost')}/kk/register`);
    await hydrated(page);
    await page.locator('form:has([name="consent"]) button[type="submit"]').click();
    expect(await message('name')).toBe('Бұл өрісті толтырыңыз.');
  });
});
