// The WebGPU cloth: the core's model stepped by compute passes over storage buffers, a vec4f per
// particle (state-buffers.js). The step loop is the one both GPU cloths share
// (GpuClothOverSetup): it walks the core's substep schedule and calls a stage runner here per
// stage, which encodes that stage's dispatch:
//   predict -> iterations x (6 directions x 2 colours) constrain -> collide + velocity.
// A cloth of patches small enough for a workgroup runs a whole step as one dispatch instead
// (patch-step.js), where nothing else (an attach pass, a substep cut short) asks for the passes.
// The constrain passes work in place (a colour's pairs share no particle), so there is no
// ping-pong. With self-collision the 'separate' stage is a bucket pass per layer and a separate
// pass (separate.wgsl), as WebGL2 draws bucket layers and separates in its collide
// pass. With tearStrain on, the step ends with the tear pass (tear.wgsl) over its final
// positions, after the patch step too, and a copy of the torn bits for the next step's passes.
// Until a tear pass has run since the cloth was last mended, its steps take the pipelines that
// read no torn bits (state.wgsl's and separate.wgsl's TEARING), as fast as before tearing was; from then on, only
// those that read them, so a torn constraint is never solved.
// A step is one command buffer, its substeps' uniforms written before it is submitted.
import { setupOf } from '../../cloth-over-setup.js';
import { GpuClothOverSetup, forgetStepParameters, forgetTangles, packedCollidersOf, stepParametersOf } from '../gpu/gpu-cloth-over-setup.js';
import { GpuUnsupportedError } from '../gpu/capabilities.js';
import { settingsRefusal } from '../gpu/settings-refusal.js';
import { bucketLayers, createComputePasses, workgroupsFor } from './compute-passes.js';
import { meshFieldRefusalOn } from './mesh-field-texture.js';
import { ParticlePicker } from './particle-picker.js';
import { colliderKindsOf } from './fused-pipelines.js';
import { PatchStep } from './patch-step.js';
import { TileSubstep } from './tile-substep.js';
import { shown } from '../../arguments.js';
import { requireRay } from '../../picking.js';
import { StateBuffers, requireStateFits, vec4Bytes, vec4sOf, xyzOf } from './state-buffers.js';
import { slotBytes, stageSlots, writeSubstep } from '../gpu/uniform-layout.js';

/** @typedef {import('../../cloth-model.js').ClothModel} ClothModel */
/** @typedef {import('../gpu/gpu-constants.js').GpuTables} GpuTables */
/** @typedef {import('../gpu/gpu-cloth-over-setup.js').StepParameters} StepParameters */
/** @typedef {import('../gpu/gpu-cloth-over-setup.js').SubstepInputs} SubstepInputs */
/** @typedef {import('../../index.js').SubstepStage} SubstepStage */

/**
 * A step being encoded: its substeps' uniforms, its command encoder and the compute pass open in
 * it, and the constrain stages of the schedule and of the substep so far (a uniform slot each).
 * @typedef {object} StepEncoding
 * @property {ArrayBuffer} uniforms a slot per substep
 * @property {GPUCommandEncoder} encoder
 * @property {GPUComputePassEncoder} pass
 * @property {[number, number]} workgroups of a dispatch over every particle
 * @property {number} constrainStages in the schedule: the bucket layers' slots follow theirs
 * @property {number} constrainStage of the substep so far
 * @property {number} substep
 * @property {boolean} positionsInWorking predict and constrain leave the latest positions in the
 *   working buffer, separate and collide in the positions buffer
 * @property {boolean} stateInScratch an odd count of tiled substeps leaves the positions in the
 *   working buffer and the velocities in the predicted one (tile-substep.js)
 * @property {FusedStep | null} fused what runs the step, while it may be fused
 * @property {{ kind: string, encode: () => void }[] | null} kept while the step may be fused (as one
 *   dispatch, patch-step.js, or a dispatch a substep, tile-substep.js): its stages' commands, encoded
 *   after all only if it cannot
 * @property {boolean} tears whether the step ends with the tear pass (tear() was called in it)
 * @property {boolean} tearing whether its passes read the torn bits: the mask may hold a tear as
 *   the step begins (its own tear pass comes after them)
 * @property {number} colliderKinds the kinds of collider the step's fused pipeline is made for (fused-pipelines.js's colliderKindsOf)
 */

/**
 * How a whole step of plain substeps runs fused: 'patch', all in one dispatch (small patches);
 * 'tiles', a dispatch a substep (any other cloth).
 * @typedef {'patch' | 'tiles'} FusedStep
 */

/**
 * Frames whose steps the GPU may still be running when step() is called again. Submitting is
 * far quicker than running, so without a bound a slow GPU falls ever further behind the page
 * (and what it shows); past it, step() lets the frame's time go, as a long frame's clamp does.
 */
const maxFramesInFlight = 2;

export class WebGpuCloth extends GpuClothOverSetup {
  /** @type {GPUDevice} */
  #device;
  /** Whether dispose() also destroys the device (nuno.requestCloth made it). */
  #ownsDevice;
  /** The fastest approach the separate pass found in the last substep of a recent step, m/s. */
  #fastestApproach = 0;
  /** @type {GPUBuffer | null} where that is read back to; null while a read-back is under way */
  #approachReadBack = null;
  /** @type {GPUBuffer | null} the same buffer while it is being mapped */
  #approachMapping = null;
  /** Counts the rest states loaded: a speed read back from before one is not taken. */
  #restStatesLoaded = 0;
  /** @type {GpuTables} */
  #tables;
  #columns;
  #rows;
  /** @type {import('./compute-passes.js').ComputePasses} */
  #passes;
  /** @type {StateBuffers} */
  #buffers;
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
  /** @type {PatchStep} */
  #patchStep;
  /** @type {TileSubstep} */
  #tileSubstep;
  /** @type {boolean | null} tiledSubsteps as set; null: by the adapter */
  #tiledSubsteps = null;
  /** @type {ParticlePicker | null} made at the first pick */
  #picker = null;
  /** @type {StepEncoding | null} the step being encoded, while it is */
  #encoding = null;
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
  /** @type {Uint8Array} the torn bits read back with the latest positions, for `tornMask` */
  #mirrorTorn;
  /**
   * Whether the torn bits may hold a tear: a tear pass was encoded since they were last cleared
   * (reset(), or new buffers on restore()). Until then steps take the pipelines that read none.
   */
  #mayHoldTears = false;
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
      isLost: () => this.#lostReason !== null,
      parametersChanged: (parameters) => this.#writeStages(parameters),
      runStep: (parameters, substeps) => this.#runStep(parameters, substeps),
      beginSubstep: (inputs) => this.#beginSubstep(inputs),
      stages: {
        predict: (stage, { attached }) => {
          this.#dispatch('predict');
          if (attached) this.#attach(attached.count);
        },
        constrain: () => this.#constrain(),
        separate: () => this.#separate(),
        collide: () => this.#dispatch('collide'),
      },
      stepped: () => { this.#mirrorStale = true; },
      uploadInverseMasses: (particle) => this.#uploadInverseMasses(particle),
      placeParticle: (particle, position) => this.#placeParticle(particle, position),
      uploadAttachments: (packed) => { if (!this.lost) this.#buffers.uploadAttachments(packed); },
      loadRestState: () => this.#loadRestState(),
      readPositions: () => this.readPositions(),
      uploadTangles: (tangles) => this.#buffers.uploadTangles(tangles),
      fastestApproach: () => this.#fastestApproach,
      meshFieldRefusal: (atlas) => meshFieldRefusalOn(this.#device, atlas),
      tear: (tearStrain) => this.#tear(tearStrain),
      readTorn: () => this.#readTorn(),
      mendAll: () => this.#mendAll(),
    });
    this.#tables = tables;
    this.#ownsDevice = ownsDevice;
    this.#columns = setup.columns;
    this.#rows = setup.rows;
    this.#substepLayout = tables.uniformLayouts.substep;
    this.#stageLayout = tables.uniformLayouts.stage;
    this.#mirror = Float32Array.from(setup.restPositions);
    this.#mirrorTorn = new Uint8Array(this.particleCount);
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
    requireStateFits(device, this.#tables.constants, this.particleCount);
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
    this.#patchStep = new PatchStep(device, this.#tables, this.#passes.stateLayout);
    this.#tileSubstep = new TileSubstep(device, this.#tables, this.#passes);
    this.#buffers = new StateBuffers(device, this.#passes, this.#tables.constants, this.particleCount);
    this.#substepBuffer = device.createBuffer({ label: 'nuno substeps', size: this.#substepSlot, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.#substepGroup = this.#uniformGroup(this.#passes.substepLayout, this.#substepBuffer, this.#substepLayout.bytes);
    this.#stageBuffer = null;
    this.#stageGroup = null;
    this.#approachReadBack = device.createBuffer({ label: 'nuno approach read-back', size: 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    this.#fastestApproach = 0;
    forgetStepParameters(this);
    device.queue.writeBuffer(this.#buffers.buffer('restLengths'), 0, this.#live.restLengthsByDirection);
    this.reset();
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

  /**
   * The current positions for drawing them in your own WebGPU pipeline: a storage (and vertex)
   * buffer of vec4f per particle (xyz, w = 0), row-major. It is the same buffer every step until
   * restore() makes new ones; read it in commands submitted after the step.
   */
  get positionBuffer() {
    return this.#buffers.buffer('positions');
  }

  /**
   * Which constraints have torn, for drawing them in your own WebGPU pipeline: a storage buffer
   * of u32 per particle, row-major, bit d set when the constraint starting at the particle in
   * direction d (0 right, 1 down, 2 diagonal down, 3 diagonal up) has torn; words past the last
   * particle stay zero. The same buffer until restore() makes new ones (which mends the cloth:
   * the lost device took its tears with it); `await readTorn()` for the bytes.
   */
  get tornBuffer() {
    return this.#buffers.torn;
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
   * The torn bits (`readTorn()`'s layout) read back with `positions`, and as far behind: for
   * drawing the mirror with the WebGL2 `ClothRenderer`.
   */
  get tornMask() {
    return this.#mirrorTorn;
  }

  /**
   * Whether steps of plain substeps (no self-collision, no attachments) may run as one dispatch a
   * substep, the grid cut into tiles each solved in workgroup memory (tile-substep.js), on the
   * very bits of the passes of their own: where it pays (tile-substep.js's tilesPay: at any size
   * on a device granting workgroups of 1024 invocations and 48 KiB of workgroup memory, as an
   * NVIDIA H200 does, for one iteration a substep; else up to 128 x 128 particles, 256 x 256 with
   * 48 KiB).
   * By default true on a hardware adapter and false on a software one (SwiftShader, where each
   * workgroup's barriers run on the CPU: the tiles stepped a 24 x 24 cloth 25-40x slower).
   */
  get tiledSubsteps() {
    return this.#tiledSubsteps ?? !this.#device.adapterInfo?.isFallbackAdapter;
  }

  set tiledSubsteps(tiled) {
    if (typeof tiled !== 'boolean') throw new Error(`nuno: 'tiledSubsteps' must be true or false, got ${shown(tiled)}`);
    this.#tiledSubsteps = tiled;
  }

  /** The grid, for the tiled substep. */
  get #grid() {
    return { columns: this.#columns, rows: this.#rows, stageSlotBytes: this.#stageSlot };
  }

  /**
   * Compute dispatches per fixed step with the current settings and no attachments: a stage
   * each (the 'separate' stage a bucket pass per layer and the separate pass), times the
   * substeps; or 1 where the patch step runs (small patches), one a substep where the tiled
   * substep does (any other cloth without self-collision), once their pipelines are made; and
   * the tear pass where tearStrain is on. Attached particles add an attach pass a substep and
   * take the passes of their own.
   */
  get dispatchesPerStep() {
    const { settings, schedule } = stepParametersOf(this);
    const tear = settings.tearStrain > 0 ? 1 : 0;
    const fused = this.#fusedStep({ settings, schedule, substeps: settings.substeps }, this.#mayHoldTears);
    if (fused === 'patch') return 1 + tear;
    if (fused === 'tiles') return settings.substeps + tear;
    return settings.substeps * schedule.reduce((sum, stage) => sum + (stage.kind === 'separate' ? bucketLayers + 1 : 1), 0) + tear;
  }

  /**
   * Resolves once the pipelines of the one-dispatch step the current settings can take (the patch
   * step or tiled substeps, with and without reading torn bits) are made or could not be. They
   * are made asynchronously, at the first step that could use them, the passes of their own
   * stepping until then: await this before timing steps, or to step in one dispatch from the first.
   */
  async pipelinesMade() {
    this.#live;
    const { settings, schedule } = stepParametersOf(this);
    const parameters = { settings, schedule, substeps: settings.substeps };
    this.#fusedStep(parameters, false);
    if (settings.tearStrain > 0 || this.#mayHoldTears) this.#fusedStep(parameters, true);
    await Promise.all([this.#patchStep.pipelines.settled(), this.#tileSubstep.pipelines.settled()]);
  }

  /**
   * How a step runs fused (when no attach pass joins it): as the patch step where its patches fit
   * a workgroup, else as tiled substeps; null where neither fits or its pipeline is not made yet.
   * @param {Pick<StepParameters, 'settings' | 'schedule' | 'substeps'>} parameters
   * @param {boolean} tearing by the pipelines that read the torn bits
   * @param {number} [colliderKinds] the kinds of collider the fused pipeline is made for: the cloth's now
   * @returns {FusedStep | null}
   */
  #fusedStep(parameters, tearing, colliderKinds = colliderKindsOf(packedCollidersOf(this))) {
    const slotBytes = { substep: this.#substepSlot, stage: this.#stageSlot };
    if (this.#patchStep.fits(parameters, this.#columns, this.#rows, slotBytes)) {
      return this.#patchStep.ready(parameters, this.#columns, this.#rows, slotBytes, tearing, colliderKinds) ? 'patch' : null;
    }
    return this.tiledSubsteps && this.#tileSubstep.ready(parameters, this.#grid, tearing, colliderKinds) ? 'tiles' : null;
  }

  /** Bytes of GPU buffer memory per particle, for the buffers this cloth holds now. */
  get gpuBytesPerParticle() {
    return this.#buffers.bytesPerParticle;
  }

  /**
   * Advances by one frame's time through the fixed-step accumulator. While the GPU is still
   * running the steps of maxFramesInFlight earlier frames, the frame's time is let go instead.
   * @param {number} frameSeconds
   * @returns {number} the fixed steps taken
   */
  step(frameSeconds) {
    this.#live;
    if (this.lost || this.#framesInFlight >= maxFramesInFlight) return 0;
    const steps = super.step(frameSeconds);
    if (steps > 0) {
      this.#framesInFlight += 1;
      const generation = this.#gpuGeneration;
      this.#device.queue.onSubmittedWorkDone().finally(() => { if (this.#gpuGeneration === generation) this.#framesInFlight -= 1; });
    }
    return steps;
  }

  /**
   * One slot per constrain stage of the schedule, then one per bucket layer: they change only
   * with the settings.
   * @param {StepParameters} parameters
   */
  #writeStages(parameters) {
    const bytes = stageSlots(parameters, this.#tables, this.#stageSlot, bucketLayers);
    if (!this.#stageBuffer || this.#stageBuffer.size !== bytes.byteLength) {
      this.#stageBuffer?.destroy();
      this.#stageBuffer = this.#device.createBuffer({ label: 'nuno constrain stages', size: bytes.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      this.#stageGroup = this.#uniformGroup(this.#passes.stageLayout, this.#stageBuffer, this.#stageLayout.bytes);
    }
    this.#device.queue.writeBuffer(this.#stageBuffer, 0, bytes);
  }

  /**
   * One fixed step as one command buffer: the shared loop's stages encoded into a compute pass,
   * the substeps' uniforms written (a slot each) before the commands are submitted.
   * @param {StepParameters} parameters
   * @param {() => void} substeps
   */
  #runStep(parameters, substeps) {
    const { schedule, substeps: substepCount } = parameters;
    const device = this.#device;
    const size = substepCount * this.#substepSlot;
    if (this.#substepBuffer.size < size) {
      this.#substepBuffer.destroy();
      this.#substepBuffer = device.createBuffer({ label: 'nuno substeps', size, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      this.#substepGroup = this.#uniformGroup(this.#passes.substepLayout, this.#substepBuffer, this.#substepLayout.bytes);
    }
    const separates = schedule.some((stage) => stage.kind === 'separate');
    if (separates) this.#buffers.prepareSelfCollision(this.#live.restPositions);
    this.#buffers.updateMeshFields(packedCollidersOf(this).meshFieldVersion, () => this.#live.meshFieldAtlas());
    const tearing = this.#mayHoldTears;
    // The kinds of collider the fused step's pipeline is made for: asked once a step, for the choice and the encoding alike.
    const colliderKinds = colliderKindsOf(packedCollidersOf(this));
    // A cloth that can tear soon may have torn: the fused step's pipeline that reads the torn bits
    // is made ahead, asynchronously (until it is made, such steps take the passes of their own).
    if (parameters.settings.tearStrain > 0 && !tearing) this.#fusedStep(parameters, true, colliderKinds);
    const encoder = device.createCommandEncoder({ label: 'nuno step' });
    const fused = this.#fusedStep(parameters, tearing, colliderKinds);
    this.#encoding = {
      uniforms: new ArrayBuffer(size), encoder, pass: this.#beginPass(encoder, 0),
      workgroups: workgroupsFor(this.particleCount, device.limits.maxComputeWorkgroupsPerDimension),
      constrainStages: schedule.filter((stage) => stage.kind === 'constrain').length, constrainStage: 0, substep: 0,
      positionsInWorking: false, stateInScratch: false, fused, kept: fused ? [] : null, tears: false, tearing, colliderKinds,
    };
    try {
      substeps();
      this.#encodeKept(parameters);
      this.#encoding.pass.end();
      // A substep cut short (stepStages) leaves its positions where every reader looks for them, an
      // odd count of tiled substeps its positions and velocities.
      const stateBytes = this.particleCount * vec4Bytes;
      if (this.#encoding.positionsInWorking || this.#encoding.stateInScratch) {
        encoder.copyBufferToBuffer(this.#buffers.buffer('working'), 0, this.#buffers.buffer('positions'), 0, stateBytes);
      }
      if (this.#encoding.stateInScratch) {
        encoder.copyBufferToBuffer(this.#buffers.buffer('predicted'), 0, this.#buffers.buffer('velocities'), 0, stateBytes);
      }
      if (this.#encoding.tears) this.#encodeTear(encoder, substepCount);
      const readBack = separates && substepCount > 0 ? this.#approachReadBack : null;
      if (readBack) encoder.copyBufferToBuffer(this.#buffers.buffer('buckets'), this.#buffers.approachOffset, readBack, 0, 4);
      device.queue.writeBuffer(this.#substepBuffer, 0, this.#encoding.uniforms);
      device.queue.submit([encoder.finish()]);
      if (readBack) this.#readApproach(readBack);
    } finally {
      this.#encoding = null;
    }
  }

  /**
   * @param {GPUCommandEncoder} encoder
   * @param {number} substep whose uniform slot the pass reads
   */
  #beginPass(encoder, substep) {
    const pass = encoder.beginComputePass({ label: 'nuno step' });
    pass.setBindGroup(0, this.#buffers.stateGroup);
    pass.setBindGroup(1, this.#substepGroup, [substep * this.#substepSlot]);
    pass.setBindGroup(2, this.#stageGroup, [0]);
    return pass;
  }

  /** @param {SubstepInputs} inputs written into the substep's uniform slot */
  #beginSubstep(inputs) {
    const encoding = /** @type {StepEncoding} */ (this.#encoding);
    const { settings, factors } = stepParametersOf(this);
    const { patchColumns, patchRows } = settings;
    writeSubstep(encoding.uniforms, inputs.index * this.#substepSlot, this.#substepLayout, {
      settings, factors, substepSeconds: inputs.substepSeconds, last: inputs.last, colliders: inputs.colliders,
      gustWaves: inputs.gustWaves, depenetration: inputs.depenetration, attached: inputs.attached,
      gridSize: [this.#columns, this.#rows], patchSize: [patchColumns || this.#columns, patchRows || this.#rows],
    });
    this.#encode('substep', () => {
      encoding.pass.setBindGroup(1, this.#substepGroup, [inputs.index * this.#substepSlot]);
      encoding.substep = inputs.index;
      encoding.constrainStage = 0;
    });
  }

  /**
   * The stages kept while the step might be fused: the patch step or the tiled substeps where
   * they are the schedule's whole substeps and nothing more, else their own passes after all.
   * @param {StepParameters} parameters
   */
  #encodeKept(parameters) {
    const encoding = /** @type {StepEncoding} */ (this.#encoding);
    const { kept, fused } = encoding;
    if (!kept) return;
    encoding.kept = null;
    const wholeSubstep = ['substep', ...parameters.schedule.map((stage) => stage.kind)];
    const whole = kept.length === parameters.substeps * wholeSubstep.length &&
      kept.every(({ kind }, i) => kind === wholeSubstep[i % wholeSubstep.length]);
    if (!whole) {
      for (const { encode } of kept) encode();
      return;
    }
    const stageBuffer = /** @type {GPUBuffer} */ (this.#stageBuffer);
    if (fused === 'patch') {
      this.#patchStep.encode(encoding.pass, parameters, {
        columns: this.#columns, rows: this.#rows, slotBytes: { substep: this.#substepSlot, stage: this.#stageSlot },
        substepBuffer: this.#substepBuffer, stageBuffer, tearing: encoding.tearing, colliderKinds: encoding.colliderKinds,
      });
      return;
    }
    const { endsSwapped } = this.#tileSubstep.encode(encoding.pass, parameters, {
      ...this.#grid, substepSlotBytes: this.#substepSlot,
      substepGroup: this.#substepGroup, stageBuffer, stateGroups: [this.#buffers.stateGroup, this.#buffers.swappedStateGroup],
      tearing: encoding.tearing, colliderKinds: encoding.colliderKinds,
    });
    encoding.stateInScratch = endsSwapped;
  }

  /**
   * Encodes a stage's commands now or, while the step may still run as one dispatch, keeps them.
   * @param {string} kind
   * @param {() => void} encode
   */
  #encode(kind, encode) {
    const { kept } = /** @type {StepEncoding} */ (this.#encoding);
    if (kept) kept.push({ kind, encode });
    else encode();
  }

  /** @param {'predict' | 'collide'} pipeline one dispatch over every particle */
  #dispatch(pipeline) {
    this.#encode(pipeline, () => this.#dispatchNow(pipeline));
  }

  /** @param {'predict' | 'collide' | 'constrain'} pipeline */
  #dispatchNow(pipeline) {
    const encoding = /** @type {StepEncoding} */ (this.#encoding);
    const readsTornBits = encoding.tearing && pipeline !== 'collide';
    encoding.pass.setPipeline(readsTornBits ? this.#passes.tearingPipelines()[pipeline] : this.#passes.pipelines[pipeline]);
    encoding.pass.dispatchWorkgroups(...encoding.workgroups);
    encoding.positionsInWorking = pipeline !== 'collide';
  }

  /**
   * After predict: the attach pass, an invocation per attached particle, over its own bindings.
   * @param {number} count
   */
  #attach(count) {
    this.#encode('attach', () => {
      const { pass } = /** @type {StepEncoding} */ (this.#encoding);
      pass.setBindGroup(0, /** @type {GPUBindGroup} */ (this.#buffers.attachGroup));
      pass.setPipeline(this.#passes.pipelines.attach);
      pass.dispatchWorkgroups(...workgroupsFor(count, this.#device.limits.maxComputeWorkgroupsPerDimension));
      pass.setBindGroup(0, this.#buffers.stateGroup);
    });
  }

  /** One colour of one direction: the stage's uniform slot, then a dispatch. */
  #constrain() {
    this.#encode('constrain', () => {
      const encoding = /** @type {StepEncoding} */ (this.#encoding);
      encoding.pass.setBindGroup(2, this.#stageGroup, [encoding.constrainStage++ * this.#stageSlot]);
      this.#dispatchNow('constrain');
    });
  }

  /**
   * The 'separate' stage: the buckets cleared (between two passes, as they start empty every
   * substep), a sort pass per bucket layer, then the separate pass.
   */
  #separate() {
    const encoding = /** @type {StepEncoding} */ (this.#encoding);
    // Never kept: a schedule with 'separate' is never fused (isPlainSchedule).
    if (encoding.kept) throw new Error('nuno: internal: a separate stage in a step kept to be fused');
    encoding.pass.end();
    encoding.encoder.clearBuffer(this.#buffers.buffer('buckets'));
    const pass = this.#beginPass(encoding.encoder, encoding.substep);
    encoding.pass = pass;
    pass.setBindGroup(0, this.#buffers.selfCollisionGroup);
    pass.setPipeline(this.#passes.pipelines.sortIntoBuckets);
    for (let layer = 0; layer < bucketLayers; layer++) {
      pass.setBindGroup(2, this.#stageGroup, [(encoding.constrainStages + layer) * this.#stageSlot]);
      pass.dispatchWorkgroups(...encoding.workgroups);
    }
    pass.setPipeline(encoding.tearing ? this.#passes.tearingPipelines().separate : this.#passes.pipelines.separate);
    pass.dispatchWorkgroups(...encoding.workgroups);
    encoding.positionsInWorking = false;
    pass.setBindGroup(0, this.#buffers.stateGroup);
  }

  /**
   * After the step's last substep (the shared loop calls it where tearStrain is on): the step
   * ends with the tear pass, encoded once its substeps are (#encodeTear), so that the patch step
   * still sees a whole schedule of substeps.
   * @param {number} tearStrain
   */
  #tear(tearStrain) {
    const encoding = this.#encoding;
    if (!encoding) throw new Error('nuno: internal: tear() outside a step');
    this.#buffers.setTearStrain(tearStrain);
    encoding.tears = true;
    this.#mayHoldTears = true;
  }

  /**
   * The tear pass on the step's final positions, in a compute pass of its own after the step's,
   * reading the last substep's uniforms for the grid; then its bits copied for the solver.
   * @param {GPUCommandEncoder} encoder
   * @param {number} substeps of the step
   */
  #encodeTear(encoder, substeps) {
    const pass = encoder.beginComputePass({ label: 'nuno tear' });
    pass.setPipeline(this.#passes.pipelines.tear);
    pass.setBindGroup(0, this.#buffers.tearGroup);
    pass.setBindGroup(1, this.#substepGroup, [(substeps - 1) * this.#substepSlot]);
    pass.dispatchWorkgroups(...workgroupsFor(this.particleCount, this.#device.limits.maxComputeWorkgroupsPerDimension));
    pass.end();
    this.#buffers.copyTorn(encoder);
  }

  /** reset(): every constraint mended. */
  #mendAll() {
    // A lost device's bits went with it: restore() makes new ones, zero.
    this.#mayHoldTears = false;
    if (this.lost) return;
    const encoder = this.#device.createCommandEncoder({ label: 'nuno mend' });
    this.#buffers.mendTorn(encoder);
    this.#device.queue.submit([encoder.finish()]);
  }

  /**
   * Maps the approach a step copied into `readBack` and keeps it for the steps after it (the
   * page never waits for it: until it arrives, steps go by the one before).
   * @param {GPUBuffer} readBack
   */
  #readApproach(readBack) {
    this.#approachReadBack = null;
    this.#approachMapping = readBack;
    const restStatesLoaded = this.#restStatesLoaded;
    readBack.mapAsync(GPUMapMode.READ)
      .then(() => {
        const fastest = new Float32Array(readBack.getMappedRange())[0];
        // An infinite speed (a cloth gone non-finite) takes the most substeps.
        if (restStatesLoaded === this.#restStatesLoaded) this.#fastestApproach = Number.isFinite(fastest) ? fastest : Number.MAX_VALUE;
        readBack.unmap();
        this.#approachMapping = null;
        this.#approachReadBack = readBack;
      })
      // Destroyed meanwhile (a lost device, restore(), dispose()): nothing more to read.
      .catch(() => {});
  }

  /** Positions and velocities as the model starts them; the drawing mirror with them. */
  #loadRestState() {
    if (this.lost) return;
    const setup = this.#live;
    const queue = this.#device.queue;
    queue.writeBuffer(this.#buffers.buffer('positions'), 0, vec4sOf(setup.restPositions));
    queue.writeBuffer(this.#buffers.buffer('velocities'), 0, vec4sOf(setup.initialVelocities));
    this.#mirror = Float32Array.from(setup.restPositions);
    this.#mirrorTorn = new Uint8Array(this.particleCount);
    this.#mirrorGeneration += 1;
    this.#mirrorStale = false;
    this.#fastestApproach = 0;
    this.#restStatesLoaded += 1;
  }

  /** Where a held particle is put: its slot of the positions. */
  #placeParticle(/** @type {number} */ particle, /** @type {Float32Array} */ position) {
    if (this.lost) return;
    this.#device.queue.writeBuffer(this.#buffers.buffer('positions'), particle * vec4Bytes, vec4sOf(position));
    this.#mirrorStale = true;
  }

  /**
   * Reads the positions back: xyz per particle. The copy is mapped once the GPU has done it
   * (mapAsync), so the page never stalls on it.
   * @returns {Promise<Float32Array>}
   */
  async readPositions() {
    this.#live;
    return this.#readBack(this.#buffers.buffer('positions'), this.particleCount * vec4Bytes, 'positions', (bytes) => xyzOf(new Float32Array(bytes)));
  }

  /**
   * The torn bits read back (GpuBackend.readTorn): a byte per particle.
   * @returns {Promise<Uint8Array>}
   */
  #readTorn() {
    this.#live;
    return this.#readBack(this.#buffers.torn, this.particleCount * 4, 'torn constraints', (bytes) => Uint8Array.from(new Uint32Array(bytes)));
  }

  /**
   * The first `size` bytes of `source`, copied and mapped once the GPU has done so, as `take`
   * makes them into what is returned (before the mapping ends).
   * @template T
   * @param {GPUBuffer} source
   * @param {number} size a multiple of 4
   * @param {string} what read back, for the error of a cloth disposed meanwhile
   * @param {(bytes: ArrayBuffer) => T} take
   * @returns {Promise<T>}
   */
  async #readBack(source, size, what, take) {
    if (this.lost) throw this.#lostError();
    const device = this.#device;
    const staging = device.createBuffer({ label: 'nuno read-back', size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    try {
      const encoder = device.createCommandEncoder({ label: 'nuno read-back' });
      encoder.copyBufferToBuffer(source, 0, staging, 0, size);
      device.queue.submit([encoder.finish()]);
      try {
        await staging.mapAsync(GPUMapMode.READ);
      } catch (error) {
        if (this.disposed) throw new Error(`nuno: this cloth was disposed while its ${what} were read back`);
        throw this.lost ? this.#lostError() : error;
      }
      return take(staging.getMappedRange());
    } finally {
      staging.destroy();
    }
  }

  /**
   * The particle a ray means (the CPU cloth's `pickParticle`), found on the GPU: 32 bytes come
   * back, not the cloth.
   * @param {ArrayLike<number>} origin metres
   * @param {ArrayLike<number>} direction any length but zero
   * @param {number} maxDistance metres from the ray, [0, 1e6]
   * @returns {Promise<import('../../picking.js').PickedParticle | null>}
   */
  pickParticle(origin, direction, maxDistance) {
    const ray = requireRay(origin, direction, maxDistance);
    this.#live;
    if (this.lost) return Promise.reject(this.#lostError());
    this.#picker ??= new ParticlePicker(this.#device);
    return this.#picker.pick(this.#buffers.buffer('positions'), this.particleCount, ray).catch((error) => {
      if (this.disposed) throw new Error('nuno: this cloth was disposed while a particle was picked');
      throw this.lost ? this.#lostError() : error;
    });
  }

  #lostError() {
    return new Error(`nuno: the WebGPU device is lost (${this.#lostReason}); call restore(device) with a new device`);
  }

  /** Starts a read-back for `positions`. */
  #refreshMirror() {
    this.#mirrorReading = true;
    this.#mirrorStale = false;
    const generation = this.#mirrorGeneration;
    // The torn bits too while the cloth may tear: drawn from the mirror, a torn cloth looks torn.
    const torn = setupOf(this).settings.tearStrain > 0 ? this.#readTorn() : Promise.resolve(this.#mirrorTorn);
    Promise.all([this.readPositions(), torn])
      .then(([positions, bits]) => {
        if (generation !== this.#mirrorGeneration) return;
        this.#mirror = positions;
        this.#mirrorTorn = bits;
      })
      // A lost device or a disposed cloth: `positions` keeps the last shape it had.
      .catch(() => {})
      .finally(() => { this.#mirrorReading = false; });
  }

  /**
   * Rebuilds every buffer and pipeline on a new device after the old one was lost (its state
   * went with it). The cloth starts again from its rest shape, keeping its settings, pins and
   * colliders; its tears went with the device, so it starts mended.
   * @param {GPUDevice} device
   */
  restore(device) {
    this.#live;
    if (typeof GPUDevice === 'undefined' || !(device instanceof GPUDevice)) {
      throw new TypeError(`nuno: restore() needs a GPUDevice, got ${device === null ? 'null' : typeof device}`);
    }
    requireStateFits(device, this.#tables.constants, this.particleCount);
    this.#destroyGpuObjects();
    // The new device is the caller's: the cloth destroys the one it made, never theirs.
    if (this.#ownsDevice && device !== this.#device) this.#device.destroy();
    if (device !== this.#device) this.#ownsDevice = false;
    this.#createGpuObjects(device);
    forgetTangles(this);
  }

  /** Frees every buffer, the model and, when nuno.requestCloth made it, the device. Safe to call twice. */
  dispose() {
    if (this.disposed) return;
    this.#destroyGpuObjects();
    if (this.#ownsDevice) this.#device.destroy();
    super.dispose();
  }

  #destroyGpuObjects() {
    this.#buffers.destroy();
    // Destroying the one being mapped ends its mapping in vain.
    for (const buffer of [this.#substepBuffer, this.#stageBuffer, this.#approachReadBack, this.#approachMapping]) buffer?.destroy();
    this.#picker?.destroy();
    this.#picker = null;
    this.#approachMapping = null;
  }

  /**
   * All inverse masses, or one particle's: dragging changes one per pointer move.
   * @param {number} [particle]
   */
  #uploadInverseMasses(particle = undefined) {
    if (this.lost) return;
    const buffer = this.#buffers.buffer('inverseMasses');
    if (particle === undefined) {
      this.#device.queue.writeBuffer(buffer, 0, this.#live.inverseMasses);
    } else {
      this.#device.queue.writeBuffer(buffer, particle * 4, Float32Array.of(this.#live.inverseMassOf(particle)));
    }
  }
}
