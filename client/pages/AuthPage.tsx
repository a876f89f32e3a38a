/**
 * Login. The form works without JavaScript (a normal POST; the server answers with a redirect) and, when
 * hydrated, posts JSON and shows errors in place.
 */
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRouteLoaderData } from 'react-router-dom';
import { useTranslation } from '../i18n.tsx';
import type { LoaderData } from '../../server/loaders.ts';
import type { ShellData } from '../Root.tsx';
import { useBoot } from '../boot.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { apiPost } from '../api.ts';

export function Component() {
  const { t } = useTranslation();
  const { next, failed } = useLoaderData() as LoaderData<'auth'>;
  const { token } = useRouteLoaderData('root') as ShellData;
  const { basename } = useBoot();
  const [error, setError] = useState<string | null>(failed ? t(failed === 'limit' ? 'auth.tooMany' : 'auth.failed') : null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const answer = await apiPost('/api/auth/login', { email: form.get('email'), password: form.get('password') }, token);
    setBusy(false);
    if (answer.ok) {
      // A full load: signing in changes the whole shell (counters, guards), and `next` is a full local path.
      window.location.assign(next ?? `${basename === '/' ? '' : basename}/personal`);
    } else {
      setError(answer.status === 429 ? t('auth.tooMany') : t('auth.failed'));
    }
  }

  return (
    <section className="auth">
      <PageTitle>{t('auth.title')}</PageTitle>
      <h1>{t('auth.title')}</h1>
      <form method="post" action="/api/auth/login" onSubmit={onSubmit} className="form">
        <input type="hidden" name="token" value={token} />
        {next && <input type="hidden" name="next" value={next} />}
        <label>
          {t('auth.email')}
          <input name="email" type="email" autoComplete="username" required maxLength={254} />
        </label>
        <label>
          {t('auth.password')}
          <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
        </label>
        {error && (
          <p role="alert" className="form__error">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t('auth.submit')}
        </button>
      </form>
    </section>
  );
}
