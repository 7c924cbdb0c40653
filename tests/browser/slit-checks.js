// What tearing.spec.js and tearing-webgpu.spec.js both check of the slit scene (tearing-scene.js's
// slitScene): a patch stood over a slit torn in a held sheet falls through it on the GPU as on
// the CPU. Runs in the test, not the page.
import { expect } from '@playwright/test';

/**
 * Prints the patch's top and checks the tear and the fall alike on both.
 * @param {{ top: { cpu: number, gpu: number }, torn: { cpu: number, gpu: number }, differing: number, deviationMm: number, backend: string }} result
 * @param {'webgl2' | 'webgpu'} label names the GPU in the metric and the messages
 * @param {'gpu' | 'webgpu'} backend the GPU cloth's backend
 */
export function expectFellThroughSlit(result, label, backend) {
  console.log(`metric: ${label}_through_slit_top_m = ${result.top.gpu.toFixed(3)} m (CPU ${result.top.cpu.toFixed(3)}; ` +
    `torn ${result.torn.gpu}, CPU ${result.torn.cpu}; positions ${result.deviationMm.toPrecision(3)} mm apart after 60 steps)`);
  expect(result.backend).toBe(backend);
  expect(result.torn.cpu, 'the slit: 12 Right, 11 DiagonalDown, 11 DiagonalUp').toBe(34);
  expect(result.differing).toBe(0);
  expect(result.top.cpu, 'fell through on the CPU').toBeLessThan(-1);
  expect(result.top.gpu, `fell through on ${label === 'webgl2' ? 'WebGL2' : 'WebGPU'}`).toBeLessThan(-1);
  // Nothing touches the falling patch once the slit is torn: the passes are the core's twins.
  expect(result.deviationMm).toBeLessThan(0.1);
}
