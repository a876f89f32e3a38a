/**
 * /auth: signing in. A router <Form> to this route's action: without JavaScript a plain POST answered by a 303 (to
 * `next`, or back here with the error kept in a flash); hydrated, the router posts it and follows the redirect, and
 * the shell (token, counters) revalidates. Errors show beside the form; the e-mail typed is kept.
 */
import { useId } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router-dom';
import type { loader } from '../../server/pages/auth.ts';
import type { ActionResult } from '../../shared/contracts.ts';
import { PageHead } from '../components/PageHead.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormBasics, FormError, useFormState } from '../route-form.tsx';

const FORM_KEY = 'auth:sign-in';

export function Component() {
  const { t } = useTranslation();
  const { next, sites } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const state = useFormState(FORM_KEY, useActionData<ActionResult>(), navigation.state === 'submitting');
  const emailError = state.errors.email;
  const emailErrorId = useId();

  return (
    <section className="auth">
      <PageHead title={t('auth.title')} description={t('seo.auth')} noindex />
      <h1>{t('auth.title')}</h1>
      <Form method="post" className="form" noValidate={false}>
        {/* Where to go once signed in: the ?next= this page was opened with (a local path, checked on the server). */}
        <FormBasics formKey={FORM_KEY} next={next} />
        <label>
          {t('auth.email')}
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={state.values.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? emailErrorId : undefined}
          />
        </label>
        {emailError && (
          <p id={emailErrorId} role="alert" className="form__error">
            {t(emailError)}
          </p>
        )}
        <label>
          {t('auth.password')}
          <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
        </label>
        {!emailError && <FormError state={state} />}
        <button type="submit" className="button" disabled={state.pending}>
          {t('auth.submit')}
        </button>
      </Form>
      <p>
        <Link to="/auth/forgot">{t('account.forgot.link')}</Link>
      </p>
      <p>
        {t('account.register.noAccount')}{' '}
        <Link to={next ? `/register?next=${encodeURIComponent(next)}` : '/register'}>{t('account.register.create')}</Link>
      </p>
      <p className="account__note">{t('account.shared', { sites: sites.join(', ') })}</p>
    </section>
  );
}
