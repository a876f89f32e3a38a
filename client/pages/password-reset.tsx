/**
 * /auth/reset: the new password for the link this browser opened (the server dropped the secret from the address).
 * A link that is missing, expired or used says so and offers a new one.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router-dom';
import type { loader } from '../../server/pages/password-reset.ts';
import type { ActionResult } from '../../shared/contracts.ts';
import { PASSWORD_MIN_LENGTH } from '../../shared/password-rules.ts';
import { PageHead } from '../components/PageHead.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormBasics, FormError, useFormState } from '../route-form.tsx';

const FORM_KEY = 'password-reset';

export function Component() {
  const { t } = useTranslation();
  const { link } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const state = useFormState(FORM_KEY, useActionData<ActionResult>(), navigation.state === 'submitting');
  const problem = !link ? 'none' : link.state === 'valid' ? null : link.state;
  return (
    <section className="account">
      <PageHead title={t('account.reset.title')} description={t('seo.passwordReset')} noindex />
      <h1>{t('account.reset.title')}</h1>
      {problem ? (
        <>
          <p role="alert">{t(`account.reset.${problem}`)}</p>
          <p>
            <Link to="/auth/forgot">{t('account.reset.again')}</Link>
          </p>
        </>
      ) : (
        <Form method="post" className="form">
          <FormBasics formKey={FORM_KEY} next={null} />
          <p>{link?.email}</p>
          <PasswordField
            name="password"
            label={t('account.reset.password')}
            hint={t('account.register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            error={state.errors.password}
          />
          <p>{t('account.reset.note')}</p>
          {state.errors[''] && <FormError state={state} />}
          <button type="submit" className="button" disabled={state.pending}>
            {t('account.reset.submit')}
          </button>
        </Form>
      )}
    </section>
  );
}
