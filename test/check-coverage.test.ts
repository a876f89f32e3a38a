/** The coverage floor check (scripts/check-coverage.ts): below a floor fails with a message naming it. */

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import t from 'tap';
import { type CoverageSummary, checkCoverage, METRICS, readFloors, sourceTotals } from '../scripts/check-coverage.ts';

const root = resolve(import.meta.dirname, '..');
const entry = (pct: number | string) => ({ pct, covered: Math.round(Number(pct) || 0), total: 100 });
const summaryOf = (pcts: Record<string, number | string>): CoverageSummary =>
  ({ total: Object.fromEntries(METRICS.map((m) => [m, entry(pcts[m] ?? 100)])) }) as CoverageSummary;

t.test('every floor held: ok, one line per metric', async (t) => {
  const r = checkCoverage(summaryOf({ statements: 80, branches: 70.5, functions: 60, lines: 80.9 }), {
    statements: 80,
    branches: 70,
    functions: 60,
    lines: 80,
  });
  t.ok(r.ok);
  t.equal(r.lines.length, 4);
  t.match(r.lines.join('\n'), /lines 80\.90 % \(81\/100\), floor 80 %/);
  t.notMatch(r.lines.join('\n'), /raise/, 'less than a point above: nothing to raise');
});

t.test('one metric below its floor: not ok, the message names the metric, the figure and the floor', async (t) => {
  const r = checkCoverage(summaryOf({ statements: 80, branches: 69.99, functions: 60, lines: 80 }), {
    statements: 80,
    branches: 70,
    functions: 60,
    lines: 80,
  });
  t.notOk(r.ok);
  const below = r.lines.filter((l) => l.includes('below'));
  t.equal(below.length, 1);
  t.match(below[0], /branches 69\.99 % .* is below its floor of 70 % \(package\.json tap\.branches\)/);
});

t.test('a whole point above a floor: asks to raise it', async (t) => {
  const r = checkCoverage(summaryOf({ lines: 83.4 }), { lines: 82 });
  t.ok(r.ok);
  t.same(r.lines, ['coverage: lines 83.40 % (83/100), floor 82 %: raise tap.lines in package.json to 83']);
});

t.test('a metric the summary lacks (istanbul\'s "Unknown") fails; one without a floor is skipped', async (t) => {
  const r = checkCoverage(summaryOf({ functions: 'Unknown' }), { functions: 50 });
  t.notOk(r.ok);
  t.match(r.lines[0], /functions: no figure in the summary/);
  t.same(checkCoverage(summaryOf({}), {}), { ok: true, lines: [] });
});

t.test('package.json holds a floor for every metric', async (t) => {
  const floors = readFloors();
  for (const m of METRICS) t.type(floors[m], 'number', m);
});

const cli = (args: string[]) =>
  new Promise<{ code: number; out: string }>((done) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/check-coverage.ts', ...args], { cwd: root }, (err, stdout, stderr) =>
      done({ code: err ? Number(err.code) : 0, out: stdout + stderr }),
    );
  });

t.test('the command: exit 0 at the floors, 1 below, 2 without a summary', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'coverage-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const floors = readFloors();
  const at = join(dir, 'at.json');
  writeFileSync(at, JSON.stringify(summaryOf(floors as Record<string, number>)));
  const below = join(dir, 'below.json');
  writeFileSync(below, JSON.stringify(summaryOf({ ...floors, lines: floors.lines! - 0.5 })));

  const ok = await cli([at]);
  t.equal(ok.code, 0, ok.out);
  const bad = await cli([below]);
  t.equal(bad.code, 1);
  t.match(bad.out, /lines .* is below its floor/);
  const none = await cli([join(dir, 'missing.json')]);
  t.equal(none.code, 2);
  t.match(none.out, /no summary at .*missing\.json/);
});

t.test('generated code (dist/, node_modules/) is left out of the totals: the sources count once', async (t) => {
  const file = (covered: number, total: number) =>
    Object.fromEntries(METRICS.map((m) => [m, { pct: (100 * covered) / total, covered, total }])) as CoverageSummary['total'];
  const summary = {
    total: file(60, 200),
    '/repo/server/app.ts': file(90, 100),
    '/repo/dist/server/main.js': file(10, 90),
    '/repo/node_modules/x/index.js': file(0, 10),
  } as unknown as CoverageSummary;
  const totals = sourceTotals(summary).total;
  t.equal(totals.lines.pct, 90);
  t.equal(totals.lines.total, 100);
  t.ok(checkCoverage(sourceTotals(summary), { lines: 85 }).ok, 'the sources hold the floor');
  t.notOk(checkCoverage(summary, { lines: 85 }).ok, 'the raw total would not');
  const bare = { total: file(50, 100) } as unknown as CoverageSummary;
  t.equal(sourceTotals(bare), bare, 'a summary without file entries keeps its total');
});
