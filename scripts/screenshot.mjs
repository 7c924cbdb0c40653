// Regenerates the README's pictures: the demo's first scene at 960 x 600, in the Chromium the
// browser tests use, once the cloth has swung down and settled over the ball (docs/demo.png),
// and the sea of papers mid-fall (docs/papers.png: 32 x 32 papers, since software rendering
// takes seconds a step for the desktop's 64 x 64).
//   node scripts/screenshot.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';
import { startServer } from './serve.mjs';

const viewport = { width: 960, height: 600 };
/** Each picture: the page's address, and the fixed steps (1/60 s each) it is taken after. */
const pictures = [
  // The swing has come to rest on the ball.
  { file: 'demo.png', query: '', steps: 240 },
  // The first papers have landed, most are still tumbling down.
  { file: 'papers.png', query: '?preset=papers&papers=32', steps: 50 },
];

const server = await startServer({ port: 0 });
const browser = await chromium.launch(config.use?.launchOptions);
try {
  for (const { file, query, steps } of pictures) {
    const output = fileURLToPath(new URL(`../docs/${file}`, import.meta.url));
    const page = await browser.newPage({ viewport });
    /** @type {string[]} */
    const complaints = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
    });
    page.on('pageerror', (error) => complaints.push(error.message));
    await page.goto(`${server.url}web/demo/${query}`);
    // Software rendering takes a while per frame: allow two minutes for the scene.
    await page.waitForFunction((count) => /** @type {any} */ (window).nunoDemo?.cloth.stepsTaken >= count, steps,
      { timeout: 120_000 });
    // Paused (P), so the picture is of this moment, not of a frame several steps on.
    await page.keyboard.press('p');
    if (complaints.length > 0) throw new Error(`the demo complained:\n${complaints.join('\n')}`);
    await page.screenshot({ path: output });
    console.log(`wrote ${output}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
