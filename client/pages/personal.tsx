/**
 * /personal: the account (docs/decisions/026-accounts.md). Each section is a fetcher form to this route's action with
 * its own `intent` and field errors (RouteForm: works without JavaScript too). Says that the account is one for all
 * regional sites, while addresses (and orders, records) are this site's.
 */
import { useId } from 'react';
import { Form, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/personal.ts';
import { PASSWORD_MIN_LENGTH } from '../../shared/password-rules.ts';
import { Checkbox, Field, FieldError } from '../components/AccountField.tsx';
import { ACCOUNT_SECTIONS, AccountLayout } from '../components/AccountNav.tsx';
import { CityAutocomplete } from '../components/CityAutocomplete.tsx';
import { DemoInboxLink } from '../components/DemoInboxLink.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';
import { FormBasics, FormError, type FormState, RouteForm } from '../route-form.tsx';

export function Component() {
  const { t } = useTranslation();
  const { account, addresses, sites } = useLoaderData<typeof loader>();
  return (
    <AccountLayout current="personal">
      <section className="personal account">
        <PageHead title={t('personal.title')} description={t('seo.personal')} noindex />
        <h1>{t('personal.title')}</h1>
        <p>
          {account.name && <strong>{account.name}</strong>} {account.email}
        </p>
        <p className="account__note">{t('account.shared', { sites: sites.join(', ') })}</p>
        {!account.confirmed && (
          <RouteForm action="/personal" formKey="personal:resend" className="account__notice">
            {(state) => (
              <>
                <input type="hidden" name="intent" value="resend" />
                <span>{t('account.personal.unconfirmed')}</span>{' '}
                <button type="submit" className="button button--secondary" disabled={state.pending}>
                  {t('account.personal.resend')}
                </button>
                {state.done && <span role="status"> {t('account.personal.resent')}</span>} <DemoInboxLink inline />
              </>
            )}
          </RouteForm>
        )}
        <h2 id={ACCOUNT_SECTIONS.profile}>{t('account.personal.profile')}</h2>
        <RouteForm action="/personal" formKey="personal:profile" className="form">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="profile" />
              <Field
                label={t('account.register.name')}
                name="name"
                autoComplete="name"
                required
                maxLength={100}
                defaultValue={state.values.name ?? account.name}
                error={state.errors.name}
              />
              <Field
                label={t('account.register.phone')}
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={40}
                defaultValue={state.values.phone ?? account.phone ?? ''}
                hint={t('account.register.phoneHint')}
                error={state.errors.phone}
              />
              <Saved state={state} text={t('account.personal.saved')} />
              <button type="submit" className="button" disabled={state.pending}>
                {t('account.personal.save')}
              </button>
            </>
          )}
        </RouteForm>

        <h2>{t('account.personal.emailTitle')}</h2>
        <RouteForm action="/personal" formKey="personal:email" className="form">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="email" />
              <p>{t('account.personal.currentEmail', { email: account.email })}</p>
              <Field
                label={t('account.personal.newEmail')}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={state.values.email}
                error={state.errors.email}
              />
              <Field
                label={t('account.personal.currentPassword')}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={1000}
                error={state.errors.password}
              />
              <Saved state={state} text={t('account.personal.emailSent')} />
              {state.done && <DemoInboxLink />}
              <button type="submit" className="button" disabled={state.pending}>
                {t('account.personal.emailSubmit')}
              </button>
            </>
          )}
        </RouteForm>

        <h2 id={ACCOUNT_SECTIONS.security}>{t('account.personal.passwordTitle')}</h2>
        <RouteForm action="/personal" formKey="personal:password" className="form">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="password" />
              <input type="hidden" name="username" autoComplete="username" value={account.email} />
              <Field
                label={t('account.personal.currentPassword')}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={1000}
                error={state.errors.password}
              />
              <PasswordField
                name="newPassword"
                label={t('account.personal.newPassword')}
                hint={t('account.register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
                error={state.errors.newPassword}
                userInputs={[account.name, account.email]}
              />
              <Saved state={state} text={t('account.personal.passwordChanged')} />
              <button type="submit" className="button" disabled={state.pending}>
                {t('account.personal.passwordSubmit')}
              </button>
            </>
          )}
        </RouteForm>

        <h2 id={ACCOUNT_SECTIONS.addresses}>{t('account.personal.addresses')}</h2>
        {addresses.length === 0 ? (
          <p>{t('account.personal.noAddresses')}</p>
        ) : (
          <ul className="account__addresses">
            {addresses.map((a) => {
              const text = [a.postcode, a.city, a.address].filter(Boolean).join(', ');
              return (
                <li key={a.id}>
                  <span>{text}</span>{' '}
                  <RouteForm action="/personal" formKey={`personal:address:${a.id}`} className="inline-form">
                    {(state) => (
                      <>
                        <input type="hidden" name="intent" value="removeAddress" />
                        <input type="hidden" name="id" value={a.id} />
                        <button
                          type="submit"
                          className="button button--secondary"
                          disabled={state.pending}
                          aria-label={t('account.personal.removeAddress', { address: text })}
                        >
                          ×
                        </button>
                      </>
                    )}
                  </RouteForm>
                </li>
              );
            })}
          </ul>
        )}
        <RouteForm action="/personal" formKey="personal:addAddress" className="form">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="addAddress" />
              <CityField state={state} />
              <Field
                label={t('account.personal.address')}
                name="address"
                autoComplete="address-line1"
                required
                maxLength={300}
                defaultValue={state.values.address}
                error={state.errors.address}
              />
              <Field
                label={t('account.personal.postcode')}
                name="postcode"
                autoComplete="postal-code"
                maxLength={12}
                defaultValue={state.values.postcode}
                error={state.errors.postcode}
              />
              {state.errors[''] && <FormError state={state} />}
              <button type="submit" className="button" disabled={state.pending}>
                {t('account.personal.addAddress')}
              </button>
            </>
          )}
        </RouteForm>

        <h2>{t('account.personal.marketingTitle')}</h2>
        <RouteForm action="/personal" formKey="personal:marketing" className="form">
          {(state) => (
            <>
              <input type="hidden" name="intent" value="marketing" />
              <Checkbox label={t('account.personal.marketing')} name="marketing" defaultChecked={account.marketing} />
              <Saved state={state} text={t('account.personal.saved')} />
              <button type="submit" className="button" disabled={state.pending}>
                {t('account.personal.save')}
              </button>
            </>
          )}
        </RouteForm>

        <h2>{t('account.personal.sessions')}</h2>
        <div className="account__sessions">
          {/* Signing out leaves the page: a router <Form> (the action redirects), the same with or without JavaScript. */}
          <Form method="post">
            <FormBasics formKey="personal:sign-out" />
            <button type="submit" className="button button--secondary">
              {t('personal.logout')}
            </button>
          </Form>
          <Form method="post">
            <FormBasics formKey="personal:sign-out-all" />
            <input type="hidden" name="intent" value="logoutAll" />
            <button type="submit" className="button button--secondary">
              {t('account.personal.logoutAll')}
            </button>
          </Form>
        </div>

        <h2>{t('account.personal.deleteTitle')}</h2>
        <p>{t('account.personal.deleteNote')}</p>
        <DeleteAccount />
      </section>
    </AccountLayout>
  );
}

/** The address book's city: the same suggestions as the region overlay and the order form (the shop's city list). */
function CityField({ state }: { state: FormState }) {
  const { t } = useTranslation();
  const { site, token } = useShell();
  const errorId = useId();
  return (
    <div className="field">
      <CityAutocomplete
        token={token}
        domain={site.host}
        label={t('account.personal.city')}
        name="city"
        required
        defaultValue={state.values.city}
        invalid={!!state.errors.city}
        {...(state.errors.city ? { describedBy: errorId } : {})}
        onSelect={() => {}}
      />
      <FieldError id={errorId} error={state.errors.city} />
    </div>
  );
}

function Saved({ state, text }: { state: { done: boolean }; text: string }) {
  return state.done ? <p role="status">{text}</p> : null;
}

/** Deleting the account: the action answers with a redirect home, which the fetcher follows (a plain post: 303). */
function DeleteAccount() {
  const { t } = useTranslation();
  return (
    <RouteForm action="/personal" formKey="personal:delete" className="form">
      {(state) => (
        <>
          <input type="hidden" name="intent" value="delete" />
          <Field
            label={t('account.personal.currentPassword')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1000}
            error={state.errors.password}
          />
          <Checkbox label={t('account.personal.deleteSure')} name="sure" required error={state.errors.sure} />
          <button type="submit" className="button button--danger" disabled={state.pending}>
            {t('account.personal.deleteSubmit')}
          </button>
        </>
      )}
    </RouteForm>
  );
}
