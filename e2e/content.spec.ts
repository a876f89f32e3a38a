/**
 * Content pages and forms in the browser (issue 12, decision 027): every footer link answers 200 with content,
 * /about#contacts scrolls to the contacts, a form works hydrated and without JavaScript, a body link navigates
 * inside the app, the article's gallery opens the lightbox, and axe finds no violations on content pages.
 * Screenshots at 375 and 1280 px, light and dark, go to /tmp/content-shots for a look.
 */
import AxeBuilder from '@axe-core/playwright';
import { MIN_FILL_MS } from '../shared/forms.ts';
import { FOOTER_LINKS } from '../shared/navigation.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-helpers.ts';

test('every footer link answers 200 with content', async ({ page, request }) => {
  for (const link of FOOTER_LINKS) {
    const res = await request.get(link.path);
    expect(res.status(), link.path).toBe(200);
    const html = await res.text();
    expect(html, link.path).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html, link.path).not.toContain('class="not-found"');
  }
  // And by clicking, hydrated: each leads to a page with a heading, never the 404 page.
  await page.goto('/');
  await hydrated(page);
  for (const link of FOOTER_LINKS.filter((l) => !l.path.includes('#'))) {
    await page
      .locator('.site-footer')
      .getByRole('link', { name: /./ })
      .and(page.locator(`a[href="${link.path}"]`))
      .click();
    await expect(page).toHaveURL(link.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Упс! Страница не найдена!')).toHaveCount(0);
  }
});

test('/about#contacts scrolls to the contacts, from the footer and when opened directly', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  await page.locator('.site-footer a[href="/about#contacts"]').click();
  await expect(page).toHaveURL('/about#contacts');
  const contacts = page.locator('#contacts');
  await expect(contacts).toBeInViewport();
  await expect(contacts.getByRole('link', { name: '8 800 555-35-35' })).toBeVisible();
  await expect(contacts).toContainText('7708123450');
  await page.goto('/news');
  await page.goto('/about#contacts');
  await expect(contacts).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('an article: contents link to headings, a body link navigates in the app, the gallery opens the lightbox', async ({ page }) => {
  await page.goto('/stati/shumoizolyaciya-dverej');
  await hydrated(page);
  await page.locator('.content-toc').getByRole('link', { name: 'Шаг 4. Закрыть отверстия' }).click();
  await expect(page).toHaveURL(/#shag-4-zakryt-otverstiya$/);
  await expect(page.locator('#shag-4-zakryt-otverstiya')).toBeInViewport();
  await page.locator('.content-gallery a').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A page link inside the stored HTML: a client navigation (the document stays, no reload).
  await page.goto('/stati/skolko-listov-nuzhno');
  await hydrated(page);
  await page.evaluate(() => ((window as any).__sameDocument = true));
  await page.locator('.content-body a[href="/calc"]').first().waitFor();
  await page.locator('.content-body').getByRole('link', { name: 'калькулятор' }).first().click();
  await expect(page).toHaveURL('/calc');
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
});

test('the review form, hydrated: errors beside the fields, then the thank-you', async ({ page }) => {
  await page.goto('/otzyvy-i-predlojeniya');
  await hydrated(page);
  const form = page.locator('.public-form').filter({ hasText: 'Оставить отзыв' });
  await form.getByLabel('Ваше имя').fill('Марина');
  await form.getByLabel('Город').fill('Тверь');
  await form.getByLabel('5 из 5').check();
  await form.getByLabel('Отзыв').fill('Коротко');
  await page.waitForTimeout(MIN_FILL_MS + 200);
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.getByText('Слишком коротко')).toBeVisible();
  await expect(form.getByLabel('Ваше имя')).toHaveValue('Марина');
  await form.getByLabel('Отзыв').fill('Клеила пол и арки, гул на трассе стал заметно тише.');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.getByRole('status')).toContainText('после проверки модератором');
  await expect(page).toHaveURL('/otzyvy-i-predlojeniya');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the partner application posts, comes back with errors, then with the thank-you', async ({ page }) => {
    await page.goto('/stat-partnerom');
    const form = page.locator('.public-form');
    await form.getByLabel('Компания').fill('ООО «Тишина»');
    await form.getByLabel('ИНН').fill('7708123451');
    await form.getByLabel('Город').fill('Пермь');
    await form.getByLabel('Магазин или дилер').check();
    await form.getByLabel(/Закупки в месяц/).fill('50000');
    await form.getByLabel('Контактное лицо').fill('Анна');
    await form.getByLabel('Телефон').fill('+7 912 000-11-22');
    await form.getByLabel('Эл. почта').fill('anna@tishina.ru');
    await page.waitForTimeout(MIN_FILL_MS + 200);
    await form.getByRole('button', { name: 'Отправить' }).click();
    await expect(page).toHaveURL('/stat-partnerom');
    await expect(form.getByText('ИНН — 10 или 12 цифр')).toBeVisible();
    await expect(form.getByLabel('Компания')).toHaveValue('ООО «Тишина»');
    // Fixed at once: the form keeps the moment it was first shown, so this is not "too fast".
    await form.getByLabel('ИНН').fill('7708123450');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await expect(page).toHaveURL('/stat-partnerom');
    await expect(form.getByRole('status')).toContainText('Заявка принята');
  });

  test('the content pages render fully', async ({ page }) => {
    await page.goto('/voprosy-i-otvety');
    await expect(page.locator('details.faq__item')).toHaveCount(12);
    await page.goto('/en/stati/sloi-shumoizolyacii');
    await expect(page.locator('.content-notice')).toContainText('shown in Russian');
  });
});

test('axe: content pages and forms have no violations, light and dark, phone and desktop', async ({ page }) => {
  test.setTimeout(180_000); // 10 pages × 2 widths × 2 colour modes, each loaded and scanned
  const paths = [
    '/stati/shumoizolyaciya-dverej',
    '/stati',
    '/about',
    '/otzyvy-i-predlojeniya',
    '/handmade',
    '/stat-partnerom',
    '/voprosy-i-otvety',
    '/news',
    '/about_noise_insulation/vibropogloshchenie',
    '/en/oplata-i-vozvraty',
  ];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      for (const mode of ['light', 'dark']) {
        await page.addInitScript((m) => localStorage.setItem('color-mode', m), mode);
        await page.goto(path);
        const { violations } = await new AxeBuilder({ page }).include('main').analyze();
        expect(violations.map((v) => `${path} (${width} px, ${mode}): ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
      }
    }
  }
});

test('the rating picker: stars fill up to the chosen one, by pointer and by keyboard, each a 44 px target', async ({ page }) => {
  await page.goto('/otzyvy-i-predlojeniya');
  await hydrated(page);
  const form = page.locator('.public-form').filter({ hasText: 'Оставить отзыв' });
  // Stars drawn in the rating colour (--star, #f59e0b), once the pointer has left them.
  const filled = () =>
    form
      .locator('.rating-input__star .star-icon')
      .evaluateAll((icons) => icons.filter((i) => getComputedStyle(i).fill === 'rgb(245, 158, 11)').length);
  await form.locator('.rating-input__star').nth(3).click();
  await expect(form.getByLabel('4 из 5')).toBeChecked();
  await page.mouse.move(0, 0);
  await expect.poll(filled).toBe(4);
  await form.getByLabel('4 из 5').press('ArrowLeft');
  await expect(form.getByLabel('3 из 5')).toBeChecked();
  await expect.poll(filled).toBe(3);
  for (const box of await form.locator('.rating-input__star').all()) {
    const size = await box.boundingBox();
    expect(size!.width, 'a 44 px touch target').toBeGreaterThanOrEqual(44);
    expect(size!.height).toBeGreaterThanOrEqual(44);
  }
});

test('screenshots for review (375 and 1280 px, light and dark)', async ({ page }) => {
  test.skip(!process.env.CONTENT_SHOTS, 'set CONTENT_SHOTS=1 to write them');
  for (const [width, height] of [
    [375, 800],
    [1280, 900],
  ] as const) {
    for (const mode of ['light', 'dark']) {
      await page.setViewportSize({ width, height });
      await page.addInitScript((m) => localStorage.setItem('color-mode', m), mode);
      for (const path of [
        '/stati/shumoizolyaciya-dverej',
        '/about',
        '/otzyvy-i-predlojeniya',
        '/handmade',
        '/stati',
        '/voprosy-i-otvety',
      ]) {
        await page.goto(path);
        await page.screenshot({ path: `/tmp/content-shots/${path.replace(/\W+/g, '_')}-${width}-${mode}.png`, fullPage: true });
      }
    }
  }
});
