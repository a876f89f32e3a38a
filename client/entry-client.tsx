/** Browser entry: hydrate the server-rendered document with the same routes, then navigate client-side. */
import './styles.css';
// The calculator's and constructor's styles: a page chunk's own CSS import would break the server render under tsx.
import './components/calc/calc.css';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router-dom';
import { stringsOf } from '../shared/routes.ts';
import { createTranslator } from '../shared/translator.ts';
import { AppProviders } from './AppProviders.tsx';
import { appRoutes } from './app-routes.tsx';
import { clientAction, clientLoader, createDataStrategy } from './data-strategy.ts';
import { markAppFailed } from './robustness/app-failure.tsx';
import { isChunkLoadError, reloadOnce, watchChunkErrors } from './robustness/chunk-reload.ts';
import { startPreloading } from './robustness/preload.ts';
import { startUpdateCheck } from './robustness/update-check.ts';
import { setStringsLoader, stringsLoader } from './strings.ts';

async function start() {
  const boot = window.__BOOT__!;
  // The page's strings (its boot data); a client navigation loads those of the page it reaches (client/strings.ts).
  const translator = createTranslator(boot.language, boot.translations);
  const loadStrings = (units: readonly string[]) => strings(units);
  const routes = appRoutes(() => ({ loader: clientLoader, action: clientAction }), loadStrings);
  watchChunkErrors();

  // Resolve the lazy page modules of the current URL before hydrating, so the first client render
  // matches the server's HTML instead of showing a fallback. A chunk that fails reloads the page once
  // (spec §8); when it fails again the server's HTML stays, without client-side behaviour.
  const matches = matchRoutes(routes, window.location, boot.basename) ?? [];
  // The boot data holds the strings of these routes, as the server matched them (the same table, the same address).
  const strings = stringsLoader(translator, boot, stringsOf(matches.map((m) => m.route.id!)));
  setStringsLoader(strings);
  try {
    await Promise.all(
      matches
        .filter((m) => m.route.lazy)
        .map(async (m) => {
          const mod = await (m.route.lazy as () => Promise<Partial<RouteObject>>)();
          Object.assign(m.route, mod, { lazy: undefined });
        }),
    );
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnce(window.location.href)) return;
    throw error;
  }

  // Hydration data (loader results and errors) comes from window.__staticRouterHydrationData.
  const router = createBrowserRouter(routes, {
    basename: boot.basename,
    dataStrategy: createDataStrategy(boot.basename, {
      // The address of a navigation (a GET form's too); null for revalidations, e.g. after a POST.
      pendingNavigation: () => {
        const { navigation } = router.state;
        const plain = !navigation.formMethod || navigation.formMethod.toUpperCase() === 'GET';
        return navigation.state === 'loading' && plain ? router.createHref(navigation.location) : null;
      },
    }),
  });

  // Hydration as a transition: React hydrates in slices of a few milliseconds and lets the browser handle input
  // between them, instead of one long task for the whole page (Total Blocking Time). A click or key press on the page
  // before it is done makes React finish hydrating at once and replay the event, so nothing a shopper does is lost.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <AppProviders boot={boot} translator={translator}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      {
        onRecoverableError(error) {
          console.error('hydration', error);
        },
      },
    );
  });
  startUpdateCheck(boot.buildId);
  startPreloading(router);
}

// Start-up that gives up (a chunk failing again after its one reload, say) leaves the server's HTML as it is.
start().catch((error: unknown) => {
  markAppFailed();
  throw error;
});
