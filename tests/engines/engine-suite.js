// Registers the cross-engine checks as node:test tests for one engine: one browser and one
// server for the whole file, so each check pays only for its own page. The titles use the
// words of the Chromium tests' titles; support-matrix.js files each test under a check by them.
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import {
  checkBestBackendWithoutWebGpu, checkCpuThreads, checkDemo, checkGpuMatchesCpu, checkHalfPath, checkPapers, checkThreeScene, checkWorkerCloth,
} from './checks.js';
import { demoVariants, gpuCpuToleranceMm, halfFloatToleranceMm, paperVariants, solvers, swingOntoGround } from './scenes.js';

/** @typedef {import('./checks.js').BrowserDriver} BrowserDriver */

/**
 * @param {string} engine names the engine in titles and metric lines
 * @param {() => Promise<BrowserDriver>} open starts the browser
 */
export function defineEngineTests(engine, open) {
  /** @type {{ url: string, close: () => Promise<void> } | undefined} */
  let server;
  /** @type {BrowserDriver | undefined} */
  let driver;
  /** @type {import('./checks.js').Target} */
  let target;

  before(async () => {
    // Without a display the browser fails to start with a message that does not say why.
    if (!process.env.DISPLAY) throw new Error(`${engine} runs headful (its headless mode has no WebGL here): run under xvfb-run -a`);
    server = await startServer({ port: 0 });
    driver = await open();
    target = { driver, baseUrl: server.url, label: engine };
    console.log(`browser: ${engine} = ${driver.version}`);
  });
  after(async () => {
    await driver?.close();
    await server?.close();
  });

  /**
   * Runs a check; if the browser itself died under it (WebKitGTK's web process once aborted in
   * free() in 1 of 5 runs, deleting the session), starts a new browser, says so, and runs the
   * check once more. A check that fails in a browser still alive is never run again.
   * @param {() => Promise<void>} check
   */
  const inLiveBrowser = async (check) => {
    try {
      await check();
    } catch (error) {
      const alive = await target.driver.evaluate(async () => true).then(() => true, () => false);
      if (alive) throw error;
      console.log(`metric: ${engine}_browser_crashes = 1 (${String(/** @type {Error} */ (error)?.message).split('\n')[0]})`);
      // Ending a dead session fails; the driver still ends the browser's processes.
      await driver?.close().catch(() => {});
      driver = await open();
      target = { ...target, driver };
      await check();
    }
  };

  for (const variant of demoVariants) {
    test(`${engine}: the demo draws the cloth falling (${variant.label})`, () => inLiveBrowser(() => checkDemo(target, variant)));
  }
  for (const variant of paperVariants) {
    test(`${engine}: the sea of papers draws tinted papers that move (${variant.label})`, () => inLiveBrowser(() => checkPapers(target, variant)));
  }
  for (const solver of solvers) {
    test(`${engine}: GPU and CPU agree within ${gpuCpuToleranceMm} mm after ${swingOntoGround.steps} steps (${solver})`,
      () => inLiveBrowser(() => checkGpuMatchesCpu(target, solver)));
  }
  test(`${engine}: the CPU cloth in a worker computes what the page's does, bit for bit`,
    () => inLiveBrowser(() => checkWorkerCloth(target)));
  test(`${engine}: the CPU cloth on two threads computes what one thread does, bit for bit (or one thread, saying why)`,
    () => inLiveBrowser(() => checkCpuThreads(target)));
  test(`${engine}: requestCloth's 'auto' steps down from WebGPU to WebGL2 and says why`,
    () => inLiveBrowser(() => checkBestBackendWithoutWebGpu(target)));
  for (const backend of /** @type {const} */ (['cpu', 'gpu'])) {
    test(`${engine}: a ClothMesh draws the ${backend === 'gpu' ? 'WebGL2' : 'CPU'} cloth textured, lit and shadowed among three objects it leaves alone`,
      () => inLiveBrowser(() => checkThreeScene(target, backend)));
  }
  for (const solver of solvers) {
    test(`${engine}: forced half precision stays within ${halfFloatToleranceMm} mm of float (${solver})`,
      () => inLiveBrowser(() => checkHalfPath(target, solver)));
  }
}
