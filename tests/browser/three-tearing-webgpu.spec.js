// nuno/three/webgpu draws a torn cloth torn with WebGPURenderer: three-tearing.spec.js's sheet
// torn down the middle, drawn from the CPU and the WebGPU cloth.
import { test } from '@playwright/test';
import { webGpuCanvasLaunchOptions } from './chromium-flags.js';
import { expectDrawnTorn } from './three-checks.js';

test.use({ launchOptions: webGpuCanvasLaunchOptions });
test.describe.configure({ timeout: 120_000 });

for (const { label, backend } of [
  { label: 'CPU', backend: /** @type {const} */ ('cpu') },
  { label: 'WebGPU', backend: /** @type {const} */ ('webgpu') },
]) {
  test(`a nuno/three/webgpu ClothMesh draws the ${label} cloth torn`, async ({ page }) => {
    await expectDrawnTorn(page, backend, 'webgpu', `WebGPURenderer, ${label}`);
  });
}
