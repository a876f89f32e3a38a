/**
 * Web analytics (spec §1): a Yandex Metrika-style counter with click map, link tracking, accurate bounce,
 * session recording and the e-commerce data layer. It starts only with the visitor's consent (152-FZ,
 * decision 025). Consent already given (the request carried `cooky=1`): the official snippet's shape, an
 * inline script (carrying the CSP nonce) that defines the `ym` queue, appends tag.js async (never delaying
 * first paint) and initialises the counter, which counts the page it loads on. Consent given on this page:
 * the same steps from the browser (startMetrika), at once, without a reload. Before consent nothing reaches
 * the analytics host; the inline script only creates the data layer, where e-commerce events wait.
 * Later client-side route changes each send a hit with the previous address as referrer.
 */
import { useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { METRIKA_INIT_OPTIONS, METRIKA_TAG_URL } from '../../shared/third-party.ts';
import { NonceContext } from '../color-mode.tsx';
import { useCookieConsent } from './consent.ts';
import { DATA_LAYER_SNIPPET, useCartChangeEvents } from './ecommerce.ts';
import { loadScript } from './load-script.ts';

declare global {
  interface Window {
    ym?: ((counterId: number, method: string, ...args: unknown[]) => void) & { a?: unknown[]; l?: number };
  }
}

/**
 * The loader snippet: a literal string built from the counter id (identical on server and browser). The tag
 * script gets the nonce of the inline script that creates it.
 */
export function metrikaSnippet(counterId: number): string {
  const args = [counterId, METRIKA_TAG_URL, METRIKA_INIT_OPTIONS].map((v) => JSON.stringify(v)).join(',');
  return (
    '(function(w,d,id,src,opts){' +
    'w.ym=w.ym||function(){(w.ym.a=w.ym.a||[]).push(arguments)};w.ym.l=1*new Date();' +
    'for(var j=0;j<d.scripts.length;j++){if(d.scripts[j].src===src)return}' +
    'var c=d.currentScript,k=d.createElement("script");k.async=true;k.src=src;if(c&&c.nonce)k.nonce=c.nonce;' +
    'd.head.appendChild(k);w.ym(id,"init",opts)' +
    `})(window,document,${args})`
  );
}

/**
 * The snippet's steps from the browser, for a visitor who accepts on this page: the `ym` queue, tag.js async
 * with the page's nonce, init. Does nothing when the counter is already there (the snippet ran).
 */
export function startMetrika(counterId: number): void {
  if (window.ym) return;
  const ym = function (this: unknown) {
    ym.a ??= [];
    // biome-ignore lint/complexity/noArguments: the queue holds each call's arguments object, as tag.js expects
    ym.a.push(arguments);
  } as NonNullable<Window['ym']>;
  ym.l = Date.now();
  window.ym = ym;
  loadScript(METRIKA_TAG_URL).catch((err) => console.warn(String(err)));
  ym(counterId, 'init', METRIKA_INIT_OPTIONS);
}

/** The inline script: the data layer always; the counter's snippet when the request carried the consent. */
export function analyticsSnippet(counterId: number, consented: boolean): string {
  return DATA_LAYER_SNIPPET + (consented ? metrikaSnippet(counterId) : '');
}

export function Analytics({ counterId, currency, consentOnLoad }: { counterId: number; currency: string; consentOnLoad: boolean }) {
  const nonce = useContext(NonceContext);
  // What the server rendered and the browser hydrates, kept as first rendered: a later shell reload (which then
  // reads the new cookie) must not change the inline script, which runs only once, when the document is parsed.
  const [snippetStarts] = useState(consentOnLoad);
  const consent = useCookieConsent(consentOnLoad);
  useEffect(() => {
    if (consent && !snippetStarts) startMetrika(counterId);
  }, [consent, snippetStarts, counterId]);
  useHitsOnRouteChange(counterId);
  useCartChangeEvents(currency);
  const snippet = analyticsSnippet(counterId, snippetStarts);
  return (
    <>
      {/* The nonce is hidden by browsers after load (and only the server knows it): no hydration warning. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: analyticsSnippet is a constant whose only input is the counter id, a positive integer (sites-config schema), JSON-encoded */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: snippet }} />
      {snippetStarts && (
        <noscript>
          <div>
            <img src={`https://mc.yandex.ru/watch/${counterId}`} style={{ position: 'absolute', left: '-9999px' }} alt="" />
          </div>
        </noscript>
      )}
    </>
  );
}

/** ym(id, 'hit', url, { referer, title }) on every client route change; the initial load is counted by init. */
function useHitsOnRouteChange(counterId: number) {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  // pathname and search are the trigger (a hit per address change, none for a hash change); the address sent is read
  // from window.location, which has the origin and the language prefix that the router's location leaves out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and search trigger the hit (see above)
  useEffect(() => {
    const url = window.location.href;
    const referer = previous.current;
    previous.current = url;
    if (referer === null || referer === url) return;
    window.ym?.(counterId, 'hit', url, { referer, title: document.title });
  }, [counterId, pathname, search]);
}
