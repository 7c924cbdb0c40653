// The demo's pile dropped on the GPU cloths in headless Chromium (SwiftShader here), with their
// crossings through themselves every quarter second: the GPU figures of docs/model.md's
// "Self-collision: what it guarantees" (tests/bench/pile_crossings.cpp gives the CPU's).
//   usage: node tests/bench/gpu-pile-crossings.mjs [SECONDS [BACKENDS [SIDES]]]   (8 s; gpu,webgpu;
//          48,64,64h: 64h is 64 x 64 half a spacing thick)
// A report, not a test; tests/browser/self-collision.spec.js holds the 48 x 48 pile at 0.
import { withBenchPage } from './browser-bench.mjs';
import { namedPileSettings, pageDropPile } from '../browser/pile-scene.js';

const seconds = Number(process.argv[2] ?? 8);
const backends = /** @type {('gpu' | 'webgpu')[]} */ ((process.argv[3] ?? 'gpu,webgpu').split(','));
const piles = (process.argv[4] ?? '48,64,64h').split(',').map(namedPileSettings);

await withBenchPage(console.log, async ({ page }) => {
  for (const backend of backends) {
    for (const settings of piles) {
      const side = settings.columns;
      const run = await page.evaluate(pageDropPile, { settings, backend, quarters: Math.round(seconds * 4) });
      const most = Math.max(...run.crossings);
      console.log(`${backend} pile ${side}x${side}, thickness ${(settings.selfCollisionThickness * 1000).toFixed(1)} mm: ` +
        `at most ${most} crossings, ${run.crossings.at(-1)} at ${seconds} s (every 0.25 s: ${run.crossings.join(' ')}; ${run.seconds.toFixed(0)} s)`);
    }
  }
});
