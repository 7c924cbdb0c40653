// Regenerates docs/demo.png, the README's picture: the demo's first scene at 960 x 600, in the
// Chromium the browser tests use, once the cloth has swung down and settled over the ball.
//   node scripts/screenshot.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';
import { startServer } from './serve.mjs';

const output = fileURLToPath(new URL('../docs/demo.png', import.meta.url));
const viewport = { width: 960, height: 600 };
/** Fixed steps (1/60 s each) after which the swing has come to rest on the ball. */
const settledSteps = 240;

const server = await startServer({ port: 0 });
const browser = await chromium.launch(config.use?.launchOptions);
try {
  const page = await browser.newPage({ viewport });
  /** @type {string[]} */
  const complaints = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  await page.goto(`${server.url}web/demo/`);
  // Software rendering takes a while per frame: allow a minute for the scene to settle.
  await page.waitForFunction((steps) => /** @type {any} */ (window).nunoDemo?.cloth.stepsTaken >= steps, settledSteps,
    { timeout: 60_000 });
  if (complaints.length > 0) throw new Error(`the demo complained:\n${complaints.join('\n')}`);
  await page.screenshot({ path: output });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
  await server.close();
}
