/**
 * The checkout journey in a real browser (issue 10): a product and a ready kit → the cart → 'Оформить заказ' → the
 * form → delivery and payment → 'Подтвердить заказ' → the result page with the right total — on the main site (₽) and
 * the Kazakh one (₸), with JavaScript and without it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';

interface Journey {
  origin: string;
  js: boolean;
  city: string;
  phone: string;
  delivery: RegExp;
  /** The pickup point to choose (without JavaScript every point method's points are listed). */
  point?: string;
  address?: string;
  payment: RegExp;
  currency: string;
}

async function fillCart(page: Page, j: Journey) {
  await page.goto(`${j.origin}/komplekty-sumoizoliacii/dveri-4`);
  if (j.js) await hydrated(page);
  await page.getByRole('button', { name: 'Весь комплект в корзину' }).click();
  await expect(page.locator('.header-icon--cart .badge')).toHaveText('4');
  await page.goto(`${j.origin}/shumopogloshchenie/akustik-15`);
  if (j.js) await hydrated(page);
  await page.locator('.product-actions__cart').getByRole('button', { name: 'В корзину' }).click();
  await expect(page.locator('.header-icon--cart .badge')).toHaveText('5');
}

async function checkout(page: Page, j: Journey) {
  await fillCart(page, j);
  await page.goto(`${j.origin}/cart`);
  if (j.js) await hydrated(page);
  await expect(page.locator('.cart-table tbody tr')).toHaveCount(5);
  const goods = (await page.locator('.cart-total').textContent())!;
  expect(goods).toContain(j.currency);
  await page.getByRole('link', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/cart\?step=checkout/);
  await expect(page.getByRole('heading', { name: 'Оформление заказа' })).toBeVisible();

  const form = page.locator('.checkout');
  await form.getByRole('textbox', { name: /^Имя и фамилия/ }).fill('Иван Петров');
  await form.getByRole('textbox', { name: /^Телефон/ }).fill(j.phone);
  await form.getByRole('textbox', { name: /^E-mail/ }).fill('ivan@example.ru');
  await form.getByRole('combobox', { name: 'Город' }).fill(j.city);
  if (j.js) {
    // The city autocomplete offers the city; choosing it fills the field.
    await form
      .getByRole('listbox', { name: /^Город/ })
      .getByRole('option', { name: j.city, exact: true })
      .click();
  }
  await form.getByRole('radio', { name: j.delivery }).check();
  if (j.point) await form.getByRole('combobox', { name: /^Пункт выдачи/ }).selectOption({ label: j.point });
  if (j.address) await form.getByRole('textbox', { name: /^Адрес доставки/ }).fill(j.address);
  await form.getByRole('radio', { name: j.payment }).check();
  await form.getByRole('checkbox', { name: /согласен/ }).check();
  const total = j.js ? (await form.getByTestId('checkout-total').textContent())! : null;
  await form.getByRole('button', { name: 'Подтвердить заказ' }).click();

  await expect(page).toHaveURL(/\/cart\/success\/\d{4}-\d{4}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Спасибо! Заказ принят');
  // The address names the order by the number the page shows.
  await expect(page.getByText(`Заказ № ${/\d{4}-\d{4}$/.exec(page.url())![0]}`)).toBeVisible();
  const orderTotal = (await page.getByTestId('order-total').textContent())!;
  expect(orderTotal).toContain(j.currency);
  if (total) expect(orderTotal).toBe(total);
  await expect(page.locator('.header-icon--cart .badge')).toHaveCount(0);
  return orderTotal;
}

test('main site, with JavaScript: kit + product → courier by СДЭК → cash → result in ₽', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  const total = await checkout(page, {
    origin: baseURL!,
    js: true,
    city: 'Москва',
    phone: '8 916 123-45-67',
    delivery: /СДЭК: курьер до двери/,
    address: 'ул. Тверская, 1, кв. 5',
    payment: /Наличными или картой при получении/,
    currency: '₽',
  });
  // dveri-4 (7 910 ₽) + Акустик 15 (890 ₽), 12.7 kg: СДЭК courier 550 ₽ + 12 started kg × 45 ₽ = 1 090 ₽.
  expect(total).toBe('9\u00a0890\u00a0₽');
  expect(problems).toEqual([]);
});

test('main site, without JavaScript: pickup point, the goods’ total carried', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addInitScript(() => localStorage.setItem('modalRegion', String(8.64e15)));
  const page = await context.newPage();
  await checkout(page, {
    origin: baseURL!,
    js: false,
    city: 'Москва',
    phone: '+7 916 123 45 67',
    delivery: /Самовывоз со склада/,
    point: 'Москва, ул. Складочная, 1, стр. 6 (пн–пт 09:00–20:00, сб 10:00–16:00)',
    payment: /Наличными или картой при получении/,
    currency: '₽',
  });
  await context.close();
});

test('a wrong phone is shown beside the field, focused, and nothing typed is lost', async ({ page, baseURL }) => {
  await fillCart(page, { origin: baseURL!, js: true } as Journey);
  await page.goto('/cart?step=checkout');
  await hydrated(page);
  const form = page.locator('.checkout');
  await form.getByRole('textbox', { name: /^Имя и фамилия/ }).fill('Иван');
  await form.getByRole('textbox', { name: /^Телефон/ }).fill('+7 701 123 4567');
  await form.getByRole('textbox', { name: /^E-mail/ }).fill('ivan@example.ru');
  await form.getByRole('combobox', { name: 'Город' }).fill('Казань');
  await form.getByRole('radio', { name: /Деловые Линии/ }).check();
  await form.getByRole('textbox', { name: /^Адрес доставки/ }).fill('ул. Баумана, 1');
  await form.getByRole('checkbox', { name: /согласен/ }).check();
  await form.getByRole('button', { name: 'Подтвердить заказ' }).click();
  const phone = form.getByRole('textbox', { name: /^Телефон/ });
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expect(form.getByText('Проверьте номер: нужен телефон этой страны')).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^Имя и фамилия/ })).toHaveValue('Иван');
  await expect(form.getByRole('textbox', { name: /^Адрес доставки/ })).toHaveValue('ул. Баумана, 1');
});

test('Kazakh site, with and without JavaScript: result in ₸', async ({ browser, baseURL }) => {
  const kz = baseURL!.replace('localhost', 'kz.localhost');
  for (const js of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled: js });
    if (js) await context.addInitScript(() => localStorage.setItem('modalRegion', String(8.64e15)));
    const page = await context.newPage();
    await checkout(page, {
      origin: kz,
      js,
      city: 'Алматы',
      phone: '+7 701 123 4567',
      delivery: /Казпочта/,
      address: 'ул. Абая, 10',
      payment: /Kaspi\.kz/,
      currency: '₸',
    });
    await context.close();
  }
});

for (const js of [true, false]) {
  test(`main site, ${js ? 'with' : 'without'} JavaScript: paid by card online — to the provider and back, paid`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: js, baseURL });
    await context.addInitScript(() => localStorage.setItem('modalRegion', String(8.64e15)));
    const page = await context.newPage();
    await fillCart(page, { origin: baseURL!, js } as Journey);
    await page.goto('/cart?step=checkout');
    if (js) await hydrated(page);
    const form = page.locator('.checkout');
    await form.getByRole('textbox', { name: /^Имя и фамилия/ }).fill('Иван Петров');
    await form.getByRole('textbox', { name: /^Телефон/ }).fill('8 916 123-45-67');
    await form.getByRole('textbox', { name: /^E-mail/ }).fill('card@example.ru');
    await form.getByRole('combobox', { name: 'Город' }).fill('Москва');
    await form.getByRole('radio', { name: /Самовывоз со склада/ }).check();
    await form.getByRole('combobox', { name: /^Пункт выдачи/ }).selectOption({ index: 1 });
    await form.getByRole('radio', { name: /Банковской картой онлайн/ }).check();
    await form.getByRole('checkbox', { name: /согласен/ }).check();
    await form.getByRole('button', { name: 'Подтвердить заказ' }).click();

    // Straight to the provider's page (the fake ЮKassa of e2e/server.ts), then back to the order, paid.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/checkout\//);
    await page.locator('#pay').click();
    await expect(page).toHaveURL(/\/cart\/success\/\d{4}-\d{4}$/);
    await expect(page.getByRole('region', { name: 'Оплата' })).toContainText('Оплачен онлайн');
    await expect(page.locator('.receipt__facts')).toContainText('Оплачен');
    await context.close();
  });
}
