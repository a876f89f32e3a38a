/** Small helpers every browser spec uses. */
import type { ConsoleMessage, Page } from '@playwright/test';

/** Resolves once React has hydrated the document (it attaches its root container key on document). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')));
}

/** Collects console errors and warnings (hydration mismatches are reported there) and page errors. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}
