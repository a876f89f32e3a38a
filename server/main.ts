/**
 * Production entry: configuration from the environment, the database (migrated; demo data on first
 * start), the HTTP server; SIGTERM/SIGINT finish in-flight answers and close the database.
 * Production runs it compiled (`npm run build` → node dist/server/main.js); `npm run dev` runs it through tsx.
 */

import { purgeExpired } from './accounts/index.ts';
import { buildApp } from './app.ts';
import { openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seedContentIfEmpty, seedDemoOwner, seedDemoShopper, seedIfEmpty } from './demo/index.ts';
import { purgeSpentStamps } from './forms/index.ts';
import { purgeDemoInbox, purgeOldMail } from './mail/index.ts';
import { type Config, loadConfig } from './platform/config.ts';
import { ConfigError } from './platform/config-error.ts';
import { createLogger } from './platform/logger.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    onPoolError: (err) => logger.error({ err }, 'database connection lost'),
    circuitBreaker: {
      probeIntervalMs: config.dbProbe.intervalMs,
      probeTimeoutMs: config.dbProbe.timeoutMs,
      stallMs: config.dbProbe.stallMs,
      onChange: (state, err) =>
        state === 'open'
          ? logger.error({ err }, 'database not answering: requests refused with 503 until it answers again')
          : logger.info('database answers again: requests go through'),
    },
  });
  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  if (config.seedDemo && (await seedIfEmpty(db, config.sites))) logger.info('demo catalogue loaded');
  if (config.seedDemo && (await seedContentIfEmpty(db))) logger.info('demo content loaded');
  // The demo shopper (a published password): only in the demo — embedded database, demo data, no SMTP (decision 042).
  if (config.seedDemo && !config.databaseUrl && !config.mail.smtpUrl && (await seedDemoShopper(db)))
    logger.info('demo shopper created (README: the demo account)');
  // …and the demo's owner of the back office, under the same conditions (decision 049).
  if (config.seedDemo && !config.databaseUrl && !config.mail.smtpUrl && (await seedDemoOwner(db)))
    logger.info('demo owner of the back office created (README: the back office)');

  const vite =
    config.env === 'development'
      ? await (await import('vite')).createServer({ server: { middlewareMode: true }, appType: 'custom' })
      : undefined;
  const { fastify } = await buildApp({ config, db, logger, vite });

  // Housekeeping: every 5 minutes, orders whose stock reservation lapsed are cancelled and their units given back
  // (decision 036); every hour, expired sessions, lapsed sign-ins, old login-throttle rows. Every pod may run it: each
  // order is released once however many runs race.
  let runs = 0;
  const housekeeping = async () => {
    try {
      // Reset requests a pod answered but died before mailing (normally sent a moment after the answer).
      await fastify.services.accounts.sendResetLinks();
      const released = await fastify.services.checkout.releaseLapsed((id) => fastify.services.sites.byId(id));
      if (released > 0) logger.info({ released }, 'lapsed orders cancelled, their stock released');
      // Refunds whose provider answer never came (or said 'pending') are asked about again.
      const refunds = await fastify.services.payments.reconcileRefunds({
        mail: fastify.services.mail,
        siteById: (id) => fastify.services.sites.byId(id),
      });
      if (refunds > 0) logger.info({ refunds }, 'pending refunds reconciled');
      if (runs++ % 12 === 0) {
        const purged = await purgeExpired(db);
        if (Object.values(purged).some((n) => n > 0)) logger.info({ purged }, 'expired rows purged');
        // Spent form stamps past their age, sent or given-up mail past its keeping (decision 037).
        // The demo inbox beyond its bound (decision 042).
        const forgotten = { formStamps: await purgeSpentStamps(db), sentMail: await purgeOldMail(db), demoInbox: await purgeDemoInbox(db) };
        if (forgotten.formStamps + forgotten.sentMail + forgotten.demoInbox > 0)
          logger.info({ purged: forgotten }, 'spent stamps and old mail purged');
      }
    } catch (err) {
      logger.error({ err }, 'housekeeping failed');
    }
  };
  const housekeepingTimer = setInterval(housekeeping, 5 * 60_000);
  housekeepingTimer.unref();
  void housekeeping();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // Give up after 25 s (Kubernetes sends SIGKILL after 30 s by default).
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 25_000);
    timer.unref();
    clearInterval(housekeepingTimer);
    try {
      await fastify.close(); // stops accepting, waits for in-flight answers
      await vite?.close();
      await db.close();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await fastify.listen({ host: config.host, port: config.port });
  logger.info({ database: db.kind, env: config.env }, `storefront listening on http://localhost:${config.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
