// The WebGL2 cloth: the core's model stepped by fragment passes over state textures of columns x
// rows texels (state-textures.js). The step loop is the one both GPU cloths share
// (GpuClothOverSetup): it walks the core's substep schedule and calls a stage runner here per
// stage, which draws that stage's pass:
//   predict -> iterations x (6 directions x 2 colours) constrain -> collide + velocity,
// with the 'separate' stage sorting particles into buckets the collide pass reads, and after a
// step's last substep, when the cloth can tear, the tear pass writing the torn mask. Each pass
// (load-pass.js, predict-pass.js, constrain-pass.js, collide-pass.js...) owns its program and
// sets its samplers and uniforms; this class picks the textures each reads and writes, and
// writes the bytes of the core's Substep and Stage structs the passes read (uniform-layout.js).
import { setupOf } from '../../cloth-over-setup.js';
import { GpuClothOverSetup, forgetTangles, packedCollidersOf, stepParametersOf } from '../gpu/gpu-cloth-over-setup.js';
import { GpuUnsupportedError, enableFloatRenderTargets } from '../gpu/capabilities.js';
import { ApproachPass } from './approach-pass.js';
import { AttachPass } from './attach-pass.js';
import { BucketPass, bucketLayers } from './bucket-pass.js';
import { CollidePass } from './collide-pass.js';
import { ConstrainPass } from './constrain-pass.js';
import { FramebufferCache } from './framebuffers.js';
import { halfSplitProbe } from './half-split-check.js';
import { JacobiPass } from './jacobi-pass.js';
import { LoadPass } from './load-pass.js';
import { MeshFieldTexture } from './mesh-field-texture.js';
import { PredictPass } from './predict-pass.js';
import { pickByReadingBack } from '../../picking.js';
import { settingsRefusal } from '../gpu/settings-refusal.js';
import { StateTextures } from './state-textures.js';
import { TearPass } from './tear-pass.js';
import { TornMask } from './torn-mask.js';
import { readXyz, withSolverState } from './solver-gl-state.js';
import { stageSlots, writeSubstep } from '../gpu/uniform-layout.js';
import { targetsOf } from './vector-field.js';

/** @typedef {import('../../cloth-model.js').ClothModel} ClothModel */
/** @typedef {import('../gpu/capabilities.js').StatePrecision} StatePrecision */
/** @typedef {import('../../index.js').ConstraintDirection} ConstraintDirection */
/** @typedef {import('../gpu/gpu-constants.js').GpuConstants} GpuConstants */
/** @typedef {import('../gpu/gpu-constants.js').GpuTables} GpuTables */
/** @typedef {import('../../index.js').SubstepStage} SubstepStage */
/** @typedef {import('../gpu/gpu-cloth-over-setup.js').StepParameters} StepParameters */
/** @typedef {import('../gpu/gpu-cloth-over-setup.js').SubstepInputs} SubstepInputs */


export class GpuCloth extends GpuClothOverSetup {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {StatePrecision} */
  #precision;
  /** @type {readonly ConstraintDirection[]} */
  #directions;
  /** @type {GpuConstants} */
  #constants;
  /** @type {GpuTables} */
  #tables;
  /** @type {boolean} */
  #debug;
  /** @type {number} */
  #columns;
  /** @type {number} */
  #rows;
  /** @type {FramebufferCache} */
  #framebuffers;
  /** @type {WebGLVertexArrayObject} */
  #emptyVertexArray;
  /** @type {{load: LoadPass, predict: PredictPass, constrain: ConstrainPass, constrainWithLambdas: ConstrainPass | null, jacobi: JacobiPass | null, collide: CollidePass, collideWithSelfCollision: CollidePass | null, buckets: BucketPass | null, approach: ApproachPass | null, attach: AttachPass | null, tear: TearPass | null}} */
  #passes;
  /** @type {StateTextures} */
  #textures;
  /** @type {TornMask} */
  #torn;
  /** @type {MeshFieldTexture} the mesh colliders' fields the collide pass reads */
  #meshFields;
  /** @type {ArrayBuffer} the Substep struct's bytes, written before each substep */
  #substepBytes;
  /** @type {ArrayBuffer} a Stage struct per constrain stage of the schedule, written when the parameters change */
  #stageBytes = new ArrayBuffer(0);
  /** The constrain stages passed so far in this substep: the next one's Stage struct. */
  #constrainStage = 0;
  /** Which of #positions holds the current positions; mid-substep, the latest pass's. */
  #current = 0;
  /** Which of #positions holds the substep's prediction, which the collide pass still needs. */
  #predicted = 1;
  #velocityCurrent = 0;
  /** The step under way: its parameters, and whether XPBD's multipliers carry across iterations. */
  #step = { parameters: /** @type {StepParameters | null} */ (null), useLambdas: false };
  /**
   * Why this cloth runs on WebGL2 and not WebGPU (`nuno.requestCloth` with backend 'auto');
   * null when WebGL2 was the first choice.
   * @type {string | null}
   */
  fallbackReason = null;

  /**
   * Use `nuno.createCloth(gl, { backend: 'gpu', ... })`.
   * @param {WebGL2RenderingContext} gl
   * @param {ClothModel} setup the cloth's model, made with the same settings; the GPU cloth owns and disposes it
   * @param {GpuTables} tables the core's constraint directions and GPU constants
   * @param {StatePrecision} precision
   * @param {boolean} debug uniform names a pass sets are checked on every use, not only when it is made
   */
  constructor(gl, setup, tables, precision, debug) {
    const refusal = settingsRefusal(setup.settings, 'gpu');
    if (refusal) throw new GpuUnsupportedError(refusal);
    super(setup, tables.constants.maxColliders, 'gpu', {
      isLost: () => this.#gl.isContextLost(),
      parametersChanged: (parameters) => { this.#stageBytes = stageSlots(parameters, tables, tables.uniformLayouts.stage.bytes, 0); },
      runStep: (parameters, substeps) => this.#runStep(parameters, substeps),
      beginSubstep: (inputs) => this.#beginSubstep(inputs),
      stages: {
        predict: (stage, inputs) => this.#predict(inputs),
        constrain: (stage) => this.#constrain(stage),
        // The schedule holds sweeps only for the Jacobi ordering: the GPU refuses Gauss-Seidel.
        sweep: () => this.#sweep(),
        separate: () => this.#sortIntoBuckets(),
        collide: () => this.#collide(),
      },
      stepped: () => {},
      uploadInverseMasses: (particle) => this.#uploadInverseMasses(particle),
      placeParticle: (particle, position) => this.#placeParticle(particle, position),
      uploadAttachments: (packed) => this.#withSolverState(() => {
        this.#passes.attach ??= new AttachPass(this.#gl, this.#passOptions());
        this.#passes.attach.upload(packed);
      }),
      loadRestState: () => this.#loadRestState(),
      readPositions: () => this.readPositions(),
      uploadTangles: (tangles) => this.#withSolverState(() => this.#textures.uploadTangles(tangles)),
      fastestApproach: () => this.#passes.approach?.fastest ?? 0,
      meshFieldRefusal: (atlas) => this.#meshFields.refusal(atlas),
      tear: (tearStrain) => this.#tear(tearStrain),
      readTorn: () => this.#torn.read((read) => this.#withSolverState(read)),
      mendAll: () => this.#withSolverState(() => this.#torn.clear()),
    });
    this.#gl = gl;
    this.#directions = tables.directions;
    this.#constants = tables.constants;
    this.#tables = tables;
    this.#substepBytes = new ArrayBuffer(tables.uniformLayouts.substep.bytes);
    this.#debug = debug;
    this.#precision = precision;
    this.#columns = setup.columns;
    this.#rows = setup.rows;
    this.#createGlObjects();
  }

  /**
   * Makes every GL object and loads the rest state: at construction, and again in restore()
   * after the context was lost, which destroyed them all.
   */
  #createGlObjects() {
    const gl = this.#gl;
    enableFloatRenderTargets(gl);
    const precision = this.#precision;
    this.#framebuffers = new FramebufferCache(gl);
    this.#emptyVertexArray = /** @type {WebGLVertexArrayObject} */ (gl.createVertexArray());
    const options = this.#passOptions();
    this.#passes = {
      load: new LoadPass(gl, options),
      predict: new PredictPass(gl, options),
      constrain: new ConstrainPass(gl, options, false),
      constrainWithLambdas: null, // made when XPBD first runs with several iterations
      jacobi: null, // made when the Jacobi ordering first runs
      collide: new CollidePass(gl, options, null),
      // Made when self-collision first runs, with the rest shape it reads.
      collideWithSelfCollision: null,
      buckets: null,
      approach: null,
      attach: null, // made when a particle is first attached
      tear: null, // made when the cloth first steps with tearStrain > 0
    };
    this.#textures = new StateTextures(gl, precision, this.#columns, this.#rows, this.#constants, this.#passes.load, this.#framebuffers);
    this.#meshFields = new MeshFieldTexture(gl);
    // Made anew after a lost context, so restore() mends the cloth.
    this.#torn = new TornMask(gl, this.#framebuffers, this.#columns, this.#rows);

    if (precision === 'half') this.#verifyHalfSplit();
    this.#textures.uploadRestLengths(this.#live.restLengthsByDirection);
    this.reset();
  }

  /** @returns {import('./solver-pass.js').PassOptions} */
  #passOptions() {
    const { patchColumns, patchRows } = this.#live.settings;
    return {
      precision: this.#precision, columns: this.#columns, rows: this.#rows,
      patchSize: [patchColumns || this.#columns, patchRows || this.#rows],
      constants: this.#constants, constantsGlsl: this.#tables.constantsGlsl, structs: { glsl: this.#tables.uniformStructsGlsl, layouts: this.#tables.uniformLayouts },
      debug: this.#debug,
    };
  }

  /**
   * The half-split probe (half-split-check.js), once per context: throws GpuUnsupportedError,
   * after freeing every GL object, when the values do not survive.
   */
  #verifyHalfSplit() {
    if (this.#gl.isContextLost()) return;
    /** @type {string | null} */
    let mismatch = null;
    this.#withSolverState(() => { mismatch = halfSplitProbe(this.#gl, this.#textures, this.#framebuffers, this.#columns, this.#rows); });
    if (mismatch) {
      this.#deleteGlObjects();
      throw new GpuUnsupportedError(`nuno: ${mismatch}; use precision: 'float' or backend: 'cpu'`);
    }
  }

  get #live() {
    return setupOf(this);
  }

  /** @returns {'gpu'} */
  get backend() {
    return 'gpu';
  }

  /** How particle state is stored on this device. */
  get precision() {
    return this.#precision;
  }

  /**
   * The current positions (xyz in rgb) for drawing with your own renderer. The solver
   * ping-pongs textures, so read this again after every step.
   */
  get positionTexture() {
    return this.#textures.positions[this.#current].high;
  }

  /** On the split half path, the low part to add to `positionTexture`; null otherwise. */
  get positionResidualTexture() {
    return this.#textures.positions[this.#current].low;
  }

  /**
   * The torn mask (R8UI, a texel per particle): bit d set where the constraint the particle starts
   * in direction d (0 Right, 1 Down, 2 DiagonalDown, 3 DiagonalUp) has torn. The tear pass
   * ping-pongs it, so read this again after every step.
   */
  get tornTexture() {
    return this.#torn.texture;
  }

  /**
   * Draw calls per fixed step with the current settings: a pass per stage of the schedule (the
   * self-collision 'separate' stage draws the particles once per bucket layer), times the substeps;
   * and the tear pass when the cloth can tear.
   */
  get drawCallsPerStep() {
    const { settings, schedule } = stepParametersOf(this);
    const passes = schedule.reduce((sum, stage) => sum + (stage.kind === 'separate' ? bucketLayers : 1), 0);
    return settings.substeps * passes + (settings.tearStrain > 0 ? 1 : 0);
  }

  /**
   * Bytes each particle's texels take in the render targets of one fixed step with the current
   * settings: a position or velocity is 16 B (RGBA32F, or RGBA16F high and low on the split half
   * path; 8 B unsplit); predict and collide write both, a constrain pass or a Jacobi sweep the
   * position (and XPBD's multipliers when kept), each self-collision bucket layer 4 B of index
   * and 4 B of depth; the tear pass 1 B of mask. The write rate is what bounds a step on large grids.
   */
  get bytesWrittenPerParticlePerStep() {
    const { settings, schedule } = stepParametersOf(this);
    const vector = this.#precision === 'half-unsplit' ? 8 : 16;
    const multipliers = settings.solver === 'xpbd' && settings.iterations > 1 ? (this.#precision === 'float' ? 16 : 8) : 0;
    /** @type {Record<SubstepStage['kind'], number>} */
    const written = { predict: 2 * vector, constrain: vector + multipliers, sweep: vector, separate: bucketLayers * 8, collide: 2 * vector };
    return settings.substeps * schedule.reduce((sum, stage) => sum + written[stage.kind], 0) + (settings.tearStrain > 0 ? 1 : 0);
  }

  /** Bytes of GPU texture memory per particle, for the state this cloth holds now. */
  get gpuBytesPerParticle() {
    // Self-collision, once it has run: two buckets per particle of layers and depth.
    const buckets = this.#passes.buckets ? 2 * (bucketLayers * 4 + 4) : 0;
    // Jacobi sweeps, once they have run: the pair counts.
    const jacobi = this.#passes.jacobi ? (this.#precision === 'float' ? 16 : 8) : 0;
    return this.#textures.bytesPerParticle + buckets + jacobi + this.#torn.bytesPerParticle;
  }

  /**
   * One fixed step: the shared loop's substeps as passes, with the GL state they need.
   * @param {StepParameters} parameters
   * @param {() => void} substeps
   */
  #runStep(parameters, substeps) {
    const { settings } = parameters;
    this.#step = { parameters, useLambdas: settings.solver === 'xpbd' && settings.iterations > 1 };
    if (this.#step.useLambdas) this.#prepareLambdas();
    this.#meshFields.update(packedCollidersOf(this).meshFieldVersion, () => this.#live.meshFieldAtlas());
    this.#withSolverState(() => {
      substeps();
      if (settings.selfCollisionThickness > 0) this.#passes.approach?.run();
    });
  }

  get #settings() {
    return /** @type {StepParameters} */ (this.#step.parameters).settings;
  }

  /**
   * Moves the current positions on to the texture a pass writes, returning [read, written]:
   * predict writes the prediction's; the passes after it ping-pong between the two textures
   * that do not hold the prediction, which the collide pass still needs.
   * @param {boolean} predicts
   * @returns {[number, number]}
   */
  #advancePositions(predicts) {
    const from = this.#current;
    const predicted = this.#predicted;
    this.#current = predicts ? predicted : (from === predicted ? (predicted + 2) % 3 : 3 - predicted - from);
    return [from, this.#current];
  }

  /** Positions and velocities as the model starts them, into the first textures. */
  #loadRestState() {
    const setup = this.#live;
    this.#withSolverState(() => {
      this.#textures.load(this.#textures.positions[0], setup.restPositions);
      this.#textures.load(this.#textures.velocities[0], setup.initialVelocities);
    });
    this.#current = 0;
    this.#velocityCurrent = 0;
    this.#passes.approach?.forget();
  }

  /** Where a held particle is put: its texel of the current positions. */
  #placeParticle(/** @type {number} */ particle, /** @type {Float32Array} */ position) {
    const [column, row] = [particle % this.#columns, Math.floor(particle / this.#columns)];
    this.#withSolverState(() => this.#textures.load(this.#textures.positions[this.#current], position, [column, row, 1, 1]));
  }

  /**
   * Rebuilds every GL object after the WebGL context was lost and restored (the loss destroyed
   * them, and the state in them). The cloth starts again from its rest shape, keeping its
   * settings, pins and colliders.
   */
  restore() {
    this.#live;
    this.#createGlObjects();
    forgetTangles(this);
  }

  /**
   * Reads the positions back from the GPU: xyz per particle. The copy goes through a pixel
   * buffer and resolves once a fence says the GPU is done, so the page never stalls on it;
   * still, read when you need the numbers, not every frame.
   * @returns {Promise<Float32Array>}
   */
  readPositions() {
    const textures = targetsOf(this.#textures.positions[this.#current]);
    return readXyz(this.#gl, textures, { columns: this.#columns, rows: this.#rows },
      (readEach) => this.#withSolverState(() => readEach((texture) => this.#framebuffers.bind([texture]))));
  }

  /**
   * The particle a ray means (the CPU cloth's `pickParticle`), found in positions read back whole.
   * @param {ArrayLike<number>} origin metres
   * @param {ArrayLike<number>} direction any length but zero
   * @param {number} maxDistance metres from the ray, [0, 1e6]
   * @returns {Promise<import('../../picking.js').PickedParticle | null>}
   */
  pickParticle(origin, direction, maxDistance) {
    return pickByReadingBack(this, origin, direction, maxDistance);
  }

  /** Frees every GL object and the model. Safe to call twice. */
  dispose() {
    if (this.disposed) return;
    this.#deleteGlObjects();
    super.dispose();
  }

  #deleteGlObjects() {
    const gl = this.#gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.#textures.dispose();
    this.#meshFields.dispose();
    for (const pass of Object.values(this.#passes)) pass?.dispose();
    this.#framebuffers.dispose();
    gl.deleteVertexArray(this.#emptyVertexArray);
  }

  /**
   * The Substep struct its passes read; the prediction's texture.
   * @param {SubstepInputs} inputs
   */
  #beginSubstep({ substepSeconds, last, gustWaves, colliders, depenetration, attached }) {
    const { settings, factors } = /** @type {StepParameters} */ (this.#step.parameters);
    const { patchColumns, patchRows } = settings;
    writeSubstep(this.#substepBytes, 0, this.#tables.uniformLayouts.substep, {
      settings, factors, substepSeconds, last, gustWaves, colliders, depenetration, attached,
      gridSize: [this.#columns, this.#rows], patchSize: [patchColumns || this.#columns, patchRows || this.#rows],
    });
    this.#predicted = (this.#current + 1) % 3;
    this.#constrainStage = 0;
  }

  /**
   * Predict: positions and velocities at the substep's end before constraints; then the
   * attached particles put on their way to their targets.
   * @param {SubstepInputs} inputs
   */
  #predict({ attached }) {
    const [from, to] = this.#advancePositions(true);
    const velocityFrom = this.#velocityCurrent;
    const velocityTo = 1 - velocityFrom;
    this.#framebuffers.bind([...targetsOf(this.#textures.positions[to]), ...targetsOf(this.#textures.velocities[velocityTo])]);
    this.#passes.predict.run({
      positions: this.#textures.positions[from], velocities: this.#textures.velocities[velocityFrom], inverseMasses: this.#textures.inverseMasses,
      substep: { bytes: this.#substepBytes, offset: 0 }, torn: this.#tornRead,
    });
    if (attached) /** @type {AttachPass} */ (this.#passes.attach).run(attached.count, { bytes: this.#substepBytes, offset: 0 });
    this.#velocityCurrent = velocityTo;
  }

  /**
   * One colour of one direction, XPBD's multipliers ping-ponged beside the positions when kept.
   * @param {Extract<SubstepStage, { kind: 'constrain' }>} stage
   */
  #constrain({ direction: directionIndex }) {
    const [from, to] = this.#advancePositions(false);
    const { useLambdas } = this.#step;
    const targets = targetsOf(this.#textures.positions[to]);
    let lambdas = null;
    if (useLambdas) {
      const [read, written] = this.#textures.swapLambdas(directionIndex >> 1);
      lambdas = read;
      targets.push(written);
    }
    this.#framebuffers.bind(targets);
    const pass = useLambdas ? /** @type {ConstrainPass} */ (this.#passes.constrainWithLambdas) : this.#passes.constrain;
    pass.run({
      positions: this.#textures.positions[from], inverseMasses: this.#textures.inverseMasses, restLengths: this.#textures.restLengths, lambdas,
      torn: this.#tornRead, stage: { bytes: this.#stageBytes, offset: this.#constrainStage++ * this.#tables.uniformLayouts.stage.bytes },
    });
  }

  /** A Jacobi sweep over every constraint (its pair counts made the first time it runs). */
  #sweep() {
    const [from, to] = this.#advancePositions(false);
    const { settings, rules } = /** @type {StepParameters} */ (this.#step.parameters);
    if (!this.#passes.jacobi) {
      const jacobi = new JacobiPass(this.#gl, this.#passOptions(), this.#directions);
      this.#framebuffers.bind([jacobi.counts]);
      jacobi.countConstraints();
      this.#passes.jacobi = jacobi;
    }
    this.#framebuffers.bind(targetsOf(this.#textures.positions[to]));
    this.#passes.jacobi.run({
      positions: this.#textures.positions[from], inverseMasses: this.#textures.inverseMasses, restLengths: this.#textures.restLengths,
      solver: settings.solver, rules, relaxation: settings.jacobiRelaxation, torn: this.#tornRead,
    });
  }

  /**
   * Collide and the velocity update: colliders (and, with self-collision, the buckets), then
   * velocities from the move since the prediction.
   */
  #collide() {
    const predicted = this.#predicted;
    const [from, to] = this.#advancePositions(false);
    const velocityFrom = this.#velocityCurrent;
    const velocityTo = 1 - velocityFrom;
    const settings = this.#settings;
    // The self-collision variant exists once the 'separate' stage has run this substep.
    const separates = settings.selfCollisionThickness > 0;
    const approach = separates && this.#passes.approach ? [this.#passes.approach.texture] : [];
    this.#framebuffers.bind([...targetsOf(this.#textures.positions[to]), ...targetsOf(this.#textures.velocities[velocityTo]), ...approach]);
    const pass = separates ? /** @type {CollidePass} */ (this.#passes.collideWithSelfCollision) : this.#passes.collide;
    pass.run({
      positions: this.#textures.positions[from], predicted: this.#textures.positions[predicted], velocities: this.#textures.velocities[velocityFrom],
      inverseMasses: this.#textures.inverseMasses, meshFields: this.#meshFields.texture, substep: { bytes: this.#substepBytes, offset: 0 },
      torn: this.#tornRead,
    });
    this.#velocityCurrent = velocityTo;
  }

  /**
   * The 'separate' stage: the current positions into the bucket layers (made, with the rest
   * shape and the collide pass's self-collision variant, the first time it runs); the collide
   * pass reads them and separates first.
   */
  #sortIntoBuckets() {
    const gl = this.#gl;
    if (!this.#passes.buckets) {
      const options = this.#passOptions();
      // The approach is one more target of the collide pass: where the split half path's four
      // fill the draw buffers, steps keep the setting's substeps.
      const targets = this.#precision === 'half' ? 4 : 2;
      const fits = targets < Math.min(gl.getParameter(gl.MAX_DRAW_BUFFERS), gl.getParameter(gl.MAX_COLOR_ATTACHMENTS));
      const approach = fits ? new ApproachPass(gl, options) : null;
      const buckets = new BucketPass(gl, options);
      const restPositions = this.#textures.prepareRestPositions(this.#live.restPositions);
      const tangles = this.#textures.prepareTangles();
      this.#passes.buckets = buckets;
      this.#passes.approach = approach;
      this.#passes.collideWithSelfCollision = new CollidePass(gl, options, {
        restPositions, tangles, buckets, approach: approach && { texture: approach.texture, target: targets },
      });
    }
    this.#passes.buckets.run(this.#textures.positions[this.#current], this.#settings.selfCollisionThickness);
  }

  /** The torn mask for the solver's passes, or null while it holds no tear (they then read none). */
  get #tornRead() {
    return this.#torn.mayHoldTears ? this.#torn.texture : null;
  }

  /**
   * The tear pass, after a fixed step's last substep (the shared loop calls it when tearStrain > 0):
   * the step's final positions tear what they stretch too far, into the next mask.
   * @param {number} tearStrain
   */
  #tear(tearStrain) {
    this.#passes.tear ??= new TearPass(this.#gl, this.#passOptions());
    const [read, written] = this.#torn.swap();
    this.#framebuffers.bind([written]);
    this.#passes.tear.run({ positions: this.#textures.positions[this.#current], restLengths: this.#textures.restLengths[0], torn: read, tearStrain });
  }

  /** Makes the XPBD multiplier textures and program the first time they are needed. */
  #prepareLambdas() {
    if (this.#passes.constrainWithLambdas) return;
    this.#textures.prepareLambdas();
    this.#passes.constrainWithLambdas = new ConstrainPass(this.#gl, this.#passOptions(), true);
  }

  /**
   * All inverse masses, or one particle's: dragging changes one per pointer move.
   * @param {number} [particle]
   */
  #uploadInverseMasses(particle = undefined) {
    const setup = this.#live;
    if (particle === undefined) this.#textures.uploadInverseMasses(setup.inverseMasses);
    else this.#textures.uploadInverseMasses(Float32Array.of(setup.inverseMassOf(particle)), particle);
  }

  /** @param {() => void} passes run in the solver's GL state (solver-gl-state.js), skipped while the context is lost */
  #withSolverState(passes) {
    withSolverState(this.#gl, { width: this.#columns, height: this.#rows, vertexArray: this.#emptyVertexArray }, passes);
  }
}
