/**
 * Content storage (decision 027): Markdown rendered at save time and sanitised whatever HTML or links it holds
 * (fast-check), pictures need alt text and a size, front matter is checked with a named error, and the owner's
 * folder of Markdown files round-trips through the database (import, export, prune) — also through the CLI.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import t from 'tap';
import {
  contentFilePath,
  formatContentFile,
  parseContentFile,
  probeImageSize,
  readContentFolder,
  writeContentFolder,
} from '../server/content/content-files.ts';
import { anchorId, ContentError, localizeLinks, readingMinutes, renderMarkdown } from '../server/content/content-markdown.ts';
import { demoContentFiles } from '../server/demo/demo-content.ts';
import { startTestApp } from './helpers/app.ts';

const render = (md: string) => renderMarkdown(md, { gallery: 'g', sizeOf: () => ({ width: 640, height: 480 }) }).html;

t.test('hostile HTML and links in Markdown are sanitised', async (t) => {
  const html = render(
    [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="javascript:alert(1)">js</a> <a href="//evil.example/x">proto</a> [md](javascript:alert(2))',
      '<p style="background:url(x)" onclick="alert(1)">styled</p>',
      '<h2 id="contacts">takes the page anchor</h2>',
      '<svg><script>alert(1)</script></svg><math><mi>x</mi></math>',
      '<a href="https://example.com" target="_blank" data-gallery="other">out</a>',
      '[local](/stati/sloi-shumoizolyacii) [mail](mailto:help@tihoavto.ru)',
    ].join('\n\n'),
  );
  for (const bad of [
    '<script',
    'onerror',
    'onclick',
    '<iframe',
    'javascript:',
    'style=',
    '//evil',
    'id="contacts"',
    '<svg',
    'target=',
    'data-gallery="other"',
  ]) {
    t.notMatch(html, bad, `no ${bad}`);
  }
  t.notMatch(html, /<img src="x"/, 'a raw picture without alt text and size is dropped');
  t.match(html, '<a href="https://example.com" rel="noopener noreferrer nofollow">out</a>', 'an outside link: no ranking, no opener');
  t.match(html, '<a href="/stati/sloi-shumoizolyacii">local</a>');
  t.match(html, '<a href="mailto:help@tihoavto.ru">mail</a>');
  t.match(html, 'styled', 'the text survives');
});

t.test('property: whatever the Markdown, no script, handler or javascript: link comes out', async () => {
  const piece = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      '<script>x</script>',
      '<img src=a onerror=b>',
      '<a href="javascript:x">',
      '[a](javascript:x)',
      '![a](javascript:x)',
      '<div onmouseover="x">',
      '<style>*{}</style>',
      '<object data=x>',
      '<form action=x><input>',
      '<a href="jav&#x09;ascript:x">',
      '<IMG SRC="jAvAsCrIpT:x">',
      '# head',
      '![alt](/img/x.svg)',
      '```\n<script>\n```',
      '<base href=x>',
      '<meta http-equiv=refresh>',
    ),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
      let html: string;
      try {
        html = render(pieces.join('\n'));
      } catch (err) {
        if (err instanceof ContentError) return true; // a picture the renderer refused: nothing saved
        throw err;
      }
      return (
        !/<(script|style|iframe|object|form|input|base|meta|svg)\b/i.test(html) &&
        !/\son[a-z]+\s*=/i.test(html) &&
        !/(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i.test(html)
      );
    }),
    { numRuns: 300, seed: 20261201 },
  );
});

t.test('headings: ids, table of contents, a body h1 demoted; words and reading time', async (t) => {
  const out = renderMarkdown('# Главное\n\nтекст\n\n## Слои и порядок\n\n### Слой 1\n\n## Слои и порядок\n\n#### Мелочь', {
    gallery: 'g',
    sizeOf: () => undefined,
  });
  t.match(out.html, '<h2 id="glavnoe">Главное</h2>');
  t.same(out.toc, [
    { id: 'glavnoe', text: 'Главное', level: 2 },
    { id: 'sloi-i-poryadok', text: 'Слои и порядок', level: 2 },
    { id: 'sloj-1', text: 'Слой 1', level: 3 },
    { id: 'sloi-i-poryadok-2', text: 'Слои и порядок', level: 2 },
  ]);
  t.match(out.html, '<h4 id="meloch"', 'h4 kept out of the contents');
  t.equal(out.words, 11);
  t.equal(anchorId('!!!'), 'section');
  t.equal(readingMinutes(0), 1);
  t.equal(readingMinutes(181), 2);
});

t.test('pictures need alt text, a size and a safe address; alone on a line they are gallery figures', async (t) => {
  const sized = { gallery: 'article-x', sizeOf: (src: string) => (src === '/img/a.svg' ? { width: 800, height: 450 } : undefined) };
  const out = renderMarkdown('![Схема слоёв](/img/a.svg "Подпись")\n\nтекст ![Схема](/img/a.svg) внутри', sized);
  t.match(
    out.html,
    '<figure><a href="/img/a.svg" data-gallery="article-x"><img src="/img/a.svg" alt="Схема слоёв" width="800" height="450" loading="lazy" decoding="async" /></a><figcaption>Подпись</figcaption></figure>',
  );
  t.match(out.html, /<p>текст <img src="\/img\/a.svg" alt="Схема" width="800" height="450"/);
  t.throws(() => renderMarkdown('![](/img/a.svg)', sized), /alt text is required/);
  t.throws(() => renderMarkdown('![x](/img/unknown.svg)', sized), /width and height unknown/);
  t.throws(() => renderMarkdown('![x](http://plain.example/a.png)', sized), /a local path or an https/);
});

t.test('local page links follow the visitor’s language; files and outside links do not', async (t) => {
  const html =
    '<a href="/stati/x">a</a><a href="/">b</a><a href="/img/a.svg">c</a><a href="https://e.com/x">d</a><a href="/docs/p.pdf#p=2">e</a>';
  t.equal(
    localizeLinks(html, '/en'),
    '<a href="/en/stati/x">a</a><a href="/en/">b</a><a href="/img/a.svg">c</a><a href="https://e.com/x">d</a><a href="/docs/p.pdf#p=2">e</a>',
  );
  t.equal(localizeLinks(html, ''), html);
});

t.test('front matter: checked, with the file and the field named', async (t) => {
  const bad: [string, RegExp][] = [
    ['no front matter', /no front matter/],
    ['---\n: : :\n---\nx', /not YAML/],
    ['---\nkind: blog\nslug: a\ntitle: A\n---\n', /kind/],
    ['---\nkind: news\nslug: Bad Slug\ntitle: A\n---\n', /slug/],
    ['---\nkind: news\nslug: a/b\ntitle: A\n---\n', /only a page's slug/],
    ['---\nkind: news\nslug: a\n---\n', /title/],
    ['---\nkind: news\nslug: a\ntitle: A\ncover: { src: /x.svg, alt: "", width: 1, height: 1 }\n---\n', /cover\.alt: alt text is required/],
    ['---\nkind: news\nslug: a\ntitle: A\nlanguage: xx\n---\n', /language/],
    ['---\nkind: news\nslug: a\ntitle: A\nsurprise: 1\n---\n', /surprise|front matter/],
  ];
  for (const [text, message] of bad) t.throws(() => parseContentFile(text, 'news/a.md'), message, JSON.stringify(text.slice(0, 30)));
  t.throws(() => parseContentFile('x', 'news/a.md'), { message: /^news\/a\.md: / }, 'the message starts with the file');
  const ok = parseContentFile(
    '\uFEFF---\nkind: page\nslug: about_noise_insulation/sloi\ntitle: Слои\ndate: 2026-05-01\n---\nТекст',
    'p.md',
  );
  t.equal(ok.meta.site, '*');
  t.equal(ok.meta.language, 'ru');
  t.equal(ok.publishedAt, '2026-05-01T00:00:00.000Z');
  t.equal(contentFilePath({ ...ok.meta, site: 'kz', language: 'kk' }), 'kz/page/about_noise_insulation/sloi.kk.md');
  const again = parseContentFile(formatContentFile(ok.meta, ok.publishedAt, ok.body), 'again');
  t.same({ ...again.meta, date: undefined }, { ...ok.meta, date: undefined }, 'format → parse is the identity');
  t.equal(again.publishedAt, ok.publishedAt);
  t.equal(again.body, ok.body + '\n');
});

t.test('picture sizes are read from public/ (SVG, PNG)', async (t) => {
  const publicDir = new URL('../public', import.meta.url).pathname;
  t.same(probeImageSize(publicDir, '/img/content/layers.svg'), { width: 1200, height: 675 });
  t.equal(probeImageSize(publicDir, '/img/none.svg'), undefined);
  t.equal(probeImageSize(publicDir, '/../package.json'), undefined, 'nothing outside public/');
  const dir = mkdtempSync(join(tmpdir(), 'probe-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const png = Buffer.alloc(33);
  png.writeUInt32BE(0x89504e47, 0);
  png.writeUInt32BE(320, 16);
  png.writeUInt32BE(200, 20);
  writeFileSync(join(dir, 'a.png'), png);
  writeFileSync(join(dir, 'b.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32"></svg>');
  t.same(probeImageSize(dir, '/a.png'), { width: 320, height: 200 });
  t.same(probeImageSize(dir, '/b.svg'), { width: 64, height: 32 });
});

t.test('a folder of files ↔ the database: import, export, import again, prune; all or nothing', async (t) => {
  const app = await startTestApp(t);
  const { content } = app.services;
  const dir = mkdtempSync(join(tmpdir(), 'content-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const exported = await content.exportAll();
  t.equal(exported.length, demoContentFiles.length, 'the demo content, one file per entry');
  writeContentFolder(dir, exported);
  const before = await app.db.query(
    'SELECT kind, site, language, slug, title, body_html, toc, words, cover, gallery, products, related, sort, published_at FROM content_entries ORDER BY id',
  );
  const sources = readContentFolder(dir);
  t.same(await content.saveAll(sources, { prune: true }), { saved: exported.length, deleted: 0 });
  const after = await app.db.query(
    'SELECT kind, site, language, slug, title, body_html, toc, words, cover, gallery, products, related, sort, published_at FROM content_entries ORDER BY id',
  );
  t.same(after, before, 'exported and imported again: nothing changed');

  // An edit in a file, a new file; one bad file stops the whole import.
  const about = join(dir, 'page/about.md');
  writeFileSync(about, readFileSync(about, 'utf8').replace('title: О компании', 'title: О нас'));
  writeFileSync(join(dir, 'news/new.md'), '---\nkind: news\nslug: new\ntitle: Новое\n---\nТекст.\n');
  writeFileSync(join(dir, 'news/bad.md'), '---\nkind: news\nslug: bad\ntitle: Плохо\n---\n![](/img/x.svg)\n');
  await t.rejects(content.saveAll(readContentFolder(dir)), /alt text is required/);
  t.equal((await content.get('page', 'about', 'ru', 'ru'))!.title, 'О компании', 'nothing of a failed import was saved');
  rmSync(join(dir, 'news/bad.md'));
  rmSync(join(dir, 'faq/ves.md'));
  t.same(await content.saveAll(readContentFolder(dir), { prune: true }), { saved: exported.length, deleted: 1 });
  t.equal((await content.get('page', 'about', 'ru', 'ru'))!.title, 'О нас');
  t.ok(await content.get('news', 'new', 'ru', 'ru'));
  t.equal(await content.get('faq', 'ves', 'ru', 'ru'), null, 'pruned: its file is gone');
  await t.rejects(content.saveAll([...sources.slice(0, 1), ...sources.slice(0, 1)]), /two files describe/);
});

t.test('the CLI: npm run content -- import | export | reviews', { timeout: 280_000 }, async (t) => {
  const run = promisify(execFile);
  const root = new URL('..', import.meta.url).pathname;
  const data = mkdtempSync(join(tmpdir(), 'content-cli-'));
  const folder = mkdtempSync(join(tmpdir(), 'content-files-'));
  t.teardown(() => {
    rmSync(data, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });
  writeFileSync(
    join(folder, 'a.md'),
    '---\nkind: article\nslug: cli\ntitle: Из командной строки\n---\n![Слои](/img/content/layers.svg)\n\n## Раздел\n\nТекст.\n',
  );
  const env = { ...process.env, DATA_DIR: data, SEED_DEMO: 'false' };
  const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/content.ts', ...args], { cwd: root, env });
  const imported = (await cli('import', folder)).stdout;
  t.match(imported, 'imported 1 entries', 'the picture is sized from public/');
  t.match(imported, 'sitemap and RSS within 300 s', 'the owner is told when running servers follow (10 × SHELL_CACHE_TTL)');
  const out = join(folder, 'out');
  t.match((await cli('export', out)).stdout, 'exported 1 files');
  t.match(
    readFileSync(join(out, 'article/cli.md'), 'utf8'),
    /images:\n\s+- src: \/img\/content\/layers\.svg\n\s+width: 1200\n\s+height: 675/,
  );
  t.equal((await cli('reviews')).stdout, '', 'no review waits');
  await t.rejects(cli('reviews', 'publish', '7'), /no review #7/);
  await t.rejects(cli('nonsense'), /usage/);
  writeFileSync(join(folder, 'b.md'), '---\nkind: article\ntitle: Без адреса\n---\n');
  await t.rejects(cli('import', folder), /b\.md: slug/, 'a bad file is named');
});
