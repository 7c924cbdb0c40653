// Browser tests: Debian's Chromium (no Playwright browser download), headless, against the
// demo server started just for the run.
import { createServer } from 'node:net';
import { defineConfig } from '@playwright/test';
import { chromiumPath, testArgs } from './tests/browser/chromium-flags.js';

/**
 * A port no other server holds now. Several runs on one machine (engineers side by side) would
 * otherwise share one fixed port: a run then tests the other run's server, from whatever code
 * it started with, and fails when that run ends and stops it.
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

// Chosen once, by the run's main process; its test workers inherit it through the environment.
process.env.NUNO_TEST_PORT ??= String(await freePort());
const port = Number(process.env.NUNO_TEST_PORT);

export default defineConfig({
  testDir: 'tests/browser',
  outputDir: 'test-results/',
  reporter: 'list',
  workers: 1,
  retries: 0,
  // Every test waits on what the page does (frames drawn, steps taken), never for a set time;
  // this only bounds a test that hangs. On 2 cores shared with a build, software rendering here
  // drops below 1 frame per second, and the heaviest tests (the phone's touch gestures, paced
  // one move per frame; four rebuilds with screenshots in between) then take over a minute.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    headless: true,
    viewport: { width: 960, height: 600 },
    launchOptions: {
      executablePath: chromiumPath,
      args: testArgs,
    },
  },
  webServer: {
    command: `node scripts/serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}/web/demo/`,
    stdout: 'ignore',
  },
});
