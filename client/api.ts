/**
 * Calls to the shop's own API from the browser: JSON out, the spec's token and domain as query parameters. A
 * failed, aborted or unreadable call answers status 0, so callers handle one shape.
 */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: T | null;
}

async function call<T>(path: string, params: Record<string, string>, init: RequestInit): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(`${path}?${new URLSearchParams(params)}`, { ...init, credentials: 'same-origin' });
    const text = await res.text();
    return { ok: res.ok, status: res.status, body: text ? (JSON.parse(text) as T) : null };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/** A GET with query parameters (the spec's token-carrying reads). */
export function apiGet<T = unknown>(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<ApiAnswer<T>> {
  return call<T>(path, params, { headers: { accept: 'application/json' }, signal });
}

/** A POST of a JSON body with query parameters (the live search's call). */
export function apiPost<T = unknown>(
  path: string,
  params: Record<string, string>,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ApiAnswer<T>> {
  return call<T>(path, params, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
}
