/**
 * Injects third-party scripts after the page is up: async, with the page's CSP nonce, once per address.
 * The nonce is read from the DOM property of a script the server rendered with it: browsers hide the
 * attribute's value after load, but keep the property (see client/color-mode.tsx, decision 005).
 */

/** The page's CSP nonce, or undefined (a page without CSP, or no nonce-carrying script). */
export function pageNonce(): string | undefined {
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || script?.getAttribute('nonce') || undefined;
}

const loading = new Map<string, Promise<void>>();

/** Appends <script async src> (with the nonce and the given data-* attributes) once per src; resolves on load. */
export function loadScript(src: string, options: { data?: Record<string, string> } = {}): Promise<void> {
  let promise = loading.get(src);
  if (promise) return promise;
  promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    const nonce = pageNonce();
    if (nonce) script.nonce = nonce;
    for (const [key, value] of Object.entries(options.data ?? {})) script.dataset[key] = value;
    script.onload = () => resolve();
    script.onerror = () => {
      // A later call may try again (the network came back, say).
      loading.delete(src);
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Runs fn when the browser is idle (at the latest after `timeout` ms); returns a cancel function. */
export function whenIdle(fn: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 1);
  return () => window.clearTimeout(id);
}
