import t from 'tap';
import { Writable } from 'node:stream';
import { createLogger, redactUrl } from '../server/logger.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createTestDb } from './helpers/db.ts';

t.test('the site token never reaches the logs', async (t) => {
  t.equal(redactUrl('/api/shop/cart?token=abc&domain=x'), '/api/shop/cart?token=[redacted]&domain=x');
  t.equal(redactUrl('/api/site/city?search=a&TOKEN=abc'), '/api/site/city?search=a&TOKEN=[redacted]');
  t.equal(redactUrl('/about?tokenish=1'), '/about?tokenish=1');

  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const { db, drop } = await createTestDb();
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), db, logger: createLogger('info', sink) });
  t.teardown(async () => {
    await app.fastify.close();
    await drop();
  });
  const res = await app.fastify.inject({ url: '/api/shop/categories?token=s3cret-token-value&domain=tihoavto.ru', headers: { host: 'localhost' } });
  t.equal(res.statusCode, 403);
  const logged = lines.map((l) => JSON.parse(l));
  const incoming = logged.find((l) => l.msg === 'incoming request');
  t.equal(incoming.req.url, '/api/shop/categories?token=[redacted]&domain=tihoavto.ru');
  t.match(incoming.reqId, /^[0-9a-f-]{36}$/, 'lines carry the request id');
  t.notOk(lines.some((l) => l.includes('s3cret-token-value')), 'the token is in no line');
});
