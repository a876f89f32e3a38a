/**
 * The region overlay (spec §4, §8, §9) and the city autocomplete, against the fake address-suggestion
 * service of e2e/server.ts: the visitor IP is chosen with X-Forwarded-For (trusted from loopback there).
 * Other sites are opened at their *.localhost aliases. Time is Playwright's clock: no timed assertions.
 */

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { IPS } from '../test/helpers/fake-iplocate.ts';
import { hydrated } from './page-helpers.ts';

const START = Date.parse('2026-11-21T09:00:00Z');
const FOUR_HOURS = 144e5;

const overlayOf = (page: Page) => page.getByRole('region', { name: 'Выбор региона' });
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('modalRegion'));
const asVisitor = (page: Page, ip: string) => page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });

/** Counts the browser's calls to an API path, synchronously in the page (no race with network events). */
async function countCalls(page: Page) {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __calls: string[] }).__calls = calls;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      calls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return original(input, init);
    };
  });
  return (path: string) => page.evaluate((p) => (window as unknown as { __calls: string[] }).__calls.filter((u) => u.includes(p)), path);
}

test('found: the question, and "Все верно" goes to the city site, which does not ask again', async ({ page, baseURL }) => {
  await page.clock.setFixedTime(START);
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  const overlay = overlayOf(page);
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText('Ваш регион Алматы город?');
  await expect(overlay.getByRole('button', { name: 'Выбрать другой' })).toBeVisible();
  await expect(overlay).toHaveCSS('z-index', '1000');
  await overlay.getByRole('button', { name: 'Все верно' }).click();

  const kz = baseURL!.replace('localhost', 'kz.localhost');
  // The stored time travels along and is removed from the address there.
  await expect(page).toHaveURL(kz + '/');
  await hydrated(page);
  expect(Number(await stored(page))).toBe(START + FOUR_HOURS);
  await expect(overlayOf(page)).toHaveCount(0);
  await page.goto(baseURL + '/');
  expect(Number(await stored(page))).toBe(START + FOUR_HOURS);
});

test('found on the site of that city: "Все верно" just closes', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.clock.setFixedTime(START);
  await asVisitor(page, IPS.moscow);
  await page.goto('/vibroizolyaciya');
  await overlayOf(page).getByRole('button', { name: 'Все верно' }).click();
  await expect(overlayOf(page)).toHaveCount(0);
  expect(page.url()).toBe(baseURL + '/vibroizolyaciya');
  expect(Number(await stored(page))).toBe(START + FOUR_HOURS);
  expect(problems, 'no hydration or console problems').toEqual([]);
});

test('the overlay in each state passes an axe scan (no serious or critical violations)', async ({ page }) => {
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  const overlay = overlayOf(page);
  await expect(overlay).toBeVisible();
  const scan = async () => {
    const { violations } = await new AxeBuilder({ page }).include('.region-overlay').analyze();
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  };
  expect(await scan()).toEqual([]);
  await overlay.getByRole('button', { name: 'Выбрать другой' }).click();
  await overlay.getByRole('combobox').fill('Са');
  await expect(overlay.getByRole('option')).toHaveCount(3);
  await page.keyboard.press('ArrowDown');
  expect(await scan()).toEqual([]);
});

test('a city with no site: "Все верно" goes to the business domain', async ({ page, baseURL }) => {
  await asVisitor(page, IPS.yakutsk);
  const kz = baseURL!.replace('localhost', 'kz.localhost');
  await page.goto(kz + '/');
  await expect(overlayOf(page)).toContainText('Ваш регион Саха /Якутия/ республика?');
  await overlayOf(page).getByRole('button', { name: 'Все верно' }).click();
  await expect(page).toHaveURL(baseURL + '/');
});

test('"Выбрать другой" swaps the buttons for the city search; a city with a site address is visited', async ({ page, baseURL }) => {
  await page.clock.setFixedTime(START);
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  const overlay = overlayOf(page);
  await overlay.getByRole('button', { name: 'Выбрать другой' }).click();
  await expect(overlay.getByRole('button', { name: 'Все верно' })).toHaveCount(0);
  await expect(overlay.getByRole('button', { name: 'Выбрать другой' })).toHaveCount(0);
  const input = overlay.getByRole('combobox', { name: 'Выбрать город или регион' });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', 'Начните набирать город');
  await expect(input).toHaveAttribute('title', 'Начните набирать город');
  expect(await input.getAttribute('autocomplete'), 'spec §5: no autocomplete attribute').toBeNull();
  await input.fill('Бишк');
  await overlay.getByRole('option', { name: 'Бишкек' }).click();
  await expect(page).toHaveURL(baseURL!.replace('localhost', 'kg.localhost') + '/');
  await hydrated(page);
  expect(Number(await stored(page))).toBe(START + FOUR_HOURS);
  await expect(overlayOf(page)).toHaveCount(0);
});

test('a city without a site address: the overlay just closes', async ({ page, baseURL }) => {
  await page.clock.setFixedTime(START);
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  await overlayOf(page).getByRole('button', { name: 'Выбрать другой' }).click();
  const input = overlayOf(page).getByRole('combobox');
  await input.fill('Якут');
  await overlayOf(page).getByRole('option', { name: 'Якутск' }).click();
  await expect(overlayOf(page)).toHaveCount(0);
  expect(page.url()).toBe(baseURL + '/');
  expect(Number(await stored(page))).toBe(START + FOUR_HOURS);
});

for (const [what, ip] of [
  ['a null location', IPS.nowhere],
  ['a service error', IPS.error],
  ['a service slower than the timeout', IPS.slow],
] as const) {
  test(`${what}: 'Ошибка поиска региона!' and the city choice`, async ({ page }) => {
    await asVisitor(page, ip);
    await page.goto('/');
    const overlay = overlayOf(page);
    await expect(overlay).toContainText('Ошибка поиска региона!');
    await expect(overlay.getByRole('button', { name: 'Все верно' })).toHaveCount(0);
    await expect(overlay.getByRole('combobox', { name: 'Выбрать город или регион' })).toBeVisible();
    expect(await stored(page)).toBeNull();
  });
}

test('no service configured: the city choice at once, without an error', async ({ page }) => {
  await page.route('**/api/site/region?*', (route) =>
    route.fulfill({ json: { data: { status: 'disabled', location: null, address: null, sites: {} } } }),
  );
  await page.goto('/');
  const overlay = overlayOf(page);
  await expect(overlay.getByRole('combobox', { name: 'Выбрать город или регион' })).toBeVisible();
  await expect(overlay).not.toContainText('Ошибка поиска региона!');
});

test('a stored time in the future hides the overlay; once it is past it shows again', async ({ page }) => {
  const calls = await countCalls(page);
  await page.clock.setFixedTime(START);
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  await overlayOf(page).getByRole('button', { name: 'Выбрать другой' }).click();
  await overlayOf(page).getByRole('combobox').fill('Якут');
  await overlayOf(page).getByRole('option', { name: 'Якутск' }).click();
  expect(Number(await stored(page))).toBe(START + FOUR_HOURS);

  await page.clock.setFixedTime(START + FOUR_HOURS - 60_000);
  await page.reload();
  await hydrated(page);
  // A client navigation renders only after the hydration's effects have run (React flushes them first).
  await page.locator('.category-links').getByRole('link', { name: 'Виброизоляция' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
  await expect(overlayOf(page)).toHaveCount(0);
  expect(await calls('/api/site/region'), 'not even asked').toEqual([]);

  await page.clock.setFixedTime(START + FOUR_HOURS + 1000);
  await page.reload();
  await expect(overlayOf(page)).toContainText('Ваш регион Алматы город?');
});

test('the city search asks once typing has been idle 200 ms; an older answer never replaces a newer one', async ({ page }) => {
  const calls = await countCalls(page);
  await page.clock.install({ time: START });
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  await overlayOf(page).getByRole('button', { name: 'Выбрать другой' }).click();
  const input = overlayOf(page).getByRole('combobox');
  // From here on no timer fires unless the test lets time pass.
  await page.clock.pauseAt(START + 60_000);

  await input.fill('Мо');
  await page.clock.runFor(150);
  await input.fill('Моск');
  await page.clock.runFor(199);
  expect(await calls('/api/site/city'), 'typing restarts the wait').toEqual([]);
  await page.clock.runFor(1);
  const first = await calls('/api/site/city');
  expect(first).toHaveLength(1);
  expect(new URL(first[0]!, 'http://x').searchParams.get('search')).toBe('Моск');
  await expect(overlayOf(page).getByRole('option', { name: 'Москва' })).toBeVisible();

  // A slow answer for "Ка", then "Бишкек" answered at once: the late "Ка" answer must not show.
  let releaseSlow!: () => void;
  const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
  await page.route('**/api/site/city?*', async (route) => {
    const search = new URL(route.request().url()).searchParams.get('search');
    if (search === 'Ка') {
      await slowReleased;
      await route.continue().catch(() => {}); // the browser gave up on it already
    } else await route.continue();
  });
  await input.fill('Ка');
  await page.clock.runFor(200);
  await input.fill('Бишкек');
  await page.clock.runFor(200);
  await expect(overlayOf(page).getByRole('option', { name: 'Бишкек' })).toBeVisible();
  releaseSlow();
  await page.clock.runFor(100);
  await expect(overlayOf(page).getByRole('option')).toHaveText(['Бишкек']);
  await expect(overlayOf(page).getByRole('option', { name: 'Казань' })).toHaveCount(0);
});

test('keyboard only: Tab to the overlay, choose another, arrows and Enter pick a city', async ({ page, baseURL }) => {
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  const overlay = overlayOf(page);
  await expect(overlay).toBeVisible();
  const confirm = overlay.getByRole('button', { name: 'Все верно' });
  for (let i = 0; i < 5 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(overlay.getByRole('button', { name: 'Выбрать другой' })).toBeFocused();
  await page.keyboard.press('Enter');
  const input = overlay.getByRole('combobox', { name: 'Выбрать город или регион' });
  await expect(input).toBeFocused();
  await page.keyboard.type('Са');
  await expect(overlay.getByRole('option')).toHaveCount(3);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(overlay.getByRole('status')).toHaveText('Найдено 3 города');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const active = overlay.getByRole('option', { selected: true });
  await expect(active).toHaveText('Самарканд');
  await expect(input).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await page.keyboard.press('ArrowDown');
  await expect(overlay.getByRole('option', { selected: true })).toHaveText('Самара');
  await page.keyboard.press('ArrowUp');
  await expect(overlay.getByRole('option', { selected: true })).toHaveText('Самарканд');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(baseURL!.replace('localhost', 'uz.localhost') + '/');
});

test('keyboard only: Escape closes the list, then the overlay, storing now + 4 h like ×; focus goes back', async ({ page }) => {
  await page.clock.setFixedTime(START);
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  const overlay = overlayOf(page);
  await expect(overlay).toBeVisible();
  // The first link of the header, right after the overlay in the document order.
  const logo = page.locator('header a[href]').first();
  await logo.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(overlay.getByRole('button', { name: 'Закрыть' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  const input = overlay.getByRole('combobox');
  await expect(input).toBeFocused();
  await page.keyboard.type('Ка');
  await expect(overlay.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay.getByRole('option')).toHaveCount(0);
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(overlay).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await expect(logo).toBeFocused();
  expect(Number(await stored(page))).toBe(START + FOUR_HOURS);
});

test('×: stores now + 4 h, and the next page load does not ask again until then', async ({ page }) => {
  const calls = await countCalls(page);
  await page.clock.setFixedTime(START);
  await asVisitor(page, IPS.almaty);
  await page.goto('/');
  await overlayOf(page).getByRole('button', { name: 'Закрыть' }).click();
  await expect(overlayOf(page)).toHaveCount(0);
  expect(Number(await stored(page))).toBe(START + FOUR_HOURS);

  await page.goto('/vibroizolyaciya');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Виброизоляция');
  await expect(overlayOf(page)).toHaveCount(0);
  expect(await calls('/api/site/region'), 'not even asked').toEqual([]);
  await page.clock.setFixedTime(START + FOUR_HOURS + 1000);
  await page.reload();
  await expect(overlayOf(page)).toContainText('Ваш регион Алматы город?');
});

/** Whether two boxes overlap (touching edges do not count). */
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

for (const width of [320, 390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ['/', '/vibroizolyaciya/vibro-standart-2-2', '/komplekty-sumoizoliacii/dveri-4']) {
      test(`${path}: the overlay covers none of the header's search, cart and menu button; its × is on screen`, async ({ page }) => {
        await asVisitor(page, IPS.almaty);
        await page.goto(path);
        const overlay = overlayOf(page);
        await expect(overlay).toBeVisible();
        const box = (await overlay.boundingBox())!;
        const header = page.locator('header.site-header');
        const controls = {
          search: header.getByRole('combobox', { name: 'Поиск по каталогу' }),
          'search button': header.getByRole('button', { name: 'Найти' }),
          cart: header.getByRole('link', { name: 'Корзина' }),
          personal: header.getByRole('link', { name: 'Личный кабинет' }),
          menu: width < 768 ? header.getByRole('button', { name: 'Открыть меню' }) : header.getByRole('link', { name: 'Каталог' }),
        };
        for (const [name, control] of Object.entries(controls)) {
          await expect(control, name).toBeVisible();
          expect(intersects(box, (await control.boundingBox())!), `the overlay over the ${name}`).toBe(false);
        }
        // On a phone: a bar below the header, not a box over it.
        const headerBox = (await header.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
        if (width < 768) expect(box.height, 'a slim bar').toBeLessThanOrEqual(130);
        const close = (await overlay.getByRole('button', { name: 'Закрыть' }).boundingBox())!;
        expect(close.x, 'the × starts on screen').toBeGreaterThanOrEqual(0);
        expect(close.x + close.width, 'the × ends on screen').toBeLessThanOrEqual(width);
        // The header's own menus still open above it.
        await header.getByRole('combobox', { name: 'Поиск по каталогу' }).fill('Вибро');
        await expect(header.getByRole('listbox', { name: 'Результаты поиска' })).toBeVisible();
        const option = header.getByRole('option').first();
        await option.click({ trial: true }); // actionable: nothing (the overlay) intercepts the pointer there
      });
    }
  });
}

test('never on the cart and order pages; a question still due is asked on the next page', async ({ page }) => {
  await asVisitor(page, IPS.almaty);
  await page.goto('/vibroizolyaciya/vibro-standart-2-2');
  await hydrated(page);
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();
  await expect(page.locator('header .badge')).toHaveText('1');
  expect(await stored(page), 'not answered').toBeNull();
  for (const path of ['/cart', '/cart?step=checkout']) {
    await page.goto(path);
    await hydrated(page);
    // The answer of the lookup has come: the overlay would be showing by now.
    await page.waitForLoadState('networkidle');
    await expect(overlayOf(page), path).toHaveCount(0);
  }
  await expect(page.locator('main form').first(), 'the order form').toBeVisible();
  await page
    .locator('header')
    .getByRole('link', { name: /На главную/ })
    .click();
  await expect(overlayOf(page)).toContainText('Ваш регион Алматы город?');
  expect(await stored(page)).toBeNull();
});
