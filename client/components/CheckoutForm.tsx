/**
 * The order form under the cart (issue 10, decision 022): contact details, buyer type (a company's ИНН and КПП),
 * delivery method as cards with their price and terms, the city (the city autocomplete), address or pickup point,
 * payment method, comment, the 152-FZ consent — and the totals, recomputed as the shopper chooses with the same rules
 * the server prices the order with (shared/delivery.ts). A route form: without JavaScript every section is shown and
 * the server sorts out what applies; once hydrated, only what the chosen method needs is shown. Errors stand beside
 * their fields (aria-describedby, aria-invalid) and the first one is focused; what was typed comes back with them.
 */

import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router-dom';
import type { loader } from '../../server/pages/cart.ts';
import { CHECKOUT_LIMITS, type CustomerType, offeredPayments } from '../../shared/checkout-fields.ts';
import { formatHours } from '../../shared/dealers.ts';
import { pointAddress, pointsIn, quoteDelivery, roundMoney } from '../../shared/delivery.ts';
import { formatMoney, formatNumber } from '../../shared/format.ts';
import { POLICY_PATH } from '../../shared/navigation.ts';
import { useBoot, useStoredRussian } from '../boot.ts';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';
import { type FormState, RouteForm } from '../route-form.tsx';
import { CityAutocomplete } from './CityAutocomplete.tsx';
import { Price } from './Price.tsx';

/** The cart page's data (server/pages/cart.ts). */
export type CartData = Awaited<ReturnType<typeof loader>>;
type Checkout = NonNullable<CartData['checkout']>;

/** The fields in the order they appear: the first with an error gets the focus. */
const FIELD_ORDER = [
  'name',
  'phone',
  'email',
  'customerType',
  'company',
  'inn',
  'kpp',
  'delivery',
  'city',
  'address',
  'point',
  'payment',
  'comment',
  'consent',
];
/** Refusals after which the page's data is stale (prices, stock, the cart): reload it to show the truth. */
const STALE = new Set(['checkout.priceChanged', 'checkout.stock', 'checkout.quantityCap', 'checkout.empty', 'checkout.staleForm']);

const fieldId = (name: string) => `checkout-${name}`;
const errorId = (name: string) => `checkout-${name}-error`;

export function CheckoutForm({ data, checkout }: { data: CartData; checkout: Checkout }) {
  return (
    // biome-ignore lint/correctness/useUniqueElementIds: one order form per page; #checkout is the address ?step=checkout#checkout scrolls to
    <section className="checkout" id="checkout" aria-labelledby="checkout-title">
      <RouteForm action="/cart" formKey="checkout" className="checkout__form">
        {(state) => <Fields data={data} checkout={checkout} state={state} />}
      </RouteForm>
    </section>
  );
}

function Fields({ data, checkout, state }: { data: CartData; checkout: Checkout; state: FormState }) {
  const { t } = useTranslation();
  const { site, token } = useShell();
  const { language } = useBoot();
  const { cart, currency } = data;
  const v = state.values;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const [customerType, setCustomerType] = useState<CustomerType>(v.customerType === 'legal' && checkout.legalEntities ? 'legal' : 'person');
  // A returning customer's first saved address is filled in; another one is a tap away (savedAddresses below).
  const [saved, setSaved] = useState(v.city === undefined ? checkout.savedAddresses[0] : undefined);
  const [city, setCity] = useState(v.city ?? saved?.city ?? '');
  const measure = { weightKg: cart.weightKg, subtotal: cart.goods, city };
  const quotes = useMemo(
    () => new Map(checkout.delivery.map((m) => [m.id, quoteDelivery(m, { weightKg: cart.weightKg, subtotal: cart.goods, city })])),
    [checkout.delivery, cart.weightKg, cart.goods, city],
  );
  const firstAvailable = checkout.delivery.find((m) => quotes.get(m.id)?.available)?.id ?? '';
  const [delivery, setDelivery] = useState(v.delivery ?? firstAvailable);
  const method = checkout.delivery.find((m) => m.id === delivery);
  const quote = method ? quotes.get(method.id) : undefined;
  const deliveryCost = quote?.available ? quote.cost : 0;
  const total = roundMoney(cart.goods + deliveryCost);
  const payments = offeredPayments(checkout.payment, { online: true, customerType });
  const [payment, setPayment] = useState(v.payment ?? checkout.payment.find((p) => !p.legalOnly)?.id ?? '');

  // After a refused submit: reload stale data, focus the first field in error (or the form's message).
  const { revalidate } = useRevalidator();
  const formMessage = useRef<HTMLDivElement>(null);
  const errors = state.errors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new outcome arrives; revalidate and pending are read then
  useEffect(() => {
    const keys = Object.keys(errors);
    if (keys.length === 0) return;
    if (errors[''] && STALE.has(errors['']) && !state.pending) void revalidate();
    const first = FIELD_ORDER.find((f) => errors[f]);
    const target = first ? document.getElementById(fieldId(first)) : formMessage.current;
    target?.focus();
  }, [errors]);

  const show = (visible: boolean) => !hydrated || visible;
  const err = (name: string) => errors[name];
  const inputProps = (name: string) => ({
    id: fieldId(name),
    name,
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': [err(name) ? errorId(name) : '', document_hint(name)].filter(Boolean).join(' ') || undefined,
  });
  const message = (key: string | undefined): string => {
    if (!key) return '';
    switch (key) {
      case 'checkout.phoneInvalid':
        return t(key, { example: checkout.phoneExample });
      case 'checkout.priceChanged':
        return t(key, { total: formatTotal(total) });
      case 'checkout.stock':
        return t(key, {
          lines: cart.lines
            .filter((l) => l.available !== null && l.quantity > l.available)
            .map((l) => t('checkout.stockLine', { title: l.sku.title, available: l.available }))
            .join('; '),
        });
      case 'checkout.quantityCap':
        return t(key, {
          max: checkout.maxUnitsPerProduct,
          lines: cart.lines
            .filter((l) => l.available !== null && l.quantity > checkout.maxUnitsPerProduct)
            .map((l) => l.sku.title)
            .join('; '),
        });
      case 'checkout.deliveryUnavailable':
        return t(key, { why: quote && !quote.available ? whyText(quote.reason, method) : '—' });
      default:
        return t(key);
    }
  };
  const formatTotal = (amount: number) => formatMoney(amount, currency, language);
  // The config's cities and pickup addresses are written in Russian: marked so on the other languages' pages.
  const storedLang = useStoredRussian();
  const whyText = (reason: string, m: Checkout['delivery'][number] | undefined) =>
    t(`checkout.unavailable.${reason}`, { kg: reason === 'tooLight' ? m?.minWeightKg : m?.maxWeightKg });
  const fieldError = (name: string) =>
    err(name) ? (
      <p className="form__error checkout__error" id={errorId(name)}>
        {message(err(name))}
      </p>
    ) : null;

  const pointMethods = checkout.delivery.filter((m) => m.needs === 'point');
  const needsAddress = method?.needs === 'address';
  const needsPoint = method?.needs === 'point';

  return (
    <>
      {/* biome-ignore lint/correctness/useUniqueElementIds: one order form per page; its ids are the fields' (focus after an error) */}
      <h2 id="checkout-title">{t('checkout.title')}</h2>
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="checkoutKey" value={checkout.key} />
      <input type="hidden" name="expectedGoods" value={cart.goods} />
      {/* Only once hydrated is the chosen delivery known here; without JavaScript the server checks the goods' sum. */}
      <input type="hidden" name="expectedTotal" value={hydrated ? total : ''} />

      <div ref={formMessage} tabIndex={-1} className="checkout__message" role={errors[''] ? 'alert' : undefined}>
        {errors[''] ? (
          <p className="form__error">{message(errors[''])}</p>
        ) : Object.keys(errors).length > 0 ? (
          <p className="form__error">{t('checkout.hasErrors')}</p>
        ) : null}
      </div>

      <fieldset className="checkout__group">
        <legend>{t('checkout.contact')}</legend>
        <Field label={t('checkout.name')} name="name" required error={fieldError('name')}>
          <input
            {...inputProps('name')}
            type="text"
            autoComplete="name"
            required
            maxLength={CHECKOUT_LIMITS.name}
            defaultValue={v.name ?? checkout.prefill.name}
          />
        </Field>
        <Field
          label={t('checkout.phone')}
          name="phone"
          required
          hint={t('checkout.phoneHint', { example: checkout.phoneExample })}
          error={fieldError('phone')}
        >
          <input
            {...inputProps('phone')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={CHECKOUT_LIMITS.phone}
            defaultValue={v.phone ?? checkout.prefill.phone}
          />
        </Field>
        <Field label={t('checkout.email')} name="email" required hint={t('checkout.emailHint')} error={fieldError('email')}>
          <input
            {...inputProps('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={CHECKOUT_LIMITS.email}
            defaultValue={v.email ?? checkout.prefill.email}
          />
        </Field>
      </fieldset>

      {checkout.legalEntities && (
        <fieldset className="checkout__group">
          <legend>{t('checkout.customerType')}</legend>
          <div className="checkout__choices checkout__choices--inline" id={fieldId('customerType')} tabIndex={-1}>
            {(['person', 'legal'] as const).map((type) => (
              <label key={type} className="checkout__choice">
                <input
                  type="radio"
                  name="customerType"
                  value={type}
                  checked={customerType === type}
                  onChange={() => setCustomerType(type)}
                />
                {t(`checkout.${type}`)}
              </label>
            ))}
          </div>
          {fieldError('customerType')}
          {show(customerType === 'legal') && (
            <div className="checkout__legal">
              <Field label={t('checkout.company')} name="company" required={hydrated} error={fieldError('company')}>
                <input
                  {...inputProps('company')}
                  type="text"
                  autoComplete="organization"
                  maxLength={CHECKOUT_LIMITS.company}
                  defaultValue={v.company ?? ''}
                  required={hydrated}
                />
              </Field>
              <Field label={t('checkout.inn')} name="inn" required={hydrated} error={fieldError('inn')}>
                <input
                  {...inputProps('inn')}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={12}
                  pattern="\d{10}|\d{12}"
                  defaultValue={v.inn ?? ''}
                  required={hydrated}
                />
              </Field>
              <Field label={t('checkout.kpp')} name="kpp" hint={t('checkout.kppHint')} error={fieldError('kpp')}>
                <input {...inputProps('kpp')} type="text" inputMode="numeric" autoComplete="off" maxLength={9} defaultValue={v.kpp ?? ''} />
              </Field>
            </div>
          )}
        </fieldset>
      )}

      <fieldset className="checkout__group">
        <legend>{t('checkout.deliveryLegend')}</legend>
        {checkout.savedAddresses.length > 0 && (
          <fieldset className="checkout__saved">
            <legend className="checkout__saved-label">{t('checkout.savedAddresses')}</legend>
            {checkout.savedAddresses.map((a) => (
              <button
                key={a.id}
                type="button"
                className="checkout__saved-address"
                aria-pressed={saved?.id === a.id}
                disabled={!hydrated}
                onClick={() => {
                  setSaved(a);
                  setCity(a.city);
                }}
              >
                {a.city}, {a.address}
              </button>
            ))}
          </fieldset>
        )}
        <div className="checkout__city">
          <CityAutocomplete
            // A chosen saved address refills the field.
            key={`city:${saved?.id ?? ''}`}
            id={fieldId('city')}
            token={token}
            domain={site.host}
            label={`${t('checkout.city')} *`}
            name="city"
            required
            defaultValue={v.city ?? saved?.city ?? ''}
            onText={setCity}
            onSelect={(c) => setCity(c.title)}
            invalid={!!err('city')}
            describedBy={[err('city') ? errorId('city') : '', 'checkout-city-hint'].filter(Boolean).join(' ')}
          />
          {/* biome-ignore lint/correctness/useUniqueElementIds: one order form per page */}
          <p className="checkout__hint" id="checkout-city-hint">
            {t('checkout.cityHint')}
          </p>
          {fieldError('city')}
        </div>
        <div className="checkout__choices checkout__cards" id={fieldId('delivery')} tabIndex={-1}>
          {checkout.delivery.map((m) => {
            const q = quotes.get(m.id)!;
            return (
              <label key={m.id} className={`checkout__card${q.available ? '' : ' checkout__card--off'}`}>
                <input
                  type="radio"
                  name="delivery"
                  value={m.id}
                  checked={delivery === m.id}
                  disabled={hydrated && !q.available}
                  onChange={() => setDelivery(m.id)}
                  aria-describedby={`checkout-delivery-${m.id}-terms`}
                />
                <span className="checkout__card-body">
                  <span className="checkout__card-title" lang={m.labelLang ?? undefined}>
                    {m.label}
                  </span>
                  <span className="checkout__card-price">
                    {q.available ? q.cost === 0 ? t('checkout.free') : <Price amount={q.cost} currency={currency} /> : whyText(q.reason, m)}
                  </span>
                  <span className="checkout__card-terms" id={`checkout-delivery-${m.id}-terms`}>
                    {[
                      m.terms && (
                        <span key="terms" lang={m.termsLang ?? undefined}>
                          {m.terms}
                        </span>
                      ),
                      m.price.type === 'free_above' && (
                        <span key="free">{t('site.offer.freeFrom', { threshold: formatTotal(m.price.threshold) })}</span>
                      ),
                      m.cities?.length && (
                        <span key="cities" lang={storedLang}>
                          {m.cities.join(', ')}
                        </span>
                      ),
                    ]
                      .filter(Boolean)
                      .flatMap((part, i) => (i === 0 ? [part] : [' · ', part]))}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {fieldError('delivery')}
        <p className="checkout__hint">{t('checkout.weight', { kg: formatNumber(cart.weightKg, language, 1) })}</p>
        {show(needsAddress) && (
          <Field
            label={t('checkout.address')}
            name="address"
            required={hydrated}
            hint={t('checkout.addressHint')}
            error={fieldError('address')}
          >
            <input
              {...inputProps('address')}
              key={`address:${saved?.id ?? ''}`}
              type="text"
              autoComplete="address-line1"
              maxLength={CHECKOUT_LIMITS.address}
              defaultValue={v.address ?? saved?.address ?? ''}
              required={hydrated && needsAddress}
            />
          </Field>
        )}
        {show(needsPoint) && pointMethods.length > 0 && (
          <Field label={t('checkout.point')} name="point" required={hydrated} error={fieldError('point')}>
            <select
              {...inputProps('point')}
              // A method with one point where the shopper is (the shop's own warehouse) has it chosen already.
              defaultValue={v.point ?? (hydrated && method && pointsIn(method, city).length === 1 ? pointsIn(method, city)[0]!.id : '')}
              required={hydrated && needsPoint}
              key={`${delivery}:${city}:${hydrated}`}
            >
              <option value="">{t('checkout.pointChoose')}</option>
              {(hydrated && method ? [method] : pointMethods).map((m) => (
                <optgroup key={m.id} label={m.label}>
                  {(hydrated ? pointsIn(m, city) : m.points).map((p) => (
                    <option key={p.id} value={p.id} lang={storedLang}>
                      {pointAddress(p)}
                      {p.hours ? ` (${formatHours(p.hours, language)})` : ''}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
        )}
      </fieldset>

      <fieldset className="checkout__group">
        <legend>{t('checkout.paymentLegend')}</legend>
        <div className="checkout__choices" id={fieldId('payment')} tabIndex={-1}>
          {(hydrated ? payments : checkout.payment).map((p) => (
            <label key={p.id} className="checkout__choice checkout__choice--block">
              <input type="radio" name="payment" value={p.id} checked={payment === p.id} onChange={() => setPayment(p.id)} />
              <span>
                {p.label}
                {p.terms && <span className="checkout__card-terms">{p.terms}</span>}
              </span>
            </label>
          ))}
        </div>
        {fieldError('payment')}
      </fieldset>

      <Field label={t('checkout.comment')} name="comment" error={fieldError('comment')}>
        <textarea {...inputProps('comment')} rows={3} maxLength={CHECKOUT_LIMITS.comment} defaultValue={v.comment ?? ''} />
      </Field>

      <div className="checkout__consent">
        <label>
          <input
            type="checkbox"
            name="consent"
            id={fieldId('consent')}
            required
            defaultChecked={v.consent === 'on'}
            aria-invalid={err('consent') ? true : undefined}
            aria-describedby={err('consent') ? errorId('consent') : undefined}
          />{' '}
          {t('checkout.consentBefore')}
          <Link to={POLICY_PATH} target="_blank" rel="noopener">
            {t('checkout.consentLink')}
          </Link>
          {t('checkout.consentAfter', { law: t(`site.law.${checkout.country}`) })}
        </label>
        {fieldError('consent')}
      </div>

      <dl className="checkout__totals" aria-live="polite">
        <dt>{t('checkout.goods')}</dt>
        <dd>
          <Price amount={cart.goods} currency={currency} />
        </dd>
        <dt>{t('checkout.delivery')}</dt>
        <dd>{!hydrated ? '—' : deliveryCost === 0 ? t('checkout.free') : <Price amount={deliveryCost} currency={currency} />}</dd>
        <dt className="checkout__total">{t('checkout.total')}</dt>
        <dd className="checkout__total" data-testid="checkout-total">
          {hydrated ? <Price amount={total} currency={currency} /> : <Price amount={cart.goods} currency={currency} />}
          {!hydrated && ` + ${t('checkout.delivery').toLowerCase()}`}
        </dd>
      </dl>
      {measure.weightKg > 0 && checkout.delivery.every((m) => !quotes.get(m.id)?.available) && (
        <p className="form__error">{t('checkout.noDelivery', { phone: site.phone })}</p>
      )}
      <button type="submit" className="button checkout__submit" disabled={state.pending}>
        {state.pending ? t('checkout.submitting') : t('checkout.submit')}
      </button>
    </>
  );
}

/** The id of a field's hint paragraph (Field renders it), for aria-describedby. */
function document_hint(name: string): string {
  return HINTED.has(name) ? `checkout-${name}-hint` : '';
}
const HINTED = new Set(['phone', 'email', 'kpp', 'address']);

function Field({
  label,
  name,
  required,
  hint,
  error,
  children,
}: {
  label: string;
  name: string;
  required?: boolean;
  hint?: string;
  error: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="checkout__field">
      <label htmlFor={fieldId(name)}>
        {label}
        {required && (
          <span className="checkout__required" title={t('checkout.required')}>
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p className="checkout__hint" id={`checkout-${name}-hint`}>
          {hint}
        </p>
      )}
      {error}
    </div>
  );
}
