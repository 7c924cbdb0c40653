// What the two fused steps share (patch-step.js: a whole step in one dispatch; tile-substep.js: a
// substep in one dispatch): which schedules they run, their pipelines made asynchronously at the
// first step that could use them, and bind groups over a whole uniform array of slots.

import { workgroupStagesWgsl } from '../../../dist/shaders.js';
import { stageStructure } from '../gpu/uniform-layout.js';

/** @typedef {import('../gpu/gpu-cloth-over-setup.js').StepParameters} StepParameters */

/**
 * Whether a substep's schedule is predict, at least one constrain stage, then collide: the
 * stages a fused step runs (self-collision's separate stage reaches across the whole cloth).
 * @param {StepParameters['schedule']} schedule
 */
export function isPlainSchedule(schedule) {
  return schedule.length > 2 && schedule[0].kind === 'predict' && schedule[schedule.length - 1].kind === 'collide' &&
    schedule.slice(1, -1).every((stage) => stage.kind === 'constrain');
}

/**
 * Bytes of a substep's constrain stages as the fused steps copy them into workgroup memory
 * (shaders/webgpu/workgroup-stages.wgsl's workgroupStages), or 0 where they would take
 * more than a sixteenth of it: then each stage is read from the uniform buffer instead, and a
 * schedule of many iterations keeps its patches and tiles as large as they were.
 * @param {number} constrainStages
 * @param {number} stageBytes the Stage struct's (uniformLayouts.stage.bytes)
 * @param {GPUSupportedLimits} limits
 */
export function stagesInWorkgroupBytes(constrainStages, stageBytes, limits) {
  const bytes = constrainStages * stageBytes;
  return bytes <= limits.maxComputeWorkgroupStorageSize / 16 ? bytes : 0;
}

/**
 * Constrain stages a substep up to which a fused step's solveStages is written out stage by
 * stage: four iterations of the 12 stages one takes. More, it is a loop reading each stage whole,
 * so that a pipeline's code (solveStage inlined once a stage) and its compile time stay bounded
 * for schedules of many iterations, which are rare and whose stages outweigh their overhead.
 */
const mostStagesWrittenOut = 48;

/**
 * The WGSL of a fused step's constrain stages (shaders/webgpu/workgroup-stages.wgsl) after its
 * constants (CONSTRAIN_STAGES, STAGE_SLOT_BYTES, STAGES_IN_WORKGROUP, and WORKGROUP_STAGES, the
 * length of the workgroup's copy: 1, unused, where the stages are read from the uniform buffer),
 * then `solveStages()`: each stage of the substep in order, after a workgroup barrier, by the
 * fused shader's own `solveStage()`. Written out stage by stage, each stage's structure (its
 * direction, offset, colour, solver, first iteration: what stagesKeyOf keys) is compiled in and
 * only its rule read, which `set()` may change: the compiler folds the colour test and the
 * offsets, and the multipliers' index is known.
 * @param {Pick<StepParameters, 'settings' | 'schedule'>} parameters only the solver of the settings is read
 * @param {import('../gpu/gpu-constants.js').GpuTables} tables
 * @param {number} stageSlotBytes bytes between the stages' uniform slots
 * @param {number} stagesBytes stagesInWorkgroupBytes
 */
export function stagesWgsl({ settings, schedule }, { constants, directions, uniformLayouts }, stageSlotBytes, stagesBytes) {
  const constrains = schedule.filter((stage) => stage.kind === 'constrain');
  const count = constrains.length;
  const solverKind = constants.solverKinds[settings.solver];
  return [`const CONSTRAIN_STAGES = ${count}u;`, `const STAGE_SLOT_BYTES = ${stageSlotBytes};`,
    `const STAGES_IN_WORKGROUP = ${stagesBytes > 0};`, `const WORKGROUP_STAGES = ${stagesBytes > 0 ? count : 1}u;`, workgroupStagesWgsl,
    'fn solveStages() {', ...(count <= mostStagesWrittenOut ? stagesWrittenOut(constrains, solverKind, directions, uniformLayouts.stage) : stagesLooped), '}',
    ...directionStageWgsl(solverKind, directions, uniformLayouts.stage)];
}

/**
 * `directionStage(direction)`, which workgroup-stages.wgsl's pairsStartedAt reads: the stage of
 * the direction's pairs of colour 0 (the first iteration's, the rule 0), with every member but
 * the direction's index compiled in as a written-out stage has it.
 * @param {number} solverKind the core's code for the solver
 * @param {import('../gpu/gpu-constants.js').GpuTables['directions']} directions
 * @param {import('../gpu/gpu-constants.js').UniformLayout} stageLayout
 */
function directionStageWgsl(solverKind, directions, stageLayout) {
  const stageOf = (/** @type {number} */ directionIndex) => stageWgsl(stageLayout,
    stageStructure({ direction: directions[directionIndex], directionIndex, colour: 0, solverKind, firstIteration: true }), wgslValue([0, 0, 0, 0], stageLayout.fields.rule));
  return ['fn directionStage(direction: u32) -> Stage {', `    var geometry = ${stageOf(0)};`, '    switch direction {',
    ...directions.slice(1).map((_, index) => `        case ${index + 1}u: { geometry = ${stageOf(index + 1)}; }`), '        default: {}', '    }', '    return geometry;', '}'];
}

/** solveStages' body past mostStagesWrittenOut: each stage read whole. */
const stagesLooped = ['    for (var c = 0u; c < CONSTRAIN_STAGES; c++) {', '        workgroupBarrier();', '        stage = stageAt(c);', '        solveStage();', '    }'];

/**
 * solveStages' body written out: each stage a barrier, then `stage` set to its structure (a
 * constant of each member the Stage struct has, in its order) with the rule read, then solved.
 * @param {Extract<StepParameters['schedule'][number], { kind: 'constrain' }>[]} constrains
 * @param {number} solverKind the core's code for the solver
 * @param {import('../gpu/gpu-constants.js').GpuTables['directions']} directions
 * @param {import('../gpu/gpu-constants.js').UniformLayout} stageLayout
 */
function stagesWrittenOut(constrains, solverKind, directions, stageLayout) {
  return constrains.flatMap((stage, c) => {
    const structure = stageStructure({
      direction: directions[stage.direction], directionIndex: stage.direction, colour: stage.colour, solverKind, firstIteration: stage.iteration === 0,
    });
    return ['    workgroupBarrier();', `    stage = ${stageWgsl(stageLayout, structure, `stageAt(${c}u).rule`)};`, '    solveStage();'];
  });
}

/**
 * A Stage as a WGSL expression: a constant of each member the Stage struct has, in its order,
 * the rule as given.
 * @param {import('../gpu/gpu-constants.js').UniformLayout} stageLayout
 * @param {ReturnType<typeof stageStructure>} structure
 * @param {string} rule
 */
function stageWgsl(stageLayout, structure, rule) {
  const fields = Object.entries(stageLayout.fields).sort(([, a], [, b]) => a.offset - b.offset);
  const members = fields.map(([name, field]) => {
    if (name === 'rule') return rule;
    // The bucket passes' field, which a constrain stage's slot leaves 0 (writeStage).
    if (name === 'bucketLayer') return wgslValue(0, field);
    if (!(name in structure)) throw new Error(`nuno: internal: the Stage struct's ${name} is not compiled in`);
    return wgslValue(structure[name], field);
  });
  return `Stage(${members.join(', ')})`;
}

/**
 * A uniform field's value as a WGSL expression: `u32(3)`, `vec2<i32>(1, 0)`.
 * @param {number | boolean | readonly number[]} value
 * @param {import('../gpu/gpu-constants.js').UniformField} field
 */
function wgslValue(value, { scalar, components }) {
  const numbers = typeof value === 'object' ? value.map(Number) : [Number(value)];
  if (numbers.length !== components) throw new Error(`nuno: internal: ${numbers.length} numbers for a field of ${components}`);
  return `${components > 1 ? `vec${components}<${scalar}>` : scalar}(${numbers.join(', ')})`;
}

/**
 * Each schedule's stages as a key (direction, colour and iteration each, as solveStages compiles
 * them in), kept while the schedule is.
 * @type {WeakMap<StepParameters['schedule'], string>}
 */
const scheduleKeys = new WeakMap();

/**
 * A substep's stages as a key: what a tiled step's halo depends on (tile-substep.js).
 * @param {StepParameters['schedule']} schedule
 */
export function scheduleKeyOf(schedule) {
  let key = scheduleKeys.get(schedule);
  if (key === undefined) {
    key = schedule.map((stage) => (stage.kind === 'constrain' ? `${stage.direction}.${stage.colour}.${stage.iteration}` : stage.kind)).join(' ');
    scheduleKeys.set(schedule, key);
  }
  return key;
}

/**
 * What a fused step's pipeline is made for of its stages: the schedule's constrain stages and the
 * solver (stagesWgsl), as a key.
 * @param {Pick<StepParameters, 'settings' | 'schedule'>} parameters
 */
export function stagesKeyOf({ settings, schedule }) {
  return `${settings.solver} ${scheduleKeyOf(schedule)}`;
}

/**
 * The kinds of collider among `packed`, a bit (1 << kind code) each: contacts.wgsl's
 * COLLIDER_KINDS, for which a fused step's pipelines are made (the code of a kind the cloth does
 * not meet compiled out).
 * @param {Pick<import('../../cloth-model.js').PackedColliders, 'count' | 'kinds'>} packed
 */
export function colliderKindsOf({ count, kinds }) {
  return kinds.subarray(0, count).reduce((bits, kind) => bits | (1 << kind), 0);
}

/**
 * The pipeline-overridable constants of a fused step's pipeline.
 * @param {number} colliderKinds colliderKindsOf
 * @param {boolean} tearing whether it reads the torn bits (state.wgsl's TEARING)
 * @returns {Record<string, number>}
 */
export function fusedStepConstants(colliderKinds, tearing) {
  return { COLLIDER_KINDS: colliderKinds, ...(tearing ? { TEARING: 1 } : {}) };
}

/**
 * Pipelines made asynchronously (`createComputePipelineAsync`), by key: a step asks for one and
 * takes the passes of their own until it is made, so no frame waits for a compile and a device
 * that cannot build it loses no step.
 */
export class AsyncPipelines {
  /** @type {Map<string, GPUComputePipeline | 'making' | 'failed'>} */
  #pipelines = new Map();
  /** @type {Promise<void>[]} one a key, settled once its pipeline is made or failed */
  #makings = [];

  /**
   * The pipeline of `key` if made; else null, starting `make` at the first ask.
   * @param {string} key
   * @param {() => Promise<GPUComputePipeline>} make
   * @returns {GPUComputePipeline | null}
   */
  get(key, make) {
    const pipeline = this.#pipelines.get(key);
    if (pipeline === undefined) {
      this.#pipelines.set(key, 'making');
      // A make that throws at once fails as one that rejects.
      this.#makings.push(Promise.resolve().then(make).then((made) => { this.#pipelines.set(key, made); }, () => { this.#pipelines.set(key, 'failed'); }));
    }
    return typeof pipeline === 'object' ? pipeline : null;
  }

  /** Resolves once every pipeline asked for so far is made or has failed. */
  async settled() {
    await Promise.all(this.#makings);
  }

  /**
   * The pipeline of `key`, which `get` returned made.
   * @param {string} key
   */
  made(key) {
    const pipeline = this.#pipelines.get(key);
    if (typeof pipeline !== 'object') throw new Error(`nuno: internal: the pipeline ${key} is not made`);
    return pipeline;
  }
}

/** Bind groups over the first bytes of a uniform buffer of slots, bound whole (group 1 or 2). */
export class SlotGroups {
  /** @type {GPUDevice} */
  #device;
  /** @type {GPUBindGroupLayout} */
  layout;
  /** @type {WeakMap<GPUBuffer, { size: number, group: GPUBindGroup }>} */
  #groups = new WeakMap();

  /** @param {GPUDevice} device */
  constructor(device) {
    this.#device = device;
    this.layout = device.createBindGroupLayout({
      label: 'nuno uniform slots', entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } }],
    });
  }

  /**
   * @param {GPUBuffer} buffer
   * @param {number} size the bytes read from its start
   */
  groupOf(buffer, size) {
    let cached = this.#groups.get(buffer);
    if (cached?.size !== size) {
      cached = { size, group: this.#device.createBindGroup({ layout: this.layout, entries: [{ binding: 0, resource: { buffer, size } }] }) };
      this.#groups.set(buffer, cached);
    }
    return cached.group;
  }
}
