/**
 * Every page is valid HTML (issue 19, item 9): the Nu HTML checker (the `vnu-jar` package, offline on Java) over
 * every route of shared/routes.ts (test/helpers/route-paths.ts) on every site in its own language, the main site
 * also in English, and the home, a category and a product in every other language of the main site. Private pages
 * are rendered for a signed-in visitor with an order and a cart; a guard that sends a signed-in visitor elsewhere
 * (/auth, /register) gets the page asked anonymously. Errors and warnings fail; the checker's "info" notes (React
 * writes `<br/>`-style void elements) do not.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { pathForLanguage } from '../shared/sites.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { everyRoutePath } from './helpers/route-paths.ts';

const JAVA = process.env.JAVA ?? 'java';
/** The checker itself, shipped in the npm package (its postinstall Java download is off: package.json allowScripts). */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const app: TestApp = await startTestApp(t);
const visitor = app.visitor();
const paths = await everyRoutePath(app, visitor);
const [product] = await app.db.query<{ id: number }>('SELECT id FROM site_offers WHERE price_list = $1 AND sold ORDER BY id LIMIT 1', [
  'ru',
]);
await app.submit({ path: '/cart', as: visitor, js: true, fields: { intent: 'item', productId: product!.id, quantity: 2, mode: 'add' } });

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: 'warning' | 'fatal' | 'io' | 'schema' | 'internal';
  url: string;
  message: string;
  extract?: string;
  firstLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

async function check(files: string[]): Promise<VnuMessage[]> {
  try {
    const { stdout } = await promisify(execFile)(JAVA, ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`no Java runtime at "${JAVA}": install one (Debian: apt-get install default-jre-headless)`);
    throw error;
  }
}

t.test('every route on every site and language is valid HTML', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tihoavto-vnu-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const walks: Array<{ host: string; language: string; routes: typeof paths }> = [];
  for (const site of app.services.sites.all) {
    const languages = site.host === 'tihoavto.ru' ? site.languages : site.languages.filter((l) => l !== 'ru');
    for (const language of languages) {
      // The main site's Russian and English and every other site's own language: every route; the rest a sample.
      const everything = site.host === 'tihoavto.ru' ? language === 'ru' || language === 'en' : true;
      const routes = everything ? paths : paths.filter(([id]) => id === 'home' || id === 'category' || id === 'product');
      walks.push({ host: site.host, language, routes });
    }
  }
  const files = new Map<string, string>();
  for (const { host, language, routes } of walks) {
    for (const [, path] of routes) {
      const url = pathForLanguage(path, language as Parameters<typeof pathForLanguage>[1]);
      let res = await app.request({ url, host, as: visitor });
      if (res.statusCode >= 300 && res.statusCode < 400) res = await app.request({ url, host });
      // Still a redirect (an order page of another site's number for this visitor): no document to check.
      if (res.statusCode >= 300 && res.statusCode < 400) continue;
      const file = join(dir, `${files.size}.html`);
      writeFileSync(file, res.body);
      files.set(`file:${file}`, `${host}${url} (${res.statusCode})`);
    }
  }
  t.ok(files.size > 250, `${files.size} pages rendered`);
  const messages = await check([...files.keys()].map((f) => f.slice('file:'.length)));
  const problems = messages
    .filter((m) => m.type !== 'info' || m.subType === 'warning')
    .map((m) => `${files.get(m.url) ?? m.url}: ${m.subType === 'warning' ? 'warning' : m.type}: ${m.message} — ${m.extract ?? ''}`);
  t.same(problems, [], 'no errors or warnings from the Nu HTML checker');
});

t.test('the checker finds what it should (so a clean run means something)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tihoavto-vnu-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'bad.html');
  writeFileSync(
    file,
    '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>x</title></head><body><input type="search" role="combobox" aria-expanded="false"><section><p>x</p></section></body></html>',
  );
  const messages = await check([file]);
  t.ok(
    messages.some((m) => m.type === 'error' && /input/.test(m.message)),
    'a search input with the combobox role is an error',
  );
  t.ok(
    messages.some((m) => m.subType === 'warning' && /Section lacks heading/.test(m.message)),
    'a section without a heading is a warning',
  );
});
