/** /auth/forgot: the e-mail to send a reset link to; every address gets the same "on its way" answer (?sent=1). */
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router-dom';
import type { loader } from '../../server/pages/password-forgot.ts';
import type { ActionResult } from '../../shared/contracts.ts';
import { Field } from '../components/AccountField.tsx';
import { DemoInboxLink } from '../components/DemoInboxLink.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormBasics, FormError, useFormState } from '../route-form.tsx';

const FORM_KEY = 'password-forgot';

export function Component() {
  const { t } = useTranslation();
  const { sent } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const state = useFormState(FORM_KEY, useActionData<ActionResult>(), navigation.state === 'submitting');
  return (
    <section className="account">
      <PageHead title={t('account.forgot.title')} description={t('seo.passwordForgot')} noindex />
      <h1>{t('account.forgot.title')}</h1>
      {sent ? (
        <>
          <p role="status">{t('account.forgot.sent')}</p>
          <DemoInboxLink />
          <p>
            <Link to="/auth">{t('account.register.signIn')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('account.forgot.intro')}</p>
          <Form method="post" className="form">
            <FormBasics formKey={FORM_KEY} next={null} />
            <Field
              label={t('auth.email')}
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={254}
              defaultValue={state.values.email}
              error={state.errors.email}
            />
            {state.errors[''] && <FormError state={state} />}
            <button type="submit" className="button" disabled={state.pending}>
              {t('account.forgot.submit')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
