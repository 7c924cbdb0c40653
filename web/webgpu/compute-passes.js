// The WebGPU cloth's compute pipelines: one shader module (the core's constants, then
// shaders/compute-*.wgsl) with an entry point per stage kind (predict, constrain, collide), and
// the one pipeline layout they share: the state buffers (group 0), this substep's uniforms
// (group 1, a dynamic offset per substep) and this constrain stage's (group 2, a dynamic offset
// per stage), so a whole step is encoded without making a bind group.
import { computeCollide, computeConstrain, computePredict, computeState } from '../../dist/shaders.js';

/** Invocations per workgroup: one particle each. */
export const workgroupSize = 64;

/** The storage buffers of group 0, in binding order (shaders/compute-state.wgsl). */
export const stateBindings = /** @type {const} */ (['positions', 'working', 'predicted', 'velocities', 'inverseMasses', 'restLengths', 'lambdas']);
const readOnlyBindings = new Set(['inverseMasses', 'restLengths']);

/**
 * @typedef {object} ComputePasses
 * @property {Record<'predict' | 'constrain' | 'collide', GPUComputePipeline>} pipelines
 * @property {GPUBindGroupLayout} stateLayout group 0
 * @property {GPUBindGroupLayout} substepLayout group 1: the Substep uniform, dynamic offset
 * @property {GPUBindGroupLayout} stageLayout group 2: the Stage uniform, dynamic offset
 */

/**
 * @param {GPUDevice} device
 * @param {string} constantsWgsl the core's constants as WGSL consts
 * @param {{substepBytes: number, stageBytes: number}} uniformSizes the structs' sizes (uniform-layout.js)
 * @returns {ComputePasses}
 */
export function createComputePasses(device, constantsWgsl, { substepBytes, stageBytes }) {
  const code = [constantsWgsl, `const WORKGROUP_SIZE = ${workgroupSize}u;`, computeState, computePredict, computeConstrain, computeCollide].join('\n');
  const module = device.createShaderModule({ label: 'nuno compute passes', code });
  const stateLayout = device.createBindGroupLayout({
    label: 'nuno state',
    entries: stateBindings.map((name, binding) => ({
      binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: readOnlyBindings.has(name) ? 'read-only-storage' : 'storage' },
    })),
  });
  const uniformLayout = (/** @type {string} */ label, /** @type {number} */ minBindingSize) => device.createBindGroupLayout({
    label,
    entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform', hasDynamicOffset: true, minBindingSize } }],
  });
  const substepLayout = uniformLayout('nuno substep', substepBytes);
  const stageLayout = uniformLayout('nuno constrain stage', stageBytes);
  const layout = device.createPipelineLayout({ label: 'nuno compute', bindGroupLayouts: [stateLayout, substepLayout, stageLayout] });
  const pipeline = (/** @type {string} */ entryPoint) =>
    device.createComputePipeline({ label: `nuno ${entryPoint}`, layout, compute: { module, entryPoint } });
  return {
    pipelines: { predict: pipeline('predict'), constrain: pipeline('constrain'), collide: pipeline('collide') },
    stateLayout, substepLayout, stageLayout,
  };
}

/**
 * Workgroups for one invocation per particle: along x up to the device's limit, then rows of
 * them along y (particleIndex() in compute-state.wgsl undoes this).
 * @param {number} particleCount
 * @param {number} maxPerDimension the device's maxComputeWorkgroupsPerDimension
 * @returns {[number, number]}
 */
export function workgroupsFor(particleCount, maxPerDimension) {
  const groups = Math.ceil(particleCount / workgroupSize);
  return groups <= maxPerDimension ? [groups, 1] : [maxPerDimension, Math.ceil(groups / maxPerDimension)];
}
