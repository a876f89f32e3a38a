/** The error boundary of every page: the spec's not-found page for 404s, a short apology for anything else. */
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import { PageHead } from './PageHead.tsx';

export function NotFoundView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="not-found">
      <PageHead title={t('notFound.title')} description={t('seo.notFound')} noindex />
      <h1>{t('notFound.title')}</h1>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      {/* Navigating away clears the route error (spec §2: the button clears the error and goes to /). */}
      <button type="button" className="button" onClick={() => navigate('/')}>
        {t('notFound.home')}
      </button>
    </section>
  );
}

export function PageErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (typeof document !== 'undefined') console.error(error);
  return (
    <section className="page-error">
      <PageHead title={t('error.title')} description={t('error.text')} noindex />
      <h1>{t('error.title')}</h1>
      <p>{t('error.text')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </section>
  );
}
