/**
 * Typed route data for components: a page reads its own loader's data with `useLoaderData<typeof loader>()`
 * (a type-only import of server/pages/<id>.ts — no cast, nothing of the server in the bundle); anything else on
 * the page reads the shell (the root route's data) with useShell().
 */
import { type useLoaderData, useRouteLoaderData } from 'react-router-dom';
import type { loader as rootLoader } from '../server/pages/root.ts';

/** The data of a loader as a component receives it (after it travelled as JSON). */
export type LoaderData<Loader> = ReturnType<typeof useLoaderData<Loader>>;

export type ShellData = LoaderData<typeof rootLoader>;

/** The shell's data: site, menu, counters, the site token. Every page renders under the root route. */
export function useShell(): ShellData {
  const shell = useRouteLoaderData<typeof rootLoader>('root');
  if (!shell) throw new Error('useShell() outside the root route');
  return shell;
}

/** The shell's data where a component may render outside the root route (third-party tags in the root's boundary). */
export function useOptionalShell(): ShellData | undefined {
  return useRouteLoaderData<typeof rootLoader>('root');
}
