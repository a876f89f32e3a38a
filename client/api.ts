/** Calls to the shop's own API from the browser: JSON in, JSON out, the site token attached. */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  body: T | null;
}

export async function apiPost<T = unknown>(path: string, body: Record<string, unknown>, token: string): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const text = await res.text();
    return { ok: res.ok, status: res.status, body: text ? (JSON.parse(text) as T) : null };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/** A GET with query parameters (the spec's token-carrying reads); aborting it answers status 0. */
export async function apiGet<T = unknown>(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(`${path}?${new URLSearchParams(params)}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
    const text = await res.text();
    return { ok: res.ok, status: res.status, body: text ? (JSON.parse(text) as T) : null };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}
