/**
 * The maps script (spec §7 "Other calls", §9: language ru_RU by default, version v3, the site's api key).
 * Not on every page: a page that shows a map calls loadMapsApi() (or useMapsApi()) and the script is injected
 * then, async and with the CSP nonce, once per page load.
 */
import { useEffect, useState } from 'react';
import { type MapsTag, mapsApiUrl } from '../../shared/third-party.ts';
import { useOptionalShell } from '../loader-data.ts';
import { loadScript } from './load-script.ts';

declare global {
  interface Window {
    /** The v3 API's global (its `ready` promise resolves when the API is usable). */
    ymaps3?: { ready: Promise<void> } & Record<string, unknown>;
    /** The v2.1 API's global. */
    ymaps?: { ready: (fn: () => void) => void } & Record<string, unknown>;
  }
}

export class MapsNotConfiguredError extends Error {
  override name = 'MapsNotConfiguredError';
  constructor() {
    super('the maps script is not configured for this site');
  }
}

/**
 * Injects the maps script for the site's maps config and resolves with the API's global once it is ready:
 * `ymaps3` for v3 (after `ymaps3.ready`), `ymaps` for older versions. Rejects when the site has no maps tag
 * or the script fails to load (a later call tries again).
 */
export async function loadMapsApi(maps: MapsTag | undefined): Promise<unknown> {
  if (!maps) throw new MapsNotConfiguredError();
  await loadScript(mapsApiUrl(maps));
  if (window.ymaps3) {
    await window.ymaps3.ready;
    return window.ymaps3;
  }
  const v2 = window.ymaps;
  if (v2) return new Promise((resolve) => v2.ready(() => resolve(v2)));
  throw new Error('the maps script loaded but defined no API');
}

export type MapsApiState = { status: 'loading' } | { status: 'ready'; api: unknown } | { status: 'error'; error: Error };

/** The site's maps API for a page component: loads it after hydration; 'error' when not configured or failed. */
export function useMapsApi(): MapsApiState {
  const shell = useOptionalShell();
  const maps = shell?.site.tags?.maps;
  const [state, setState] = useState<MapsApiState>({ status: 'loading' });
  // The address stands for the config: the effect reruns only when it changes. loadMapsApi reads nothing of `maps`
  // but its address, while the object itself is new each time the root data revalidates.
  const src = maps ? mapsApiUrl(maps) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `src` is the whole of `maps` that loadMapsApi uses (see above)
  useEffect(() => {
    let live = true;
    loadMapsApi(maps).then(
      (api) => live && setState({ status: 'ready', api }),
      (error: Error) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [src]);
  return state;
}
