/**
 * Spec §9: the page asks which build the server runs — first FIRST_UPDATE_CHECK_DELAY_MS after hydration
 * (UPDATE_CHECK_INTERVAL_MS on a very slow connection or with save-data on), then every
 * UPDATE_CHECK_INTERVAL_MS. Once another build is live, the data strategy turns every navigation into a full
 * page load (client/data-strategy.ts), so the visitor gets the new code instead of chunks that may be gone.
 * A failed check is logged only (spec §8).
 */
import { LATEST_BUILD_PATH } from '../../shared/contracts.ts';
import { FIRST_UPDATE_CHECK_DELAY_MS, UPDATE_CHECK_INTERVAL_MS } from './constants.ts';
import { isSlowConnection } from './network.ts';

let newerBuild: string | null = null;

/** True once the server answered a build id other than this page's. */
export function isNewerBuildLive(): boolean {
  return newerBuild !== null;
}

export function startUpdateCheck(currentBuildId: string): void {
  const check = async () => {
    const next = setTimeout(check, UPDATE_CHECK_INTERVAL_MS);
    try {
      const res = await fetch(LATEST_BUILD_PATH, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`${LATEST_BUILD_PATH} answered ${res.status}`);
      const latest = (await res.json()) as { id?: unknown };
      if (typeof latest.id !== 'string') throw new Error(`${LATEST_BUILD_PATH} has no build id`);
      if (latest.id !== currentBuildId) {
        newerBuild = latest.id;
        clearTimeout(next); // nothing more to learn: every navigation now loads the new build
        console.info(`build ${latest.id} is live (this page runs ${currentBuildId}): navigations now load full pages`);
      }
    } catch (error) {
      console.warn('build check failed', error);
    }
  };
  setTimeout(check, isSlowConnection() ? UPDATE_CHECK_INTERVAL_MS : FIRST_UPDATE_CHECK_DELAY_MS);
}
