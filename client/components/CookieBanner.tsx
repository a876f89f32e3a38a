/**
 * Spec §2/§4: a notice at the bottom that cookies are used, a link to the policy PDF and 'Согласен', which
 * stores cooky=1 for a year. The server knows the cookie, so an accepted banner is never rendered (no flash);
 * it floats over the page, so showing or hiding it shifts no layout. Accepting also starts the site's web
 * analytics at once (client/third-party/consent.ts, decision 025); on a site with a counter the notice says so.
 */
import { POLICY_PDF } from '../../shared/navigation.ts';
import { useTranslation } from '../i18n.tsx';
import { acceptCookies, useCookieConsent } from '../third-party/consent.ts';

export function CookieBanner({ accepted, analytics }: { accepted: boolean; analytics: boolean }) {
  const { t } = useTranslation();
  const consent = useCookieConsent(accepted);
  if (consent) return null;
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')}>
      <p>
        {t('cookies.text')} {analytics && <>{t('consent.analytics', { accept: t('cookies.accept') })} </>}
        <a href={POLICY_PDF} target="_blank" rel="noopener">
          {t('cookies.policy')}
        </a>
      </p>
      <button type="button" className="button" onClick={acceptCookies}>
        {t('cookies.accept')}
      </button>
    </section>
  );
}
