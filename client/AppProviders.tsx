/** Context shared by the server render and the hydrated page, so both trees are the same. */

import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { BootContext, type BootData } from './boot.ts';
import { I18nProvider } from './i18n.tsx';

export function AppProviders({ boot, i18n, children }: { boot: BootData; i18n: I18n; children: ReactNode }) {
  return (
    <BootContext.Provider value={boot}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </BootContext.Provider>
  );
}
