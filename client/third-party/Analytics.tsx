/**
 * Web analytics (spec §1): a Yandex Metrika-style counter with click map, link tracking, accurate bounce and
 * session recording. The official snippet's shape: an inline script (carrying the CSP nonce) defines the `ym`
 * queue, appends tag.js async (never delaying first paint) and initialises the counter, which counts the page
 * it loads on. Later client-side route changes each send a hit with the previous address as referrer.
 */
import { useContext, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { METRIKA_INIT_OPTIONS, METRIKA_TAG_URL } from '../../shared/third-party.ts';
import { NonceContext } from '../color-mode.tsx';

declare global {
  interface Window {
    ym?: (counterId: number, method: string, ...args: unknown[]) => void;
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

export function Analytics({ counterId }: { counterId: number }) {
  const nonce = useContext(NonceContext);
  useHitsOnRouteChange(counterId);
  return (
    <>
      {/* The nonce is hidden by browsers after load (and only the server knows it): no hydration warning. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: metrikaSnippet is a constant whose only input is the counter id, a positive integer (sites-config schema), JSON-encoded */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: metrikaSnippet(counterId) }} />
      <noscript>
        <div>
          <img src={`https://mc.yandex.ru/watch/${counterId}`} style={{ position: 'absolute', left: '-9999px' }} alt="" />
        </div>
      </noscript>
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
