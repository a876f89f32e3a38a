/**
 * How a test spawns the server (or a script) from source: with the loaders this test process runs under — tap's
 * TypeScript loader and its process tracking — rather than tsx. The coverage report merges every process's map of a
 * file; a child compiled by another transpiler (esbuild, through tsx) maps the file's lines differently, and the merge
 * of the two is nonsense (a 1,100-line file counted as 1 line, or as a quarter covered). Outside tap (no loaders in
 * execArgv), tsx as before.
 */
export function childLoader(): string[] {
  const loaders = process.execArgv.filter((a) => a.startsWith('--import=') || a === '--enable-source-maps');
  return loaders.some((a) => a.includes('@tapjs/typescript')) ? loaders : ['--import', 'tsx'];
}

/** The environment of a spawned server: this process's, with `extra` over it. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
