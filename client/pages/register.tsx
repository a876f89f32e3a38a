/**
 * /register: a router <Form> to this route's action (with or without JavaScript). After sending, every visitor —
 * new address or taken — sees "check your mail" (?sent=1). The password's strength is shown as it is typed
 * (PasswordField loads the estimator on the first keystroke). The honeypot field is off-screen and out of the
 * accessibility tree; people never fill it.
 */

import { useState } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router-dom';
import type { loader } from '../../server/pages/register.ts';
import type { ActionResult } from '../../shared/contracts.ts';
import { POLICY_PATH } from '../../shared/navigation.ts';
import { PASSWORD_MIN_LENGTH } from '../../shared/password-rules.ts';
import { Checkbox, Field } from '../components/AccountField.tsx';
import { DemoInboxLink } from '../components/DemoInboxLink.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { useTranslation } from '../i18n.tsx';
import { useShell } from '../loader-data.ts';
import { FormBasics, FormError, useFormState } from '../route-form.tsx';

const FORM_KEY = 'register';

export function Component() {
  const { t } = useTranslation();
  const shell = useShell();
  const { sent, next, sites } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const state = useFormState(FORM_KEY, useActionData<ActionResult>(), navigation.state === 'submitting');
  const [name, setName] = useState(state.values.name ?? '');
  const [email, setEmail] = useState(state.values.email ?? '');
  const { errors, values } = state;

  if (sent) {
    return (
      <section className="account">
        <PageHead title={t('account.register.sentTitle')} description={t('seo.register')} noindex />
        <h1>{t('account.register.sentTitle')}</h1>
        <p role="status">{t('account.register.sent')}</p>
        <DemoInboxLink />
        <p>{t('account.register.sentSignIn')}</p>
        <p>
          <Link to="/auth" className="button">
            {t('account.register.signIn')}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="account">
      <PageHead title={t('account.register.title')} description={t('seo.register')} noindex />
      <h1>{t('account.register.title')}</h1>
      <p className="account__note">{t('account.shared', { sites: sites.join(', ') })}</p>
      <Form method="post" className="form">
        <FormBasics formKey={FORM_KEY} next={next} />
        <Field
          label={t('account.register.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={values.name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <Field
          label={t('account.register.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values.email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <Field
          label={t('account.register.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={40}
          defaultValue={values.phone}
          hint={t('account.register.phoneHint')}
          error={errors.phone}
        />
        <PasswordField
          name="password"
          label={t('account.register.password')}
          hint={t('account.register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={errors.password}
          userInputs={[name, email]}
        />
        <Checkbox
          label={t('account.register.consent')}
          name="consent"
          required
          defaultChecked={values.consent === 'on'}
          error={errors.consent}
        >
          {' '}
          <Link to={POLICY_PATH} target="_blank" rel="noopener">
            {t('account.register.consentLink')}
          </Link>
          {t('site.consentLaw', { law: t(`site.law.${shell.site.country}`) })}
        </Checkbox>
        <Checkbox label={t('account.register.marketing')} name="marketing" defaultChecked={values.marketing === 'on'} />
        {/* The honeypot: off-screen, skipped by keyboard and screen readers. */}
        <div className="honeypot" aria-hidden="true">
          <label>
            {t('account.register.honeypot')}
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        {errors[''] && <FormError state={{ ...state, errors: { '': errors[''] } }} />}
        <button type="submit" className="button" disabled={state.pending}>
          {t('account.register.submit')}
        </button>
      </Form>
      <p>
        {t('account.register.haveAccount')}{' '}
        <Link to={next ? `/auth?next=${encodeURIComponent(next)}` : '/auth'}>{t('account.register.signIn')}</Link>
      </p>
    </section>
  );
}
