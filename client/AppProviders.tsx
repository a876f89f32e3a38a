/** Context shared by the server render and the hydrated page, so both trees are the same. */

import type { ReactNode } from 'react';
import type { Translator } from '../shared/translator.ts';
import { BootContext, type BootData } from './boot.ts';
import { I18nProvider } from './i18n.tsx';

export function AppProviders({ boot, translator, children }: { boot: BootData; translator: Translator; children: ReactNode }) {
  return (
    <BootContext.Provider value={boot}>
      <I18nProvider translator={translator}>{children}</I18nProvider>
    </BootContext.Provider>
  );
}
