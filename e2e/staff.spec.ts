/**
 * The back office in Chromium (issue 21, decision 049), against the demo as `npm start` runs it (no SMTP:
 * e2e/demo-inbox-server.ts on a free port, with a manager created at start). The demo shopper orders; the manager signs
 * in — enrolling the authenticator at the first sign-in, then again with a code — confirms the order, takes it into work
 * and ships it with a tracking number; the shopper's mail in the demo inbox and their /history show it.
 * With SCREENSHOTS=1 it also writes the staff pages at 1280 and 820 px in light and dark mode to test-results/staff/.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_OWNER } from '../server/demo/seed.ts';
import { totpCode } from '../server/staff/totp.ts';
import { demoServer } from './demo-server.ts';
import { expect, test } from './fixtures.ts';
import { hydrated } from './page-helpers.ts';

const demo = demoServer();

async function shots(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 820]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/staff/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The demo shopper signs in and orders one product (pickup in Moscow, cash); the order's number. */
async function shopperOrders(page: Page): Promise<string> {
  await page.goto(`${demo.base}/auth`);
  await hydrated(page);
  await page.locator('input[name="email"]').fill('demo@tihoavto.localhost');
  await page.locator('input[name="password"]').fill('Tishina-2026');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/personal$/);
  await page.goto(`${demo.base}/shumopogloshchenie/akustik-15`);
  await hydrated(page);
  await page.locator('.product-actions__cart').getByRole('button', { name: 'В корзину' }).click();
  await expect(page.locator('.header-icon--cart .badge')).toHaveText('1');
  await page.goto(`${demo.base}/cart?step=checkout`);
  await hydrated(page);
  const form = page.locator('.checkout');
  await form.getByRole('textbox', { name: /^Телефон/ }).fill('+7 916 123-45-67');
  await form.getByRole('combobox', { name: 'Город' }).fill('Москва');
  await form
    .getByRole('listbox', { name: /^Город/ })
    .getByRole('option', { name: 'Москва', exact: true })
    .click();
  await form.getByRole('radio', { name: /Самовывоз/ }).check();
  await form.getByRole('radio', { name: /наличными/i }).check();
  await form.getByRole('checkbox', { name: /согласен/ }).check();
  await form.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await expect(page).toHaveURL(/\/cart\/success\/\d{4}-\d{4}$/);
  return /\d{4}-\d{4}$/.exec(page.url())![0];
}

async function signIn(page: Page, who = demo.staff) {
  await page.goto(`${demo.base}/staff`);
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  await page.getByLabel('Эл. почта').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Дальше' }).click();
}

/** The first sign-in: the authenticator enrolled from the key the page shows; the key. */
async function enrol(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/staff\/sign-in\/enrol$/);
  const key = (await page.locator('.staff-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel('Код из приложения').fill(totpCode(key, Date.now()));
  await page.getByRole('button', { name: 'Подключить' }).click();
  await expect(page.getByRole('heading', { name: 'Резервные коды' })).toBeVisible();
  return key;
}

test('a manager signs in with the second factor, confirms and ships an order; the buyer reads it in the mail and /history', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const number = await shopperOrders(page);

  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  // First sign-in: the password, then the authenticator is enrolled from the key the page shows.
  await signIn(desk);
  await shots(desk, 'enrol');
  const key = await enrol(desk);
  await expect(desk.locator('.staff-codes li')).toHaveCount(10);
  await desk.getByRole('link', { name: /Я сохранил коды/ }).click();
  await expect(desk.getByRole('heading', { name: 'Сводка' })).toBeVisible();
  await desk.getByRole('button', { name: 'Выйти' }).click();
  await expect(desk).toHaveURL(/\/staff\/sign-in/);

  // Again, with a code from the authenticator (the next step's: the enrolment's step is spent).
  await signIn(desk);
  await expect(desk).toHaveURL(/\/staff\/sign-in\/code$/);
  await desk.getByLabel(/Код из приложения/).fill(totpCode(key, Date.now() + 30_000));
  await desk.getByRole('button', { name: 'Войти' }).click();
  await expect(desk.getByRole('heading', { name: 'Сводка' })).toBeVisible();
  await shots(desk, 'dashboard');

  await desk.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Заказы' }).click();
  await expect(desk.getByRole('heading', { name: 'Заказы' })).toBeVisible();
  await shots(desk, 'orders');
  await desk.getByRole('link', { name: number }).click();
  await expect(desk.getByRole('heading', { name: `Заказ ${number}` })).toBeVisible();
  await shots(desk, 'order');
  await desk.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(desk.getByRole('status')).toContainText('Статус заказа изменён');
  await desk.getByRole('button', { name: 'Взять в работу' }).click();
  await expect(desk.locator('.staff-toolbar .staff-state')).toHaveText('Собирается');
  const ship = desk.locator('form.staff-move', { has: desk.getByRole('button', { name: 'Отправить' }) });
  await ship.getByLabel('Трек-номер').fill('RA123456789RU');
  await ship.getByLabel(/Заметка/).fill('СДЭК, 2 места');
  await ship.getByRole('button', { name: 'Отправить' }).click();
  await expect(desk.locator('.staff-toolbar')).toContainText('Трек-номер: RA123456789RU');
  await expect(desk.locator('.staff-history')).toContainText('СДЭК, 2 места');
  await expect(desk.locator('.staff-history')).toContainText(demo.staff.email);
  for (const [path, name] of [
    ['/staff/leads', 'leads'],
    ['/staff/stock', 'stock'],
  ] as const) {
    await desk.goto(`${demo.base}${path}`);
    await shots(desk, name);
  }

  // The buyer: the mail in the demo inbox, and the state in /history.
  await expect
    .poll(
      async () => {
        await page.goto(`${demo.base}/_demo/inbox`);
        return page.locator('.list a', { hasText: 'Отправлен' }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await page.locator('.list a', { hasText: 'Отправлен' }).first().click();
  await expect(page.locator('body')).toContainText('RA123456789RU');
  await page.goto(`${demo.base}/history`);
  await expect(page.getByRole('link', { name: new RegExp(number) })).toBeVisible();
  await expect(page.locator('main')).toContainText('Отправлен');
});

test('a content editor writes a news item, previews it and publishes it; the shop shows it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(desk, demo.editor);
  await enrol(desk);
  await desk.getByRole('link', { name: /Я сохранил коды/ }).click();
  await desk.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Контент' }).click();
  await shots(desk, 'content');
  await desk.getByRole('link', { name: 'Новая запись' }).click();
  await desk.getByLabel('Адрес (латиница)').fill('zimnyaya-akciya');
  await desk.getByLabel('Заголовок').fill('Зимняя акция на комплекты');
  await desk.getByLabel(/Краткое описание/).fill('Скидка на комплекты для дверей до конца января.');
  await desk.getByLabel('Текст (Markdown)').fill('## Условия\n\nСкидка **10 %** на все комплекты для дверей.');
  await desk.getByRole('button', { name: 'Предпросмотр' }).click();
  await expect(desk.locator('.staff-preview strong')).toHaveText('10 %');
  await shots(desk, 'content-preview');
  await desk.getByRole('button', { name: 'Сохранить' }).click();
  await expect(desk.getByRole('status')).toContainText('Запись сохранена');

  await page.goto(`${demo.base}/news`);
  await expect(page.getByRole('link', { name: 'Зимняя акция на комплекты' })).toBeVisible();
  await page.getByRole('link', { name: 'Зимняя акция на комплекты' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Зимняя акция на комплекты');
  await expect(page.locator('main strong', { hasText: '10 %' })).toBeVisible();
});

test('the demo owner signs in with the README’s password and runs the owner’s pages', async ({ browser }) => {
  test.setTimeout(90_000);
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(desk, DEMO_OWNER);
  await enrol(desk);
  await desk.getByRole('link', { name: /Я сохранил коды/ }).click();
  const menu = desk.getByRole('navigation', { name: 'Разделы' });
  for (const item of [
    'Сводка',
    'Заказы',
    'Обращения',
    'Отзывы',
    'Контент',
    'Товары',
    'Категории',
    'Комплекты',
    'Цены и остатки',
    'Калькулятор',
    'Сотрудники',
    'Журнал',
  ])
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Товары' }).click();
  await expect(desk.getByRole('heading', { name: 'Товары' })).toBeVisible();
  await shots(desk, 'products');
  await desk.getByRole('link', { name: 'VIB-STD-22' }).click();
  await expect(desk.getByLabel('Название').first()).toHaveValue(/Вибро/);
  await shots(desk, 'product');
  // A photo uploaded here is on the product's page at once, as WebP renditions with its description.
  const shopUrl = await desk.getByRole('link', { name: /На сайте/ }).getAttribute('href');
  await desk.getByRole('link', { name: 'Фотографии' }).click();
  await desk.getByLabel(/Что на фотографии/).fill('Лист виброизоляции на двери автомобиля');
  const photo = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#8a3b2f' } })
    .jpeg()
    .toBuffer();
  await desk.getByLabel(/Файл/).setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo });
  await desk.getByRole('button', { name: 'Загрузить' }).click();
  await expect(desk.getByRole('status')).toContainText('Фотография добавлена');
  await shots(desk, 'product-images');
  const shop = await (await browser.newContext()).newPage();
  await shop.goto(`${demo.base}${shopUrl}`);
  const uploaded = shop.getByRole('img', { name: 'Лист виброизоляции на двери автомобиля' });
  await expect(uploaded).toBeVisible();
  await expect(uploaded).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}-1000x750\.webp$/);
  await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await menu.getByRole('link', { name: 'Категории' }).click();
  await expect(desk.getByRole('heading', { name: 'Категории' })).toBeVisible();
  await shots(desk, 'categories');
  await menu.getByRole('link', { name: 'Комплекты' }).click();
  await desk.locator('.staff-table a').first().click();
  await expect(desk.getByLabel(/Скидка/)).toBeVisible();
  await shots(desk, 'kit');
  await menu.getByRole('link', { name: 'Калькулятор' }).click();
  await expect(desk.getByRole('heading', { name: 'Калькулятор' })).toBeVisible();
  await shots(desk, 'calculator');
  // A new body type as a copy of the wagon's figures: the shop's calculator offers it at once.
  await desk.getByRole('link', { name: 'Кузова, зоны, слои, уровни и машины' }).click();
  await desk.getByLabel('Новый кузов: код').fill('liftback');
  await desk.getByLabel('Новый кузов: название').fill('Лифтбек');
  await desk.getByLabel('Новый кузов: скопировать цифры из').selectOption('wagon');
  await shots(desk, 'calculator-structure');
  await desk.getByRole('button', { name: 'Сохранить' }).click();
  await expect(desk.getByRole('status')).toContainText('Таблицы калькулятора сохранены');
  await expect(desk.getByLabel('Название «liftback»')).toHaveValue('Лифтбек');
  const calc = await (await browser.newContext()).newPage();
  await calc.goto(`${demo.base}/calc`);
  await expect(calc.locator('option[value="liftback"]')).toHaveText('Лифтбек');
  await menu.getByRole('link', { name: 'Сотрудники' }).click();
  await desk.getByLabel('Эл. почта').fill('new-manager@staff.localhost');
  await desk.getByRole('button', { name: 'Добавить' }).click();
  await expect(desk.getByRole('status')).toContainText('Пароль для new-manager@staff.localhost');
  await shots(desk, 'members');
  await menu.getByRole('link', { name: 'Журнал' }).click();
  await expect(desk.locator('.staff-table')).toContainText('staff.add');
  await shots(desk, 'audit');
  await menu.getByRole('link', { name: 'Отзывы' }).click();
  await shots(desk, 'reviews');
});
