/**
 * The visitor's consent to cookies and web analytics (152-FZ; docs/decisions/025-analytics-consent.md): the
 * spec's `cooky=1` cookie, written by the page's script when the visitor presses 'Согласен' and read by the
 * server (so the banner is not rendered and the counter starts with the page) and by the browser. Whoever
 * listens (the cookie banner, the analytics tags) learns of the acceptance at once, without a reload.
 */
import { useSyncExternalStore } from 'react';
import { CONSENT_COOKIE } from '../../shared/contracts.ts';

const YEAR_S = 365 * 24 * 3600;
const listeners = new Set<() => void>();

/** Whether this browser holds the consent cookie (false on the server: it has no document). */
export function hasConsent(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${CONSENT_COOKIE}=1`);
}

/** Stores the consent for a year (readable by the page: not httpOnly) and tells every listener. */
export function acceptCookies(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=1; Max-Age=${YEAR_S}; Path=/; SameSite=Lax${secure}`;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The consent, live: `serverValue` (what the server read from the request's cookie) while hydrating, then the
 * browser's cookie, updated the moment the visitor accepts.
 */
export function useCookieConsent(serverValue: boolean): boolean {
  return useSyncExternalStore(subscribe, hasConsent, () => serverValue);
}
