/**
 * The one module of client/ the server imports (the layering rule, docs/decisions/019): the app's route tree and
 * the element the server streams — the same providers as the browser's hydration (client/entry-client.tsx), plus the
 * nonce, which only the server render knows, and the preloads of the matched pages' chunks.
 */

import { StrictMode } from 'react';
import { preinit, preloadModule } from 'react-dom';
import { type createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from 'react-router-dom';
import type { BootData } from '../shared/contracts.ts';
import type { Translator } from '../shared/translator.ts';
import { AppProviders } from './AppProviders.tsx';
import { NonceContext } from './color-mode.tsx';

export { appRoutes, type RouteFunctions } from './app-routes.tsx';

export interface ServerAppProps {
  boot: BootData;
  translator: Translator;
  nonce: string;
  router: ReturnType<typeof createStaticRouter>;
  context: StaticHandlerContext;
  /** Module and stylesheet addresses of the matched pages' chunks (from the Vite manifest). */
  modules: string[];
  stylesheets: string[];
}

export function ServerApp({ boot, translator, nonce, router, context, modules, stylesheets }: ServerAppProps) {
  return (
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        <AppProviders boot={boot} translator={translator}>
          <Preloads modules={modules} stylesheets={stylesheets} nonce={nonce} />
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </NonceContext.Provider>
    </StrictMode>
  );
}

/** Asks React to emit <link rel="modulepreload"> and stylesheets in <head>. Renders nothing. */
function Preloads({ modules, stylesheets, nonce }: { modules: string[]; stylesheets: string[]; nonce: string }) {
  for (const href of stylesheets) preinit(href, { as: 'style', precedence: 'default' });
  for (const href of modules) preloadModule(href, { as: 'script', nonce });
  return null;
}
