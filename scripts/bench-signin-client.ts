/** The sign-in page as npm run bench -- signin uses it (the shopper and the flood's worker): fetch over loopback. */

/** A visitor of the sign-in page: its session cookie and site token. */
export async function visitor(base: string, ip: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${base}/auth`, { headers: { 'x-forwarded-for': ip } });
  const html = await res.text();
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const token = /"token":"([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no site token on /auth');
  return { cookie, token };
}

/** One sign-in as the hydrated form posts it: the action's status (200 signed in, 401, 429, 503) and Retry-After. */
export async function signIn(base: string, v: { cookie: string; token: string }, ip: string, email: string, password: string) {
  const res = await fetch(`${base}/_data/auth?_action=auth`, {
    method: 'POST',
    headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ _form: 'auth:sign-in', email, password, token: v.token }),
  });
  const body = (await res.json()) as { redirect?: string; results?: { auth?: { status: number } } };
  const status = body.redirect ? 200 : (body.results?.auth?.status ?? res.status);
  return { status, retryAfter: Number(res.headers.get('retry-after') ?? 1) };
}
