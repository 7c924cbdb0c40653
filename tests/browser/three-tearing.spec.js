// nuno/three draws a torn cloth torn, with WebGLRenderer (three-tearing-webgpu.spec.js: with
// WebGPURenderer): a sheet torn down the middle (three-scene.js's tearSheetApart) is drawn by a
// ClothMesh without the triangles that have a torn edge. The drawn index falls by exactly the
// triangles the cloth's torn mask puts on a torn edge (counted in the page from the vertices; a
// GPU cloth's index a few frames behind its mask, read back every few frames), and the picture
// shows the gap: holes in the sheet's rows, which the same sheet with tearStrain 0 does not have.
import { test } from '@playwright/test';
import { expectDrawnTorn } from './three-checks.js';

test.describe.configure({ timeout: 120_000 });

for (const { label, backend } of [
  { label: 'CPU', backend: /** @type {const} */ ('cpu') },
  { label: 'worker', backend: /** @type {const} */ ('worker') },
  { label: 'WebGL2', backend: /** @type {const} */ ('gpu') },
]) {
  test(`a ClothMesh draws the ${label} cloth torn`, async ({ page }) => {
    await expectDrawnTorn(page, backend, 'webgl', `WebGLRenderer, ${label}`);
  });
}
