/**
 * /map, where to buy (docs/decisions/029): the list and its filter work with and without JavaScript; on
 * tags.localhost (the site with a maps key) a fake maps script stands in for api-maps.yandex.ru — never the real
 * one — and the map draws a pin per partner with a card; a script that fails leaves the list and a notice.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated, watchConsole } from './page-helpers.ts';
import { E2E_TAGS, E2E_TAGS_HOST } from './tags-fixture.ts';

const MAIN_PARTNERS = 13;

/** A stand-in for the Yandex Maps JS API v3: the classes the page uses, drawing markers as plain elements. */
const FAKE_YMAPS3 = `(function(){
  function Entity(props, el){ this.props = props; this.el = el; }
  function YMapMarker(props, el){ Entity.call(this, props, el); }
  function YMap(container, props){
    this.root = document.createElement('div');
    this.root.className = 'fake-ymap';
    this.root.style.cssText = 'position:absolute;inset:0;display:flex;flex-wrap:wrap;gap:2.5rem;padding:3rem;align-content:flex-start;background:#dfe9d8';
    container.appendChild(this.root);
    this.props = props;
    window.__fakeMap = this;
  }
  YMap.prototype.addChild = function(c){ if (c instanceof YMapMarker) this.root.appendChild(c.el); if (c.render) c.render(this); return this; };
  YMap.prototype.removeChild = function(c){ if (c.el) c.el.remove(); if (c.unrender) c.unrender(); return this; };
  YMap.prototype.update = function(p){ this.props.location = p.location; window.__fakeLocation = p.location; };
  YMap.prototype.destroy = function(){ this.root.remove(); };
  function YMapClusterer(props){ this.props = props; }
  YMapClusterer.prototype.render = function(map){
    this.markers = this.props.features.map(this.props.marker);
    for (var i = 0; i < this.markers.length; i++) map.root.appendChild(this.markers[i].el);
  };
  YMapClusterer.prototype.unrender = function(){ for (var i = 0; i < this.markers.length; i++) this.markers[i].el.remove(); };
  window.ymaps3 = {
    ready: Promise.resolve(),
    YMap: YMap, YMapMarker: YMapMarker,
    YMapDefaultSchemeLayer: Entity, YMapDefaultFeaturesLayer: Entity, YMapFeatureDataSource: Entity, YMapLayer: Entity,
    import: function(pkg){ window.__imported = pkg; return Promise.resolve({ YMapClusterer: YMapClusterer, clusterByGrid: function(o){ return o; } }); }
  };
})();`;

/**
 * Answers the maps script (fake or failing) and records the request. The site's other tags (analytics, tracker,
 * chat: e2e/tags.spec.ts tests them) get an empty script; nothing reaches the real Internet.
 */
async function fakeMaps(page: Page, mode: 'ok' | 'fail'): Promise<string[]> {
  const requests: string[] = [];
  await page.route(
    (url) => !/^(?:[a-z0-9-]+\.)?localhost$/.test(url.hostname),
    async (route) => {
      const url = route.request().url();
      requests.push(url);
      if (url.startsWith('https://api-maps.yandex.ru/v3/') && mode === 'ok') {
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_YMAPS3 });
      }
      if (url.startsWith('https://api-maps.yandex.ru/')) return route.abort();
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    },
  );
  return requests;
}

const tagsUrl = (baseURL: string | undefined, path: string) => baseURL!.replace('localhost', E2E_TAGS_HOST) + path;
const partners = (page: Page) => page.locator('.dealer-list > li');

async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the GET form filters by city and kind', async ({ page }) => {
    await page.goto('/map');
    await expect(partners(page)).toHaveCount(MAIN_PARTNERS);
    await page.getByRole('combobox', { name: 'Город' }).fill('москва');
    await page.getByLabel('Тип партнёра').selectOption('installer');
    await page.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/\/map\?city=%D0%BC%D0%BE%D1%81%D0%BA%D0%B2%D0%B0&type=installer$/);
    await expect(partners(page)).toHaveCount(1);
    await expect(partners(page).first()).toContainText('ТихоЦентр Москва');
    await page.getByRole('link', { name: 'Сбросить фильтр' }).click();
    await expect(partners(page)).toHaveCount(MAIN_PARTNERS);
  });
});

test('with JavaScript: choosing a city or a kind filters at once; axe finds nothing', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/map');
  await hydrated(page);
  await expect(page.locator('.dealer-map')).toHaveCount(0); // the main site has no maps key
  await page.getByRole('combobox', { name: 'Город' }).fill('Санкт');
  await page.getByRole('option', { name: 'Санкт-Петербург' }).click();
  await expect(page).toHaveURL(/city=%D0%A1%D0%B0%D0%BD%D0%BA%D1%82/);
  await expect(partners(page)).toHaveCount(2);
  await page.getByLabel('Тип партнёра').selectOption('dealer');
  await expect(partners(page)).toHaveCount(1);
  await expect(partners(page).first()).toContainText('Автозвук на Комендантском');
  await expect(page.locator('.dealers__count')).toHaveText('Найден 1 партнёр');
  expect(await axe(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('with a maps key: the script is asked with the key and language, pins and a card', async ({ page, baseURL }) => {
  const requests = await fakeMaps(page, 'ok');
  const problems = watchConsole(page);
  await page.goto(tagsUrl(baseURL, '/map'));
  await hydrated(page);
  await expect(page.locator('.dealer-pin')).toHaveCount(MAIN_PARTNERS);
  const script = new URL(requests.find((u) => u.startsWith('https://api-maps.yandex.ru/'))!);
  expect(script.pathname).toBe('/v3/');
  expect(script.searchParams.get('apikey')).toBe(E2E_TAGS.maps.apiKey);
  expect(script.searchParams.get('lang')).toBe('ru_RU');
  expect(await page.evaluate(() => (window as unknown as { __imported: string }).__imported)).toBe('@yandex/ymaps3-clusterer');

  await page.getByRole('button', { name: 'Студия «Тишина», Центр установки' }).click();
  const card = page.locator('.dealer-card');
  await expect(card.getByRole('heading', { name: 'Студия «Тишина»' })).toBeVisible();
  await expect(card).toContainText('ул. Салова, 27');

  // Filtering redraws the pins; "show on the map" centres on a partner.
  await page.getByLabel('Тип партнёра').selectOption('distributor');
  await expect(page.locator('.dealer-pin')).toHaveCount(3);
  await expect(card).toHaveCount(0);
  await partners(page).first().getByRole('button', { name: 'Показать на карте' }).click();
  await expect(card).toBeVisible();
  expect(await axe(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test('a maps script that fails: the list and a short notice, nothing broken', async ({ page, baseURL }) => {
  await fakeMaps(page, 'fail');
  await page.goto(tagsUrl(baseURL, '/map?type=installer'));
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'Карту загрузить не удалось' })).toBeVisible();
  await expect(page.locator('.dealer-map')).toHaveCount(0);
  await expect(partners(page)).toHaveCount(6);
  await expect(partners(page).first().getByRole('button', { name: 'Показать на карте' })).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
});
