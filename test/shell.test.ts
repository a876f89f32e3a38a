/**
 * The shell around every page (spec §2 header and footer), as the server renders it: the menu with the spec's
 * labels in each language, the category dropdown (id 20 → the kits list), the counters and badge, the phone,
 * the footer links and contacts.
 */
import t from 'tap';
import { FOOTER_LINKS, KITS_PATH, MAIN_MENU } from '../shared/navigation.ts';
import { startTestApp } from './helpers/app.ts';

/** The <header> … </header> and <footer> … </footer> parts of a page. */
function part(html: string, tag: 'header' | 'footer'): string {
  const start = html.indexOf(`<${tag} `);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}

interface Anchor {
  href: string;
  label: string | undefined;
  text: string;
}

/** Every <a> of an HTML fragment: its href, aria-label and text (tags stripped), in document order. */
function anchors(html: string): Anchor[] {
  return [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/gs)].map(([, attrs, inner]) => ({
    href: /\bhref="([^"]*)"/.exec(attrs!)?.[1] ?? '',
    label: /\baria-label="([^"]*)"/.exec(attrs!)?.[1],
    text: inner!.replace(/<[^>]+>/g, '').trim(),
  }));
}

/** The first anchor to `href`, or a failing placeholder. */
function anchor(html: string, href: string): Anchor {
  return anchors(html).find((a) => a.href === href) ?? { href: 'missing: ' + href, label: undefined, text: '' };
}

const RU_MENU = ['Калькулятор', 'Конструктор', 'Каталог', 'Монтаж', 'Полезные материалы', 'Стать партнёром', 'Где купить'];
const RU_FOOTER = ['О компании', 'О шумоизоляции', 'Новости', 'Оплата', 'Написать нам', 'Контакты', 'Вопрос-ответ'];

t.test('the header menu has the spec links and Russian labels, in order', async (t) => {
  const app = await startTestApp(t);
  const header = part((await app.request({ url: '/' })).body, 'header');
  const menu = anchors(header.slice(header.indexOf('class="site-nav"'))).filter((a) => MAIN_MENU.some((m) => m.path === a.href));
  t.same(
    menu.map((a) => [a.href, a.text]),
    MAIN_MENU.map((m, i) => [m.path, RU_MENU[i]]),
    'each menu link once, in order, with its Russian label',
  );
  t.equal(anchor(header, '/compare').label, '0 товаров в сравнении', 'compare icon with its counter as a label');
  t.equal(anchor(header, '/personal').label, 'Личный кабинет');
  t.equal(anchor(header, '/cart').label, 'Корзина');
  t.match(header, 'aria-expanded="false"', 'the mobile menu starts closed');
});

t.test('the category dropdown links each category to its url, and category 20 to the kits list', async (t) => {
  const app = await startTestApp(t);
  // Give the kits category another slug: its menu entry must still lead to the named kits route.
  await app.db.query(`UPDATE categories SET slug = 'nabory' WHERE id = 20`);
  const header = part((await app.request({ url: '/' })).body, 'header');
  const submenu = header.slice(header.indexOf('site-nav__submenu'));
  const categories = await app.db.query<{ id: number; slug: string; title: string }>(
    'SELECT id, slug, title FROM categories ORDER BY sort, id',
  );
  t.ok(categories.length >= 8);
  for (const c of categories) {
    const href = c.id === 20 ? KITS_PATH : `/${c.slug}`;
    t.equal(anchor(submenu, href).text, c.title, `${c.title} → ${href}`);
  }
  t.notMatch(submenu, 'href="/nabory"', 'the kits category does not link to its own slug');
});

t.test('menu and footer labels follow the page language', async (t) => {
  const app = await startTestApp(t);
  const en = (await app.request({ url: '/en' })).body;
  t.equal(anchor(part(en, 'header'), '/en/calc').text, 'Calculator');
  t.equal(anchor(part(en, 'header'), '/en/materials').text, 'Catalogue');
  t.equal(anchor(part(en, 'footer'), '/en/about#contacts').text, 'Contacts');
  const kk = (await app.request({ url: '/kk', host: 'kz.localhost' })).body;
  t.equal(anchor(part(kk, 'header'), '/kk/map').text, 'Қайдан сатып алуға болады');
  t.equal(anchor(part(kk, 'footer'), '/kk/voprosy-i-otvety').text, 'Сұрақ-жауап');
});

t.test('the footer has the spec links, the support phone and e-mail of the site', async (t) => {
  const app = await startTestApp(t);
  const footer = part((await app.request({ url: '/' })).body, 'footer');
  t.same(
    anchors(footer)
      .filter((a) => FOOTER_LINKS.some((l) => l.path === a.href))
      .map((a) => [a.href, a.text]),
    FOOTER_LINKS.map((l, i) => [l.path, RU_FOOTER[i]]),
  );
  const ru = app.config.sites.sites.find((s) => s.id === 'ru')!;
  t.match(footer, `href="mailto:${ru.email}"`);
  t.equal(anchor(footer, `tel:${ru.phone.replace(/[^\d+]/g, '')}`).text, ru.phone);
  const kzSite = app.config.sites.sites.find((s) => s.id === 'kz')!;
  const kz = part((await app.request({ url: '/', host: 'kz.localhost' })).body, 'footer');
  t.match(kz, `href="mailto:${kzSite.email}"`, 'each site shows its own contacts');
});

t.test('the phone: the headerPhone widget when given, else the site phone', async (t) => {
  const app = await startTestApp(t);
  const withWidget = part((await app.request({ url: '/' })).body, 'header');
  t.equal(anchor(withWidget, 'tel:+78005553535').text, '8 800 555-35-35', 'the widget HTML');
  await app.db.query(`DELETE FROM widgets WHERE code = 'headerPhone'`);
  app.services.invalidateCaches();
  const ru = app.config.sites.sites.find((s) => s.id === 'ru')!;
  const without = part((await app.request({ url: '/' })).body, 'header');
  t.equal(anchor(without, `tel:${ru.phone.replace(/[^\d+]/g, '')}`).text, ru.phone, 'the site phone');
  t.equal(anchor(without, 'tel:+78005553535').href, 'missing: tel:+78005553535', 'no widget phone any more');
});
