import type { LocaleMessages } from './types.ts';

/** English. Mirrors the keys of ru.ts. */
const en: LocaleMessages = {
  meta: { titleSuffix: 'TihoAvto — car sound deadening' },
  header: {
    home: 'TihoAvto home page',
    categories: 'Categories',
    cart: 'Cart',
    cartItems_one: '{{count}} item in cart',
    cartItems_other: '{{count}} items in cart',
    compare: 'Compare',
    compareItems_one: '{{count}} item in comparison',
    compareItems_other: '{{count}} items in comparison',
    personal: 'My account',
    language: 'Language',
  },
  footer: { support: 'Customer support', rights: 'All rights reserved' },
  home: {
    title: 'Car sound deadening: materials and ready-made kits',
    lead: 'Vibration dampers, sound absorbers, noise barriers and tools for DIY installation.',
    categories: 'Catalog',
  },
  category: {
    count_one: '{{count}} product',
    count_other: '{{count}} products',
    empty: 'There are no products in this category yet.',
  },
  product: { sku: 'SKU', notSold: 'Not available on this site', attributes: 'Specifications' },
  attr: {
    thickness_mm: 'Thickness, mm',
    sheet_area_m2: 'Sheet area, m²',
    mass_kg_m2: 'Weight, kg/m²',
    loss_factor: 'Loss factor',
    foil_um: 'Foil, µm',
    material: 'Material',
    adhesive: 'Adhesive layer',
    unit: 'Unit',
  },
  cart: {
    title: 'Cart',
    empty: 'Your cart is empty.',
    product: 'Product',
    price: 'Price',
    quantity: 'Quantity',
    sum: 'Amount',
    total: 'Total',
  },
  auth: {
    title: 'Sign in',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    failed: 'Incorrect email or password.',
    tooMany: 'Too many attempts. Please try again later.',
  },
  personal: { title: 'My account', history: 'Order history', logout: 'Sign out' },
  history: { title: 'Order history', empty: 'You have no orders yet.' },
  order: {
    title: 'Order No. {{id}}',
    date: 'Date',
    status: 'Status',
    total: 'Order total',
    success: 'Thank you! Your order has been placed.',
    fail: 'The order has not been paid. Please try paying again or choose another payment method.',
    statuses: { new: 'New', paid: 'Paid', shipped: 'Shipped', done: 'Completed', cancelled: 'Cancelled' },
  },
  colorMode: {
    label: 'Colour theme',
    system: 'System',
    light: 'Light',
    dark: 'Dark',
  },
  cookies: {
    label: 'Cookie notice',
    text: 'We use cookies. By continuing to use the site you accept the terms of use.',
    policy: 'Privacy policy',
    accept: 'I agree',
  },
  notFound: { title: 'Oops! Page not found!', home: 'Go to home page' },
  error: { title: 'Something went wrong', text: 'Please try reloading the page.', reload: 'Reload page' },
};

export default en;
