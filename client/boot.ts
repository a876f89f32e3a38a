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

declare global {
  interface Window {
    __BOOT__?: BootData;
  }
}
