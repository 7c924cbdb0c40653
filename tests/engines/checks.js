// The checks every engine must pass, written once against a small driver interface so that
// Firefox (WebDriver BiDi), WebKit (classic WebDriver) and Chromium (Playwright) run the same
// code. Each measures, prints its figures as metric lines, then asserts.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { clothColor } from '../../web/demo/scene.js';
import { metric } from '../node/metric.js';
import { measureClothMotion, measurePaperMotion, measureThreeExample } from './pixels.js';
import { bestBackendInPage, compareBackendsInPage, demoDiagnosis, demoHook, threadsMatchOneInPage, workerMatchesPageInPage } from './page-scripts.js';
import { gpuCpuToleranceMm, halfFloatToleranceMm, minDropMetres, swingOntoGround, threadsScene } from './scenes.js';

/**
 * What the checks need from a browser tab, whatever drives it.
 * @typedef {object} PageDriver
 * @property {(url: string) => Promise<unknown>} goto loads the page and waits for its load event
 * @property {(fn: (arg: any) => Promise<any>, arg?: any) => Promise<any>} evaluate runs a
 *   function from page-scripts.js in the page; the argument and result must be JSON values
 * @property {() => Promise<Buffer>} screenshot a PNG of the viewport
 * @property {(key: string) => Promise<unknown>} press a key, down then up
 */

/**
 * A browser that a test file starts and stops, with the one tab the checks drive.
 * @typedef {PageDriver & { version: string, close: () => Promise<void> }} BrowserDriver
 */

/**
 * @typedef {object} Target
 * @property {PageDriver} driver
 * @property {string} baseUrl the repository's server, ending with '/'
 * @property {string} label names the engine in metric lines
 */

/**
 * The cloth must cover more of the view than this. Just after a reset the demo's sheet is level
 * and seen from a low angle, so it covers only a few percent of the view, part of it behind the
 * demo's panel; 1% (a 76 x 76 pixel patch at 960 x 600) is still far above stray pixels.
 */
const minClothShare = 0.01;
/** The demo's cloth steps 1/60 s at a time. */
const stepsPerSecond = 60;
/**
 * Bounds a wait on the page (its first frame, a few more frames, a second of steps) only
 * against a hang: software rendering on a loaded machine can draw under a frame per second.
 */
const pageTimeoutMs = 120_000;

/**
 * The demo page draws the cloth, it falls for a second of simulated time, and the page reports
 * the backend the address asked for.
 * @param {Target} target
 * @param {import('./scenes.js').DemoVariant} variant
 */
export async function checkDemo({ driver, baseUrl, label }, variant) {
  const { justReset, later, resumed, hook } = await firstSecondAfterReset({ driver, baseUrl }, variant);
  const note = `${label}, ${variant.label}`;
  const motion = expectClothMoves('demo', [justReset, later], clothColor, note);
  const drop = motion.lowestRows[1] - motion.lowestRows[0];
  metric('demo_cloth_bottom_drop', drop, 'px', `${note}, over 1 s simulated`);
  // Software rendering while screenshots are taken: for comparing runs only.
  const framesPerSecond = (hook.frames - resumed.frames) / ((Date.now() - resumed.ms) / 1000);
  metric('demo_frames_per_second', framesPerSecond.toFixed(1), 'fps', note);
  assert.deepEqual({ backend: hook.backend, precision: hook.precision },
    { backend: variant.backend, precision: variant.precision }, 'the backend the address asked for');
  assert.ok(drop > 20, `the cloth's lowest point moves down the screen as it falls (${drop} px)`);
}

/**
 * Loads the demo, resets its scene and screenshots it just after the reset and a second of
 * simulated time later.
 * @param {Pick<Target, 'driver' | 'baseUrl'>} target
 * @param {import('./scenes.js').DemoVariant} variant
 */
async function firstSecondAfterReset({ driver, baseUrl }, variant) {
  await openDemo({ driver, baseUrl }, variant);
  // Pause and reset (the P and R keys) to look at the start, then let it run for a second.
  // Paused first: a key press can take a frame or two to arrive (Firefox dispatches WebDriver
  // input on animation frames), and at a few frames per second the scene would move meanwhile.
  await driver.press('p');
  await driver.press('r');
  // A screenshot shows the last frame drawn, which can still be the scene from before the
  // reset: wait for two frames drawn since.
  await untilFramesDrawn(driver, 2);
  const justReset = await driver.screenshot();
  const resumed = { ms: Date.now(), ...(await driver.evaluate(demoHook)) };
  await driver.press('p');
  // A second of simulated time, not of wall time: where frames come slowly (software rendering
  // on a loaded machine) the clamp on long frames makes a wall-clock second a few steps.
  await untilPage(driver, demoHook, (hook) => (hook?.steps ?? 0) >= resumed.steps + stepsPerSecond,
    `the demo took no ${stepsPerSecond} steps`);
  const later = await driver.screenshot();
  const hook = await driver.evaluate(demoHook);
  return { justReset, later, resumed, hook };
}

/** Papers must cover this share of the view: 64 papers of 10 x 14 cm seen from 6.5 m fill about 3%. */
const minPaperShare = 0.003;
/** ... and show at least this many tints: each paper gets its own. */
const minPaperTints = 8;

/**
 * The demo's sea of papers (?preset=papers, with `query` choosing how many or where they run):
 * the papers are on screen, each tinted, and they move in a second of simulated time.
 * @param {Target} target
 * @param {{ label: string, query: string, backend: 'gpu' | 'cpu', precision: 'float' | 'half', particles: number }} variant
 */
export async function checkPapers({ driver, baseUrl, label }, variant) {
  const { justReset, later, hook } = await firstSecondAfterReset({ driver, baseUrl }, variant);
  const motion = measurePaperMotion([justReset, later]);
  const note = `${label}, ${variant.label}`;
  metric('papers_pixels', motion.clothPixels[1], 'px', `${note}, of ${motion.imagePixels}`);
  metric('papers_changed_pixels', motion.changedPixels, 'px', `${note}, over 1 s simulated`);
  metric('papers_tints', motion.tints, 'shades', note);
  assert.deepEqual({ backend: hook.backend, precision: hook.precision, particles: hook.particles },
    { backend: variant.backend, precision: variant.precision, particles: variant.particles }, 'the papers the address asked for');
  for (const pixels of motion.clothPixels) {
    assert.ok(pixels > minPaperShare * motion.imagePixels, `paper pixels: ${motion.clothPixels} of ${motion.imagePixels}`);
  }
  assert.ok(motion.changedPixels > 0.1 * motion.clothPixels[0], `paper pixels that changed in 1 s: ${motion.changedPixels} of ${motion.clothPixels[0]}`);
  assert.ok(motion.tints >= minPaperTints, `papers in ${motion.tints} shades`);
}

/**
 * The GPU solver on its float path computes what the CPU core computes.
 * @param {Target} target
 * @param {string} solver
 */
export async function checkGpuMatchesCpu(target, solver) {
  const result = await compareOnHarness(target, solver, { backend: 'gpu', precision: 'float' }, { backend: 'cpu' });
  metric('gpu_cpu_max_deviation_mm', result.maxDeviationMm.toPrecision(3), 'mm', `${target.label}, ${solver}`);
  assert.deepEqual(result.precisions, ['float', 'cpu']);
  assert.ok(result.maxDeviationMm < gpuCpuToleranceMm, `GPU vs CPU: ${result.maxDeviationMm} mm`);
}

/**
 * `requestCloth`'s 'auto' in an engine without WebGPU: it steps down to WebGL2, says why, and
 * the cloth it gives runs.
 * @param {Target} target
 */
export async function checkBestBackendWithoutWebGpu({ driver, baseUrl, label }) {
  await driver.goto(`${baseUrl}tests/browser/harness.html`);
  const result = await driver.evaluate(bestBackendInPage);
  console.log(`${label}: requestCloth 'auto' -> ${result.backend} (${result.fallbackReason})`);
  assert.equal(result.backend, 'gpu', 'WebGL2, the next best');
  assert.match(String(result.fallbackReason), /^nuno: this browser offers (no WebGPU|WebGPU but found no adapter)/);
  assert.ok(result.drop > 0.1, `the cloth falls (${result.drop} m)`);
}

/**
 * The CPU cloth in a Web Worker computes, bit for bit, what the CPU cloth on the page does.
 * @param {Target} target
 */
export async function checkWorkerCloth({ driver, baseUrl, label }) {
  await driver.goto(`${baseUrl}tests/browser/harness.html`);
  const result = await driver.evaluate(workerMatchesPageInPage, { settings: swingOntoGround.settings, steps: swingOntoGround.steps });
  metric('worker_page_differing_coordinates', result.differing, 'coordinates', `${label}, ${swingOntoGround.steps} steps`);
  assert.equal(result.stepsTaken, swingOntoGround.steps);
  assert.ok(result.drop > minDropMetres, `the sheet swings down, dropped ${result.drop} m`);
  assert.equal(result.differing, 0, 'the worker and the page end bit for bit the same');
}

/**
 * The CPU cloth on two threads ends on the bits of one where the page is cross-origin isolated
 * (the test server sends COOP/COEP) and the engine shares wasm memory; elsewhere one thread
 * runs and the reason says which of the two is missing (WebKitGTK isolates the page but has no
 * SharedArrayBuffer).
 * @param {Target} target
 */
export async function checkCpuThreads({ driver, baseUrl, label }) {
  await driver.goto(`${baseUrl}tests/browser/harness.html`);
  const result = await driver.evaluate(threadsMatchOneInPage, { settings: threadsScene.settings, steps: threadsScene.steps });
  const threaded = result.isolated && result.sharedMemory;
  metric('cpu_threads', result.clothThreads, 'threads', `${label}, ${threaded ? 'cross-origin isolated, shared memory' : result.reason}`);
  metric('cpu_threads_differing_coordinates', result.differing, 'coordinates', `${label}, 2 threads asked for vs 1, ${threadsScene.steps} steps`);
  // It comes to lie on the sphere, 0.46 m down at its lowest.
  assert.ok(result.drop > 0.3, `the cloth falls, dropped ${result.drop} m`);
  assert.equal(result.differing, 0, 'two threads and one end bit for bit the same');
  assert.equal(result.threadCount, threaded ? 2 : 1);
  assert.equal(result.clothThreads, result.threadCount);
  if (!threaded) {
    assert.match(String(result.reason), result.isolated ? /shares no WebAssembly memory/ : /not cross-origin isolated/);
  }
}

/**
 * The split half path (forced, as on phones without float render targets) runs and stays
 * close to the float path.
 * @param {Target} target
 * @param {string} solver
 */
export async function checkHalfPath(target, solver) {
  const result = await compareOnHarness(target, solver, { backend: 'gpu', precision: 'half' }, { backend: 'gpu', precision: 'float' });
  metric('half_float_max_deviation_mm', result.maxDeviationMm.toPrecision(3), 'mm', `${target.label}, ${solver}`);
  assert.deepEqual(result.precisions, ['half', 'float']);
  assert.ok(result.maxDeviationMm < halfFloatToleranceMm, `half vs float: ${result.maxDeviationMm} mm`);
}

/**
 * Whether a tenth of the cloth seen in the first view changed by the second.
 * @param {import('./pixels.js').ClothMotion} motion
 */
export function clothMovedEnough(motion) {
  return motion.changedPixels > 0.1 * motion.clothPixels[0];
}

/**
 * Measures the cloth in two screenshots, prints the figures, and checks that it covers a
 * visible part of the view in both and moved between them.
 * @param {string} page names the page in the metric names: 'demo' gives demo_cloth_pixels
 * @param {Buffer[]} screenshots two PNGs of the same view
 * @param {ArrayLike<number>} color the cloth's colour
 * @param {string} note engine and variant, for the metric lines
 * @returns {import('./pixels.js').ClothMotion}
 */
export function expectClothMoves(page, screenshots, color, note) {
  const motion = measureClothMotion(screenshots, color);
  metric(`${page}_cloth_pixels`, motion.clothPixels[1], 'px', `${note}, of ${motion.imagePixels}`);
  metric(`${page}_changed_pixels`, motion.changedPixels, 'px', `${note}, over 1 s`);
  for (const pixels of motion.clothPixels) {
    assert.ok(pixels > minClothShare * motion.imagePixels, `cloth-coloured pixels: ${motion.clothPixels} of ${motion.imagePixels}`);
  }
  assert.ok(clothMovedEnough(motion),
    `cloth pixels that changed in 1 s: ${motion.changedPixels} of ${motion.clothPixels[0]}`);
  return motion;
}

/**
 * Loads the demo and waits for its first frame. A page that has drawn none in pageTimeoutMs is
 * loaded once more: in about 1 of 10 WebKit tier runs one page load never drew (seen twice, on
 * different pages, never reproduced by hand), while the same page drew at once before and
 * after. What the stalled page showed goes out as a metric line, and into the error if the
 * second load draws nothing either.
 * @param {Pick<Target, 'driver' | 'baseUrl'>} target
 * @param {import('./scenes.js').DemoVariant} variant
 */
export async function openDemo({ driver, baseUrl }, variant) {
  const drawsAFrame = async () => {
    await driver.goto(`${baseUrl}web/demo/${variant.query}`);
    return (await pollPage(driver, demoHook, (hook) => (hook?.frames ?? 0) > 0, pageTimeoutMs)) !== undefined;
  };
  if (await drawsAFrame()) return;
  const stalled = await driver.evaluate(demoDiagnosis);
  metric('demo_loads_without_a_frame', 1, 'loads', `${variant.label}, loaded again; the stalled load: ${JSON.stringify(stalled)}`);
  if (await drawsAFrame()) return;
  throw new Error(`the demo drew no frame within ${pageTimeoutMs / 1000} s, twice: ${JSON.stringify(await driver.evaluate(demoDiagnosis))}`);
}

/**
 * Waits until the demo has drawn this many more frames.
 * @param {PageDriver} driver
 * @param {number} count
 */
export async function untilFramesDrawn(driver, count) {
  const { frames } = await driver.evaluate(demoHook);
  await untilPage(driver, demoHook, (hook) => (hook?.frames ?? 0) >= frames + count, `the demo drew no ${count} more frames`);
}

/**
 * Calls a page function until its result passes a test, and returns that result.
 * @template T
 * @param {PageDriver} driver
 * @param {() => Promise<T>} read from page-scripts.js
 * @param {(value: T) => boolean} accept
 * @param {string} failure what went wrong when it never passes
 * @returns {Promise<T>}
 */
export async function untilPage(driver, read, accept, failure) {
  const value = await pollPage(driver, read, accept, pageTimeoutMs);
  if (value === undefined) throw new Error(`${failure} within ${pageTimeoutMs / 1000} s`);
  return value;
}

/**
 * Calls a page function until its result passes a test, for at most waitMs.
 * @template T
 * @param {PageDriver} driver
 * @param {() => Promise<T>} read from page-scripts.js
 * @param {(value: T) => boolean} accept
 * @param {number} waitMs
 * @returns {Promise<T | undefined>} the accepted result, undefined if none came in time
 */
async function pollPage(driver, read, accept, waitMs) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await driver.evaluate(read);
    if (accept(value)) return value;
    if (Date.now() > deadline) return undefined;
    await sleep(100);
  }
}

/**
 * Runs the agreement scene with one solver on two backends in the test harness page.
 * @param {Target} target
 * @param {string} solver
 * @param {object} first createCloth options
 * @param {object} second
 */
async function compareOnHarness({ driver, baseUrl }, solver, first, second) {
  await driver.goto(`${baseUrl}tests/browser/harness.html`);
  const scene = { ...swingOntoGround, settings: { ...swingOntoGround.settings, solver } };
  const result = await driver.evaluate(compareBackendsInPage, { scene, first, second });
  assert.ok(result.drop > minDropMetres, `the sheet swings down about 0.8 m, dropped ${result.drop} m`);
  assert.equal(result.glError, 0, 'no WebGL error');
  return result;
}

/**
 * nuno/three's scene (tests/browser/three-scene.js) drawn right: the cloth's map on screen, its
 * shadow, the picture changing as it swings, and the control objects exactly as drawn without
 * the cloth. Shared by three.spec.js (Chromium) and the Firefox and WebKit tiers.
 * @param {{ red: number, yellow: number, shadowed: number, swung: number, controlPixels: number, controlDiffering: number, stepsTaken: number, gpuErrors: string[], boundsRadius: number | null, clothBytesPerFrame: number, particles: number }} result
 * @param {string} note names the engine and backend in the metric line
 * @param {'cpu' | 'worker' | 'gpu' | 'webgpu'} backend
 */
export function expectClothSceneDrawn(result, note, backend) {
  metric('three_cloth_pixels', `${result.red} red + ${result.yellow} yellow`, 'px', `${note}; ${result.swung} px changed as it ` +
    `swung; shadow ${result.shadowed} px; control objects ${result.controlDiffering} of ${result.controlPixels} px changed`);
  metric('three_cloth_upload_bytes_per_frame', Math.round(result.clothBytesPerFrame), 'B', `${note}; ${result.particles} particles`);
  assert.ok(result.stepsTaken > 20, `it stepped ${result.stepsTaken} times`);
  assert.ok(result.red > 300, `the checker map's red on screen: ${result.red} px`);
  assert.ok(result.yellow > 300, `the checker map's yellow on screen: ${result.yellow} px`);
  assert.ok(result.shadowed > 300, `the cloth's shadow on the ground: ${result.shadowed} px`);
  assert.ok(result.swung > 1000, `the drawn cloth moves as it swings down: ${result.swung} px`);
  assert.ok(result.controlPixels > 1000, `control objects on screen: ${result.controlPixels} px`);
  assert.equal(result.controlDiffering, 0, 'the control objects as drawn without the cloth');
  assert.deepEqual(result.gpuErrors, [], 'no WebGL or WebGPU error');
  if (backend === 'cpu' || backend === 'worker') {
    // A CPU cloth's positions and normals, 12 B each a particle, copied to the GPU every frame
    // (and, with WebGPURenderer, three's uniforms for one more object: 64 B).
    const copy = 24 * result.particles;
    assert.ok(result.clothBytesPerFrame >= copy && result.clothBytesPerFrame < copy + 256, `bytes uploaded a frame for the cloth: ${result.clothBytesPerFrame}`);
  } else {
    // A GPU cloth's positions stay there: a frame's uploads (nuno's step uniforms, three's for
    // one more object) come nowhere near one copy of them.
    assert.ok(result.clothBytesPerFrame < 12 * result.particles, `bytes uploaded a frame for the cloth: ${result.clothBytesPerFrame}`);
  }
  // The CPU cloths' bounds follow them; a GPU cloth's are on the GPU, so it is never culled.
  if (backend === 'cpu' || backend === 'worker') assert.ok(Number(result.boundsRadius) > 0.3, `bounds that follow the cloth: radius ${result.boundsRadius}`);
}

/**
 * nuno/three's scene on one backend in any engine: tests/browser/three.html (an import map for
 * the bare imports), or that page as an app built it.
 * @param {Pick<Target, 'driver' | 'baseUrl' | 'label'>} target
 * @param {'cpu' | 'gpu' | 'webgpu'} backend
 * @param {{ page?: string, renderer?: 'webgl' | 'webgpu' }} [options] the page under baseUrl; the three renderer
 */
export async function checkThreeScene({ driver, baseUrl, label }, backend, { page = 'tests/browser/three.html', renderer = 'webgl' } = {}) {
  await driver.goto(`${baseUrl}${page}`);
  const result = await driver.evaluate(async (options) => {
    // WebKitWebDriver hands the page back while it is still 'interactive', before its module ran.
    if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
    return /** @type {any} */ (window).nunoThreeScene.measureClothScene(options);
  }, { backend, renderer, frames: 30 });
  expectClothSceneDrawn(result, `${label}, ${renderer === 'webgpu' ? 'WebGPURenderer' : 'WebGLRenderer'}, ${backend}`, backend);
}

/**
 * Whether a view of the three.js example shows its flag: its stripes together (the box is blue
 * too), and some red, which nothing else in the scene is.
 * @param {{ blue: number, red: number }} view pixels of measureThreeExample
 */
export const flagStripesShown = ({ blue, red }) => blue + red > 500 && red > 20;

/**
 * Looks at the three.js example after `first`: its flag's stripes and the pixels moved since.
 * Gusts fold the flag, at slow frames at times edge on for several frames (CI saw its red down to
 * 2 px, another run 67): a view without the stripes is followed by up to six more, a frame apart,
 * and the one showing them (else the most red) is the one judged.
 * @param {Buffer} first a screenshot taken earlier
 * @param {() => Promise<Buffer>} shoot a screenshot now
 * @param {() => Promise<void>} nextFrame resolves once the page drew one more frame
 * @returns {Promise<{ blue: number, red: number, moved: number, views: number }>}
 */
export async function lookAtThreeExample(first, shoot, nextFrame) {
  let { blue, red, moved } = measureThreeExample([first, await shoot()]);
  let views = 1;
  for (; views < 7 && !flagStripesShown({ blue, red }); ++views) {
    await nextFrame();
    const next = measureThreeExample([first, await shoot()]);
    if (flagStripesShown(next) || next.red > red) ({ blue, red } = next);
    moved = Math.max(moved, next.moved);
  }
  return { blue, red, moved, views };
}
