/**
 * The translation keys a client module and everything it imports (relative imports, transitively) name as literals:
 * 't("account.signIn.title")', a template's fixed head `calc.zone.${code}` → "calc.zone". What the used-keys test of
 * test/page-strings.test.ts adds to the server render: strings only the browser shows (a dialog, a live result).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const IMPORT = /(?:import|export)\s(?!type\s)[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const BROWSER_CODE = /\/(client|shared)\//;
/** The route table names string units, the locales hold them: declarations and tables, not uses. */
const NOT_USES = /\/shared\/(routes\.ts$|locales\/)/;

/**
 * Every file of client/ and shared/ reached from `entry` through relative imports that stay in the browser's code:
 * type-only imports (of server page modules, say) carry no string to the page.
 */
export function moduleClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(IMPORT)) {
      const target = m[1] ?? m[2]!;
      const path = resolve(dirname(file), target);
      if (/\.(tsx?)$/.test(target) && BROWSER_CODE.test(path)) visit(path); // not styles, not server code
    }
  };
  visit(resolve(entry));
  return [...seen].filter((file) => !NOT_USES.test(file));
}

/**
 * The key literals starting with one of `namespaces` in a source text: full keys, or a template's fixed head with its
 * dot (`productPage.${availability}` → "productPage.").
 */
export function keyLiterals(source: string, namespaces: readonly string[]): string[] {
  const found = new Set<string>();
  const re = new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[A-Za-z0-9_.]*)(\\$\\{)?`, 'g');
  for (const m of source.matchAll(re)) found.add(m[2] ? m[1]! : m[1]!.replace(/\.+$/, ''));
  return [...found];
}
