// The WebGPU cloth: the same model as the CPU core, stepped by WebGPU compute passes over
// storage buffers (a vec4f per particle). Each substep dispatches a pass per stage of the core's
// schedule (src/step_schedule.hpp, read through substepSchedule()), as the WebGL2 cloth draws
// one: predict -> iterations x (6 directions x 2 colours) constrain -> collide + velocity. The
// constrain passes work in place (a colour's pairs share no particle), so there is no ping-pong.
// The core's `ClothModel` is its set-up, exactly as for the WebGL2 cloth (gpu-cloth.js):
// settings, errors, pins, colliders, rules, the clock and the gusts all come from the core.
// With self-collision the 'separate' stage is a bucket pass per layer and a separate pass
// (compute-self-collision.wgsl), as WebGL2 draws bucket layers and separates in its collide pass.
// A step is one command buffer: the substeps' uniforms written first, then every dispatch.
import { requireInteger } from '../../arguments.js';
import { setupOf } from '../../cloth-over-setup.js';
import { GpuClothOverSetup, depenetrationMetres, forgetColliderTravel, packedCollidersOf } from '../gpu/gpu-cloth-over-setup.js';
import { GpuUnsupportedError } from '../gpu/capabilities.js';
import { settingsRefusal } from '../gpu/settings-refusal.js';
import { bucketLayers, createComputePasses, selfCollisionBindings, stateBindings, workgroupsFor } from './compute-passes.js';
import { slotBytes, writeBucketStage, writeStage, writeSubstep } from './uniform-layout.js';

/** @typedef {import('../../cloth-model.js').ClothModel} ClothModel */
/** @typedef {import('../gpu/gpu-constants.js').GpuTables} GpuTables */
/** @typedef {import('../../index.js').ClothSettings} ClothSettings */
/** @typedef {import('../webgl2/gpu-cloth.js').StepParameters} StepParameters */
/** @typedef {(typeof stateBindings)[number] | (typeof selfCollisionBindings)[number]} StateName */

const families = ['structural', 'shear', 'bending'];
const vec4Bytes = 16;
/**
 * Frames whose steps the GPU may still be running when step() is called again. Submitting is
 * far quicker than running, so without a bound a slow GPU falls ever further behind the page
 * (and what it shows); past it, step() lets the frame's time go, as a long frame's clamp does.
 */
const maxFramesInFlight = 2;

/**
 * Bytes per particle of each state buffer (restPositions and buckets exist once self-collision
 * has run: two buckets per particle in each layer).
 * @param {import('../../index.js').GpuConstants} constants
 * @returns {Record<StateName, number>}
 */
function bytesPerParticle({ restLengthsPerParticle, directionCount }) {
  return {
    positions: vec4Bytes, working: vec4Bytes, predicted: vec4Bytes, velocities: vec4Bytes,
    inverseMasses: 4, restLengths: 4 * restLengthsPerParticle, lambdas: 4 * directionCount, silents: vec4Bytes,
    restPositions: vec4Bytes, buckets: bucketLayers * 2 * 4,
  };
}

/**
 * xyz per particle from vec4s.
 * @param {Float32Array} vec4s
 */
function xyzOf(vec4s) {
  const count = vec4s.length / 4;
  const xyz = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    xyz[3 * i] = vec4s[4 * i];
    xyz[3 * i + 1] = vec4s[4 * i + 1];
    xyz[3 * i + 2] = vec4s[4 * i + 2];
  }
  return xyz;
}

/**
 * vec4s (w = 0) from xyz per particle.
 * @param {ArrayLike<number>} xyz
 */
function vec4sOf(xyz) {
  const count = xyz.length / 3;
  const vec4s = new Float32Array(count * 4);
  for (let i = 0; i < count; i++) vec4s.set([xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]], 4 * i);
  return vec4s;
}

export class WebGpuCloth extends GpuClothOverSetup {
  /** @type {GPUDevice} */
  #device;
  /** Whether dispose() also destroys the device (nuno.requestCloth made it). */
  #ownsDevice;
  /** @type {GpuTables} */
  #tables;
  #columns;
  #rows;
  /** @type {import('./compute-passes.js').ComputePasses} */
  #passes;
  /** @type {Partial<Record<StateName, GPUBuffer>>} */
  #buffers;
  /** @type {GPUBindGroup} */
  #stateGroup;
  /** @type {GPUBindGroup | null} made, with its buffers, when self-collision first runs */
  #selfCollisionGroup = null;
  /** @type {GPUBuffer} */
  #substepBuffer;
  /** @type {GPUBindGroup} */
  #substepGroup;
  /** @type {GPUBuffer | null} one slot per constrain stage, written when the parameters change */
  #stageBuffer = null;
  /** @type {GPUBindGroup | null} */
  #stageGroup = null;
  /** @type {import('../gpu/gpu-constants.js').UniformLayout} */
  #substepLayout;
  /** @type {import('../gpu/gpu-constants.js').UniformLayout} */
  #stageLayout;
  #substepSlot;
  #stageSlot;
  /** @type {StepParameters | null} */
  #stepParameters = null;
  #stepsTaken = 0;
  /** step() calls whose work the GPU has not finished */
  #framesInFlight = 0;
  /** Counts the sets of GPU objects made: a completion from an earlier set is not counted. */
  #gpuGeneration = 0;
  /** @type {string | null} why the device was lost, while it is */
  #lostReason = null;
  /** @type {Float32Array} the latest positions read back, for `positions` */
  #mirror;
  #mirrorReading = false;
  /** Whether the state changed since the last read-back began: `positions` then starts one. */
  #mirrorStale = false;
  /** Counts resets: a read-back begun before one must not overwrite the reset's shape. */
  #mirrorGeneration = 0;
  /**
   * Why this cloth runs here and not on a backend `nuno.requestCloth` tried first; null when
   * the first choice ran.
   * @type {string | null}
   */
  fallbackReason = null;

  /**
   * Use `nuno.createCloth(device, { backend: 'webgpu', ... })` or `await nuno.requestCloth(...)`.
   * @param {GPUDevice} device
   * @param {ClothModel} setup the cloth's model, made with the same settings; the WebGPU cloth owns and disposes it
   * @param {GpuTables} tables the core's constraint directions and GPU constants
   * @param {boolean} ownsDevice destroy the device on dispose()
   */
  constructor(device, setup, tables, ownsDevice) {
    const refusal = settingsRefusal(setup.settings, 'webgpu');
    if (refusal) throw new GpuUnsupportedError(refusal);
    super(setup, tables.constants.maxColliders, 'webgpu', {
      uploadInverseMasses: (particle) => this.#uploadInverseMasses(particle),
      placeParticle: (particle, position) => this.#placeParticle(particle, position),
      loadRestState: () => this.#loadRestState(),
      settingsChanged: () => { this.#stepParameters = null; },
    });
    this.#tables = tables;
    this.#ownsDevice = ownsDevice;
    this.#columns = setup.columns;
    this.#rows = setup.rows;
    this.#substepLayout = tables.uniformLayouts.substep;
    this.#stageLayout = tables.uniformLayouts.stage;
    this.#mirror = Float32Array.from(setup.restPositions);
    this.#device = device;
    this.#substepSlot = 0;
    this.#stageSlot = 0;
    this.#createGpuObjects(device);
  }

  /**
   * Makes every buffer, pipeline and bind group on `device` and loads the rest state: at
   * construction, and in restore() with a new device after the old one was lost.
   * @param {GPUDevice} device
   */
  #createGpuObjects(device) {
    this.#requireFits(device);
    const sizes = bytesPerParticle(this.#tables.constants);
    const count = this.particleCount;
    this.#device = device;
    this.#lostReason = null;
    this.#framesInFlight = 0;
    this.#gpuGeneration += 1;
    device.lost.then((info) => {
      if (this.#device === device && !this.disposed) this.#lostReason = info.message || info.reason || 'unknown';
    });
    const alignment = device.limits.minUniformBufferOffsetAlignment;
    this.#substepSlot = slotBytes(this.#substepLayout.bytes, alignment);
    this.#stageSlot = slotBytes(this.#stageLayout.bytes, alignment);
    this.#passes = createComputePasses(device, this.#tables);
    // VERTEX too: `positionBuffer` may feed a vertex buffer of the caller's pipeline.
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC | GPUBufferUsage.VERTEX;
    this.#buffers = Object.fromEntries(stateBindings.map((name) => [
      name, device.createBuffer({ label: `nuno ${name}`, size: count * sizes[name], usage }),
    ]));
    this.#stateGroup = this.#stateGroupOf(this.#passes.stateLayout, stateBindings);
    this.#selfCollisionGroup = null;
    this.#substepBuffer = device.createBuffer({ label: 'nuno substeps', size: this.#substepSlot, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.#substepGroup = this.#uniformGroup(this.#passes.substepLayout, this.#substepBuffer, this.#substepLayout.bytes);
    this.#stageBuffer = null;
    this.#stageGroup = null;
    this.#stepParameters = null;
    device.queue.writeBuffer(this.#state('restLengths'), 0, this.#live.restLengthsByDirection);
    this.reset();
  }

  /**
   * Throws a GpuUnsupportedError naming the grid when its largest state buffer would pass the
   * device's storage-buffer limits.
   * @param {GPUDevice} device
   */
  #requireFits(device) {
    const largest = Math.max(...Object.values(bytesPerParticle(this.#tables.constants)));
    const limit = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
    if (this.particleCount * largest > limit) {
      throw new GpuUnsupportedError(`nuno: 'columns * rows' must be at most ${Math.floor(limit / largest)} on this WebGPU device, ` +
        `got ${this.particleCount}: its largest state buffer takes ${largest} bytes per particle, and the device's ` +
        `storage buffers hold at most ${limit} bytes (maxStorageBufferBindingSize, maxBufferSize)`);
    }
  }

  /**
   * @param {GPUBindGroupLayout} layout
   * @param {readonly StateName[]} names its buffers in binding order
   */
  #stateGroupOf(layout, names) {
    return this.#device.createBindGroup({
      label: 'nuno state', layout, entries: names.map((name, binding) => ({ binding, resource: { buffer: this.#state(name) } })),
    });
  }

  /** @param {StateName} name */
  #state(name) {
    return /** @type {GPUBuffer} */ (this.#buffers[name]);
  }

  /** The rest shape, the buckets and their bind group, the first time self-collision runs. */
  #prepareSelfCollision() {
    if (this.#selfCollisionGroup) return;
    const device = this.#device;
    const sizes = bytesPerParticle(this.#tables.constants);
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    for (const name of /** @type {const} */ (['restPositions', 'buckets'])) {
      this.#buffers[name] = device.createBuffer({ label: `nuno ${name}`, size: this.particleCount * sizes[name], usage });
    }
    device.queue.writeBuffer(this.#state('restPositions'), 0, vec4sOf(this.#live.restPositions));
    this.#selfCollisionGroup = this.#stateGroupOf(this.#passes.selfCollisionLayout, selfCollisionBindings);
  }

  /**
   * @param {GPUBindGroupLayout} layout
   * @param {GPUBuffer} buffer
   * @param {number} size
   */
  #uniformGroup(layout, buffer, size) {
    return this.#device.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer, size } }] });
  }

  get #live() {
    return setupOf(this);
  }

  /** @returns {'webgpu'} */
  get backend() {
    return 'webgpu';
  }

  /** WebGPU state is always 32-bit float (storage buffers need no render-target support). */
  get precision() {
    return /** @type {const} */ ('float');
  }

  /** The device the cloth runs on. */
  get device() {
    return this.#device;
  }

  get stepsTaken() {
    return this.#stepsTaken;
  }

  get simulatedSeconds() {
    return this.#live.simulatedSeconds;
  }

  /**
   * The current positions for drawing them in your own WebGPU pipeline: a storage (and vertex)
   * buffer of vec4f per particle (xyz, w = 0), row-major. It is the same buffer every step until
   * restore() makes new ones; read it in commands submitted after the step.
   */
  get positionBuffer() {
    return this.#state('positions');
  }

  /**
   * Positions read back from the GPU, xyz per particle: what the last finished read-back found,
   * a frame or a few behind the simulation. Reading it starts a read-back when the state has
   * changed since the last one began and none is under way, and never waits for it, so a cloth
   * drawn from `positionBuffer` alone pays for none. Made for drawing with the WebGL2
   * `ClothRenderer`; for the numbers of this very step, `await readPositions()`.
   */
  get positions() {
    if (this.#mirrorStale && !this.#mirrorReading && !this.lost) this.#refreshMirror();
    return this.#mirror;
  }

  /**
   * The stages one substep runs with the current settings: a compute pass each.
   * @returns {import('../../index.js').SubstepStage[]}
   */
  substepSchedule() {
    return [...this.#currentStepParameters().schedule];
  }

  /**
   * Compute dispatches per fixed step with the current settings: a stage each (the 'separate'
   * stage a bucket pass per layer and the separate pass), times the substeps.
   */
  get dispatchesPerStep() {
    const { settings, schedule } = this.#currentStepParameters();
    return settings.substeps * schedule.reduce((sum, stage) => sum + (stage.kind === 'separate' ? bucketLayers + 1 : 1), 0);
  }

  /** Bytes of GPU buffer memory per particle, for the buffers this cloth holds now. */
  get gpuBytesPerParticle() {
    const sizes = bytesPerParticle(this.#tables.constants);
    return Object.keys(this.#buffers).reduce((sum, name) => sum + sizes[/** @type {StateName} */ (name)], 0);
  }

  /** Whether the device was lost (stepping does nothing until restore(device)). */
  get lost() {
    return this.#lostReason !== null;
  }

  /**
   * Advances by one frame's time through the fixed-step accumulator. While the GPU is still
   * running the steps of maxFramesInFlight earlier frames, the frame's time is let go instead.
   * @param {number} frameSeconds
   * @returns {number} the fixed steps taken
   */
  step(frameSeconds) {
    const setup = this.#live;
    if (this.lost || this.#framesInFlight >= maxFramesInFlight) return 0;
    const steps = setup.advanceClock(frameSeconds);
    this.stepFixed(steps);
    if (steps > 0) {
      this.#framesInFlight += 1;
      const generation = this.#gpuGeneration;
      this.#device.queue.onSubmittedWorkDone().finally(() => { if (this.#gpuGeneration === generation) this.#framesInFlight -= 1; });
    }
    return steps;
  }

  /** @param {number} [count] whole fixed steps to take */
  stepFixed(count = 1) {
    requireInteger('count', count, 0, 1e6);
    if (count === 0 || this.lost) return;
    const parameters = this.#currentStepParameters();
    for (let step = 0; step < count; step++) this.#submitStep(parameters);
    this.#stepsTaken += count;
    this.#mirrorStale = true;
  }

  #currentStepParameters() {
    const setup = this.#live;
    if (!this.#stepParameters) {
      this.#stepParameters = {
        settings: setup.settings, rules: setup.familyRules(), factors: setup.substepFactors(), schedule: setup.substepSchedule(),
      };
      this.#writeStages(this.#stepParameters);
    }
    return this.#stepParameters;
  }

  /**
   * One slot per constrain stage of the schedule, then one per bucket layer: they change only
   * with the settings.
   * @param {StepParameters} parameters
   */
  #writeStages({ settings, rules, schedule }) {
    const constrainStages = schedule.filter((stage) => stage.kind === 'constrain');
    const bytes = new ArrayBuffer((constrainStages.length + bucketLayers) * this.#stageSlot);
    for (let layer = 0; layer < bucketLayers; layer++) writeBucketStage(bytes, (constrainStages.length + layer) * this.#stageSlot, this.#stageLayout, layer);
    const solverKind = this.#tables.constants.solverKinds[settings.solver];
    constrainStages.forEach((stage, index) => {
      const direction = this.#tables.directions[stage.direction];
      writeStage(bytes, index * this.#stageSlot, this.#stageLayout, {
        direction, directionIndex: stage.direction, colour: stage.colour, solverKind,
        rule: rules[families.indexOf(direction.family)], firstIteration: stage.iteration === 0,
      });
    });
    if (!this.#stageBuffer || this.#stageBuffer.size !== bytes.byteLength) {
      this.#stageBuffer?.destroy();
      this.#stageBuffer = this.#device.createBuffer({ label: 'nuno constrain stages', size: bytes.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      this.#stageGroup = this.#uniformGroup(this.#passes.stageLayout, this.#stageBuffer, this.#stageLayout.bytes);
    }
    this.#device.queue.writeBuffer(this.#stageBuffer, 0, bytes);
  }

  /**
   * One fixed step: the substeps' uniforms, then one compute pass with a dispatch per stage.
   * @param {StepParameters} parameters
   */
  #submitStep({ settings, factors, schedule }) {
    const device = this.#device;
    const substeps = settings.substeps;
    if (this.#substepBuffer.size < substeps * this.#substepSlot) {
      this.#substepBuffer.destroy();
      this.#substepBuffer = device.createBuffer({ label: 'nuno substeps', size: substeps * this.#substepSlot, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      this.#substepGroup = this.#uniformGroup(this.#passes.substepLayout, this.#substepBuffer, this.#substepLayout.bytes);
    }
    const uniforms = new ArrayBuffer(substeps * this.#substepSlot);
    const { patchColumns, patchRows } = settings;
    const common = {
      settings, factors, substepSeconds: settings.stepSeconds / substeps, colliders: packedCollidersOf(this),
      gridSize: /** @type {[number, number]} */ ([this.#columns, this.#rows]),
      patchSize: /** @type {[number, number]} */ ([patchColumns || this.#columns, patchRows || this.#rows]),
    };
    for (let substep = 0; substep < substeps; substep++) {
      // Every substep, so the set-up's gust clock keeps time with the wind even while gusts are off.
      const waves = this.#live.gustWavesForSubstep();
      const depenetration = depenetrationMetres(this, settings.depenetrationSpeed, common.substepSeconds, substep === 0);
      writeSubstep(uniforms, substep * this.#substepSlot, this.#substepLayout, {
        ...common, gustWaves: settings.windGustSpeed > 0 ? waves : null, depenetration,
      });
    }
    forgetColliderTravel(this);
    device.queue.writeBuffer(this.#substepBuffer, 0, uniforms);

    const separates = schedule.some((stage) => stage.kind === 'separate');
    if (separates) this.#prepareSelfCollision();
    const constrainStages = schedule.filter((stage) => stage.kind === 'constrain').length;
    const [groupsX, groupsY] = workgroupsFor(this.particleCount, device.limits.maxComputeWorkgroupsPerDimension);
    const encoder = device.createCommandEncoder({ label: 'nuno step' });
    const { pipelines } = this.#passes;
    /** @param {number} substep */
    const beginPass = (substep) => {
      const pass = encoder.beginComputePass({ label: 'nuno step' });
      pass.setBindGroup(0, this.#stateGroup);
      pass.setBindGroup(1, this.#substepGroup, [substep * this.#substepSlot]);
      pass.setBindGroup(2, this.#stageGroup, [0]);
      return pass;
    };
    let pass = beginPass(0);
    for (let substep = 0; substep < substeps; substep++) {
      pass.setBindGroup(1, this.#substepGroup, [substep * this.#substepSlot]);
      let constrainStage = 0;
      for (const stage of schedule) {
        if (stage.kind === 'constrain') {
          pass.setBindGroup(2, this.#stageGroup, [constrainStage++ * this.#stageSlot]);
          pass.setPipeline(pipelines.constrain);
        } else if (stage.kind === 'predict' || stage.kind === 'collide') {
          pass.setPipeline(pipelines[stage.kind]);
        } else if (stage.kind === 'separate') {
          // The buckets start empty every substep: cleared between two passes.
          pass.end();
          encoder.clearBuffer(this.#state('buckets'));
          pass = beginPass(substep);
          pass.setBindGroup(0, this.#selfCollisionGroup);
          pass.setPipeline(pipelines.sortIntoBuckets);
          for (let layer = 0; layer < bucketLayers; layer++) {
            pass.setBindGroup(2, this.#stageGroup, [(constrainStages + layer) * this.#stageSlot]);
            pass.dispatchWorkgroups(groupsX, groupsY);
          }
          pass.setPipeline(pipelines.separate);
          pass.dispatchWorkgroups(groupsX, groupsY);
          pass.setBindGroup(0, this.#stateGroup);
          continue;
        } else {
          throw new GpuUnsupportedError(`nuno: the WebGPU cloth runs no '${stage.kind}' stage (the ordering '${settings.ordering}')`);
        }
        pass.dispatchWorkgroups(groupsX, groupsY);
      }
    }
    pass.end();
    device.queue.submit([encoder.finish()]);
  }

  /** Positions and velocities as the model starts them; the drawing mirror with them. */
  #loadRestState() {
    if (this.lost) return;
    const setup = this.#live;
    const queue = this.#device.queue;
    queue.writeBuffer(this.#state('positions'), 0, vec4sOf(setup.restPositions));
    queue.writeBuffer(this.#state('velocities'), 0, vec4sOf(setup.initialVelocities));
    this.#mirror = Float32Array.from(setup.restPositions);
    this.#mirrorGeneration += 1;
    this.#mirrorStale = false;
  }

  /** Where a held particle is put: its slot of the positions. */
  #placeParticle(/** @type {number} */ particle, /** @type {Float32Array} */ position) {
    if (this.lost) return;
    this.#device.queue.writeBuffer(this.#state('positions'), particle * vec4Bytes, vec4sOf(position));
    this.#mirrorStale = true;
  }

  /**
   * Reads the positions back: xyz per particle. The copy is mapped once the GPU has done it
   * (mapAsync), so the page never stalls on it.
   * @returns {Promise<Float32Array>}
   */
  async readPositions() {
    this.#live;
    if (this.lost) throw this.#lostError();
    const device = this.#device;
    const size = this.particleCount * vec4Bytes;
    const staging = device.createBuffer({ label: 'nuno read-back', size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    try {
      const encoder = device.createCommandEncoder({ label: 'nuno read-back' });
      encoder.copyBufferToBuffer(this.#state('positions'), 0, staging, 0, size);
      device.queue.submit([encoder.finish()]);
      try {
        await staging.mapAsync(GPUMapMode.READ);
      } catch (error) {
        if (this.disposed) throw new Error('nuno: this cloth was disposed while its positions were read back');
        throw this.lost ? this.#lostError() : error;
      }
      return xyzOf(new Float32Array(staging.getMappedRange()));
    } finally {
      staging.destroy();
    }
  }

  #lostError() {
    return new Error(`nuno: the WebGPU device is lost (${this.#lostReason}); call restore(device) with a new device`);
  }

  /** Starts a read-back for `positions`. */
  #refreshMirror() {
    this.#mirrorReading = true;
    this.#mirrorStale = false;
    const generation = this.#mirrorGeneration;
    this.readPositions()
      .then((positions) => { if (generation === this.#mirrorGeneration) this.#mirror = positions; })
      // A lost device or a disposed cloth: `positions` keeps the last shape it had.
      .catch(() => {})
      .finally(() => { this.#mirrorReading = false; });
  }

  /**
   * Rebuilds every buffer and pipeline on a new device after the old one was lost (its state
   * went with it). The cloth starts again from its rest shape, keeping its settings, pins and
   * colliders.
   * @param {GPUDevice} device
   */
  restore(device) {
    this.#live;
    if (typeof GPUDevice === 'undefined' || !(device instanceof GPUDevice)) {
      throw new TypeError(`nuno: restore() needs a GPUDevice, got ${device === null ? 'null' : typeof device}`);
    }
    this.#requireFits(device);
    this.#destroyGpuObjects();
    // The new device is the caller's: the cloth destroys the one it made, never theirs.
    if (this.#ownsDevice && device !== this.#device) this.#device.destroy();
    if (device !== this.#device) this.#ownsDevice = false;
    this.#createGpuObjects(device);
  }

  /** Frees every buffer, the model and, when nuno.requestCloth made it, the device. Safe to call twice. */
  dispose() {
    if (this.disposed) return;
    this.#destroyGpuObjects();
    if (this.#ownsDevice) this.#device.destroy();
    super.dispose();
  }

  #destroyGpuObjects() {
    for (const buffer of [...Object.values(this.#buffers), this.#substepBuffer, this.#stageBuffer]) buffer?.destroy();
  }

  /**
   * All inverse masses, or one particle's: dragging changes one per pointer move.
   * @param {number} [particle]
   */
  #uploadInverseMasses(particle = undefined) {
    if (this.lost) return;
    const buffer = this.#state('inverseMasses');
    if (particle === undefined) {
      this.#device.queue.writeBuffer(buffer, 0, this.#live.inverseMasses);
    } else {
      this.#device.queue.writeBuffer(buffer, particle * 4, Float32Array.of(this.#live.inverseMassOf(particle)));
    }
  }
}
