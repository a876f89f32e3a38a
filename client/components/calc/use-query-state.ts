/**
 * The calculator's and constructor's state lives in the address bar. A change navigates to the new query (the
 * router keeps the page's data: shared/routes.ts queryStateRoutes): each choice is a history step, so Back undoes
 * it — except a burst of changes to the same control (arrowing through a select, ticking zones one after another),
 * which replaces its own step instead of flooding the history.
 */
import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Changes of one control closer together than this make one history step. */
const BURST_MS = 1500;

export function useQueryState(): { search: string; go: (search: URLSearchParams, control: string) => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const last = useRef<{ control: string; at: number } | null>(null);
  const go = useCallback(
    (search: URLSearchParams, control: string) => {
      const now = Date.now();
      const burst = last.current !== null && last.current.control === control && now - last.current.at < BURST_MS;
      last.current = { control, at: now };
      void navigate({ search: `?${search}` }, { replace: burst, preventScrollReset: true });
    },
    [navigate],
  );
  return { search: location.search, go };
}
