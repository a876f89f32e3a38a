/**
 * The calculator and the constructor in a real browser: a car, zones and a tier give the totals in ₽ and, on the
 * Kazakh site, in ₸; 'Всё в корзину' fills the cart with exactly those lines at the same total; the address
 * reproduces the result and Back/Forward step through the choices without a data request; the constructor works
 * from the keyboard alone; axe finds no violation on either page, light or dark.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

const price = (page: Page) => page.locator('.calc-totals__price');

/** Requests for page data (/_data) the page makes from now on. */
function dataRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/_data/')) urls.push(r.url());
  });
  return urls;
}

test('car, zones and tier → totals in ₽, then ₸ on kz.localhost; all lines into the cart at the same total', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  await page.goto('/calc');
  await hydrated(page);
  await expect(price(page)).toHaveText('7 910 ₽'); // the default: a sedan's doors, middle tier = the kit dveri-4 (test/calculator.test.ts)
  const data = dataRequests(page);

  await page.getByLabel('Найти модель').fill('vesta');
  await page.getByRole('button', { name: /Lada Vesta/ }).click();
  await expect(page).toHaveURL(/car=lada-vesta/);
  await expect(page.getByLabel('Марка и модель')).toHaveValue('lada-vesta');
  await page.getByRole('button', { name: 'Снять все' }).click();
  await expect(page.getByText('Отметьте хотя бы одну зону')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Пол салона с тоннелем' }).click();
  await expect(page.getByRole('checkbox', { name: 'Пол салона с тоннелем' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Пол и ниша багажника' }).click();
  await expect(page.getByRole('checkbox', { name: 'Пол и ниша багажника' })).toBeChecked();
  await page.getByRole('radio', { name: /Отличный/ }).click();
  await expect(page.getByRole('radio', { name: /Отличный/ })).toBeChecked();
  await page.getByRole('radio', { name: /Хороший/ }).click();
  await expect(page.getByRole('radio', { name: /Хороший/ })).toBeChecked();
  // Per zone: floor 10 + boot 5 × Вибро Оптима 3.0 (490 ₽), 9 + 3 × Изолятор 8 (290 ₽) = 10 830 ₽, the kit pol-i-bagazhnik.
  await expect(price(page)).toHaveText('10 830 ₽');
  await expect(page.locator('.calc-totals__mass')).toHaveText('21,1 кг');
  await expect(page.locator('.calc-totals__sheets')).toHaveText('27');
  expect(new URL(page.url()).search).toBe('?car=lada-vesta&tier=good&zone=floor&zone=boot');
  expect(data, 'the choice is computed in the browser: no data request').toEqual([]);

  // The same address on the Kazakh site: the same sheets at the ₸ list (2 740 and 1 620 ₸ a sheet).
  const search = new URL(page.url()).search;
  const kz = await page.context().newPage();
  await kz.goto(`${baseURL!.replace('localhost', 'kz.localhost')}/calc${search}`);
  await expect(price(kz)).toHaveText('60 540 ₸');
  await kz.close();

  // Every line into the cart at once.
  await page.getByRole('button', { name: 'Всё в корзину' }).click();
  await expect(page.locator('.calc-actions__cart').getByRole('status')).toContainText('Добавлено в корзину.');
  await expect(page.locator('.header-icon--cart .badge')).toHaveText('2');
  await page.locator('.calc-actions__cart').getByRole('link', { name: 'Перейти в корзину' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Корзина');
  await expect(page.locator('.cart-table tbody tr')).toHaveCount(2);
  await expect(page.getByRole('spinbutton', { name: 'Количество: Вибро Оптима 3.0' })).toHaveValue('15');
  await expect(page.getByRole('spinbutton', { name: 'Количество: Изолятор 8' })).toHaveValue('12');
  await expect(page.locator('.cart-total')).toHaveText('10 830 ₽');
  expect(problems).toEqual([]);
});

test('Enter in the model search picks the first match, on the same page; with no match it does nothing', async ({ page }) => {
  await page.goto('/calc');
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const search = page.getByLabel('Найти модель');
  await search.fill('vesta');
  await search.press('Enter');
  await expect(page.getByLabel('Марка и модель')).toHaveValue('lada-vesta');
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/car=lada-vesta/);
  await search.fill('no such car');
  await search.press('Enter');
  await expect(page.getByText('Такой модели нет в списке')).toBeVisible();
  await expect(page.getByLabel('Марка и модель')).toHaveValue('lada-vesta');
  await expect(search).toHaveValue('no such car');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'no page load').toBe(true);
});

test('the copy-link status is in the accessibility tree before its first message, taking no room', async ({ page }) => {
  await page.goto('/calc');
  await hydrated(page);
  const status = page.locator('.calc-actions__more').getByRole('status');
  // A live region that appears with its message may not be announced: it must be there, empty, beforehand.
  await expect(status).toHaveCount(1);
  await expect(status).toHaveText('');
  const box = await status.boundingBox();
  expect(box && box.width * box.height, 'it takes no room while empty').toBeLessThanOrEqual(1);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Скопировать ссылку' }).click();
  await expect(status).toHaveText('Ссылка скопирована.');
});

test('the address reopens the same result; Back and Forward step through the choices', async ({ page, context }) => {
  await page.goto('/calc?body=hatchback&tier=practical&zone=roof');
  await hydrated(page);
  await expect(price(page)).toHaveText('3 050 ₽'); // 4 × Вибро Лайт 1.8 + 3 × Акустик 6
  await page.getByLabel('Тип кузова').selectOption('suv');
  await expect(price(page)).not.toHaveText('3 050 ₽');
  await page.waitForTimeout(1600); // a new control after a pause: its own history step
  await page.getByRole('radio', { name: /Максимальный/ }).click();
  await expect(page.getByRole('radio', { name: /Максимальный/ })).toBeChecked();
  const total = await price(page).textContent();
  const shared = page.url();

  const other = await context.newPage();
  await other.goto(shared);
  await expect(price(other)).toHaveText(total!);
  await expect(other.getByRole('radio', { name: /Максимальный/ })).toBeChecked();
  await expect(other.getByLabel('Тип кузова')).toHaveValue('suv');
  await other.close();

  await page.goBack();
  await expect(page.getByRole('radio', { name: /Практичный/ })).toBeChecked();
  await page.goBack();
  await expect(price(page)).toHaveText('3 050 ₽');
  await expect(page.getByLabel('Тип кузова')).toHaveValue('hatchback');
  await page.goForward();
  await expect(page.getByLabel('Тип кузова')).toHaveValue('suv');

  // From the result to the constructor in one click, with the same choice.
  await page.getByRole('link', { name: 'Доработать в конструкторе' }).click();
  await expect(page).toHaveURL(/\/constructor\?body=suv&tier=practical&zone=roof/);
  await expect(page.getByRole('checkbox', { name: 'Крыша' }).first()).toBeChecked();
});

test('the constructor by keyboard alone: zones on the picture, a product per layer, into the cart', async ({ page }) => {
  await page.goto('/constructor?body=sedan&tier=good');
  await hydrated(page);
  await expect(page.getByText('Отметьте зону и выберите материалы')).toBeVisible();
  /** Tabs until the focused element has this accessible name (at most 80 steps). */
  async function tabTo(name: string) {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      );
      if (label.trim() === name) return;
    }
    throw new Error(`no focusable "${name}"`);
  }
  const floor = page.locator('a[data-zone="floor"]');
  await tabTo('Пол салона с тоннелем');
  await expect(floor).toBeFocused();
  await page.keyboard.press('Space');
  await expect(floor).toHaveAttribute('aria-checked', 'true');
  await expect(floor).toHaveClass(/car-zone--on/);
  await tabTo('Пол и ниша багажника');
  await page.keyboard.press('Enter');
  await expect(page.locator('a[data-zone="boot"]')).toHaveAttribute('aria-checked', 'true');
  // Rounded once per product: 15 × Вибро Оптима 3.0 + 12 × Изолятор 8 = 10 830 ₽, the ready floor-and-boot kit.
  await expect(price(page)).toHaveText('10 830 ₽');

  // The floor's barrier layer: none, chosen from the keyboard.
  const barrier = page.getByRole('combobox', { name: /^Звукоизоляция/ }).first();
  await barrier.focus();
  await page.keyboard.press('Home');
  await expect(barrier).toHaveValue('-');
  await expect(price(page)).toHaveText(/^\d/);
  const withoutBarrier = await price(page).textContent();
  expect(withoutBarrier).not.toBe('10 830 ₽');

  await tabTo('Всё в корзину');
  await page.keyboard.press('Enter');
  await expect(page.locator('.calc-actions__cart').getByRole('status')).toContainText('Добавлено в корзину.');
  await page.goto('/cart');
  await expect(page.locator('.cart-total')).toHaveText(withoutBarrier!);
});

test('on a phone the total bar comes with the first choice, and a control reached by keyboard is never under it', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const jump = page.locator('.calc-jump');
  await page.goto('/calc?utm_source=ads');
  await hydrated(page);
  await expect(jump, 'a campaign link is no calculation: no bar').toHaveCount(0);
  await page.goto('/calc');
  await hydrated(page);
  await expect(jump, 'the first view: no bar over the form').toHaveCount(0);

  await page.getByRole('radio', { name: /Отличный/ }).click();
  await expect(page.getByRole('radio', { name: /Отличный/ })).toBeChecked();
  await expect(jump).toBeVisible();
  const total = await price(page).textContent();
  await expect(jump).toContainText(total!);

  // A zone checkbox scrolled to the bottom edge of the screen, then reached from the keyboard: it scrolls clear of the bar.
  const box = page.getByRole('checkbox', { name: 'Крыша' });
  await box.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
  await box.focus();
  const [boxRect, barRect] = await Promise.all([
    box.evaluate((el) => el.getBoundingClientRect().toJSON()),
    jump.evaluate((el) => el.getBoundingClientRect().toJSON()),
  ]);
  expect(boxRect.bottom, 'the focused checkbox ends above the bar').toBeLessThanOrEqual(barRect.top);

  await jump.click();
  await expect(page).toHaveURL(/#.*calc-result-title$/);
  await expect(page.locator('.calc-result h2')).toBeInViewport();
});

for (const theme of ['light', 'dark'] as const) {
  for (const [name, path] of [
    ['calculator', '/calc?car=toyota-camry&tier=excellent&zone=door-skin&zone=roof&zone=arches-out'],
    ['constructor', '/constructor?body=suv&tier=max&zone=door-skin&zone=hood&zone=floor'],
    ['calculator notice', '/calc?body=tank&tier=x'],
  ] as const) {
    test(`axe finds no violation on the ${name} (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

for (const path of ['/calc', '/constructor']) {
  test(`${path} does not move when it hydrates: the controls that need script are in the first HTML`, async ({ page }) => {
    // A phone's slower processor: the browser paints the server's HTML, then React hydrates it in slices.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      // Each shift named by what moved and when, so a failure says where.
      const shifts: Array<{ at: number; text: string }> = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          const moved = entry.sources.map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : '?'));
          shifts.push({ at: entry.startTime, text: `${entry.value.toFixed(4)} ${moved.join(', ')}` });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByLabel('Найти модель')).toBeVisible();
    // Two frames after hydration: any shift it caused has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Hydration starts once the document is parsed (the entry is a module script). A shift before that is the parser's:
    // at 4x CPU Chromium may paint the header half parsed, and the header's right-hand group moves once the rest of it
    // comes (about 1 load in 10, CLS ≤ 0.01) — no code of ours runs then, so it is reported, not failed.
    const { parsing, hydrating } = await page.evaluate(() => {
      const parsed = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const all = (window as unknown as { __shifts: Array<{ at: number; text: string }> }).__shifts;
      return {
        parsing: all.filter((s) => s.at < parsed.domInteractive).map((s) => s.text),
        hydrating: all.filter((s) => s.at >= parsed.domInteractive).map((s) => s.text),
      };
    });
    if (parsing.length > 0) test.info().annotations.push({ type: 'shift while parsing', description: parsing.join('; ') });
    expect(hydrating).toEqual([]);
    // With script, the form updates on every change: its submit button is in the page, not shown.
    const submit = page.locator('form button[type="submit"].without-script');
    await expect(submit).toHaveCount(1);
    await expect(submit).toBeHidden();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/calc shows no control that needs script, and its button computes the choice', async ({ page }) => {
    await page.goto('/calc');
    // In the HTML (so script adds nothing that moves the page), not shown.
    for (const control of [page.locator('.calc-search input'), page.locator('.calc-actions button.needs-script').first()]) {
      await expect(control).toHaveCount(1);
      await expect(control).toBeHidden();
    }
    await page.getByLabel('Марка и модель').selectOption('lada-vesta');
    await page.getByRole('button', { name: 'Рассчитать' }).click();
    await expect(page).toHaveURL(/[?&]car=lada-vesta/);
    await expect(page.getByLabel('Марка и модель')).toHaveValue('lada-vesta');
  });
});

test('/calc whose script failed to start keeps the form working as without script', async ({ page }) => {
  // The entry script never arrives: the page stays the server's HTML in a browser that allows script.
  await page.route(/\/assets\/entry-client-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/calc');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'failed');
  await expect(page.getByLabel('Найти модель')).toBeHidden();
  await page.getByLabel('Марка и модель').selectOption('lada-vesta');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page).toHaveURL(/[?&]car=lada-vesta/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
