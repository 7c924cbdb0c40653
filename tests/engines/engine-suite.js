// Registers the cross-engine checks as node:test tests for one engine: one browser and one
// server for the whole file, so each check pays only for its own page. The titles use the
// words of the Chromium tests' titles; support-matrix.js files each test under a check by them.
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { checkDemo, checkGpuMatchesCpu, checkHalfPath } from './checks.js';
import { demoVariants, gpuCpuToleranceMm, halfFloatToleranceMm, solvers, swingOntoGround } from './scenes.js';

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

  for (const variant of demoVariants) {
    test(`${engine}: the demo draws the cloth falling (${variant.label})`, () => checkDemo(target, variant));
  }
  for (const solver of solvers) {
    test(`${engine}: GPU and CPU agree within ${gpuCpuToleranceMm} mm after ${swingOntoGround.steps} steps (${solver})`,
      () => checkGpuMatchesCpu(target, solver));
  }
  for (const solver of solvers) {
    test(`${engine}: forced half precision stays within ${halfFloatToleranceMm} mm of float (${solver})`,
      () => checkHalfPath(target, solver));
  }
}
