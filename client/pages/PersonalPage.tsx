import { Link, useLoaderData, useRouteLoaderData } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../../server/loaders.ts';
import type { ShellData } from '../Root.tsx';
import { PageTitle } from '../components/PageTitle.tsx';

export function Component() {
  const { t } = useTranslation();
  const { user } = useLoaderData() as LoaderData<'personal'>;
  const { token } = useRouteLoaderData('root') as ShellData;
  return (
    <section className="personal">
      <PageTitle>{t('personal.title')}</PageTitle>
      <h1>{t('personal.title')}</h1>
      <p>
        {user.name && <strong>{user.name}</strong>} {user.email}
      </p>
      <ul>
        <li>
          <Link to="/history">{t('personal.history')}</Link>
        </li>
      </ul>
      {/* A plain form: logging out works the same with or without JavaScript. */}
      <form method="post" action="/api/auth/logout">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--secondary">
          {t('personal.logout')}
        </button>
      </form>
    </section>
  );
}
