// Each stage of a substep on the three backends at once: the CPU core, the WebGL2 passes and the
// WebGPU kernels run the first k stages of one substep (stepStages) from the same state, for
// every k (compareStagesInPage), red-black and (WebGL2) Jacobi, so a twin that drifts is named
// by the first stage where it parts from the CPU, not only seen in a whole scene's tolerance. Each twin is then broken on
// purpose (its rest length read 1% long) to see that the comparison names the constrain stage.
// WebGL2 separates in its collide pass (its 'separate' stage only sorts the particles into
// buckets), so its separation is compared after 'collide', with the colliders'.
import { expect, test } from '@playwright/test';
import { compareStagesInPage } from '../engines/page-scripts.js';
import { collectComplaints } from '../engines/playwright-driver.js';
import { firstStageAstray, stageToleranceMm } from '../engines/scenes.js';

test.describe.configure({ timeout: 180_000 });

test('every stage of a substep computes on WebGL2 and WebGPU what it computes on the CPU, and a drifted twin is named by its stage', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(compareStagesInPage, { mutate: false, gpu: true, webgpu: true });
  for (const { stage, gpuMm, webgpuMm, movedMm } of result.stages) {
    console.log(`metric: stage_deviation_mm = webgl2 ${gpuMm?.toExponential(2)}, webgpu ${webgpuMm?.toExponential(2)} (${stage}; the CPU moved ${movedMm.toFixed(3)} mm)`);
  }
  expect(result.backends).toEqual(['cpu', 'gpu', 'webgpu']);
  expect(result.precision).toBe('float');
  const kinds = new Set(result.stages.map(({ stage }) => stage.split(' ')[0]));
  expect([...kinds].sort(), 'the scene runs every kind of stage').toEqual(['collide', 'constrain', 'predict', 'separate']);
  for (const { stage, movedMm } of result.stages) expect(movedMm, `${stage} moves the cloth`).toBeGreaterThan(0.01);
  expect(firstStageAstray(result.stages, 'gpuMm', stageToleranceMm), 'WebGL2').toBeNull();
  expect(firstStageAstray(result.stages, 'webgpuMm', stageToleranceMm), 'WebGPU').toBeNull();
  expect(result.countError).toBe(`nuno: 'count' must be an integer in [0, ${result.stageCount}], got ${result.stageCount + 1}`);

  // The sweep stage: Jacobi, which of the GPUs only WebGL2 runs.
  const jacobi = await page.evaluate(compareStagesInPage, { mutate: false, gpu: true, webgpu: false, jacobi: true });
  const sweep = /** @type {{gpuMm: number, movedMm: number}} */ (jacobi.stages.find(({ stage }) => stage === 'sweep'));
  console.log(`metric: stage_deviation_mm = webgl2 ${sweep.gpuMm.toExponential(2)} (Jacobi sweep; the CPU moved ${sweep.movedMm.toFixed(3)} mm)`);
  expect(jacobi.stages.map(({ stage }) => stage.split(' ')[0])).toEqual(['predict', 'sweep', 'separate', 'collide', 'predict']);
  expect(sweep.movedMm, 'the sweep moves the cloth').toBeGreaterThan(0.01);
  expect(firstStageAstray(jacobi.stages, 'gpuMm', stageToleranceMm), 'WebGL2, Jacobi').toBeNull();

  const broken = await page.evaluate(compareStagesInPage, { mutate: true, gpu: true, webgpu: true });
  const firstConstrain = /** @type {{gpuMm: number, webgpuMm: number}} */ (broken.stages.find(({ stage }) => stage.startsWith('constrain')));
  console.log(`metric: stage_deviation_mm = webgl2 ${firstConstrain.gpuMm.toFixed(3)}, webgpu ${firstConstrain.webgpuMm.toFixed(3)} (the first constrain stage, its rest length read 1% long)`);
  expect(broken.mutated, 'the mutation found its line in both shaders').toEqual({ glsl: true, wgsl: true });
  expect(firstStageAstray(broken.stages, 'gpuMm', stageToleranceMm), 'WebGL2, rest length read 1% long').toMatch(/^constrain \(direction 0, colour 0/);
  expect(firstStageAstray(broken.stages, 'webgpuMm', stageToleranceMm), 'WebGPU, rest length read 1% long').toMatch(/^constrain \(direction 0, colour 0/);
  expect(complaints).toEqual([]);
});
