/**
 * The `test` of every spec except the region overlay's own: the region overlay (spec §4) counts as answered
 * (`modalRegion` far in the future), so it does not float over the header in tests of other things.
 */
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      try {
        localStorage.setItem('modalRegion', String(8.64e15));
      } catch {
        // about:blank and other opaque origins have no storage
      }
    });
    await use(context);
  },
});
