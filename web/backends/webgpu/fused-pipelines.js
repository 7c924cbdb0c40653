// What the two fused steps share (patch-step.js: a whole step in one dispatch; tile-substep.js: a
// substep in one dispatch): which schedules they run, their pipelines made asynchronously at the
// first step that could use them, and bind groups over a whole uniform array of slots.

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
 * (patch-step.wgsl's stepStages, tile-substep.wgsl's substepStages), or 0 where they would take
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
 * The WGSL of where a fused step reads its stages: STAGES_IN_WORKGROUP, and WORKGROUP_STAGES, the
 * length of the workgroup's copy (1, unused, where the stages are read from the uniform buffer).
 * @param {number} constrainStages
 * @param {number} stagesBytes stagesInWorkgroupBytes
 */
export function stagesInWorkgroupWgsl(constrainStages, stagesBytes) {
  return [`const STAGES_IN_WORKGROUP = ${stagesBytes > 0};`, `const WORKGROUP_STAGES = ${stagesBytes > 0 ? constrainStages : 1}u;`];
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
