// Every preset of the demo, chosen in its panel as a visitor would: the cloth is on screen and
// moves, the overlay shows the live figures, and a screenshot of each goes to
// test-results/preset-<name>.png to be looked at.
import { expect, test } from '@playwright/test';
import { measureClothMotion } from '../engines/pixels.js';
import { metric } from '../node/metric.js';
import { presets } from '../../web/demo/presets.js';
import { clothColor } from '../../web/demo/scene.js';
import { clothInUse, collectComplaints, openDemo, saveScreenshot, screenshotPaused, setControl, waitForSteps } from './demo-helpers.js';

/** The cloth must cover more of the view than this share of its pixels. */
const minClothShare = 0.02;

// The sea of papers has its own tests (demo-papers.spec.js): its figures and colours differ.
for (const [name, preset] of Object.entries(presets).filter(([, { papers }]) => !papers)) {
  test(`preset '${name}' shows the cloth moving, with its figures`, async ({ page }) => {
    // Self-collision on SwiftShader's WebGL2 takes seconds a step while the cloth falls fast (its
    // substeps rise with the approach): a pile took 2.3-3 minutes of the 3 allowed on a slow day
    // while its screenshots waited on running frames, 54 s alone here since they are taken paused.
    test.slow(preset.selfCollision, 'self-collision on software WebGL2');
    const complaints = collectComplaints(page);
    await openDemo(page);
    if (name !== Object.keys(presets)[0]) await setControl(page, null, 'scene', preset.label);

    // Early in the scene, then once it has had 1.25 s of simulated time to move and settle; a pile
    // 20 steps later, still falling (it lands after about 30), to spare its slow steps.
    const laterSteps = preset.selfCollision ? 20 : 60;
    await waitForSteps(page, 15);
    const early = await screenshotPaused(page);
    const startMs = Date.now();
    const startFrames = await page.evaluate(() => /** @type {any} */ (window).nunoDemo.frames);
    await waitForSteps(page, laterSteps);
    const frames = await page.evaluate(() => /** @type {any} */ (window).nunoDemo.frames) - startFrames;
    const runningSeconds = (Date.now() - startMs) / 1000;
    // Read running: paused, the overlay has no step to time.
    const figures = await page.locator('#stats').innerText();
    const later = await screenshotPaused(page);
    await saveScreenshot(later, `preset-${name}.png`);

    const motion = measureClothMotion([early, later], clothColor);
    const { backend, precision } = await clothInUse(page);
    const note = `${name}, ${backend} ${precision}`;
    metric('preset_cloth_pixels', motion.clothPixels[1], 'px', `${note}, of ${motion.imagePixels}`);
    metric('preset_changed_pixels', motion.changedPixels, 'px', `${note}, over ${laterSteps} steps`);
    // Software rendering (SwiftShader), between the screenshots: for comparing runs only (from
    // 07e6987 on, the frames while running alone; before, the screenshots' waits too).
    metric('preset_frames_per_second', (frames / runningSeconds).toFixed(1), 'fps', `${note}, SwiftShader`);
    expect(figures).toMatch(/^\d+ fps · [\d.]+ ms\/step/);
    expect(figures).toMatch(/1,600 particles · 9,202 constraints/);
    expect(figures).toMatch(/GPU \(WebGL2\), float precision · max structural strain \d+\.\d %/);
    for (const pixels of motion.clothPixels) expect(pixels).toBeGreaterThan(minClothShare * motion.imagePixels);
    expect(motion.changedPixels).toBeGreaterThan(0.1 * motion.clothPixels[0]);
    expect(complaints).toEqual([]);
  });
}
