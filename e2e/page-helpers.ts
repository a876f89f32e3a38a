/** Small helpers every browser spec uses. */
import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * In the page: whether React has hydrated the document and committed the result. Hydration runs as a transition, in
 * slices (client/entry-client.tsx), so the root container React puts on `document` when it starts is not enough: its
 * state says whether the server's HTML is still being hydrated.
 */
export function documentHydrated(): boolean {
  const key = Object.keys(document).find((k) => k.startsWith('__reactContainer'));
  type HostRoot = { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
  const container = key ? (document as unknown as Record<string, HostRoot>)[key] : undefined;
  return container?.stateNode?.current?.memoizedState?.isDehydrated === false;
}

/**
 * In the page: resolves after the tasks queued so far. React runs a transition's effects in a task of its own after
 * the commit, so a test waits for this too before it acts on what those effects set up.
 */
export function afterQueuedTasks(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

/** Resolves once React has hydrated the document, committed it and run its effects. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(documentHydrated);
  await page.evaluate(afterQueuedTasks);
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
