/**
 * The server the browser tests use: the production build on a fresh in-memory PGlite with the demo data,
 * and a fake address-suggestion service (test/helpers/fake-iplocate.ts) whose answer depends on the visitor
 * IP. Tests choose that IP with an X-Forwarded-For header, trusted from the loopback proxy only.
 */

import { hashPassword } from '../server/accounts/auth.ts';
import { buildApp } from '../server/app.ts';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemo } from '../server/demo/seed.ts';
import { loadConfig } from '../server/platform/config.ts';
import { FAKE_IPLOCATE_TOKEN, startFakeIplocate } from '../test/helpers/fake-iplocate.ts';
import { startFakeSmtp } from '../test/helpers/fake-smtp.ts';
import { fakeYooKassaEnv, startFakeYooKassa } from '../test/helpers/fake-yookassa.ts';
import { mailboxPort, startMailbox } from './account-fixture.ts';
import { seedListingFixtures } from './listing-fixture.ts';
import { seedMapFixtures } from './map-fixture.ts';
import { seedPaymentFixtures } from './payment-fixture.ts';
import { seedTagFixtures, withTagsSite } from './tags-fixture.ts';

const iplocate = await startFakeIplocate();
const yookassa = await startFakeYooKassa(); // online payment on ru and kz (e2e/payment.spec.ts)
// Mail goes out to a fake SMTP server, the account tests' mailbox (the outbox forgets a sent body: decision 037).
const smtp = await startFakeSmtp(null);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: 'memory',
  PORT: process.env.E2E_PORT ?? '3411',
  TRUST_PROXY: '127.0.0.1',
  ADDRESS_SUGGEST_URL: iplocate.url,
  ADDRESS_SUGGEST_TOKEN: FAKE_IPLOCATE_TOKEN,
  ADDRESS_SUGGEST_TIMEOUT_MS: '500',
  ...fakeYooKassaEnv(yookassa),
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: '200',
});
config.sites = withTagsSite(config.sites); // + tags.localhost, the one site with third-party tags (e2e/tags.spec.ts)
const db = await openDb({ dataDir: 'memory' });
await migrate(db);
await seedDemo(db, config.sites);
await seedTagFixtures(db);
await seedListingFixtures(db); // a category with two pages (e2e/listing.spec.ts)
await seedMapFixtures(db); // the main site's partners on tags.localhost, the site with a maps key (e2e/map.spec.ts)
// A shopper account the sign-in tests use.
const [shopper] = await db.query<{ id: number }>('INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id', [
  'shopper@example.com',
  'Анна',
  await hashPassword('correct horse'),
]);
// …with one past order (its receipt page forces the light colour mode).
await db.query(`INSERT INTO orders (user_id, site, currency, total) VALUES ($1, 'ru', 'RUB', 7910)`, [shopper!.id]);
const { fastify, services } = await buildApp({ config, db });
await fastify.listen({ host: '127.0.0.1', port: config.port });
await seedPaymentFixtures(db, services, config.port); // orders being paid online by payer@example.com
const stopMailbox = await startMailbox(db, smtp, mailboxPort(config.port)); // account mails for e2e/account.spec.ts
const stop = async () => {
  await fastify.close();
  await stopMailbox();
  await smtp.close();
  await iplocate.close();
  await yookassa.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
