/**
 * /account/confirm: confirms the address of the link this browser opened (a new account's, or a new e-mail's) with
 * one button — a form with the site token, so a mail scanner's visit changes nothing. Afterwards (?done=1): where next.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router-dom';
import type { loader } from '../../server/pages/account-confirm.ts';
import type { ActionResult } from '../../shared/contracts.ts';
import { PageHead } from '../components/PageHead.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormBasics, FormError, useFormState } from '../route-form.tsx';

const FORM_KEY = 'account-confirm';

export function Component() {
  const { t } = useTranslation();
  const { purpose, done, held, signedIn, link } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const state = useFormState(FORM_KEY, useActionData<ActionResult>(), navigation.state === 'submitting');
  const title = t(purpose === 'email' ? 'account.confirm.titleEmail' : 'account.confirm.title');
  const problem = !link ? 'none' : link.state === 'valid' ? null : link.state;
  return (
    <section className="account">
      <PageHead title={title} description={t('seo.accountConfirm')} noindex />
      <h1>{title}</h1>
      {done ? (
        <>
          <p role="status">{t(purpose === 'email' ? 'account.confirm.doneEmail' : 'account.confirm.done')}</p>
          {held && (
            <p>
              <Link to="/auth/forgot">{t('account.confirm.held')}</Link>
            </p>
          )}
          <p>
            <Link to={signedIn ? '/personal' : '/auth'} className="button">
              {t(signedIn ? 'account.confirm.toPersonal' : 'account.confirm.toSignIn')}
            </Link>
          </p>
        </>
      ) : problem ? (
        <p role="alert">{t(problem === 'none' ? 'account.confirm.none' : `account.reset.${problem}`)}</p>
      ) : (
        <Form method="post" className="form">
          <FormBasics formKey={FORM_KEY} next={null} />
          <input type="hidden" name="purpose" value={purpose} />
          <p>{t('account.confirm.prompt', { email: link?.email })}</p>
          {state.errors[''] && <FormError state={state} />}
          <button type="submit" className="button" disabled={state.pending}>
            {t('account.confirm.submit')}
          </button>
        </Form>
      )}
    </section>
  );
}
