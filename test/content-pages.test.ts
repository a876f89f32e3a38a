/**
 * The content pages (issue 12, decision 027): every page answers on every site, unknown slugs and pages are the 404
 * page, a language without its own text falls back to Russian and says so, lists page and show dates in the site's
 * time zone, an article carries its table of contents, reading time, related products and articles, breadcrumbs
 * and structured data; /about has the site's contacts and requisites under #contacts.
 */
import t from 'tap';
import { parseContentFile } from '../server/content/content-files.ts';
import { demoSitesConfig } from '../server/platform/demo-sites.ts';
import { hydrationData, startTestApp } from './helpers/app.ts';

const app = await startTestApp(t);

const PAGES = [
  '/about',
  '/about_noise_insulation',
  '/about_noise_insulation/vibropogloshchenie',
  '/about_noise_insulation/shumopogloshchenie',
  '/about_noise_insulation/zvukoizolyaciya',
  '/news',
  '/news/vibro-premium-v-prodazhe',
  '/stati',
  '/stati/sloi-shumoizolyacii',
  '/stati/skolko-listov-nuzhno',
  '/stati/shumoizolyaciya-dverej',
  '/stati/skolko-vesit-shumoizolyaciya',
  '/stati/temperatura-montazha',
  '/stati/zhidkaya-shumoizolyaciya-arok',
  '/oplata-i-vozvraty',
  '/voprosy-i-otvety',
  '/otzyvy-i-predlojeniya',
  '/stat-partnerom',
  '/handmade',
];

/** JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
}

t.test('every content page answers 200 on every site and in every language, with its meta', async (t) => {
  // One assertion per site and language, listing each page that falls short and how.
  for (const site of demoSitesConfig.sites) {
    const host = site.aliases.find((a) => a.endsWith('localhost')) ?? site.host;
    for (const language of site.languages) {
      const prefix = language === 'ru' ? '' : `/${language}`;
      const problems: string[] = [];
      for (const path of PAGES) {
        const res = await app.request({ url: prefix + path, host });
        if (res.statusCode !== 200) {
          problems.push(`${prefix}${path}: status ${res.statusCode}`);
          continue;
        }
        if (!/<title>[^<]+ — [^<]+<\/title>/.test(res.body)) problems.push(`${prefix}${path}: no title`);
        if (!/<meta name="description" content="[^"]{20,}"/.test(res.body)) problems.push(`${prefix}${path}: no description`);
        if (!site.isTest && !/<link rel="canonical" href="https:\/\//.test(res.body)) problems.push(`${prefix}${path}: no canonical`);
        if (!jsonLd(res.body).some((d) => d['@type'] === 'BreadcrumbList')) problems.push(`${prefix}${path}: no breadcrumbs as JSON-LD`);
      }
      t.same(problems, [], `${host}, ${language}: all ${PAGES.length} pages answer 200 with their meta`);
    }
  }
});

t.test('unknown slugs and pages past the last are the 404 page with status 404', async (t) => {
  for (const path of [
    '/stati/no-such-article',
    '/news/no-such-news',
    '/about_noise_insulation/no-such-page',
    '/stati/%D1%8F',
    '/stati/UPPER',
    '/stati?page=2',
    '/news?page=99',
    '/otzyvy-i-predlojeniya?page=2',
    '/kk/stati',
  ]) {
    const res = await app.request({ url: path });
    t.equal(res.statusCode, 404, path);
    t.match(res.body, 'Упс! Страница не найдена!', `${path}: the 404 page`);
  }
  // A page number that is no number is page 1 (normalised, as the category listing does).
  t.equal((await app.request({ url: '/stati?page=abc' })).statusCode, 200);
});

t.test('an article: table of contents, reading time, gallery, related products and articles, JSON-LD Article', async (t) => {
  const res = await app.request({ url: '/stati/shumoizolyaciya-dverej' });
  t.equal(res.statusCode, 200);
  const html = res.body;
  t.match(html, /<nav class="content-toc"/, 'a table of contents');
  t.match(html, /<a href="#shag-1-snyat-obshivku">Шаг 1\. Снять обшивку<\/a>/, 'it links to the headings');
  t.match(html, /<h2 id="shag-1-snyat-obshivku">/, 'the headings carry the ids');
  t.match(html, /Чтение: \d+ мин/, 'the reading time');
  t.match(html, /data-gallery="gallery-article-shumoizolyaciya-dverej"/, 'the gallery items open the lightbox');
  t.match(html, /<img src="\/img\/content\/layers\.svg" alt="[^"]+" width="1200" height="675"/, 'body pictures have size and alt');
  t.match(html, /Вибро Стандарт 2\.2/, 'a related product');
  t.match(html, /href="\/stati\/sloi-shumoizolyacii"/, 'a related article');
  t.match(html, /<nav aria-label="[^"]+" class="breadcrumbs">/, 'breadcrumbs');
  const ld = jsonLd(html);
  const article = ld.find((d) => d['@type'] === 'Article');
  t.ok(article, 'JSON-LD Article');
  t.equal(article?.headline, 'Шумоизоляция дверей: пошагово');
  t.match(article?.datePublished, /^2026-03-03T06:00:00Z$/);
  const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList');
  t.same(
    crumbs?.itemListElement.map((i: any) => i.item),
    ['https://tihoavto.ru/', 'https://tihoavto.ru/stati', 'https://tihoavto.ru/stati/shumoizolyaciya-dverej'],
  );
  const news = jsonLd((await app.request({ url: '/news/komplekty-dlya-sedana' })).body);
  t.ok(
    news.some((d) => d['@type'] === 'NewsArticle'),
    'a news item is a NewsArticle',
  );
  const faq = jsonLd((await app.request({ url: '/voprosy-i-otvety' })).body).find((d) => d['@type'] === 'FAQPage');
  t.equal(faq?.mainEntity.length, 12, 'FAQPage with the twelve questions');
  t.equal(faq?.mainEntity[0].acceptedAnswer.text.includes('<'), false, 'answers as plain text');
});

t.test('another language falls back to Russian and says so; its own text is used when it exists', async (t) => {
  const en = await app.request({ url: '/en/stati/sloi-shumoizolyacii' });
  t.equal(en.statusCode, 200);
  t.match(en.body, 'shown in Russian', 'the notice in English');
  t.match(en.body, /<div class="content-body" lang="ru"/, 'the Russian body is marked as Russian');
  t.match(en.body, /href="\/en\/calc"|href="\/en\/stati\/skolko-listov-nuzhno"/, 'page links inside the body keep the language');
  t.match(en.body, /src="\/img\/content\/layers\.svg"/, 'pictures stay where they are');
  const about = await app.request({ url: '/en/about' });
  t.match(about.body, '<h1>About us</h1>', 'the English about page');
  t.notMatch(about.body, 'class="content-notice"', 'no notice when the text is in the language');
  const ru = await app.request({ url: '/stati/sloi-shumoizolyacii' });
  t.notMatch(ru.body, 'content-notice');
});

t.test('/about: contacts of the site under #contacts, requisites, JSON-LD Organization', async (t) => {
  for (const [host, phone, email, seller] of [
    ['localhost', '8 800 555-35-35', 'help@tihoavto.ru', 'ООО «ТихоАвто»'],
    ['kz.localhost', '+7 727 200-00-00', 'help@tihoavto.kz', 'ТОО «ТихоАвто Казахстан»'],
  ]) {
    const res = await app.request({ url: '/about', host });
    t.match(res.body, /<section id="contacts"/, `${host}: the #contacts target`);
    const contacts = res.body.slice(res.body.indexOf('id="contacts"'));
    t.match(contacts, phone!, `${host}: phone`);
    t.match(contacts, `mailto:${email}`, `${host}: e-mail`);
    t.match(contacts, seller!, `${host}: requisites`);
    const org = jsonLd(res.body).find((d) => d['@type'] === 'Organization');
    t.equal(org?.telephone, phone);
  }
});

t.test('payment and returns per country: the site’s own page, else the main one', async (t) => {
  const ru = await app.request({ url: '/oplata-i-vozvraty' });
  t.match(ru.body, 'в течение 7 дней', 'Russian return rules');
  t.match(ru.body, '3 месяцев');
  t.match(ru.body, 'в течение 10 дней');
  t.match((await app.request({ url: '/oplata-i-vozvraty', host: 'kz.localhost' })).body, 'Kaspi');
  t.match((await app.request({ url: '/oplata-i-vozvraty', host: 'uz.localhost' })).body, 'Payme');
  t.match((await app.request({ url: '/oplata-i-vozvraty', host: 'md.localhost' })).body, 'Paynet');
  t.match((await app.request({ url: '/oplata-i-vozvraty', host: 'kg.localhost' })).body, 'Элсом');
  t.match((await app.request({ url: '/oplata-i-vozvraty', host: 'test.localhost' })).body, '3 месяцев', 'the test site: the main text');
});

t.test('lists: newest first, dates in the site’s time zone, pages of ten', async (t) => {
  const first = await app.request({ url: '/news' });
  const order = [...first.body.matchAll(/href="\/news\/([a-z0-9-]+)"/g)].map((m) => m[1]);
  t.same(order.slice(0, 4), ['kalkulyator-shumoizolyacii', 'dostavka-sdek-kazahstan', 'vibro-premium-v-prodazhe', 'komplekty-dlya-sedana']);
  // Published 2026-03-24 at 00:30 Almaty (UTC+5): 23 March in Moscow, 24 March in Almaty.
  await app.db.query(`UPDATE content_entries SET published_at = '2026-03-23T19:30:00Z' WHERE slug = 'dostavka-sdek-kazahstan'`);
  app.services.invalidateCaches(); // an edit behind the service's back (content reads are cached)
  t.match((await app.request({ url: '/news' })).body, /<time dateTime="2026-03-23">23 марта 2026/);
  t.match((await app.request({ url: '/news', host: 'kz.localhost' })).body, /<time dateTime="2026-03-24">24 марта 2026/);
  t.match((await app.request({ url: '/en/news' })).body, /March 23, 2026/, 'in the visitor’s language');

  // Eleven more items: two pages.
  for (let i = 0; i < 11; i++) {
    await app.services.content.save(
      parseContentFile(
        `---\nkind: news\nslug: extra-${i}\ntitle: Новость ${i}\ndate: 2025-01-${String(i + 1).padStart(2, '0')}\n---\nТекст.\n`,
        'x',
      ),
    );
  }
  const page1 = await app.request({ url: '/news' });
  t.equal([...page1.body.matchAll(/<li class="teaser">/g)].length, 10, 'ten on the first page');
  t.match(page1.body, /rel="next" href="\/news\?page=2"/);
  const page2 = await app.request({ url: '/news?page=2' });
  t.equal(page2.statusCode, 200);
  t.equal([...page2.body.matchAll(/<li class="teaser">/g)].length, 5);
  t.match(page2.body, /<link rel="canonical" href="https:\/\/tihoavto\.ru\/news\?page=2"/);
  t.equal((await app.request({ url: '/news?page=3' })).statusCode, 404);
  // A future or unpublished item is not listed and has no page.
  await app.services.content.save(parseContentFile(`---\nkind: news\nslug: future\ntitle: Скоро\ndate: 2099-01-01\n---\nТекст.\n`, 'x'));
  await app.services.content.save(parseContentFile(`---\nkind: news\nslug: draft\ntitle: Черновик\npublished: false\n---\nТекст.\n`, 'x'));
  t.equal((await app.request({ url: '/news/future' })).statusCode, 404);
  t.equal((await app.request({ url: '/news/draft' })).statusCode, 404);
});

t.test('a site’s own entry wins over the all-sites one; client navigation gets the same data', async (t) => {
  await app.services.content.save(
    parseContentFile(`---\nkind: article\nslug: sloi-shumoizolyacii\nsite: kz\ntitle: Слои (Казахстан)\n---\nТекст для Казахстана.\n`, 'x'),
  );
  t.match((await app.request({ url: '/stati/sloi-shumoizolyacii', host: 'kz.localhost' })).body, 'Слои (Казахстан)');
  t.notMatch((await app.request({ url: '/stati/sloi-shumoizolyacii' })).body, 'Слои (Казахстан)');
  const data = await app.request({ url: '/_data/stati/sloi-shumoizolyacii?_routes=article', host: 'kz.localhost' });
  t.equal(data.statusCode, 200);
  t.equal(JSON.parse(data.body).results.article.data.entry.title, 'Слои (Казахстан)');
  const page = hydrationData((await app.request({ url: '/stati/sloi-shumoizolyacii' })).body);
  t.equal(page.loaderData.article.entry.minutes, 2, 'reading time from the word count');
});

t.test('the /en shop reads its most visited pages in English, without the fallback notice', async (t) => {
  const english = {
    '/en/about_noise_insulation': 'About sound deadening',
    '/en/about_noise_insulation/vibropogloshchenie': 'Vibration damping',
    '/en/about_noise_insulation/shumopogloshchenie': 'Sound absorption',
    '/en/about_noise_insulation/zvukoizolyaciya': 'Sound insulation and barriers',
    '/en/oplata-i-vozvraty': 'Payment and returns',
  };
  for (const [url, title] of Object.entries(english)) {
    const res = await app.request({ url });
    t.equal(res.statusCode, 200, url);
    t.match(res.body, `<h1>${title}</h1>`, `${url}: the English title`);
    t.notMatch(res.body, 'class="content-notice"', `${url}: no "shown in Russian" notice`);
    t.match(res.body, /<div class="content-body" lang="en"/, `${url}: the body is English`);
  }
  // A table scrolls sideways on a phone: it takes focus so a keyboard can scroll it (axe: scrollable-region-focusable).
  t.match((await app.request({ url: '/en/about_noise_insulation/vibropogloshchenie' })).body, '<table tabindex="0">');
  const section = (await app.request({ url: '/en/about_noise_insulation' })).body;
  t.match(
    section,
    /href="\/en\/about_noise_insulation\/zvukoizolyaciya"[^>]*>Sound insulation and barriers<\/a>/,
    'sub-pages listed in English',
  );
  const sub = (await app.request({ url: '/en/about_noise_insulation/vibropogloshchenie' })).body;
  t.match(sub, '>About sound deadening</a>', 'the breadcrumb names the English section');
  const faq = (await app.request({ url: '/en/voprosy-i-otvety' })).body;
  t.notMatch(faq, 'class="content-notice"');
  t.equal([...faq.matchAll(/<details[^>]* lang="en"/g)].length, 12, 'twelve English questions');
  const ld = jsonLd(faq).find((d) => d['@type'] === 'FAQPage');
  t.equal(ld?.mainEntity[0].name, 'In what order do the layers go?');
  // Russian stays Russian; a language without texts still falls back.
  t.match((await app.request({ url: '/voprosy-i-otvety' })).body, 'В каком порядке клеить слои?');
  const untranslated = (await app.request({ url: '/tr/handmade' })).body;
  t.match(untranslated, 'class="content-notice"');
  t.match(untranslated, /<h1 lang="ru">/, 'the Russian title is marked as Russian');
  t.match(untranslated, /<span aria-current="page" lang="ru">/, 'and so is its breadcrumb');
});

t.test('every site reads its info pages and FAQ in each of its languages (issue 20 item 2)', async (t) => {
  const info = [
    '/about',
    '/about_noise_insulation',
    '/about_noise_insulation/vibropogloshchenie',
    '/about_noise_insulation/shumopogloshchenie',
    '/about_noise_insulation/zvukoizolyaciya',
    '/oplata-i-vozvraty',
  ];
  for (const site of demoSitesConfig.sites) {
    const host = site.aliases.find((a) => a.endsWith('localhost')) ?? site.host;
    for (const language of site.languages.filter((l) => l !== 'ru')) {
      const problems: string[] = [];
      for (const path of info) {
        const body = (await app.request({ url: `/${language}${path}`, host })).body;
        if (body.includes('class="content-notice"')) problems.push(`${path}: shown in Russian`);
        if (!body.includes(`<div class="content-body" lang="${language}"`)) problems.push(`${path}: the body is not in ${language}`);
        if (/<h1 lang=/.test(body)) problems.push(`${path}: the title is marked as another language`);
      }
      const faq = (await app.request({ url: `/${language}/voprosy-i-otvety`, host })).body;
      const questions = [...faq.matchAll(new RegExp(`<details[^>]* lang="${language}"`, 'g'))].length;
      if (questions !== 12) problems.push(`FAQ: ${questions} of 12 questions in ${language}`);
      t.same(problems, [], `${host} ${language}: the info pages and the FAQ`);
    }
  }
});
