/**
 * Data the server embeds in every page for the browser to start with (escaped, see shared/serialize.ts):
 * the language, the router basename and the language's UI strings. Route data travels separately in
 * React Router's hydration data.
 */
import { createContext, useContext } from 'react';
import type { Language } from '../shared/sites.ts';
import type { LocaleMessages } from '../shared/locales/types.ts';

export interface BootData {
  language: Language;
  basename: string;
  translations: LocaleMessages;
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
