/**
 * The strings a client navigation needs (docs/decisions/050-translations-per-page.md): a page's boot data carries the
 * shell's strings and its own; a page reached in the browser may show units the boot data lacked. The route's lazy()
 * loads them with the page's code, so the page never renders a raw key. Each unit is one immutable file per
 * language and version, asked for once; a unit the server does not answer (an old version after a deploy) fails like
 * a code chunk that went away: the page reloads (client/robustness/chunk-reload.ts).
 */
import type { BootData } from '../shared/contracts.ts';
import { stringsPath } from '../shared/locales/slices.ts';
import type { LocaleMessages } from '../shared/locales/types.ts';
import type { Translator } from '../shared/translator.ts';
import { ChunkLoadError } from './robustness/chunk-reload.ts';

export type LoadStrings = (units: readonly string[]) => Promise<void>;

/**
 * The loader of the page's translator: `units` are the units the boot data holds (shared/routes.ts stringsOf
 * of the routes the page's address matches, as the server computed them).
 */
export function stringsLoader(
  translator: Translator,
  boot: Pick<BootData, 'language' | 'stringsVersion'>,
  units: Iterable<string>,
): LoadStrings {
  const loaded = new Set(units);
  const pending = new Map<string, Promise<void>>();
  const load = (unit: string): Promise<void> => {
    let promise = pending.get(unit);
    if (!promise) {
      promise = fetch(stringsPath(boot.language, unit, boot.stringsVersion), { credentials: 'same-origin' })
        .then(
          (response) => {
            if (!response.ok) throw new ChunkLoadError(`strings ${unit}: HTTP ${response.status}`);
            return response.json() as Promise<LocaleMessages>;
          },
          (error: unknown) => {
            throw new ChunkLoadError(`strings ${unit}: ${String(error)}`);
          },
        )
        .then((strings) => {
          translator.add(strings);
          loaded.add(unit);
        })
        .finally(() => pending.delete(unit)); // a failure may be tried again; a success is in `loaded`
      pending.set(unit, promise);
    }
    return promise;
  };
  return async (units) => {
    await Promise.all(units.filter((unit) => !loaded.has(unit)).map(load));
  };
}

let pageLoader: LoadStrings | null = null;

/** Makes `loader` the one loadStrings() uses: the hydrated page's (client/entry-client.tsx). */
export function setStringsLoader(loader: LoadStrings): void {
  pageLoader = loader;
}

/**
 * Loads string units a part of the page needs before it shows (the lightbox, a chunk of its own). Outside a hydrated
 * page (the server's render) there is nothing to load: the server renders with the page's strings.
 */
export function loadStrings(units: readonly string[]): Promise<void> {
  return pageLoader ? pageLoader(units) : Promise.resolve();
}
