/**
 * Spec §2/§4: a notice at the bottom that cookies are used, a link to the policy PDF and 'Согласен', which
 * stores cooky=1 for a year. The server knows the cookie, so an accepted banner is never rendered (no flash);
 * it floats over the page, so showing or hiding it shifts no layout.
 */
import { useState } from 'react';
import { CONSENT_COOKIE } from '../../shared/contracts.ts';
import { useTranslation } from '../i18n.tsx';

const YEAR_S = 365 * 24 * 3600;

export function CookieBanner({ accepted }: { accepted: boolean }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(accepted);
  if (hidden) return null;
  const accept = () => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=1; Max-Age=${YEAR_S}; Path=/; SameSite=Lax${secure}`;
    setHidden(true);
  };
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')}>
      <p>
        {t('cookies.text')}{' '}
        <a href="/docs/policy.pdf" target="_blank" rel="noopener">
          {t('cookies.policy')}
        </a>
      </p>
      <button type="button" className="button" onClick={accept}>
        {t('cookies.accept')}
      </button>
    </section>
  );
}
