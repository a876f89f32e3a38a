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
