/**
 * Data the server embeds in every page for the browser to start with (escaped, see shared/serialize.ts):
 * the language, the router basename, the language's UI strings and the id of the client build the page runs. Route data travels separately in
 * React Router's hydration data.
 */
import { createContext, useContext } from 'react';
import type { Language } from '../shared/sites.ts';
import type { LocaleMessages } from '../shared/locales/types.ts';

export interface BootData {
  language: Language;
  basename: string;
  translations: LocaleMessages;
  /** Compared with the server's latest build (client/robustness/update-check.ts). */
  buildId: string;
}

export const BootContext = createContext<BootData | null>(null);

export function useBoot(): BootData {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('BootContext is missing');
  return boot;
}

declare global {
  interface Window {
    __BOOT__?: BootData;
  }
}
