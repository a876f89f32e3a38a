/**
 * The production server as the image runs it: `node dist/server/main.js` — compiled JavaScript with no tsx (no
 * --import, no loader in NODE_OPTIONS, Node's own TypeScript stripping switched off) — with NODE_ENV=production, the
 * image's heap cap and an in-memory database. It must be ready, and send build files, pages and JSON compressed
 * (brotli, gzip) so that they decode to the same bytes as the plain answer.
 * Needs `npm run build` (npm test builds first); skipped with a message otherwise.
 */

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { eachLine } from './helpers/lines.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDir = join(root, 'dist/server');
const manifestFile = join(root, 'dist/client/.vite/manifest.json');
const built = existsSync(join(serverDir, 'main.js')) && existsSync(manifestFile);

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;
/** What a current browser sends, and what one without brotli sends. */
const browserAccepts = { br: 'gzip, deflate, br, zstd', gzip: 'gzip, deflate' } as const;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the given headers, body left as sent (fetch would decode it). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: 'localhost', ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Server {
  child: ChildProcessWithoutNullStreams;
  port: number;
  logs: string[];
  exited: Promise<number | null>;
}

/** Starts the compiled server on a free loopback port (PORT=0; the port is read from Fastify's log line). */
function startCompiled(): Promise<Server> {
  // Node 22 runs .ts files natively unless told not to: switched off, a TypeScript file could not load at all.
  const args = [...(process.features.typescript ? ['--no-experimental-strip-types'] : []), 'dist/server/main.js'];
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS; // the test runner's loaders must not reach the server
  delete env.TAP; // nor its test-only settings (the suite's cheaper password hashes, decision 057)
  delete env.SCRYPT_TEST_N;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...env,
      NODE_OPTIONS: '--max-old-space-size=512', // as in the image
      NODE_ENV: 'production',
      DATA_DIR: 'memory',
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    eachLine(child.stdout, (line) => {
      logs.push(line);
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (listening) resolve({ child, port: Number(listening[1]), logs, exited });
    });
    child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    void exited.then((code) => reject(new Error(`the compiled server exited (${code}) before listening:\n${logs.join('\n')}`)));
  });
}

t.test('the compiled server', { skip: built ? false : 'no build in dist/ — run `npm run build` first (npm test does)' }, async (t) => {
  t.test('dist/server is plain JavaScript that never imports tsx, with the migrations beside it', async (t) => {
    const files = filesUnder(serverDir).map((f) => relative(serverDir, f));
    t.ok(files.includes('main.js'), 'the entry');
    t.same(
      files.filter((f) => /\.[mc]?tsx?$/.test(f)),
      [],
      'no TypeScript file',
    );
    const importsTsx = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s*)["']tsx(?:\/[^"']*)?["']/m;
    t.same(
      files.filter((f) => f.endsWith('.js') && importsTsx.test(readFileSync(join(serverDir, f), 'utf8'))),
      [],
      'no import of tsx',
    );
    const sources = readdirSync(join(root, 'server/db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    t.same(
      files
        .filter((f) => f.startsWith('migrations/'))
        .map((f) => f.slice('migrations/'.length))
        .sort(),
      sources,
      'every migration copied',
    );
    for (const name of sources) {
      t.equal(
        readFileSync(join(serverDir, 'migrations', name), 'utf8'),
        readFileSync(join(root, 'server/db/migrations', name), 'utf8'),
        name,
      );
    }
  });

  t.test('the build wrote .br and .gz copies of every hashed script and style above 1 KB', async (t) => {
    const assets = join(root, 'dist/client/assets');
    const files = readdirSync(assets).filter((f) => /\.(?:js|css)$/.test(f));
    const large = files.filter((f) => readFileSync(join(assets, f)).length > 1024);
    t.ok(large.length > 0);
    for (const f of files) {
      const raw = readFileSync(join(assets, f));
      if (large.includes(f)) {
        t.ok(brotliDecompressSync(readFileSync(join(assets, f + '.br'))).equals(raw), f + '.br');
        t.ok(gunzipSync(readFileSync(join(assets, f + '.gz'))).equals(raw), f + '.gz');
      } else {
        t.notOk(existsSync(join(assets, f + '.br')) || existsSync(join(assets, f + '.gz')), `${f}: too small for copies`);
      }
    }
  });

  const server = await startCompiled();
  t.teardown(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  const { port } = server;
  // One session for every request below, so that answers differ only by the page's per-request CSP nonce.
  const first = await get(port, '/');
  const cookie = ([] as string[])
    .concat(first.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

  t.test('it is ready and alive', async (t) => {
    const ready = await get(port, '/readyz');
    t.equal(ready.status, 200);
    t.same(JSON.parse(ready.body.toString()), { status: 'ok', database: 'pglite' });
    t.equal((await get(port, '/healthz')).status, 200);
    t.ok(
      server.logs.some((l) => l.includes('migrations applied')),
      'the migrations ran from dist/server/migrations',
    );
  });

  t.test('the entry script: its .br and .gz copies decode to the file', async (t) => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((c) => c.isEntry)!.file;
    const file = readFileSync(join(root, 'dist/client', entry));
    const plain = await get(port, '/' + entry);
    t.equal(plain.status, 200);
    t.notOk(plain.headers['content-encoding'], 'no Accept-Encoding: the plain file');
    t.ok(plain.body.equals(file));
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get(port, '/' + entry, { 'accept-encoding': encoding });
      t.equal(res.headers['content-encoding'], encoding, encoding);
      t.match(res.headers.vary, /accept-encoding/i, 'Vary: Accept-Encoding');
      t.match(res.headers['cache-control'], /max-age=31536000/, 'cached for a year');
      t.match(res.headers['cache-control'], /immutable/);
      t.ok(res.body.length < file.length / 2, `${encoding} is less than half the size`);
      t.ok(decoders[encoding](res.body).equals(file), `${encoding} decodes to the file`);
      const copy = readFileSync(join(root, 'dist/client', entry + (encoding === 'br' ? '.br' : '.gz')));
      t.ok(res.body.equals(copy), 'the copy the build wrote, sent as it is (not compressed per request)');
    }
    const preferGzip = await get(port, '/' + entry, { 'accept-encoding': 'br;q=0.5, gzip' });
    t.equal(preferGzip.headers['content-encoding'], 'gzip', 'q-values are honoured');
  });

  t.test('the page: brotli and gzip decode to the same page, still streamed', async (t) => {
    t.ok(cookie, 'a session cookie');
    // The address is in the page (its canonical and language links): each encoding asks its own (below).
    const normalise = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/compression=\w+/g, 'compression=');
    // Each address's first answer is rendered and streamed (later ones may be kept pages: the next test).
    const plain = await get(port, '/?compression=plain', { cookie });
    t.equal(plain.headers['x-page-cache'], 'miss', 'rendered, not kept');
    t.equal(plain.status, 200);
    t.notOk(plain.headers['content-encoding']);
    t.match(plain.headers.vary, /accept-encoding/i, 'Vary even when sent plain');
    const html = normalise(plain.body.toString());
    t.match(html, /<\/html>$/, 'a whole page');
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get(port, `/?compression=${encoding}`, { cookie, 'accept-encoding': browserAccepts[encoding] });
      t.equal(res.status, 200);
      t.equal(res.headers['x-page-cache'], 'miss');
      t.equal(res.headers['content-encoding'], encoding, encoding);
      t.match(res.headers.vary, /accept-encoding/i);
      t.equal(res.headers['transfer-encoding'], 'chunked', 'streamed: no Content-Length');
      t.ok(res.body.length < plain.body.length / 2, `${encoding} is less than half the size`);
      t.equal(normalise(decoders[encoding](res.body).toString()), html, `${encoding} decodes to the same page`);
    }
  });

  t.test('a kept page (decision 052): the next visitor without personal state gets it whole, as gzip made once', async (t) => {
    const first = await get(port, '/?kept=1', { 'accept-encoding': browserAccepts.gzip });
    const second = await get(port, '/?kept=1', { 'accept-encoding': browserAccepts.br });
    t.equal(first.headers['x-page-cache'], 'miss');
    t.equal(second.headers['x-page-cache'], 'hit');
    t.equal(second.headers['content-encoding'], 'gzip', 'gzip, even for a browser that prefers brotli');
    t.match(second.headers.vary, /accept-encoding/i);
    const nonceOf = (res: typeof first) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    const html = decoders.gzip(second.body).toString();
    t.match(html, `nonce="${nonceOf(second)}"`, 'with its own nonce');
    const token = (page: string) => /"token":"([^"]+)"/.exec(page)![1]!;
    const firstHtml = decoders.gzip(first.body).toString();
    t.not(token(html), token(firstHtml), 'and its own site token');
    const plain = (page: string, res: typeof first) => page.replaceAll(nonceOf(res), 'N').replaceAll(token(page), 'T');
    t.equal(plain(html, second), plain(firstHtml, first), 'otherwise the page the first visitor got');
  });

  t.test('JSON: compressed above 1 KB, plain below', async (t) => {
    const path = '/_data/vibroizolyaciya';
    const plain = await get(port, path, { cookie });
    t.equal(plain.status, 200);
    t.ok(plain.body.length > 1024, 'the category data is above the threshold');
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get(port, path, { cookie, 'accept-encoding': encoding });
      t.equal(res.headers['content-encoding'], encoding, encoding);
      t.match(res.headers.vary, /accept-encoding/i);
      t.same(
        JSON.parse(decoders[encoding](res.body).toString()),
        JSON.parse(plain.body.toString()),
        `${encoding} decodes to the same data`,
      );
    }
    const small = await get(port, '/readyz', { 'accept-encoding': 'br' });
    t.notOk(small.headers['content-encoding'], 'a tiny answer is not worth compressing');
  });

  t.test('SIGTERM stops it cleanly', async (t) => {
    server.child.kill('SIGTERM');
    t.equal(await server.exited, 0);
  });
});
