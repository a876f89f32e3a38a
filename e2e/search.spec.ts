/**
 * The header's live search (spec §2, §4: results once the input has been idle 300 ms) and the /search page.
 * Time is the page's fake clock: installed before the page loads, paused once it has hydrated, then moved
 * by hand, so "not before 300 ms" is checked at exactly 299 ms without waiting.
 */

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

const LOADED = new Date('2026-11-21T09:00:00Z');
const PAUSED = new Date('2026-11-21T09:01:00Z');

/** Loads a page with the fake clock, waits for hydration, then stops time. */
async function openPaused(page: Page, path: string) {
  await page.clock.install({ time: LOADED });
  await page.goto(path);
  await hydrated(page);
  await page.clock.pauseAt(PAUSED);
}

/**
 * Counts the page's calls to the search API as they are made (wrapping fetch), so a check right after moving
 * the clock sees a call the moved time caused: the timer fires and calls fetch synchronously inside runFor.
 */
async function countSearchCalls(page: Page) {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __searchCalls: string[] }).__searchCalls = calls;
    const original = window.fetch;
    window.fetch = (input, init) => {
      if (String(input).includes('/api/site/search')) calls.push((JSON.parse(String(init?.body)) as { search: string }).search);
      return original(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __searchCalls: string[] }).__searchCalls);
}

function searchBox(page: Page, label = 'Поиск по каталогу') {
  const form = page.getByRole('search', { name: label });
  return {
    form,
    input: form.getByRole('combobox', { name: label }),
    list: form.getByRole('listbox'),
    options: form.getByRole('option'),
    status: form.getByRole('status'),
  };
}

test('results appear once the input has been idle 300 ms, with image, title, snippet and link', async ({ page }) => {
  const problems = watchConsole(page);
  const sent = await countSearchCalls(page);
  await openPaused(page, '/');
  const box = searchBox(page);

  await box.input.pressSequentially('вибро');
  await page.clock.runFor(299);
  expect(await sent()).toEqual([]);
  await expect(box.input).toHaveAttribute('aria-expanded', 'false');
  await expect(box.list).toBeHidden();

  await page.clock.runFor(1);
  expect(await sent()).toEqual(['вибро']); // one call for the whole word: each keystroke restarted the wait
  await expect(box.options).toHaveCount(6);
  await expect(box.input).toHaveAttribute('aria-expanded', 'true');
  await expect(box.input).toHaveAttribute('aria-controls', (await box.list.getAttribute('id'))!);
  await expect(box.status).toHaveText('Найдено 6 товаров');

  const first = box.options.first();
  await expect(first).toHaveAttribute('href', '/vibroizolyaciya/vibro-standart-2-2');
  await expect(first.locator('img')).toHaveAttribute('src', '/img/products/vib-std-22-main.svg'); // the product's main photo
  await expect(first.locator('.search-box__title')).toHaveText('Вибро Стандарт 2.2');
  await expect(first.locator('.search-box__snippet')).toContainText('Универсальный вибропоглотитель');

  // Fewer than two characters: no request, the list closes.
  await box.input.fill('в');
  await page.clock.runFor(1000);
  expect(await sent()).toEqual(['вибро']);
  await expect(box.list).toBeHidden();
  await expect(box.status).toHaveText('');

  // Nothing found: an empty state, said aloud too.
  await box.input.fill('нет такого товара');
  await page.clock.runFor(300);
  await expect(box.status).toHaveText('Ничего не найдено');
  await expect(box.form.locator('.search-box__empty')).toHaveText('Ничего не найдено');
  await expect(box.list).toBeHidden();
  await expect(box.input).toHaveAttribute('aria-expanded', 'false');
  expect(problems).toEqual([]);
});

test('a slow answer to an older query never replaces the newer one', async ({ page }) => {
  const sent = await countSearchCalls(page);
  await openPaused(page, '/');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered!: () => void;
  const staleHandled = new Promise<void>((resolve) => (answered = resolve));
  await page.route('**/api/site/search*', async (route) => {
    if ((route.request().postDataJSON() as { search: string }).search !== 'шумо') return route.continue();
    await held;
    const stale = { id: 999, title: 'Устаревший ответ', url: '/vibroizolyaciya', preview_image: null, preview_content: 'старое' };
    // Fails when the page has already dropped (aborted) the request: that is the point.
    await route.fulfill({ json: { data: { results: [stale] } } }).catch(() => undefined);
    answered();
  });
  const box = searchBox(page);

  await box.input.fill('шумо');
  await page.clock.runFor(300);
  expect(await sent()).toEqual(['шумо']);
  await box.input.fill('вибро');
  await page.clock.runFor(300);
  await expect(box.options).toHaveCount(6);

  release();
  await staleHandled;
  // Let whatever the stale answer would do happen: a few round trips and timer ticks.
  for (let i = 0; i < 5; i++) {
    await page.clock.runFor(10);
    await page.evaluate(() => new Promise((resolve) => queueMicrotask(() => resolve(null))));
  }
  await expect(box.options).toHaveCount(6);
  await expect(box.list).not.toContainText('Устаревший ответ');
  await expect(box.status).toHaveText('Найдено 6 товаров');
});

test('keyboard only: arrows move the active option, Enter opens it client-side and clears the box', async ({ page }) => {
  const problems = watchConsole(page);
  await openPaused(page, '/');
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  const box = searchBox(page);
  await box.input.focus();
  await page.keyboard.type('вибро');
  await page.clock.runFor(300);
  await expect(box.options).toHaveCount(6);
  await expect(box.input).not.toHaveAttribute('aria-activedescendant');

  const activeIs = async (index: number) => {
    const option = box.options.nth(index);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box.input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await expect(box.form.locator('[aria-selected="true"]')).toHaveCount(1);
  };
  await page.keyboard.press('ArrowDown');
  await activeIs(0);
  await page.keyboard.press('ArrowDown');
  await activeIs(1);
  await page.keyboard.press('ArrowUp');
  await activeIs(0);
  await page.keyboard.press('ArrowUp');
  await activeIs(5); // wraps to the last
  await page.keyboard.press('ArrowDown');
  await activeIs(0); // and back to the first
  await expect(box.input).toBeFocused(); // focus never left the input

  // Escape closes the list and keeps the text; ArrowDown opens it again.
  await page.keyboard.press('Escape');
  await expect(box.input).toHaveAttribute('aria-expanded', 'false');
  await expect(box.list).toBeHidden();
  await expect(box.input).toHaveValue('вибро');
  await page.keyboard.press('ArrowDown');
  await activeIs(0);
  await page.keyboard.press('ArrowDown');
  await activeIs(1);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/vibroizolyaciya\/vibro-optima-3-0$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вибро Оптима 3.0');
  await expect(box.input).toHaveValue('');
  await expect(box.input).toHaveAttribute('aria-expanded', 'false');
  await expect(box.list).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1); // no page load
  expect(problems).toEqual([]);
});

test('Escape closes the list, a second Escape clears the input', async ({ page }) => {
  await openPaused(page, '/');
  const box = searchBox(page);
  await box.input.fill('вибро');
  await page.clock.runFor(300);
  await expect(box.options).toHaveCount(6);
  await box.input.press('Escape');
  await expect(box.list).toBeHidden();
  await expect(box.input).toHaveValue('вибро');
  await box.input.press('Escape');
  await expect(box.input).toHaveValue('');
  await expect(box.status).toHaveText('');
});

test('a click on a result navigates client-side and clears the box', async ({ page }) => {
  await openPaused(page, '/');
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 2));
  const box = searchBox(page);
  await box.input.fill('vib-std-22');
  await page.clock.runFor(300);
  await expect(box.status).toHaveText('Найден 1 товар');
  await box.options.first().click();
  await expect(page).toHaveURL(/\/vibroizolyaciya\/vibro-standart-2-2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вибро Стандарт 2.2');
  await expect(box.input).toHaveValue('');
  await expect(box.list).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(2);
});

test('Enter with no option chosen opens the results page; the live region speaks the page language', async ({ page }) => {
  const problems = watchConsole(page);
  await openPaused(page, '/en');
  const box = searchBox(page, 'Search the catalogue');
  await box.input.fill('vib-std-22');
  await page.clock.runFor(300);
  await expect(box.status).toHaveText('1 product found');
  await box.input.fill('VIB');
  await page.clock.runFor(300);
  await expect(box.status).toHaveText('6 products found');
  await box.input.press('Enter');
  await expect(page).toHaveURL(/\/en\/search\?q=VIB$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page.locator('.search-page__count')).toHaveText('6 products found');
  await expect(page.locator('.search-results .product-card')).toHaveCount(6);
  await expect(box.list).toBeHidden();

  // The page's own form searches again (a client navigation), showing the new query.
  const pageForm = page.getByRole('search', { name: 'Search', exact: true });
  await pageForm.getByRole('searchbox').fill('vib-std-22');
  await pageForm.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/en\/search\?q=vib-std-22$/);
  await expect(page.locator('.search-page__count')).toHaveText('1 product found');
  await expect(pageForm.getByRole('searchbox')).toHaveValue('vib-std-22');
  await expect(page.locator('.search-results .product-card__link')).toHaveAttribute('href', '/en/vibroizolyaciya/vibro-standart-2-2');
  expect(problems).toEqual([]);
});

test('without JavaScript the header form submits to the results page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/en/vibroizolyaciya');
  const box = searchBox(page, 'Search the catalogue');
  await box.input.fill('Вибро');
  await box.input.press('Enter');
  await expect(page).toHaveURL(/\/en\/search\?q=%D0%92%D0%B8%D0%B1%D1%80%D0%BE$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page.locator('.search-page__count')).toHaveText('6 products found');
  await expect(page.getByRole('search', { name: 'Search', exact: true }).getByRole('searchbox')).toHaveValue('Вибро');
  // A Russian query finds the goods; the /en page names them in English (decision 048).
  await page.getByRole('link', { name: 'Vibro Optima 3.0' }).click();
  await expect(page).toHaveURL(/\/en\/vibroizolyaciya\/vibro-optima-3-0$/);
  await context.close();
});

test('the open list and the results page pass an accessibility scan and hydrate cleanly', async ({ page }) => {
  const problems = watchConsole(page);
  await openPaused(page, '/search?q=%D0%92%D0%B8%D0%B1%D1%80%D0%BE');
  await expect(page.locator('.search-page__count')).toHaveText('Найдено 6 товаров');
  const box = searchBox(page);
  await box.input.fill('вибро');
  await page.clock.runFor(300);
  await expect(box.options).toHaveCount(6);
  await box.input.press('ArrowDown');
  await expect(box.options.first()).toHaveAttribute('aria-selected', 'true');
  await page.clock.resume(); // axe waits on timers of its own
  const scan = await new AxeBuilder({ page }).analyze();
  const serious = scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(problems).toEqual([]);
});
