/**
 * The demo as `npm start` runs it, for the specs that start it through e2e/demo-server.ts (demo-inbox, staff): the production build on a fresh in-memory PGlite with
 * the demo data and NO SMTP server, so mail goes to the demo inbox (docs/decisions/042-demo-inbox.md); the mail worker
 * polls every 100 ms. It listens on a free loopback port and prints `listening <port>` for the spec that started it.
 */
import { buildApp } from '../server/app.ts';
import { openDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemo, seedDemoOwner, seedDemoShopper } from '../server/demo/seed.ts';
import { loadConfig } from '../server/platform/config.ts';

const { SMTP_URL: _none, ...env } = process.env;
const config = loadConfig({ ...env, NODE_ENV: 'production', DATA_DIR: 'memory', PORT: '0', MAIL_WORKER: '1', MAIL_POLL_MS: '100' });
const db = await openDb({ dataDir: 'memory' });
await migrate(db);
await seedDemo(db, config.sites);
await seedDemoShopper(db);
await seedDemoOwner(db);
const { fastify, services } = await buildApp({ config, db });
// A manager of the back office for e2e/staff.spec.ts (the first sign-in enrols the authenticator in the browser).
const manager = await services.staff.add({ email: 'manager@staff.localhost', role: 'manager', sites: null }, { id: null, email: 'e2e' });
const editor = await services.staff.add({ email: 'editor@staff.localhost', role: 'content', sites: null }, { id: null, email: 'e2e' });
console.log(`staff ${manager.member.email} ${manager.password}`);
console.log(`editor ${editor.member.email} ${editor.password}`);
await fastify.listen({ host: '127.0.0.1', port: 0 });
const address = fastify.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
const stop = async () => {
  await fastify.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
