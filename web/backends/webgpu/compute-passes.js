// The WebGPU cloth's compute pipelines. Two shader modules, each the core's constants, then
// shaders/webgpu/grid.wgsl, then its passes: the solver (state.wgsl's bindings; normals,
// predict, constrain, collide) and self-collision (separate.wgsl: sortIntoBuckets, separate). Each has its own state layout (group 0, at most 8 storage buffers, the WebGPU
// default limit) and both share this substep's uniforms (group 1, a dynamic offset per substep)
// and a stage's (group 2, a dynamic offset per constrain stage or bucket layer), so a whole
// step is encoded without making a bind group. The solver's group 0 ends with two textures, the
// mesh colliders' fields (mesh-field-texture.js) and the torn bits' copy, as the self-collision's
// ends with the untangling's, the same copy and the same fields. The tear pass (tear.wgsl) has a module and bindings of its own.
// Predict, constrain and separate read the torn bits only in their tearing variants (state.wgsl's
// and separate.wgsl's TEARING), made at the first step that may need them.
import {
  attachWgsl, collideWgsl, constrainWgsl, contactsWgsl, gridWgsl, normalsWgsl, passUniformsWgsl, predictWgsl, quaternionWgsl, separateWgsl, startPositionsWgsl,
  stateWgsl, tearWgsl, tornBitsWgsl,
} from '../../../dist/shaders.js';

/** Invocations per workgroup: one particle each. */
export const workgroupSize = 64;

/** Layers of the self-collision buckets (separate.wgsl's BUCKET_LAYERS). */
export const bucketLayers = 4;

/** Texels a row of the untangling's texture (separate.wgsl's TANGLES_WIDTH): 16 KiB rows. */
export const tanglesWidth = 1024;
/**
 * Texels a row of the torn bits' copy (state.wgsl's TORN_WIDTH): the untangling's rows, 4 KiB, a
 * multiple of the 256-byte row pitch a copy from a buffer into a texture needs, so the cloth's
 * buffer copies as it is.
 */
export const tornWidth = tanglesWidth;

/**
 * The solver's storage buffers of group 0, in binding order (shaders/webgpu/state.wgsl); the mesh
 * colliders' fields, a 3D texture, follow them.
 */
export const stateBindings = /** @type {const} */ (['positions', 'working', 'predicted', 'velocities', 'inverseMasses', 'restLengths', 'lambdas', 'silents']);
/**
 * The self-collision passes' storage buffers (shaders/webgpu/separate.wgsl), by the solver's
 * names; the untangling's texture, the torn bits' copy and the mesh colliders' fields follow them.
 */
export const selfCollisionBindings = /** @type {const} */ (['positions', 'working', 'predicted', 'velocities', 'inverseMasses', 'restPositions', 'buckets', 'silents']);
/** The tear pass's (shaders/webgpu/tear.wgsl): the step's positions, the rest lengths, the torn bits it writes; a uniform follows. */
export const tearBindings = /** @type {const} */ (['positions', 'restLengths', 'torn']);
/** The attach pass's (shaders/webgpu/attach.wgsl): the state it writes, then the attachments. */
export const attachBindings = /** @type {const} */ (['working', 'predicted', 'velocities', 'attachments']);
const writtenBySolver = new Set(['positions', 'working', 'predicted', 'velocities', 'lambdas', 'silents']);
const writtenBySelfCollision = new Set(['positions', 'buckets', 'silents']);

/**
 * @typedef {object} ComputePasses
 * @property {Record<'predict' | 'constrain' | 'collide' | 'sortIntoBuckets' | 'separate' | 'attach' | 'tear', GPUComputePipeline>} pipelines
 *   predict, constrain and separate read no torn bits (made with TEARING false)
 * @property {() => Record<TornBitsReader, GPUComputePipeline>} tearingPipelines predict, constrain
 *   and separate reading the torn bits (TEARING true), for a cloth that may have torn: made at the first call
 * @property {GPUBindGroupLayout} stateLayout group 0 of predict, constrain and collide
 * @property {GPUBindGroupLayout} selfCollisionLayout group 0 of sortIntoBuckets and separate
 * @property {GPUBindGroupLayout} attachLayout group 0 of attach
 * @property {GPUBindGroupLayout} tearLayout group 0 of tear (its group 1 is the substep's, group 2 unused)
 * @property {GPUBindGroupLayout} substepLayout group 1: the Substep uniform, dynamic offset
 * @property {GPUBindGroupLayout} stageLayout group 2: the Stage uniform, dynamic offset
 */

/** @typedef {'predict' | 'constrain' | 'separate'} TornBitsReader the passes whose code reads the torn bits */

/**
 * The solver's state and per-particle code, which the passes of their own, the tiles and the
 * patch step share, less normals.wgsl's positionAt: the patch step reads its start positions from
 * workgroup memory (patch-step.wgsl).
 */
export const solverWgslWithoutPositionAt = [tornBitsWgsl, stateWgsl, normalsWgsl, predictWgsl, constrainWgsl, quaternionWgsl, contactsWgsl, collideWgsl];
/** The solver's code reading its start positions from the positions buffer (the passes, the tiles). */
export const solverWgsl = [...solverWgslWithoutPositionAt, startPositionsWgsl];

/**
 * What every compute module begins with: the core's constants and uniform structs, the
 * workgroup size, the grid helpers.
 * @param {string} uniformsWgsl
 * @param {string} constantsWgsl
 */
export function gridHeader(uniformsWgsl, constantsWgsl) {
  return [constantsWgsl, uniformsWgsl, `const WORKGROUP_SIZE = ${workgroupSize}u;`, `const TORN_WIDTH = ${tornWidth}u;`, gridWgsl];
}

/**
 * @param {GPUDevice} device
 * @param {import('../gpu/gpu-constants.js').GpuTables} tables the core's constants, uniform structs and their layouts
 * @returns {ComputePasses}
 */
export function createComputePasses(device, { constantsWgsl, uniformsWgsl, uniformLayouts }) {
  const header = [...gridHeader(uniformsWgsl, constantsWgsl), passUniformsWgsl];
  const selfCollisionHeader = [...header, `const TANGLES_WIDTH = ${tanglesWidth}u;`];
  const solverModule = device.createShaderModule({ label: 'nuno solver passes', code: [...header, ...solverWgsl].join('\n') });
  const attachModule = device.createShaderModule({ label: 'nuno attach pass', code: [...header, attachWgsl].join('\n') });
  const tearModule = device.createShaderModule({ label: 'nuno tear pass', code: [...header, tornBitsWgsl, tearWgsl].join('\n') });
  const selfCollisionModule = device.createShaderModule({
    label: 'nuno self-collision passes', code: [...selfCollisionHeader, tornBitsWgsl, quaternionWgsl, contactsWgsl, separateWgsl].join('\n'),
  });
  const storageLayout = (/** @type {string} */ label, /** @type {readonly string[]} */ names, /** @type {Set<string>} */ written,
    /** @type {GPUBindGroupLayoutEntry[]} */ textures = []) => device.createBindGroupLayout({
    label,
    entries: [...names.map((name, binding) => /** @type {GPUBindGroupLayoutEntry} */ ({
      binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: written.has(name) ? 'storage' : 'read-only-storage' },
    })), ...textures],
  });
  const uniformLayout = (/** @type {string} */ label, /** @type {number} */ minBindingSize) => device.createBindGroupLayout({
    label,
    entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform', hasDynamicOffset: true, minBindingSize } }],
  });
  const stateLayout = storageLayout('nuno state', stateBindings, writtenBySolver, [
    { binding: stateBindings.length, visibility: GPUShaderStage.COMPUTE, texture: { sampleType: 'unfilterable-float', viewDimension: '3d' } },
    { binding: stateBindings.length + 1, visibility: GPUShaderStage.COMPUTE, texture: { sampleType: 'uint' } },
  ]);
  const selfCollisionLayout = storageLayout('nuno self-collision state', selfCollisionBindings, writtenBySelfCollision, [
    { binding: selfCollisionBindings.length, visibility: GPUShaderStage.COMPUTE, texture: { sampleType: 'sint' } },
    { binding: selfCollisionBindings.length + 1, visibility: GPUShaderStage.COMPUTE, texture: { sampleType: 'uint' } },
    { binding: selfCollisionBindings.length + 2, visibility: GPUShaderStage.COMPUTE, texture: { sampleType: 'unfilterable-float', viewDimension: '3d' } },
  ]);
  const attachLayout = storageLayout('nuno attach state', attachBindings, new Set(['working', 'predicted', 'velocities']));
  const tearLayout = storageLayout('nuno tear state', tearBindings, new Set(['torn']), [
    { binding: tearBindings.length, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } },
  ]);
  const substepLayout = uniformLayout('nuno substep', uniformLayouts.substep.bytes);
  const stageLayout = uniformLayout('nuno stage', uniformLayouts.stage.bytes);
  const pipelines = (/** @type {GPUBindGroupLayout} */ state, /** @type {GPUShaderModule} */ module, /** @type {string[]} */ entryPoints,
    /** @type {GPUBindGroupLayout[]} */ uniforms = [substepLayout, stageLayout], tearing = false) => {
    const layout = device.createPipelineLayout({ label: 'nuno compute', bindGroupLayouts: [state, ...uniforms] });
    const { label, constants } = tearing ? { label: ' (tearing)', constants: { TEARING: 1 } } : { label: '', constants: undefined };
    return Object.fromEntries(entryPoints.map((entryPoint) => [
      entryPoint, device.createComputePipeline({ label: `nuno ${entryPoint}${label}`, layout, compute: { module, entryPoint, constants } }),
    ]));
  };
  /** @type {Record<TornBitsReader, GPUComputePipeline> | null} */
  let tearingPipelines = null;
  return {
    pipelines: /** @type {ComputePasses['pipelines']} */ ({
      ...pipelines(stateLayout, solverModule, ['predict', 'constrain', 'collide']),
      ...pipelines(selfCollisionLayout, selfCollisionModule, ['sortIntoBuckets', 'separate']),
      ...pipelines(attachLayout, attachModule, ['attach']),
      ...pipelines(tearLayout, tearModule, ['tear'], [substepLayout]),
    }),
    tearingPipelines: () => {
      tearingPipelines ??= /** @type {Record<TornBitsReader, GPUComputePipeline>} */ ({
        ...pipelines(stateLayout, solverModule, ['predict', 'constrain'], undefined, true),
        ...pipelines(selfCollisionLayout, selfCollisionModule, ['separate'], undefined, true),
      });
      return tearingPipelines;
    },
    stateLayout, selfCollisionLayout, attachLayout, tearLayout, substepLayout, stageLayout,
  };
}

/**
 * Workgroups for one invocation per particle: along x up to the device's limit, then rows of
 * them along y (particleIndex() in grid.wgsl undoes this).
 * @param {number} particleCount
 * @param {number} maxPerDimension the device's maxComputeWorkgroupsPerDimension
 * @returns {[number, number]}
 */
export function workgroupsFor(particleCount, maxPerDimension) {
  const groups = Math.ceil(particleCount / workgroupSize);
  return groups <= maxPerDimension ? [groups, 1] : [maxPerDimension, Math.ceil(groups / maxPerDimension)];
}
