import { Form, Link, useLoaderData } from 'react-router-dom';
import type { loader } from '../../server/pages/personal.ts';
import { PageHead } from '../components/PageHead.tsx';
import { useTranslation } from '../i18n.tsx';
import { FormBasics } from '../route-form.tsx';

export function Component() {
  const { t } = useTranslation();
  const { user } = useLoaderData<typeof loader>();
  return (
    <section className="personal">
      <PageHead title={t('personal.title')} description={t('seo.personal')} noindex />
      <h1>{t('personal.title')}</h1>
      <p>
        {user.name && <strong>{user.name}</strong>} {user.email}
      </p>
      <ul>
        <li>
          <Link to="/history">{t('personal.history')}</Link>
        </li>
      </ul>
      {/* This route's action signs out; the same with or without JavaScript. */}
      <Form method="post">
        <FormBasics formKey="personal:sign-out" />
        <button type="submit" className="button button--secondary">
          {t('personal.logout')}
        </button>
      </Form>
    </section>
  );
}
