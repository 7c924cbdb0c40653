// Attachments (cloth.attach) on every backend in Chromium: the top edge of a hanging sheet
// follows a pole that goes half way round a circle, frames of 2, 1, 0 and 3 steps in turn, then
// is let go. The WebGL2 (float and half), WebGPU and worker cloths end where the CPU cloth ends,
// the edge exactly at its last targets, and the sheet goes on moving the pole's way once let go.
import { expect, test } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';

test.describe.configure({ timeout: 120_000 });

// The half path drifts from the CPU in this fast swing whatever moves the edge: measured here
// (SwiftShader), 6.6 mm with attachments, 45 mm with the edge moved by hold() each frame (float:
// 0 and 0).
const halfPathPoleToleranceMm = 10;
// On the float paths SwiftShader computes the CPU's bits here (0.00 mm measured): 0.01 mm would
// see a substep put the edge a step out of place anywhere in the call, not only at its end.
const floatPathPoleToleranceMm = 0.01;

const backends = [
  { label: 'WebGL2 float', options: { backend: 'gpu', precision: 'float' }, toleranceMm: floatPathPoleToleranceMm },
  { label: 'WebGL2 half', options: { backend: 'gpu', precision: 'half' }, toleranceMm: halfPathPoleToleranceMm },
  { label: 'WebGPU', options: { backend: 'webgpu' }, toleranceMm: floatPathPoleToleranceMm },
  { label: 'worker', options: { backend: 'worker' }, toleranceMm: 0 },
];

for (const { label, options, toleranceMm } of backends) {
  test(`an edge attached to a moving pole moves the ${label} cloth as it moves the CPU cloth`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto('/tests/browser/harness.html');
    const result = await page.evaluate(async (options) => {
      const { loadNuno } = await import('/web/index.js');
      const { poleOnACircle, swingOnPole } = await import('/tests/engines/scenes.js');
      const nuno = await loadNuno();
      const { settings } = poleOnACircle;
      const errors = /** @type {string[]} */ ([]);
      /** @type {GPUDevice | null} */
      let device = null;
      /** @type {any} */
      let cloth;
      if (options.backend === 'webgpu') {
        device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
        device.addEventListener('uncapturederror', (/** @type {any} */ event) => errors.push(event.error.message));
        cloth = nuno.createCloth(device, { ...settings, backend: 'webgpu' });
      } else if (options.backend === 'worker') {
        cloth = await nuno.createWorkerCloth(settings);
      } else {
        const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
        cloth = nuno.createCloth(gl, { ...settings, ...options });
      }
      const reference = nuno.createCloth(settings);
      const rest = Float32Array.from(reference.restPositions);
      const [tested, onCpu] = [await swingOnPole(cloth, rest), await swingOnPole(reference, rest)];
      const deviationMm = (/** @type {Float32Array} */ a, /** @type {Float32Array} */ b) => {
        let max = 0;
        for (let i = 0; i < a.length; i += 3) max = Math.max(max, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
        return max * 1000;
      };
      const edgeOffTargetMm = deviationMm(tested.attached.subarray(0, tested.targets.length), Float32Array.from(tested.targets));
      const bottom = 3 * (reference.particleCount - 1);
      const summary = {
        edgeOffTargetMm,
        attachedDeviationMm: deviationMm(tested.attached, onCpu.attached),
        letGoDeviationMm: deviationMm(tested.letGo, onCpu.letGo),
        bottomMovedMetres: Math.hypot(...[0, 1, 2].map((axis) => tested.attached[bottom + axis] - rest[bottom + axis])),
        errors,
      };
      cloth.dispose();
      reference.dispose();
      device?.destroy();
      return summary;
    }, options);
    console.log(`metric: attached_${label.replace(/ /g, '_')}_cpu_max_deviation_mm = ${result.attachedDeviationMm.toPrecision(3)} mm ` +
      `(let go: ${result.letGoDeviationMm.toPrecision(3)} mm; edge off its targets ${result.edgeOffTargetMm} mm)`);
    expect(result.bottomMovedMetres, 'the sheet follows the pole').toBeGreaterThan(0.05);
    expect(result.edgeOffTargetMm).toBeLessThan(0.001);
    expect(result.attachedDeviationMm).toBeLessThanOrEqual(toleranceMm);
    expect(result.letGoDeviationMm).toBeLessThanOrEqual(toleranceMm);
    expect(result.errors).toEqual([]);
    expect(complaints).toEqual([]);
  });
}
