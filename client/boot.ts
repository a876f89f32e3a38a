/**
 * The boot data (shared/contracts.ts BootData) as React context: the language, basename, strings and build id
 * every component may need.
 */
import { createContext, useContext } from 'react';
import type { BootData } from '../shared/contracts.ts';

export type { BootData };
export const BootContext = createContext<BootData | null>(null);

export function useBoot(): BootData {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('BootContext is missing');
  return boot;
}

/**
 * The `lang` of a text kept only in Russian (the config's cities and addresses, partners, photo descriptions, an
 * order's goods): 'ru' on another language's page, none on a Russian one (decision 048).
 */
export function useStoredRussian(): 'ru' | undefined {
  return useBoot().language === 'ru' ? undefined : 'ru';
}

declare global {
  interface Window {
    __BOOT__?: BootData;
  }
}
