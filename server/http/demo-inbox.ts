/**
 * The demo inbox page (docs/decisions/042-demo-inbox.md): with no SMTP server configured, GET /_demo/inbox lists the
 * mails the shop would have sent (server/mail/demo-inbox.ts) and GET /_demo/inbox/{id} shows one — its HTML in a
 * sandboxed frame, its text with clickable links — so a visitor of the demo can confirm an e-mail or reset a password.
 *
 * Registered in the storefront scope only when the demo inbox exists (SMTP_URL unset), and even then answered only
 * when demoInboxAllowed(request): a local host (localhost, *.localhost, 127.0.0.1) asked from this computer. Everyone
 * else gets the 404 any unknown address gets. The mails hold live link secrets: the page is never stored (no-store)
 * nor indexed (noindex).
 */
import { isIP } from 'node:net';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEMO_INBOX_PATH } from '../../shared/contracts.ts';
import { isLocalHost, normalizeHost } from '../../shared/sites.ts';
import type { DemoInbox } from '../mail/index.ts';
import { demoInboxPage, demoInboxSecurityHeaders, demoNotFoundPage, type InboxView } from './demo-inbox-page.ts';

/** Whether an address (as a socket or a forwarding header gives it) is this computer's loopback: 127.0.0.0/8 or ::1. */
export function isLoopbackAddress(value: string | undefined): boolean {
  if (!value) return false;
  let address = value.trim().replace(/^"|"$/g, '');
  // "[::1]:1234" / "[::1]" (Forwarded, some proxies) and "127.0.0.1:1234".
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) address = mapped[1]!;
  const version = isIP(address);
  if (version === 4) return address.startsWith('127.');
  if (version === 6) return /^(0{0,4}:){2,7}0{0,3}1$/.test(address) || address === '::1';
  return false;
}

/** Every address a forwarding header names (X-Forwarded-For, X-Real-IP, Forwarded's for=), whoever set it. */
function forwardedAddresses(request: FastifyRequest): string[] {
  const list = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(','));
  };
  const forwarded = list('forwarded').flatMap((element) =>
    element
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => /^for=/i.test(pair))
      .map((pair) => pair.slice(4)),
  );
  return [...list('x-forwarded-for'), ...list('x-real-ip'), ...forwarded];
}

/**
 * Whether this request may read the demo inbox: it came to a local host — the Host header and any forwarded host
 * alike — from this computer: the socket's peer, the client address Fastify settled on (TRUST_PROXY) and every address
 * a forwarding header names are loopback. A proxy on this computer passing a remote visitor on names that visitor in
 * X-Forwarded-For, so the visitor does not look local, whether TRUST_PROXY is set or not; a forged "127.0.0.1" in the
 * header does not help a remote visitor either, since the socket's peer or the proxy's own entry is not loopback.
 */
export function demoInboxAllowed(request: FastifyRequest): boolean {
  if (!request.server.demoInbox) return false;
  const hosts = [request.hostname, request.headers.host, ...String(request.headers['x-forwarded-host'] ?? '').split(',')]
    .map((h) => (h ? normalizeHost(h) : ''))
    .filter(Boolean);
  if (!hosts.length || !hosts.every(isLocalHost)) return false;
  return (
    isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip) && forwardedAddresses(request).every(isLoopbackAddress)
  );
}

/** /_demo/inbox/{id}: a message's id, as digits (anything else is no message: 404). */
const messageParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
});

/** Absolute addresses of the configured sites in a mail → the same pages on this computer's local host and port. */
function localLinks(request: FastifyRequest): (body: string) => string {
  const { sites, addresses } = request.server.services;
  const rewrites = sites.all.map((site) => ({
    from: new RegExp(`https?://${site.host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/?#"'<>\\s]|$)`, 'gi'),
    to: addresses.originOf(site, request),
  }));
  return (body) => rewrites.reduce((text, { from, to }) => text.replace(from, to), body);
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('content-language', 'ru')
    .headers(demoInboxSecurityHeaders(request.cspNonce))
    .send(html);
}

export const demoInboxPlugin: FastifyPluginAsync<{ inbox: DemoInbox }> = async (app, { inbox }) => {
  // Asked by anyone else: the answer of an address that does not exist, before any parsing.
  app.addHook('onRequest', async (request, reply) => {
    if (!demoInboxAllowed(request)) return send(request, reply, 404, demoNotFoundPage());
  });

  const page = async (request: FastifyRequest, reply: FastifyReply, id: number | null) => {
    const rewrite = localLinks(request);
    const list = await inbox.list();
    const mail = id === null ? null : await inbox.get(id);
    const view: InboxView = {
      nonce: request.cspNonce,
      timeZone: request.site.timeZone,
      shopHome: '/',
      inboxHref: DEMO_INBOX_PATH,
      list: list.map((m) => ({ ...m, href: `${DEMO_INBOX_PATH}/${m.id}` })),
      selected: mail && { ...mail, text: rewrite(mail.text), html: mail.html === null ? null : rewrite(mail.html) },
      missing: id !== null && !mail,
    };
    return send(request, reply, view.missing ? 404 : 200, demoInboxPage(view));
  };

  app.get(DEMO_INBOX_PATH, (request, reply) => page(request, reply, null));
  app.get(`${DEMO_INBOX_PATH}/:id`, (request, reply) => {
    const params = messageParams.safeParse(request.params);
    // A malformed id names no message, as a missing one: 0 is no row's id.
    return page(request, reply, params.success ? params.data.id : 0);
  });
};
