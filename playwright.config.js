// Browser tests: Debian's Chromium (no Playwright browser download), headless, against the
// demo server started just for the run.
import { defineConfig } from '@playwright/test';

const port = 8123;

export default defineConfig({
  testDir: 'tests/browser',
  outputDir: 'test-results/',
  reporter: 'list',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    headless: true,
    viewport: { width: 960, height: 600 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox', // running as root in CI containers
        // The network is closed: no update, sync or first-run traffic to wait for.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // No GPU here: WebGL2 and compositing both run on SwiftShader through ANGLE. Not
        // --disable-gpu: its software compositor reads each WebGL frame back, and Chromium then
        // logs "GPU stall due to ReadPixels" warnings that a test rightly forbids.
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: {
    command: `node scripts/serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/web/demo/`,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
  },
});
