/**
 * The layering rules (.dependency-cruiser.cjs, decision 019) fail the run when broken: dependency-cruiser's CLI,
 * with the project's config, on test/fixtures/layering/ (a tiny tree breaking every rule once, beside allowed
 * imports of each kind) reports exactly the broken imports, each with its rule's message, and exits non-zero.
 * Also the two Biome rules the layering leans on, and the real tree.
 */

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import t from 'tap';

const root = resolve(import.meta.dirname, '..');
const fixture = join(root, 'test/fixtures/layering');
const configFile = join(root, '.dependency-cruiser.cjs');
/** The folder-level rule, cruised over run-time imports only (see the file's comment). */
const foldersConfigFile = join(root, '.dependency-cruiser.folders.cjs');
const depcruiseBin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const biomeBin = join(root, 'node_modules/@biomejs/biome/bin/biome');

type Rule = { name: string; comment: string };
const load = createRequire(import.meta.url);
const rules: Rule[] = [...load(configFile).forbidden, ...load(foldersConfigFile).forbidden];
const commentOf = (name: string) => rules.find((r) => r.name === name)!.comment;

type Run = { code: number; stdout: string; stderr: string };
/** Runs a command to its end; a non-zero exit is an answer, not an exception. */
function run(file: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((done) => {
    execFile(file, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

type Violation = { from: string; to: string; rule: { name: string }; cycle?: { name: string }[] };
/** One line per violation: "rule: from → to" (a circle: every module of it, in order). */
const describe = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name).join(' → ') : v.to}`;

async function cruise(cwd: string, reporter: 'json' | 'err-long', config = configFile): Promise<Run> {
  return run(process.execPath, [depcruiseBin, '--config', config, '--output-type', reporter, 'shared', 'client', 'server'], cwd);
}

/** The imports marked BREAKS in the fixture's files, and nothing else. */
const EXPECTED = [
  'shared-is-shared: shared/money.ts → client/widget.ts',
  'shared-is-shared: shared/row.ts → server/db.ts',
  'client-not-server-at-runtime: client/widget.ts → server/db.ts',
  'i18next-stays-on-the-server: client/labels.ts → ../../../node_modules/i18next/index.d.mts',
  'server-reaches-client-through-one-module: server/render.ts → client/page.ts',
  'no-circular: shared/cycle-a.ts → shared/cycle-b.ts → shared/cycle-a.ts',
  'no-circular: server/loop-a.ts → server/loop-b.ts → server/loop-a.ts',
  'not-to-unresolvable: server/missing.ts → ./nothing-here.ts',
  'domains-through-their-faces: server/pages/home.ts → server/catalog/prices.ts',
  'domains-below-the-web: server/mail/index.ts → server/http/plugin.ts',
  'render-stands-alone: server/render/runtime.ts → server/catalog/index.ts',
  'render-stands-alone: server/render/runtime.ts → server/http/plugin.ts',
  'no-page-imports-a-page: server/pages/home.ts → server/pages/cart.ts',
  'client-types-from-pages-only: client/stray-type.ts → server/db.ts',
  'client-types-from-pages-only: client/widget.ts → server/db.ts',
].sort();

/** The folder rule's finds: one folder circle, reported from each side. */
const EXPECTED_FOLDERS = [
  'no-folder-circles: server/orders → server/stock → server/orders',
  'no-folder-circles: server/stock → server/orders → server/stock',
].sort();

t.test('a broken tree: every rule fires on exactly the wrong imports', async (t) => {
  // (The json reporter exits 0 whatever it finds; the exit code is checked with the err-long one below.)
  const res = await cruise(fixture, 'json');
  const violations: Violation[] = JSON.parse(res.stdout).summary.violations;
  t.same(violations.map(describe).sort(), EXPECTED, 'the violations are the BREAKS imports');
  const folders: Violation[] = JSON.parse((await cruise(fixture, 'json', foldersConfigFile)).stdout).summary.violations;
  t.same(folders.map(describe).sort(), EXPECTED_FOLDERS, 'the folder circle, and nothing else, breaks the folder rule');

  const fired = new Set([...violations, ...folders].map((v) => v.rule.name));
  for (const rule of rules) t.ok(fired.has(rule.name), `the fixture breaks ${rule.name}`);

  // The allowed kinds stay allowed: type-only imports across client/server, the renderer module.
  const edges = violations.map((v) => `${v.from} → ${v.to}`);
  t.notOk(edges.includes('client/page.ts → server/pages/home.ts'), 'client may import the types of page modules');
  t.notOk(edges.includes('server/pages/home.ts → server/catalog/index.ts'), 'a page may import a domain through its face');
  t.notOk(edges.includes('server/pages/home.ts → server/pages/helpers/label.ts'), 'a page may import a page helper');
  t.notOk(edges.includes('server/render.ts → client/widget.ts'), 'server may import client types');
  t.notOk(
    edges.some((e) => e.endsWith('→ client/ssr.tsx')),
    'server may import client/ssr.tsx',
  );
});

t.test('the report names each rule and says what it wants, and the run fails', async (t) => {
  const res = await cruise(fixture, 'err-long');
  t.equal(res.code, EXPECTED.length, 'dependency-cruiser exits non-zero: the number of errors');
  const text = res.stdout.replace(/\s+/g, ' ');
  for (const line of EXPECTED) {
    const name = line.slice(0, line.indexOf(':'));
    t.ok(text.includes(`error ${line} ${commentOf(name)}`), `${line}: reported with its message`);
  }
  t.match(text, new RegExp(`x ${EXPECTED.length} dependency violations \\(${EXPECTED.length} errors, 0 warnings\\)`));
  const folderRun = await cruise(fixture, 'err-long', foldersConfigFile);
  t.equal(folderRun.code, EXPECTED_FOLDERS.length, 'the folder cruise fails too');
  t.match(folderRun.stdout.replace(/\s+/g, ' '), commentOf('no-folder-circles'), "with the rule's message");
});

t.test('Biome keeps the type-only allowance honest, and client code off Node modules', async (t) => {
  // The project's Biome config, without the git integration, over a throwaway client/ folder.
  const dir = mkdtempSync(join(tmpdir(), 'layering-biome-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const config = readFileSync(join(root, 'biome.jsonc'), 'utf8').replace('"vcs": { "enabled": true', '"vcs": { "enabled": false');
  t.not(config, readFileSync(join(root, 'biome.jsonc'), 'utf8'), 'the git integration was switched off');
  writeFileSync(join(dir, 'biome.jsonc'), config);
  mkdirSync(join(dir, 'client'));
  mkdirSync(join(dir, 'server'));
  // `import { type A }` keeps loading the module under verbatimModuleSyntax; dependency-cruiser calls it type-only.
  writeFileSync(join(dir, 'client/inline-type.ts'), "import { type Row } from '../server/db.ts';\n\nexport const f = (r: Row) => r;\n");
  writeFileSync(join(dir, 'client/type-only.ts'), "import type { Row } from '../server/db.ts';\n\nexport const f = (r: Row) => r;\n");
  writeFileSync(join(dir, 'client/node.ts'), "import { readFileSync } from 'node:fs';\n\nexport const f = () => readFileSync('x');\n");
  writeFileSync(join(dir, 'server/node.ts'), "import { readFileSync } from 'node:fs';\n\nexport const f = () => readFileSync('x');\n");
  writeFileSync(join(dir, 'server/db.ts'), 'export type Row = { title: string };\n');

  const res = await run(process.execPath, [biomeBin, 'lint', '--max-diagnostics=none', '.'], dir);
  t.not(res.code, 0, 'biome exits non-zero');
  const found = [...res.stderr.matchAll(/^(\S+?):\d+:\d+ (lint\/\S+)/gm)].map((m) => `${m[1]} ${m[2]}`).sort();
  t.same(found, ['client/inline-type.ts lint/style/useImportType', 'client/node.ts lint/correctness/noNodejsModules']);
});

t.test('the real tree keeps the rules (61 violations before issue 8 restructured the routes, decision 019)', async (t) => {
  for (const config of [configFile, foldersConfigFile]) {
    const res = await cruise(root, 'json', config);
    const violations: Violation[] = JSON.parse(res.stdout).summary.violations;
    t.same(violations.map(describe), [], `no violations of ${config.slice(root.length + 1)}`);
    t.equal(res.code, 0, 'dependency-cruiser exits 0');
  }
});
