// A whole fixed step in one dispatch (shaders/webgpu/patch-step.wgsl) for a cloth of patches
// small enough for a workgroup and its memory: which steps can run so, a pipeline for each shape of
// step (made at its first step and kept: the patch, the substeps, the schedule's stages and the
// solver), and the dispatch, a workgroup per patch. A shape's pipelines are made for the kinds of
// collider the cloth has (contacts.wgsl's COLLIDER_KINDS), and two each: one reading no torn
// bits, for a cloth that cannot have torn, and one reading them (state.wgsl's TEARING), made once
// the cloth may tear.
import { patchStepWgsl } from '../../../dist/shaders.js';
import { gridHeader, solverWgslWithoutPositionAt } from './compute-passes.js';
import { AsyncPipelines, fusedStepConstants, isPlainSchedule, SlotGroups, stagesInWorkgroupBytes, stagesKeyOf, stagesWgsl } from './fused-pipelines.js';

/** @typedef {import('../gpu/gpu-cloth-over-setup.js').StepParameters} StepParameters */

/** Workgroup memory a particle of the patch takes (patch-step.wgsl's patchParticles: a vec4f). */
const particleBytes = 16;

/**
 * The uniform slots a step reads: a substep's and a constrain stage's, bytes apart.
 * @typedef {{ substep: number, stage: number }} SlotBytes
 */

export class PatchStep {
  /** @type {GPUDevice} */
  #device;
  /** @type {import('../gpu/gpu-constants.js').GpuTables} */
  #tables;
  /** @type {GPUBindGroupLayout} */
  #stateLayout;
  /** the substeps' or the stages' slots, bound whole */
  #slots;
  /**
   * By the step's shape and whether it reads the torn bits.
   * @readonly
   */
  pipelines = new AsyncPipelines();

  /**
   * @param {GPUDevice} device
   * @param {import('../gpu/gpu-constants.js').GpuTables} tables
   * @param {GPUBindGroupLayout} stateLayout the solver passes' group 0, which the patch step binds too
   *   (the state buffers, and the mesh colliders' fields its collidedMotion samples)
   */
  constructor(device, tables, stateLayout) {
    this.#device = device;
    this.#tables = tables;
    this.#stateLayout = stateLayout;
    this.#slots = new SlotGroups(device);
  }

  /**
   * Whether a step runs in one dispatch: no self-collision (its separation reaches across
   * patches), a schedule of predict, constrain stages and collide, patches of no more particles
   * than a workgroup has invocations (256 on every device; up to 1024 where requestCloth asked the
   * adapter for more) whose particles, a substep and the step's stages fit its workgroup memory, and the
   * step's uniform slots within one uniform binding. A larger cloth takes the passes of their own, spread over all the GPU's
   * cores: on an H100 a 64 x 64 cloth whose workgroup took 16 particles an invocation stepped in
   * 1.9 ms, the passes in 0.6-1.0 ms.
   * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters
   * @param {number} columns of the whole grid
   * @param {number} rows
   * @param {SlotBytes} slotBytes
   */
  fits({ settings, schedule, substeps }, columns, rows, slotBytes) {
    const { limits } = this.#device;
    const { uniformLayouts } = this.#tables;
    const patchParticles = (settings.patchColumns || columns) * (settings.patchRows || rows);
    const constrainStages = schedule.length - 2;
    return isPlainSchedule(schedule) &&
      patchParticles <= Math.min(limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX) &&
      patchParticles * particleBytes + uniformLayouts.substep.bytes + stagesInWorkgroupBytes(constrainStages, uniformLayouts.stage.bytes, limits) <=
        limits.maxComputeWorkgroupStorageSize &&
      substeps * slotBytes.substep <= limits.maxUniformBufferBindingSize &&
      constrainStages * slotBytes.stage <= limits.maxUniformBufferBindingSize;
  }

  /**
   * Whether a step runs in one dispatch now: it `fits`, and the pipeline for its shape is made.
   * The pipeline is made asynchronously at the first such step, so no frame waits for its compile
   * and a device that cannot build it is found out without a step lost: until it is made, and
   * where it could not be, steps take the passes of their own.
   * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters
   * @param {number} columns
   * @param {number} rows
   * @param {SlotBytes} slotBytes
   * @param {boolean} tearing the pipeline that reads the torn bits (for a cloth that may have torn)
   * @param {number} colliderKinds the kinds of collider the cloth has (fused-pipelines.js's `colliderKindsOf`): a
   *   pipeline is made for them, and made again when they change
   */
  ready(parameters, columns, rows, slotBytes, tearing, colliderKinds) {
    if (!this.fits(parameters, columns, rows, slotBytes)) return false;
    const shape = shapeOf(parameters, columns, rows, slotBytes, tearing, colliderKinds);
    return this.pipelines.get(shape.key, () => this.#make(shape)) !== null;
  }

  /**
   * Encodes the step: one dispatch over every patch.
   * @param {GPUComputePassEncoder} pass with the solver's state bound as group 0
   * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters a step that is `ready` (with `tearing`)
   * @param {{ columns: number, rows: number, slotBytes: SlotBytes, substepBuffer: GPUBuffer, stageBuffer: GPUBuffer, tearing: boolean, colliderKinds: number }} step
   *   tearing and colliderKinds as the step was `ready` with
   */
  encode(pass, parameters, { columns, rows, slotBytes, substepBuffer, stageBuffer, tearing, colliderKinds }) {
    const { key, patchColumns, patchRows, substeps, constrainStages } = shapeOf(parameters, columns, rows, slotBytes, tearing, colliderKinds);
    pass.setPipeline(this.pipelines.made(key));
    pass.setBindGroup(1, this.#slots.groupOf(substepBuffer, substeps * slotBytes.substep));
    pass.setBindGroup(2, this.#slots.groupOf(stageBuffer, constrainStages * slotBytes.stage));
    const patches = (columns / patchColumns) * (rows / patchRows);
    const across = Math.min(patches, this.#device.limits.maxComputeWorkgroupsPerDimension);
    pass.dispatchWorkgroups(across, Math.ceil(patches / across));
  }

  /**
   * Makes the pipeline of a step's shape.
   * @param {StepShape} shape
   */
  #make({ parameters, patchColumns, patchRows, substeps, constrainStages, slotBytes, tearing, colliderKinds }) {
    const { uniformsWgsl, constantsWgsl, uniformLayouts } = this.#tables;
    const stagesBytes = stagesInWorkgroupBytes(constrainStages, uniformLayouts.stage.bytes, this.#device.limits);
    const constants = [`const PATCH_COLUMNS = ${patchColumns}u;`, `const PATCH_ROWS = ${patchRows}u;`, `const SUBSTEPS = ${substeps}u;`,
      `const SUBSTEP_SLOT_BYTES = ${slotBytes.substep};`, ...stagesWgsl(parameters, this.#tables, slotBytes.stage, stagesBytes)];
    const device = this.#device;
    const module = device.createShaderModule({
      label: 'nuno patch step', code: [...gridHeader(uniformsWgsl, constantsWgsl), ...constants, patchStepWgsl, ...solverWgslWithoutPositionAt].join('\n'),
    });
    return device.createComputePipelineAsync({
      label: tearing ? 'nuno patch step (tearing)' : 'nuno patch step',
      layout: device.createPipelineLayout({ label: 'nuno patch step', bindGroupLayouts: [this.#stateLayout, this.#slots.layout, this.#slots.layout] }),
      compute: { module, entryPoint: 'stepPatches', constants: fusedStepConstants(colliderKinds, tearing) },
    });
  }
}

/**
 * What a patch step's pipeline is made for.
 * @typedef {{ key: string, parameters: Pick<StepParameters, 'settings' | 'schedule'>, patchColumns: number, patchRows: number, substeps: number,
 *   constrainStages: number, slotBytes: SlotBytes, tearing: boolean, colliderKinds: number }} StepShape
 */

/**
 * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters
 * @param {number} columns
 * @param {number} rows
 * @param {SlotBytes} slotBytes
 * @param {boolean} tearing
 * @param {number} colliderKinds
 * @returns {StepShape}
 */
function shapeOf({ settings, schedule, substeps }, columns, rows, slotBytes, tearing, colliderKinds) {
  const patchColumns = settings.patchColumns || columns;
  const patchRows = settings.patchRows || rows;
  const constrainStages = schedule.length - 2;
  const key = [patchColumns, patchRows, substeps, stagesKeyOf({ settings, schedule }), slotBytes.substep, slotBytes.stage, tearing, colliderKinds].join(' ');
  return { key, parameters: { settings, schedule }, patchColumns, patchRows, substeps, constrainStages, slotBytes, tearing, colliderKinds };
}
