import { orderAt, type TestApp, type Visitor } from './app.ts';

/** The order form as a shopper fills it on the main site: pickup in Moscow, cash, consent given. */
export const PICKUP_ORDER = {
  intent: 'checkout',
  name: 'Пётр Иванов',
  phone: '+7 916 123-45-67',
  email: 'petr@example.ru',
  delivery: 'pickup',
  city: 'Москва',
  point: 'msk-warehouse',
  payment: 'cash',
  consent: 'on',
} as const satisfies Record<string, string>;

let orders = 0;

/** Places an order through the checkout on the main site (pickup in Moscow, cash) of `quantity` units of `sku`. */
export async function placeOrder(
  app: TestApp,
  v: Visitor,
  email: string,
  sku = 'VIB-STD-22',
  quantity = 1,
): Promise<{ id: number; number: string }> {
  const [product] = await app.db.query<{ id: number }>('SELECT id FROM products WHERE sku = $1', [sku]);
  // Each order from its own address: the checkout's per-address limit is not what these tests are about.
  const ip = `198.19.${Math.floor(++orders / 250)}.${(orders % 250) + 1}`;
  await app.submit({ path: '/cart', as: v, js: true, ip, fields: { intent: 'item', productId: product!.id, quantity, mode: 'add' } });
  const data = (await app.request({ url: '/_data/cart?_routes=cart', as: v })).json().results.cart.data;
  const placed = await app.submit({
    path: '/cart',
    as: v,
    js: true,
    ip,
    fields: {
      intent: 'checkout',
      _form: 'checkout',
      checkoutKey: data.checkout.key,
      expectedGoods: String(data.cart.goods),
      name: 'Анна Петрова',
      phone: '8 (916) 123-45-67',
      email,
      customerType: 'person',
      delivery: 'pickup',
      point: 'msk-warehouse',
      city: 'Москва',
      payment: 'cash',
      consent: 'on',
    },
  });
  const redirect = placed.json().redirect;
  if (!/^\/cart\/success\/\d{4}-\d{4}$/.test(redirect ?? '')) throw new Error(`not placed: ${placed.body}`);
  return orderAt(app, redirect);
}
