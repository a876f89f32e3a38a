/** The root route: the document and the shell around every page. */
import { Outlet, ScrollRestoration, useLoaderData, useRouteError } from 'react-router-dom';
import type { loader } from '../server/pages/root.ts';
import { useBoot } from './boot.ts';
import { useApplyForcedColorMode, useForcedColorMode } from './color-mode.tsx';
import { CookieBanner } from './components/CookieBanner.tsx';
import { Footer } from './components/Footer.tsx';
import { GalleryHost } from './components/GalleryHost.tsx';
import { Header } from './components/Header.tsx';
import { SeoLinks } from './components/SeoLinks.tsx';
import { Document } from './Document.tsx';
import { useTranslation } from './i18n.tsx';
import { ThirdPartyTags } from './third-party/ThirdPartyTags.tsx';

export function Root() {
  const shell = useLoaderData<typeof loader>();
  const { language } = useBoot();
  const forcedColorMode = useForcedColorMode();
  useApplyForcedColorMode(forcedColorMode);
  return (
    <Document lang={language} forcedColorMode={forcedColorMode}>
      <SeoLinks site={shell.site} sites={shell.seoSites} />
      <Header shell={shell} />
      {/* biome-ignore lint/correctness/useUniqueElementIds: the one <main> of the document, its stable #content fragment target */}
      <main id="content" className="page">
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
