/**
 * Product cards (client/components/ProductTile.tsx) as every grid shows them — the category listing, /materials
 * (with its ready kits), a product page's related products and the /search page: picture and name in one link, the
 * site's price, the stock state and a 'В корзину' form that posts one unit (a kit: its lines) to the cart route's
 * action. A product the site does not sell says so and has no form. Without JavaScript the form is a plain post that
 * comes back to the page it was sent from, with the cart changed and the card saying so.
 */
import t, { type Test } from 'tap';
import { FLASH_COOKIE } from '../shared/contracts.ts';
import { formatMoney } from '../shared/format.ts';
import { KITS_CATEGORY_ID } from '../shared/navigation.ts';
import { hydrationData, setCookies, startTestApp, type TestApp, type Visitor } from './helpers/app.ts';

const app: TestApp = await startTestApp(t);

const STOCK_TEXT = { in_stock: 'В наличии', on_order: 'Под заказ' } as const;

const decode = (s: string) =>
  s.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** One card of a page, read from its markup. */
interface Card {
  html: string;
  /** The one link's address, and what it holds: the picture and the title. */
  href: string;
  title: string;
  linkHasPicture: boolean;
  price: string | null;
  stock: string | null;
  note: string | null;
  /** The 'В корзину' form: its action, its hidden fields, its button's label and its status text. */
  buy: { action: string; fields: Record<string, string>; label: string; status: string } | null;
  compare: boolean;
}

function cardsIn(html: string): Card[] {
  return [...html.matchAll(/<li class="product-card">(.*?)<\/li>/gs)].map(([whole, inner]) => {
    const link = /<a class="product-card__link" href="([^"]*)"[^>]*>(.*?)<\/a>/s.exec(inner!);
    const form = /<form class="product-card__buy"[^>]*action="([^"]*)" method="post">(.*?)<\/form>/s.exec(inner!);
    return {
      html: whole,
      href: decode(link?.[1] ?? ''),
      title: decode(/<span class="product-card__title">([^<]*)<\/span>/.exec(link?.[2] ?? '')?.[1] ?? ''),
      linkHasPicture: /<img /.test(link?.[2] ?? '') || /content-placeholder/.test(link?.[2] ?? ''),
      price: /<span class="price">([^<]*)<\/span>/.exec(inner!)?.[1] ?? null,
      stock: /<span class="product-card__stock[^"]*">([^<]*)<\/span>/.exec(inner!)?.[1] ?? null,
      note: /<p class="product-card__note">([^<]*)<\/p>/.exec(inner!)?.[1] ?? null,
      buy: form
        ? {
            action: form[1]!,
            fields: Object.fromEntries(
              [...form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, decode(m[2]!)]),
            ),
            label: decode(/<button type="submit"[^>]*aria-label="([^"]*)"/.exec(form[2]!)?.[1] ?? ''),
            status: /<span role="status" class="product-card__status[^"]*">([^<]*)<\/span>/.exec(form[2]!)?.[1] ?? '',
          }
        : null,
      compare: inner!.includes('class="compare-toggle"'),
    };
  });
}

/** The site's offers by product address: id, price (null: not sold there) and stock. */
async function offers(priceList: string) {
  const rows = await app.db.query<{ url: string; id: number; sku: string; price: number | null; stock: number }>(
    `SELECT '/' || c.slug || '/' || o.slug AS url, o.id, o.sku, CASE WHEN o.sold THEN o.price::float8 END AS price, o.stock
       FROM site_offers o JOIN categories c ON c.id = o.category_id
      WHERE o.price_list = $1 AND o.active`,
    [priceList],
  );
  return new Map(rows.map((r) => [r.url, r]));
}

const get = (url: string, as: Visitor, host?: string) => app.request({ url, as, host });

/** The cart as the spec's API reads it (count of lines, each line's quantity). */
const cart = async (v: Visitor, host?: string) =>
  (await app.request({ url: `/api/shop/cart?token=${encodeURIComponent(v.token)}`, as: v, host })).json().data as {
    count: number;
    currency: string;
    cart: Array<{ sku: { id: number; code: string }; quantity: number }>;
  };

/**
 * Every card is a product of the site, shown as the site offers it: one link with picture and title, the price in
 * the site's currency, the stock state, and a form posting intent=item, its productId, quantity=1 and the token.
 */
async function checkProductCards(
  t: Test,
  cards: Card[],
  v: Visitor,
  { priceList, currency, next, where }: { priceList: string; currency: string; next: string; where: string },
) {
  const byUrl = await offers(priceList);
  t.ok(cards.length > 0, `${where}: cards`);
  for (const card of cards) {
    const offer = byUrl.get(card.href);
    if (!offer) {
      t.fail(`${where}: ${card.href} is no product of the site`);
      continue;
    }
    const name = `${where}: ${card.title}`;
    t.ok(card.title.length > 0 && card.linkHasPicture, `${name}: the picture and the title in one link`);
    t.ok(card.compare, `${name}: the compare toggle`);
    if (offer.price === null) {
      t.equal(card.buy, null, `${name}: not sold here, no cart form`);
      continue;
    }
    t.equal(card.price, formatMoney(offer.price, currency, 'ru'), `${name}: the site's price`);
    t.equal(card.stock, STOCK_TEXT[offer.stock > 0 ? 'in_stock' : 'on_order'], `${name}: the stock state (${offer.stock})`);
    t.ok(card.buy, `${name}: a cart form`);
    if (!card.buy) continue;
    t.equal(card.buy.action, '/cart', `${name}: posts to the cart's action`);
    t.match(
      card.buy.fields,
      { intent: 'item', productId: String(offer.id), quantity: '1', token: v.token, next },
      `${name}: one unit of product ${offer.id}, with the site token, back to ${next}`,
    );
    t.equal(card.buy.label, `В корзину: ${card.title}`, `${name}: the button names the product`);
    t.equal(card.buy.status, '', `${name}: nothing added yet`);
  }
}

t.test('the category page: every card can be put in the cart', async (t) => {
  const v = app.visitor();
  const res = await get('/vibroizolyaciya', v);
  t.equal(res.statusCode, 200);
  const cards = cardsIn(res.body);
  t.equal(cards.length, hydrationData(res.body).loaderData.category.products.length, 'one card a listed product');
  await checkProductCards(t, cards, v, { priceList: 'ru', currency: 'RUB', next: '/vibroizolyaciya', where: 'category' });
  const stocks = new Set(cards.map((c) => c.stock));
  t.ok(stocks.has('В наличии') && stocks.has('Под заказ'), 'both stock states are shown (Вибро Премиум is made to order)');
  t.equal(cards.find((c) => c.title === 'Вибро Премиум 2.5')?.stock, 'Под заказ', 'stock 0: made to order');

  // A filtered page comes back to itself, filters and all.
  const filtered = await get('/vibroizolyaciya?sort=price_asc', v);
  t.equal(cardsIn(filtered.body)[0]?.buy?.fields.next, '/vibroizolyaciya?sort=price_asc', 'the next field keeps the query');
});

t.test('/materials: product cards add the product, the kits section’s cards add the kit', async (t) => {
  const v = app.visitor();
  const res = await get('/materials', v);
  t.equal(res.statusCode, 200);
  const sections = res.body.split('<section class="materials-section"').slice(1);
  const kitSection = sections.find((s) => s.startsWith(` aria-labelledby="materials-${KITS_CATEGORY_ID}"`));
  const productSections = sections.filter((s) => s !== kitSection);
  t.ok(kitSection, 'a kits section');
  t.ok(productSections.length >= 7, 'a section for each product category');
  await checkProductCards(t, productSections.flatMap(cardsIn), v, {
    priceList: 'ru',
    currency: 'RUB',
    next: '/materials',
    where: 'materials',
  });

  const kits = cardsIn(kitSection ?? '');
  t.ok(kits.length > 0, 'kit cards');
  const known = new Map(
    (
      await app.db.query<{ slug: string; items: number }>(
        `SELECT k.slug, count(*)::int AS items FROM kits k JOIN kit_items i ON i.kit_id = k.id GROUP BY k.slug`,
      )
    ).map((r) => [r.slug, r.items]),
  );
  for (const kit of kits) {
    const slug = kit.href.split('/').pop()!;
    t.ok(known.has(slug), `${kit.title}: a kit of the shop (${slug})`);
    t.match(kit.href, /^\/komplekty-sumoizoliacii\//, `${kit.title}: links to the kit's page`);
    t.ok(kit.price?.endsWith('₽'), `${kit.title}: its price`);
    t.equal(kit.stock, null, `${kit.title}: no one stock state for a kit`);
    t.notOk(kit.compare, `${kit.title}: kits are not compared`);
    const { _form, ...fields } = kit.buy?.fields ?? {};
    t.strictSame(
      fields,
      { token: v.token, next: '/materials', intent: 'kit', slug },
      `${kit.title}: posts intent=kit with its slug, no productId or quantity`,
    );
  }

  // Without JavaScript the kit's form adds all its lines and comes back to /materials.
  const [first] = kits;
  if (first?.buy) {
    const { token, ...fields } = first.buy.fields;
    const posted = await app.submit({ path: first.buy.action, fields, token, as: v, js: false });
    t.equal(posted.statusCode, 303);
    t.equal(posted.headers.location, '/materials');
    const slug = first.buy.fields.slug!;
    t.equal((await cart(v)).count, known.get(slug), `the cart holds the kit's ${known.get(slug)} lines`);
  }
});

t.test('a product page’s related products', async (t) => {
  const v = app.visitor();
  const res = await get('/vibroizolyaciya/vibro-standart-2-2', v);
  t.equal(res.statusCode, 200);
  const related = res.body.slice(res.body.indexOf('class="related"'));
  t.ok(res.body.includes('class="related"'), 'a related section');
  const cards = cardsIn(related);
  t.ok(cards.length > 0);
  t.notOk(
    cards.some((c) => c.href === '/vibroizolyaciya/vibro-standart-2-2'),
    'the product itself is not among them',
  );
  await checkProductCards(t, cards, v, {
    priceList: 'ru',
    currency: 'RUB',
    next: '/vibroizolyaciya/vibro-standart-2-2',
    where: 'related',
  });
});

t.test('/search: the results are cards that can be put in the cart, with the snippet', async (t) => {
  const v = app.visitor();
  const res = await get(`/search?q=${encodeURIComponent('вибро')}`, v);
  t.equal(res.statusCode, 200);
  t.match(res.body, '<ul class="product-grid search-results">');
  const cards = cardsIn(res.body);
  const { results } = hydrationData(res.body).loaderData.search;
  t.strictSame(
    cards.map((c) => c.href),
    results.map((r: { url: string }) => r.url),
    'one card a result, in the search’s order',
  );
  t.ok(
    cards.every((c) => c.note !== null),
    'each with its snippet',
  );
  await checkProductCards(t, cards, v, {
    priceList: 'ru',
    currency: 'RUB',
    next: '/search?q=%D0%B2%D0%B8%D0%B1%D1%80%D0%BE',
    where: 'search',
  });
});

t.test('on another site: its prices in ₸, and a product it does not sell has no cart form', async (t) => {
  await app.db.query(
    `DELETE FROM product_prices WHERE price_list = 'kz' AND product_id = (SELECT id FROM products WHERE sku = 'VIB-OPT-30')`,
  );
  app.services.invalidateCaches();
  t.teardown(async () => {
    await app.db.query(
      `INSERT INTO product_prices (product_id, price_list, amount) SELECT id, 'kz', 2740 FROM products WHERE sku = 'VIB-OPT-30'`,
    );
    app.services.invalidateCaches();
  });
  const v = app.visitor();
  for (const [url, next] of [
    ['/vibroizolyaciya', '/vibroizolyaciya'],
    [`/search?q=${encodeURIComponent('вибро')}`, '/search?q=%D0%B2%D0%B8%D0%B1%D1%80%D0%BE'],
  ] as const) {
    const res = await get(url, v, 'kz.localhost');
    t.equal(res.statusCode, 200, `kz ${url}`);
    const cards = cardsIn(res.body);
    await checkProductCards(t, cards, v, { priceList: 'kz', currency: 'KZT', next, where: `kz ${url}` });
    const priced = cards.filter((c) => c.buy);
    t.ok(priced.length >= 5 && priced.every((c) => c.price?.endsWith('\u00a0₸')), `kz ${url}: prices in tenge`);
    t.notOk(res.body.includes('₽'), `kz ${url}: no rouble price`);
    const unsold = cards.find((c) => c.title === 'Вибро Оптима 3.0');
    t.ok(unsold, `kz ${url}: the unpriced product is listed`);
    t.equal(unsold?.buy, null, `kz ${url}: without a cart form`);
    t.equal(unsold?.price, null, `kz ${url}: without a price`);
    t.equal(unsold?.stock, null, `kz ${url}: without a stock state`);
    t.match(unsold?.html, 'Нет в продаже на этом сайте', `kz ${url}: it says it is not sold here`);
  }
});

t.test('without JavaScript: the card’s form adds one unit and comes back to the category page', async (t) => {
  const v = app.visitor();
  const page = await get('/vibroizolyaciya?sort=price_asc', v);
  const card = cardsIn(page.body).find((c) => c.title === 'Вибро Оптима 3.0')!;
  t.ok(card?.buy, 'the card has its form');
  const { token, ...fields } = card.buy!.fields;
  const post = () => app.submit({ path: card.buy!.action, fields, token, as: v, js: false });

  const first = await post();
  t.equal(first.statusCode, 303, 'a plain post is answered 303');
  t.equal(first.headers.location, '/vibroizolyaciya?sort=price_asc', 'back to the category page it was sent from');
  let lines = (await cart(v)).cart;
  t.equal(lines.length, 1);
  t.match(lines[0], { sku: { id: Number(fields.productId), code: 'VIB-OPT-30' }, quantity: 1 }, 'the cart holds 1 unit');

  // The page it comes back to: the header counts the line, the card says it was added (the flash), no other card does.
  const back = await app.request({
    url: first.headers.location as string,
    headers: { cookie: `${v.cookie}; ${FLASH_COOKIE}=${setCookies(first)[FLASH_COOKIE]}` },
  });
  t.equal(back.statusCode, 200);
  t.equal(hydrationData(back.body).loaderData.root.cartCount, 1, 'the header counts it');
  const after = cardsIn(back.body);
  t.not(after.find((c) => c.title === 'Вибро Оптима 3.0')?.buy, null, 'the card still offers its form');
  t.equal(after.find((c) => c.title === 'Вибро Оптима 3.0')?.buy?.status, 'Товар добавлен в корзину.', 'and says it was added');
  t.strictSame(
    after.filter((c) => c.title !== 'Вибро Оптима 3.0').map((c) => c.buy?.status ?? ''),
    after.filter((c) => c.title !== 'Вибро Оптима 3.0').map(() => ''),
    'the other cards say nothing',
  );

  t.equal((await post()).statusCode, 303);
  lines = (await cart(v)).cart;
  t.equal(lines.length, 1, 'still one line');
  t.equal(lines[0]?.quantity, 2, 'posting twice: 2 units');

  // A foreign token is refused: the form's token is what makes the post count.
  const refused = await app.submit({ path: '/cart', fields, token: app.visitor().token, as: v, js: false });
  t.equal(refused.statusCode, 403);
  t.equal((await cart(v)).cart[0]?.quantity, 2, 'unchanged');
});

t.test('with JavaScript: the same form through the fetcher answers ok, and the cart counts it', async (t) => {
  const v = app.visitor();
  const card = cardsIn((await get('/vibroizolyaciya', v)).body)[0]!;
  const { token, ...fields } = card.buy!.fields;
  const res = await app.submit({ path: '/cart', fields, token, as: v, js: true });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { results: { cart: { data: { ok: true }, status: 200 } } });
  t.equal((await cart(v)).cart[0]?.quantity, 1);
});
