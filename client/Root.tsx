/** The root route: the document and the shell around every page. */
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLoaderData, useRouteError } from 'react-router-dom';
import type { loader } from '../server/pages/root.ts';
import { useBoot } from './boot.ts';
import { useApplyForcedColorMode, useForcedColorMode } from './color-mode.tsx';
import { CookieBanner } from './components/CookieBanner.tsx';
import { Footer } from './components/Footer.tsx';
import { GalleryHost } from './components/GalleryHost.tsx';
import { Header } from './components/Header.tsx';
import { NavigationProgress, useNavigationBusy } from './components/NavigationProgress.tsx';
import { SeoLinks } from './components/SeoLinks.tsx';
import { Document } from './Document.tsx';
import { translateValidity } from './form-validity.ts';
import { useTranslation } from './i18n.tsx';
import { ThirdPartyTags } from './third-party/ThirdPartyTags.tsx';

export function Root() {
  const shell = useLoaderData<typeof loader>();
  const { language } = useBoot();
  const forcedColorMode = useForcedColorMode();
  useApplyForcedColorMode(forcedColorMode);
  const { t } = useTranslation();
  const busy = useNavigationBusy();
  // Form constraint messages in the page's language, not the browser's (client/form-validity.ts).
  useEffect(() => translateValidity(document, t), [t]);
  return (
    <Document lang={language} forcedColorMode={forcedColorMode}>
      <SeoLinks site={shell.site} sites={shell.seoSites} />
      {/* The first stop of the keyboard: past the header's two dozen links straight to the page (WCAG 2.4.1). */}
      <a className="skip-link" href="#content">
        {t('header.skipToContent')}
      </a>
      <NavigationProgress busy={busy} />
      <Header shell={shell} />
      {/* biome-ignore lint/correctness/useUniqueElementIds: the one <main> of the document, its stable #content fragment target */}
      <main id="content" className="page" tabIndex={-1} aria-busy={busy || undefined}>
        <Outlet />
      </main>
      <Footer shell={shell} />
      <CookieBanner accepted={shell.cookieConsent} analytics={!!shell.site.tags?.analytics} />
      <ThirdPartyTags />
      <GalleryHost />
      {/* Spec §2: after a page change the scroll returns to the top, a hash scrolls to its element, Back restores. */}
      <ScrollRestoration />
    </Document>
  );
}

/** Reached only when the shell itself failed (its loader threw): a bare page with a way back. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const { language } = useBoot();
  const { t } = useTranslation();
  if (typeof document !== 'undefined') console.error(error);
  return (
    <Document lang={language}>
      <main className="page page--error">
        <title>{t('error.title')}</title>
        <h1>{t('error.title')}</h1>
        <p>{t('error.text')}</p>
        <a className="button" href="/">
          {t('notFound.home')}
        </a>
      </main>
    </Document>
  );
}
