/**
 * The coverage floor of the PGlite tap lane (decision 019). Reads the summary tap writes when the lane runs with
 * coverage (`tap --no-disable-coverage --coverage-report=json-summary` → .tap/report/coverage-summary.json) and fails
 * when a percentage is below its floor: package.json "tap" → statements, branches, functions, lines (tap's own
 * names for them). The floors are the measured level and only rise; a whole point above one, it says so.
 *
 *   node --import tsx scripts/check-coverage.ts [summary.json]
 * Exit 0: every floor held; 1: a floor broken; 2: no summary (the lane ran without coverage, or did not run).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const METRICS = ['statements', 'branches', 'functions', 'lines'] as const;
export type Metric = (typeof METRICS)[number];
type Figures = Record<Metric, { pct: number | string; covered: number; total: number }>;
/** The part of istanbul's json-summary this check reads: the total, and one entry per file. */
export type CoverageSummary = { total: Figures } & Record<string, Figures>;

/**
 * Generated code: the compiled server (dist/) that the process and production-build tests spawn is the same sources
 * bundled, so it is counted once — as the sources. A summary without per-file entries keeps its total.
 */
const GENERATED = /[/\\](dist|node_modules)[/\\]/;

/** The totals over the project's own source files. */
export function sourceTotals(summary: CoverageSummary): CoverageSummary {
  const files = Object.entries(summary).filter(([file]) => file !== 'total' && !GENERATED.test(file));
  if (files.length === 0) return summary;
  const total = {} as Figures;
  for (const m of METRICS) {
    const covered = files.reduce((sum, [, f]) => sum + (f[m]?.covered ?? 0), 0);
    const all = files.reduce((sum, [, f]) => sum + (f[m]?.total ?? 0), 0);
    total[m] = { covered, total: all, pct: all ? Math.round((10000 * covered) / all) / 100 : 'Unknown' };
  }
  return { ...summary, total };
}
export type Floors = Partial<Record<Metric, number>>;

const root = resolve(fileURLToPath(import.meta.url), '../..');
export const DEFAULT_SUMMARY = resolve(root, '.tap/report/coverage-summary.json');

/** The floors from package.json's "tap" section; a metric without a floor is not checked. */
export function readFloors(packageJsonPath = resolve(root, 'package.json')): Floors {
  const tap = JSON.parse(readFileSync(packageJsonPath, 'utf8')).tap ?? {};
  const floors: Floors = {};
  for (const m of METRICS) if (typeof tap[m] === 'number') floors[m] = tap[m];
  return floors;
}

/** Compares the totals with the floors: ok when none is below, and one line per metric saying where it stands. */
export function checkCoverage(summary: CoverageSummary, floors: Floors): { ok: boolean; lines: string[] } {
  let ok = true;
  const lines: string[] = [];
  for (const m of METRICS) {
    const floor = floors[m];
    const entry = summary.total?.[m];
    if (floor === undefined) continue;
    // istanbul writes "Unknown" when there is nothing of the kind to cover.
    const pct = Number(entry?.pct);
    if (!entry || !Number.isFinite(pct)) {
      ok = false;
      lines.push(`coverage: ${m}: no figure in the summary (floor ${floor} %)`);
      continue;
    }
    const figure = `${m} ${pct.toFixed(2)} % (${entry.covered}/${entry.total})`;
    if (pct < floor) {
      ok = false;
      lines.push(
        `coverage: ${figure} is below its floor of ${floor} % (package.json tap.${m}); ` +
          'add tests for the code this change adds or touches — the floor does not go down',
      );
    } else if (pct >= floor + 1) {
      lines.push(`coverage: ${figure}, floor ${floor} %: raise tap.${m} in package.json to ${Math.floor(pct)}`);
    } else {
      lines.push(`coverage: ${figure}, floor ${floor} %`);
    }
  }
  return { ok, lines };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = resolve(process.argv[2] ?? DEFAULT_SUMMARY);
  let summary: CoverageSummary;
  try {
    summary = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`coverage: no summary at ${file} (${(err as Error).message});`);
    console.error('run the PGlite lane with coverage first: npm run coverage');
    process.exit(2);
  }
  const result = checkCoverage(sourceTotals(summary), readFloors());
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  process.exit(result.ok ? 0 : 1);
}
