/**
 * The site's third-party tags (spec §1), each present only when the site configures it (shared/sites-config.ts):
 * web analytics (server-rendered snippet, hits on client navigations), the chat widget's scripts (only the
 * addresses the server allowed) and the visitor-tracking script, both loaded after hydration when the browser
 * is idle. The maps script is not here: pages that show a map call loadMapsApi() (./maps.ts).
 * Analytics and the visitor tracker follow the visitor: they start only once cookies are accepted (152-FZ,
 * decision 025); the chat and maps serve what the visitor asks for and need no consent.
 */
import { useEffect } from 'react';
import type { PublicTags } from '../../shared/public-site.ts';
import { trackerUrl } from '../../shared/third-party.ts';
import { useOptionalShell } from '../loader-data.ts';
import { Analytics } from './Analytics.tsx';
import { useCookieConsent } from './consent.ts';
import { loadScript, whenIdle } from './load-script.ts';

export function ThirdPartyTags() {
  const shell = useOptionalShell();
  const tags = shell?.site.tags;
  const consentOnLoad = shell?.cookieConsent ?? false;
  const consent = useCookieConsent(consentOnLoad);
  useChatScripts(shell?.chatScripts ?? []);
  useTracker(consent ? tags?.tracker : undefined);
  return tags?.analytics && shell ? (
    <Analytics counterId={tags.analytics.counterId} currency={shell.site.currency} consentOnLoad={consentOnLoad} />
  ) : null;
}

function useChatScripts(sources: string[]) {
  const key = sources.join(' ');
  useEffect(() => {
    if (!key) return;
    return whenIdle(() => {
      for (const src of key.split(' ')) loadScript(src).catch((err) => console.warn(String(err)));
    });
  }, [key]);
}

/** Loaded once per page load, given the referrer and the page address (query parameters and data-* attributes). */
function useTracker(tracker: PublicTags['tracker']) {
  const config = tracker ? JSON.stringify(tracker) : '';
  // Runs once per document (the config does not change): later navigations are counted by the analytics tag.
  useEffect(() => {
    if (!config) return;
    return whenIdle(() => {
      const referrer = document.referrer;
      const page = window.location.href;
      loadScript(trackerUrl(JSON.parse(config), referrer, page), { data: { referrer, url: page } }).catch((err) =>
        console.warn(String(err)),
      );
    });
  }, [config]);
}
