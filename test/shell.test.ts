/**
 * The shell around every page (spec §2 header and footer), as the server renders it: the menu with the spec's
 * labels in each language, the category dropdown (id 20 → the kits list), the counters and badge, the phone,
 * the footer links and contacts.
 */
import t from 'tap';
import { serverI18n } from '../server/platform/i18n.ts';
import { FOOTER_LINKS, KITS_PATH, MAIN_MENU } from '../shared/navigation.ts';
import { siteBrand } from '../shared/public-site.ts';
import type { Language } from '../shared/sites.ts';
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

/** The site's page address in a language: the prefix of every language but Russian. */
const home = (language: string) => (language === 'ru' ? '/' : `/${language}`);

t.test(
  "per-site truth: every site, in each of its languages, shows its configured phone, social links and its country's law",
  async (t) => {
    const app = await startTestApp(t);
    for (const site of app.config.sites.sites) {
      const host = site.id === 'ru' ? 'localhost' : `${site.id}.localhost`;
      for (const language of site.languages) {
        const at = `${site.id} ${language}`;
        const body = (await app.request({ url: home(language), host })).body;
        const brand = siteBrand(site, language);
        t.match(part(body, 'header'), `>${brand}</a>`, `${at}: the logo says ${brand}`);
        t.match(/<title>(.*?)<\/title>/.exec(body)?.[1], brand.split(/[ （]/)[0]!, `${at}: as the title writes it`);
        const tel = `tel:${site.phone.replace(/[^\d+]/g, '')}`;
        t.equal(anchor(part(body, 'header'), tel).text, site.phone, `${at}: the header phone is the site's`);
        const footer = part(body, 'footer');
        t.equal(anchor(footer, tel).text, site.phone, `${at}: the footer's the same`);
        t.equal(anchors(footer).filter((a) => a.href.startsWith('tel:')).length, 1, `${at}: no other phone in the footer`);
        const tl = serverI18n(language as Language).t;
        for (const link of site.social) {
          t.equal(anchor(footer, link.url).text, tl(`site.social.${link.network}`, { brand }), `${at}: ${link.network} labelled`);
        }
        const law = tl(`site.law.${site.country}`);
        t.not(law, `site.law.${site.country}`, `${at}: the law is translated`);
        t.match(footer, tl('site.policyLine', { law }).replace(/"/g, '&quot;'), `${at}: the policy line names ${site.country}'s law`);
        // The policy page the footer links to: this country's operator and law.
        const policyPath = `${home(language).replace(/\/$/, '')}/politika-konfidencialnosti`;
        t.equal(anchor(footer, policyPath).href, policyPath, `${at}: the footer links the site's policy`);
        const policy = await app.request({ url: policyPath, host });
        t.equal(policy.statusCode, 200, `${at}: ${policyPath}`);
        t.match(policy.body, site.requisites!.legalName.replace(/"/g, '&quot;'), `${at}: the policy names the site's operator`);
        const lawInPolicy = serverI18n(language === 'en' ? 'en' : 'ru').t(`site.law.${site.country}`);
        t.match(policy.body, lawInPolicy, `${at}: and its law`);
        const register = (await app.request({ url: `${home(language).replace(/\/$/, '')}/register`, host })).body;
        t.match(register, tl('site.consentLaw', { law }).replace(/"/g, '&quot;'), `${at}: registration's consent names it too`);
      }
    }
    const kk = part((await app.request({ url: '/kk', host: 'kz.localhost' })).body, 'footer');
    t.match(kk, 'Қазақстан Республикасының Заңына', 'kz in Kazakh: the law of Kazakhstan');
    t.notMatch(kk, '152', 'not the Russian one');
  },
);

t.test("an owner's headerPhone, footersocial and policy widgets replace what the config says (spec §2)", async (t) => {
  const app = await startTestApp(t);
  await app.db.query(
    `INSERT INTO widgets (code, site, html) VALUES ('headerPhone', 'md', $1), ('footersocial', 'md', $2), ('policy', 'md', $3)`,
    ['<a href="tel:+37379000000">079 000 000</a>', '<p>Наши страницы</p>', '<p>Своя политика</p>'],
  );
  app.services.invalidateCaches();
  const md = app.config.sites.sites.find((s) => s.id === 'md')!;
  const body = (await app.request({ url: '/', host: 'md.localhost' })).body;
  t.equal(anchor(part(body, 'header'), 'tel:+37379000000').text, '079 000 000', "the owner's phone in the header");
  const footer = part(body, 'footer');
  t.match(footer, 'Наши страницы');
  t.match(footer, 'Своя политика');
  t.equal(anchor(footer, md.social[0]!.url).href, `missing: ${md.social[0]!.url}`, 'the widget replaced the configured social links');
  const kz = (await app.request({ url: '/', host: 'kz.localhost' })).body;
  t.notMatch(kz, '079 000 000', "another site's widget stays there");
});
