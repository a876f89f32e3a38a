/**
 * The mail worker as a Fastify plugin: builds the app's MailDelivery (SMTP when SMTP_URL is set, else log lines and
 * the demo inbox, `fastify.demoInbox` — docs/decisions/042-demo-inbox.md) as `fastify.mail`, starts it when the app is ready — if this process runs the worker (MAIL_WORKER; off under
 * NODE_ENV=test, where tests call `fastify.mail.runOnce()`) — and stops it on close, before the database closes.
 * With METRICS_PORT set: storefront_mail_sent_total, storefront_mail_retried_total, storefront_mail_failed_total
 * (by kind) and storefront_mail_queued (unsent messages, read from the database when scraped).
 */
import fp from 'fastify-plugin';
import client from 'prom-client';
import { DemoInbox, logTransport, MailDelivery, smtpTransport } from '../mail/index.ts';
import type { MailConfig } from '../platform/config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's delivery worker (runOnce() sends what is due now). */
    mail: MailDelivery;
    /** With no SMTP configured: where every mail goes instead (the demo inbox page reads it); null with SMTP. */
    demoInbox: DemoInbox | null;
  }
}

export const mailPlugin = fp<{ mail: MailConfig }>(
  async (fastify, { mail }) => {
    const demoInbox = mail.smtpUrl ? null : new DemoInbox(fastify.db);
    const delivery = new MailDelivery({
      db: fastify.db,
      sites: fastify.services.sites,
      transport: mail.smtpUrl ? smtpTransport(mail.smtpUrl) : logTransport(fastify.log, demoInbox ?? undefined),
      log: fastify.log,
      from: mail.from,
      maxAttempts: mail.maxAttempts,
      pollMs: mail.pollMs,
    });
    fastify.decorate('mail', delivery);
    fastify.decorate('demoInbox', demoInbox);

    const registry = fastify.metricsRegistry;
    if (registry) {
      for (const [outcome, help] of [
        ['sent', 'Mail messages accepted by the mail server (or logged, with no SMTP configured)'],
        ['retried', 'Failed mail attempts that will be tried again'],
        ['failed', 'Mail messages given up on after their last attempt'],
      ] as const) {
        // biome-ignore lint/correctness/noUnusedInstantiation: registered in `registers`, read through `collect`
        new client.Counter({
          name: `storefront_mail_${outcome}_total`,
          help,
          labelNames: ['kind'],
          registers: [registry],
          collect() {
            this.reset();
            for (const [kind, n] of delivery.counts[outcome]) this.inc({ kind }, n);
          },
        });
      }
      // biome-ignore lint/correctness/noUnusedInstantiation: registered in `registers`, read through `collect`
      new client.Gauge({
        name: 'storefront_mail_queued',
        help: 'Mail messages not yet sent: due, or waiting for their next attempt',
        registers: [registry],
        async collect() {
          try {
            this.set(await delivery.queued());
          } catch {
            // the database is down: /metrics still answers, without a fresh figure
          }
        },
      });
    }

    if (mail.worker) fastify.addHook('onReady', async () => delivery.start());
    fastify.addHook('onClose', async () => delivery.stop());
  },
  { name: 'tihoavto-mail', fastify: '5.x', dependencies: ['tihoavto-db', 'tihoavto-services'] },
);
