// nuno used as a package by other web apps: packed, installed into a fresh Vite app, checked by
// tsc against the shipped declarations, built by Vite, and run in Chromium; and the same app
// loaded with no bundler, through an import map.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from '@playwright/test';
import playwrightConfig from '../../playwright.config.js';
import { webGpuCanvasLaunchOptions } from '../browser/chromium-flags.js';
import { metric } from '../node/metric.js';
import { checkAppDrawsMovingCloth, checkThreeExampleMoves, checkThreeSceneBuilt } from './check-app.js';
import { addMisuse, createConsumerApp, typeCheck, viteBuild } from './consumer-app.js';

/** @type {string} */
let work;
/** @type {string} */
let app;
/** @type {import('@playwright/test').Browser | undefined} */
let browser;

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'nuno-consumer-'));
  app = await createConsumerApp(work);
  browser = await chromium.launch(playwrightConfig.use?.launchOptions);
  console.log(`browser: chromium = chromium ${browser.version()}`);
});

after(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

test('vite consumer: tsc --noEmit passes with the shipped declarations', async () => {
  const { code, output } = await typeCheck(app);
  assert.equal(code, 0, output);
});

test('vite consumer: tsc catches a deliberate type error', async () => {
  const misuse = await addMisuse(app);
  try {
    const { code, output } = await typeCheck(app);
    console.log(output.trim().split('\n')[0]);
    assert.notEqual(code, 0, 'tsc passed a wrong solver name');
    assert.equal(output.match(/error TS\d+/g)?.length, 1, `one error, the deliberate one:\n${output}`);
    assert.ok(output.includes(`src/misuse.ts(${misuse.line},`), `the error is on line ${misuse.line} of src/misuse.ts:\n${output}`);
  } finally {
    await rm(misuse.file);
  }
});

test('vite consumer: vite build bundles the package and its wasm', async () => {
  const { code, output } = await viteBuild(app);
  assert.equal(code, 0, output);
  const assets = join(app, 'dist', 'assets');
  const files = await readdir(assets);
  const shipped = await readFile(join(app, 'node_modules/nuno/dist/nuno-core.wasm'));
  const copies = [];
  for (const file of files.filter((name) => name.endsWith('.wasm'))) {
    if (shipped.equals(await readFile(join(assets, file)))) copies.push(file);
  }
  for (const file of files) {
    const { length } = await readFile(join(assets, file));
    metric('vite_consumer_asset_bytes', length, 'B', file.replace(/-[\w-]{8}\./, '.'));
  }
  assert.ok(copies.length > 0, `the package's nuno-core.wasm is among the built assets: ${files.join(', ')}`);
});

test('vite consumer: the built app draws the cloth and it moves', async () => {
  await checkAppDrawsMovingCloth(/** @type {import('@playwright/test').Browser} */ (browser), join(app, 'dist'), 'index.html', 'vite consumer');
});

for (const backend of /** @type {const} */ (['cpu', 'gpu'])) {
  test(`vite consumer: the three.js example, built from the packed package and three, draws its flag moving on ${backend}`, async () => {
    await checkThreeExampleMoves(/** @type {import('@playwright/test').Browser} */ (browser), join(app, 'dist'), backend);
  });
}

for (const backend of /** @type {const} */ (['cpu', 'gpu'])) {
  test(`vite consumer: WebGLRenderer draws the ${backend} cloth in the three.js scene, textured and shadowed, three's own objects untouched`, async () => {
    await checkThreeSceneBuilt(/** @type {import('@playwright/test').Browser} */ (browser), join(app, 'dist'), backend, 'webgl');
  });
}

test('vite consumer: WebGPURenderer draws the WebGPU cloth in the three.js scene and the example\'s flag moving (three/webgpu, nuno/three/webgpu)', async () => {
  // A Chromium of its own: presenting a WebGPU canvas needs Vulkan compositing (chromium-flags.js).
  const webGpuBrowser = await chromium.launch(webGpuCanvasLaunchOptions);
  try {
    await checkThreeSceneBuilt(webGpuBrowser, join(app, 'dist'), 'webgpu', 'webgpu');
    await checkThreeExampleMoves(webGpuBrowser, join(app, 'dist'), 'webgpu');
  } finally {
    await webGpuBrowser.close();
  }
});

test('vite consumer: on a cross-origin isolated host the built app steps its CPU cloth on threads', async () => {
  await checkAppDrawsMovingCloth(/** @type {import('@playwright/test').Browser} */ (browser), join(app, 'dist'), 'index.html', 'vite consumer', { isolated: true });
});

test('plain consumer: the page draws the cloth and it moves, its CPU cloth on threads (import map, no bundler, isolated host)', async () => {
  const { code, output } = await typeCheck(app, 'tsconfig.plain.json');
  assert.equal(code, 0, output);
  await checkAppDrawsMovingCloth(/** @type {import('@playwright/test').Browser} */ (browser), app, 'plain.html', 'plain consumer', { isolated: true });
});
