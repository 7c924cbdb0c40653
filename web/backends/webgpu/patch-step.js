// A whole fixed step in one dispatch (shaders/webgpu/patch-step.wgsl) for a cloth of patches
// small enough for a workgroup: which steps can run so, a pipeline for each shape of step (made
// at its first step and kept), and the dispatch, a workgroup per patch. A shape has two pipelines:
// one reading no torn bits, for a cloth that cannot have torn, and one reading them (state.wgsl's
// TEARING), made once the cloth may tear.
import { patchStepWgsl } from '../../../dist/shaders.js';
import { gridHeader, solverWgsl } from './compute-passes.js';

/** @typedef {import('../gpu/gpu-cloth-over-setup.js').StepParameters} StepParameters */

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
  /** @type {GPUBindGroupLayout} the substeps' or the stages' slots, bound whole */
  #slotsLayout;
  /** @type {Map<string, GPUComputePipeline | 'making' | 'failed'>} by the step's shape and whether it reads the torn bits */
  #pipelines = new Map();
  /** @type {WeakMap<GPUBuffer, { size: number, group: GPUBindGroup }>} */
  #slotGroups = new WeakMap();

  /**
   * @param {GPUDevice} device
   * @param {import('../gpu/gpu-constants.js').GpuTables} tables
   * @param {GPUBindGroupLayout} stateLayout the solver passes' group 0, which the patch step binds too
   *   (the state buffers, and the mesh colliders' fields its collideParticle samples)
   */
  constructor(device, tables, stateLayout) {
    this.#device = device;
    this.#tables = tables;
    this.#stateLayout = stateLayout;
    this.#slotsLayout = device.createBindGroupLayout({
      label: 'nuno patch step slots', entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } }],
    });
  }

  /**
   * Whether a step runs in one dispatch: no self-collision (its separation reaches across
   * patches), a schedule of predict, constrain stages and collide, patches of no more particles
   * than a workgroup has invocations (256 on every device), and the step's uniform slots within
   * one uniform binding. A larger cloth takes the passes of their own, spread over all the GPU's
   * cores: on an H100 a 64 x 64 cloth whose workgroup took 16 particles an invocation stepped in
   * 1.9 ms, the passes in 0.6-1.0 ms.
   * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters
   * @param {number} columns of the whole grid
   * @param {number} rows
   * @param {SlotBytes} slotBytes
   */
  fits({ settings, schedule, substeps }, columns, rows, slotBytes) {
    const { limits } = this.#device;
    const patchParticles = (settings.patchColumns || columns) * (settings.patchRows || rows);
    const constrainStages = schedule.length - 2;
    const plain = schedule[0]?.kind === 'predict' && schedule[schedule.length - 1]?.kind === 'collide' &&
      schedule.slice(1, -1).every((stage) => stage.kind === 'constrain');
    return plain && constrainStages > 0 &&
      patchParticles <= Math.min(limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX) &&
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
   */
  ready(parameters, columns, rows, slotBytes, tearing) {
    if (!this.fits(parameters, columns, rows, slotBytes)) return false;
    const shape = shapeOf(parameters, columns, rows, slotBytes, tearing);
    const pipeline = this.#pipelines.get(shape.key);
    if (pipeline === undefined) this.#make(shape);
    return typeof pipeline === 'object';
  }

  /**
   * Encodes the step: one dispatch over every patch.
   * @param {GPUComputePassEncoder} pass with the solver's state bound as group 0
   * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters a step that is `ready` (with `tearing`)
   * @param {{ columns: number, rows: number, slotBytes: SlotBytes, substepBuffer: GPUBuffer, stageBuffer: GPUBuffer, tearing: boolean }} step
   */
  encode(pass, parameters, { columns, rows, slotBytes, substepBuffer, stageBuffer, tearing }) {
    const { key, patchColumns, patchRows, substeps, constrainStages } = shapeOf(parameters, columns, rows, slotBytes, tearing);
    pass.setPipeline(/** @type {GPUComputePipeline} */ (this.#pipelines.get(key)));
    pass.setBindGroup(1, this.#slotsGroup(substepBuffer, substeps * slotBytes.substep));
    pass.setBindGroup(2, this.#slotsGroup(stageBuffer, constrainStages * slotBytes.stage));
    const patches = (columns / patchColumns) * (rows / patchRows);
    const across = Math.min(patches, this.#device.limits.maxComputeWorkgroupsPerDimension);
    pass.dispatchWorkgroups(across, Math.ceil(patches / across));
  }

  /**
   * Starts making the pipeline of a step's shape.
   * @param {StepShape} shape
   */
  #make({ key, patchColumns, patchRows, substeps, constrainStages, slotBytes, tearing }) {
    this.#pipelines.set(key, 'making');
    const { uniformsWgsl, constantsWgsl } = this.#tables;
    const constants = [`const PATCH_COLUMNS = ${patchColumns}u;`, `const PATCH_ROWS = ${patchRows}u;`, `const SUBSTEPS = ${substeps}u;`,
      `const CONSTRAIN_STAGES = ${constrainStages}u;`, `const SUBSTEP_SLOT_BYTES = ${slotBytes.substep};`, `const STAGE_SLOT_BYTES = ${slotBytes.stage};`];
    const device = this.#device;
    const module = device.createShaderModule({
      label: 'nuno patch step', code: [...gridHeader(uniformsWgsl, constantsWgsl), ...constants, patchStepWgsl, ...solverWgsl].join('\n'),
    });
    device.createComputePipelineAsync({
      label: tearing ? 'nuno patch step (tearing)' : 'nuno patch step',
      layout: device.createPipelineLayout({ label: 'nuno patch step', bindGroupLayouts: [this.#stateLayout, this.#slotsLayout, this.#slotsLayout] }),
      compute: { module, entryPoint: 'stepPatches', constants: tearing ? { TEARING: 1 } : undefined },
    }).then((pipeline) => { this.#pipelines.set(key, pipeline); }, () => { this.#pipelines.set(key, 'failed'); });
  }

  /**
   * @param {GPUBuffer} buffer
   * @param {number} size the bytes the step reads from its start
   */
  #slotsGroup(buffer, size) {
    let cached = this.#slotGroups.get(buffer);
    if (cached?.size !== size) {
      cached = { size, group: this.#device.createBindGroup({ layout: this.#slotsLayout, entries: [{ binding: 0, resource: { buffer, size } }] }) };
      this.#slotGroups.set(buffer, cached);
    }
    return cached.group;
  }
}

/**
 * What a patch step's pipeline is made for.
 * @typedef {{ key: string, patchColumns: number, patchRows: number, substeps: number, constrainStages: number, slotBytes: SlotBytes, tearing: boolean }} StepShape
 */

/**
 * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters
 * @param {number} columns
 * @param {number} rows
 * @param {SlotBytes} slotBytes
 * @param {boolean} tearing
 * @returns {StepShape}
 */
function shapeOf({ settings, schedule, substeps }, columns, rows, slotBytes, tearing) {
  const patchColumns = settings.patchColumns || columns;
  const patchRows = settings.patchRows || rows;
  const constrainStages = schedule.length - 2;
  const key = [patchColumns, patchRows, substeps, constrainStages, slotBytes.substep, slotBytes.stage, tearing].join(' ');
  return { key, patchColumns, patchRows, substeps, constrainStages, slotBytes, tearing };
}
