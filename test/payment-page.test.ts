/**
 * The payment-and-delivery page says what the site's order form offers right now (issue 20 "per-site truth"): for every
 * site and each of its languages (generated from the sites config), the page lists exactly the form's payment and
 * delivery methods, with the form's labels — without an online payment provider (no card, no СБП) and with one.
 * A label the config has only in Russian is marked lang="ru" on a page in another language.
 */
import t, { type Test } from 'tap';
import { formatHours } from '../shared/dealers.ts';
import { pointAddress } from '../shared/delivery.ts';
import { type Language, pathForLanguage, type Site } from '../shared/sites.ts';
import { startTestApp, type TestApp, type Visitor } from './helpers/app.ts';
import { fakeYooKassaEnv, startFakeYooKassa } from './helpers/fake-yookassa.ts';

const hostOf = (site: Site) => (site.id === 'ru' ? 'localhost' : `${site.id}.localhost`);

interface Listed {
  id: string;
  label: string;
  lang: string | undefined;
}

/** The page's two generated lists (payment, then delivery): each method's id, label and the label's lang. */
function listedMethods(html: string): { payment: Listed[]; delivery: Listed[] } {
  const lists = html.split('<ul class="site-offer__list">').slice(1, 3);
  const items = (list: string) =>
    [...list.split('</ul>')[0]!.matchAll(/<li data-method="([^"]+)"><strong(?: lang="([^"]+)")?>(.*?)<\/strong>/g)].map(
      ([, id, lang, label]) => ({ id: id!, label: label!.replace(/&quot;/g, '"'), lang }),
    );
  return { payment: items(lists[0] ?? ''), delivery: items(lists[1] ?? '') };
}

/** The order form's methods for a visitor with a product in the cart, in `language`. */
async function formMethods(app: TestApp, v: Visitor, site: Site, language: string) {
  const host = hostOf(site);
  const res = await app.request({ url: `${`/_data${pathForLanguage('/cart', language as Language)}`}?_routes=cart`, as: v, host });
  const checkout = res.json().results.cart.data.checkout;
  return {
    payment: checkout.payment.map((m: { id: string; label: string }) => [m.id, m.label]),
    delivery: checkout.delivery.map((m: { id: string; label: string }) => [m.id, m.label]),
  };
}

async function checkEverySite(t: Test, app: TestApp, online: Record<string, boolean>) {
  for (const site of app.config.sites.sites) {
    const host = hostOf(site);
    const v = app.visitor();
    const [product] = await app.db.query<{ id: number }>(
      `SELECT product_id AS id FROM product_prices WHERE price_list = $1 AND amount > 0 ORDER BY product_id LIMIT 1`,
      [site.priceList],
    );
    const added = await app.submit({
      path: '/cart',
      fields: { intent: 'item', productId: product!.id, quantity: 1 },
      as: v,
      js: true,
      host,
    });
    t.equal(added.statusCode, 200, `${site.id}: a product in the cart`);
    for (const language of site.languages) {
      const at = `${site.id} ${language}`;
      const page = await app.request({ url: pathForLanguage('/oplata-i-vozvraty', language), host });
      t.equal(page.statusCode, 200, at);
      const listed = listedMethods(page.body);
      const form = await formMethods(app, v, site, language);
      t.same(
        listed.payment.map((m) => [m.id, m.label]),
        form.payment,
        `${at}: the payment methods of the order form, as it labels them`,
      );
      t.same(
        listed.delivery.map((m) => [m.id, m.label]),
        form.delivery,
        `${at}: its delivery methods`,
      );
      t.equal(
        listed.payment.some((m) => m.id === 'card'),
        online[site.id] === true,
        `${at}: card payment listed only while ${site.id} takes online payment`,
      );
      // The shop's own pickup points: the city written once, the hours in the page's language (never schema.org codes).
      for (const point of site.delivery.filter((m) => m.kind === 'pickup').flatMap((m) => m.points ?? [])) {
        const ruMark = language === 'ru' ? '' : ' lang="ru"';
        t.match(
          page.body,
          `<span${ruMark}>${pointAddress(point)}</span> · ${formatHours(point.hours!, language as Language)}`,
          `${at}: ${point.id}, its address marked Russian on another language's page`,
        );
      }
      t.notMatch(
        page.body.replace(/<script[^>]*>.*?<\/script>/gs, ''),
        /\b(?:Mo|Tu|We|Th|Fr|Sa|Su)-(?:Mo|Tu|We|Th|Fr|Sa|Su) \d/,
        `${at}: no raw opening-hours codes`,
      );
      for (const m of [...listed.payment, ...listed.delivery]) {
        const ownText = site.payment.find((p) => p.id === m.id)?.label ?? site.delivery.find((d) => d.id === m.id)?.label;
        const hasOwn = language === 'ru' || ownText?.[language as keyof typeof ownText] !== undefined;
        t.equal(m.lang, hasOwn ? undefined : 'ru', `${at}: ${m.id} marked lang="ru" only when it fell back to Russian`);
      }
    }
  }
}

t.test('without an online payment provider: no site lists card or СБП payment', async (t) => {
  const app = await startTestApp(t);
  await checkEverySite(t, app, {});
  const ru = (await app.request({ url: '/oplata-i-vozvraty' })).body;
  t.notMatch(ru, 'СБП', 'no promise of СБП');
  t.match(ru, 'Наличными или картой при получении');
});

t.test('with a provider for ru and kz: card (and СБП on ru) appear there, nowhere else', async (t) => {
  const fake = await startFakeYooKassa();
  t.teardown(() => fake.close());
  const app = await startTestApp(t, fakeYooKassaEnv(fake));
  await checkEverySite(t, app, { ru: true, kz: true });
  t.match((await app.request({ url: '/oplata-i-vozvraty' })).body, 'СБП по QR-коду');
});
