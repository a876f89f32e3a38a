import { defineConfig } from '@playwright/test';

// Browser tests run against the production build, served by e2e/server.ts on an embedded in-memory database.
// Chromium comes from the OS packages (apt-get install chromium); Playwright never downloads a browser here.
const PORT = Number(process.env.E2E_PORT ?? 3411);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    trace: 'off',
  },
  webServer: {
    command: `node --import tsx e2e/server.ts`,
    url: `http://localhost:${PORT}/readyz`,
    env: { E2E_PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
  },
});
