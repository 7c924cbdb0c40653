// The GPU cloth: the same model as the CPU core, stepped by WebGL2 fragment passes over state
// textures of columns x rows texels. Each substep draws a pass per stage of the core's schedule
// (src/step_schedule.hpp, read through substepSchedule()):
//   predict -> iterations x (6 directions x 2 colours) constrain passes -> collide + velocity.
// The core's `ClothModel` (web/cloth-model.js) is its set-up: it validates settings, holds the
// pins, holds and colliders, gives the starting positions, inverse masses and rest lengths, works
// out each family's rule for a substep, and runs the fixed-step clock. So every backend takes the
// same settings, with the same errors.
// This class is the façade: it owns the textures and framebuffers and draws the schedule; each
// pass (load-pass.js, predict-pass.js, constrain-pass.js, collide-pass.js) owns its program
// and sets its own uniforms and samplers.
import { requireInteger } from '../../arguments.js';
import { setupOf } from '../../cloth-over-setup.js';
import { GpuClothOverSetup, depenetrationMetres, forgetColliderTravel, packedCollidersOf } from '../gpu/gpu-cloth-over-setup.js';
import { createDataTexture, uploadFloats } from '../../gl/data-texture.js';
import { GpuUnsupportedError, enableFloatRenderTargets } from '../gpu/capabilities.js';
import { BucketPass, bucketLayers } from './bucket-pass.js';
import { CollidePass } from './collide-pass.js';
import { ConstrainPass } from './constrain-pass.js';
import { FramebufferCache } from './framebuffers.js';
import { halfSplitMismatch, halfSplitProbeValues } from './half-split-check.js';
import { JacobiPass } from './jacobi-pass.js';
import { LoadPass } from './load-pass.js';
import { PredictPass } from './predict-pass.js';
import { settingsRefusal } from '../gpu/settings-refusal.js';
import { createVectorField, deleteVectorField, stateFormat, targetsOf } from './vector-field.js';

/** @typedef {import('../../cloth-model.js').ClothModel} ClothModel */
/** @typedef {import('./vector-field.js').VectorField} VectorField */
/** @typedef {import('../gpu/capabilities.js').StatePrecision} StatePrecision */
/** @typedef {import('../../index.js').ConstraintDirection} ConstraintDirection */
/** @typedef {import('../../index.js').ClothSettings} ClothSettings */
/** @typedef {import('../../index.js').FamilyRule} FamilyRule */
/** @typedef {import('../../index.js').SubstepFactors} SubstepFactors */
/** @typedef {import('../gpu/gpu-constants.js').GpuConstants} GpuConstants */
/** @typedef {import('../gpu/gpu-constants.js').GpuTables} GpuTables */
/** @typedef {import('../../index.js').SubstepStage} SubstepStage */

/**
 * What fixed steps read from the model: taken from wasm once after each set(), not
 * rebuilt as JS objects every step.
 * @typedef {object} StepParameters
 * @property {import('../../index.js').ResolvedClothSettings} settings
 * @property {FamilyRule[]} rules each family's rule for one substep, in family order
 * @property {SubstepFactors} factors
 * @property {readonly SubstepStage[]} schedule the core's stages of one substep, a pass each
 */

const families = ['structural', 'shear', 'bending'];

/**
 * Resolves when the GPU has run every command issued so far.
 * @param {WebGL2RenderingContext} gl
 */
async function gpuFinished(gl) {
  const lost = () => new Error('nuno: the WebGL context is lost; read positions again after restore()');
  if (gl.isContextLost()) throw lost();
  const sync = /** @type {WebGLSync} */ (gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0));
  gl.flush();
  try {
    while (gl.clientWaitSync(sync, 0, 0) === gl.TIMEOUT_EXPIRED) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  } finally {
    gl.deleteSync(sync);
  }
  if (gl.isContextLost()) throw lost();
}

export class GpuCloth extends GpuClothOverSetup {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {StatePrecision} */
  #precision;
  /** @type {readonly ConstraintDirection[]} */
  #directions;
  /** @type {GpuConstants} */
  #constants;
  /** @type {string} */
  #constantsGlsl;
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
  /** @type {{load: LoadPass, predict: PredictPass, constrain: ConstrainPass, constrainWithLambdas: ConstrainPass | null, jacobi: JacobiPass | null, collide: CollidePass, collideWithSelfCollision: CollidePass | null, buckets: BucketPass | null}} */
  #passes;
  /** @type {VectorField[]} three: a substep's start, its prediction, and a ping-pong partner */
  #positions;
  /** @type {VectorField[]} */
  #velocities;
  /** @type {WebGLTexture[][] | null} XPBD multipliers, two directions per texture, ping-ponged */
  #lambdas = null;
  #lambdaCurrent = [0, 0, 0];
  /** @type {WebGLTexture} */
  #inverseMasses;
  /** @type {WebGLTexture[]} rest lengths of directions 0-3 and 4-5 per start particle */
  #restLengths;
  /** @type {WebGLTexture | null} the rest shape, xyz per particle, once self-collision has run */
  #restPositions = null;
  /** @type {WebGLTexture} float xyz the CPU fills, copied into state by the load pass */
  #staging;
  #current = 0;
  #velocityCurrent = 0;
  #stepsTaken = 0;
  /** @type {StepParameters | null} null until a step needs them after set() */
  #stepParameters = null;
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
      uploadInverseMasses: (particle) => this.#uploadInverseMasses(particle),
      placeParticle: (particle, position) => this.#placeParticle(particle, position),
      loadRestState: () => this.#loadRestState(),
      settingsChanged: () => { this.#stepParameters = null; },
    });
    this.#gl = gl;
    this.#directions = tables.directions;
    this.#constants = tables.constants;
    this.#constantsGlsl = tables.constantsGlsl;
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
    };
    this.#restPositions = null;
    this.#positions = [0, 1, 2].map(() => createVectorField(gl, precision, this.#columns, this.#rows));
    this.#velocities = [0, 1].map(() => createVectorField(gl, precision, this.#columns, this.#rows));
    this.#lambdas = null;
    this.#inverseMasses = createDataTexture(gl, gl.R32F, this.#columns, this.#rows);
    this.#restLengths = Array.from({ length: this.#constants.restLengthTextures },
      () => createDataTexture(gl, gl.RGBA32F, this.#columns, this.#rows));
    this.#staging = createDataTexture(gl, gl.RGB32F, this.#columns, this.#rows);
    if (precision === 'half') this.#verifyHalfSplit();
    this.#uploadRestLengths();
    this.reset();
  }

  /** @returns {import('./solver-pass.js').PassOptions} */
  #passOptions() {
    const { patchColumns, patchRows } = this.#live.settings;
    return {
      precision: this.#precision, columns: this.#columns, rows: this.#rows,
      patchSize: [patchColumns || this.#columns, patchRows || this.#rows],
      constants: this.#constants, constantsGlsl: this.#constantsGlsl, debug: this.#debug,
    };
  }

  /**
   * Writes known values through the load pass (the state write every pass shares) into a
   * field not yet in use, and reads them back at once: a few texels, once per context. Throws
   * GpuUnsupportedError, after freeing every GL object, when they do not survive.
   */
  #verifyHalfSplit() {
    const gl = this.#gl;
    if (gl.isContextLost()) return;
    const width = Math.min(this.#columns, 4);
    const height = Math.min(this.#rows, 2);
    const written = halfSplitProbeValues(width * height * 3);
    const scratch = this.#velocities[1];
    const readBack = new Float32Array(written.length);
    const texels = new Float32Array(width * height * 4);
    this.#withSolverState(() => {
      this.#loadRect(scratch, written, 0, 0, width, height);
      for (const texture of targetsOf(scratch)) {
        this.#framebuffers.bind([texture]);
        gl.readPixels(0, 0, width, height, gl.RGBA, gl.FLOAT, texels);
        for (let i = 0; i < width * height; i++) {
          for (let axis = 0; axis < 3; axis++) readBack[3 * i + axis] += texels[4 * i + axis];
        }
      }
    });
    const mismatch = halfSplitMismatch(written, readBack);
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

  get stepsTaken() {
    return this.#stepsTaken;
  }

  /** Seconds simulated since the start or the last reset(): the clock the gusts follow. */
  get simulatedSeconds() {
    return this.#live.simulatedSeconds;
  }

  /**
   * The current positions (xyz in rgb) for drawing with your own renderer. The solver
   * ping-pongs textures, so read this again after every step.
   */
  get positionTexture() {
    return this.#positions[this.#current].high;
  }

  /** On the split half path, the low part to add to `positionTexture`; null otherwise. */
  get positionResidualTexture() {
    return this.#positions[this.#current].low;
  }

  /**
   * The stages one substep runs with the current settings: a pass each.
   * @returns {SubstepStage[]}
   */
  substepSchedule() {
    return [...this.#currentStepParameters().schedule];
  }

  /**
   * Draw calls per fixed step with the current settings: a pass per stage of the schedule (the
   * self-collision 'separate' stage draws the particles once per bucket layer), times the substeps.
   */
  get drawCallsPerStep() {
    const { settings, schedule } = this.#currentStepParameters();
    const passes = schedule.reduce((sum, stage) => sum + (stage.kind === 'separate' ? bucketLayers : 1), 0);
    return settings.substeps * passes;
  }

  /**
   * Bytes each particle's texels take in the render targets of one fixed step with the current
   * settings: a position or velocity is 16 B (RGBA32F, or RGBA16F high and low on the split half
   * path; 8 B unsplit); predict and collide write both, a constrain pass or a Jacobi sweep the
   * position (and XPBD's multipliers when kept), each self-collision bucket layer 4 B of index
   * and 4 B of depth. The write rate is what bounds a step on large grids.
   */
  get bytesWrittenPerParticlePerStep() {
    const { settings, schedule } = this.#currentStepParameters();
    const vector = this.#precision === 'half-unsplit' ? 8 : 16;
    const multipliers = settings.solver === 'xpbd' && settings.iterations > 1 ? (this.#precision === 'float' ? 16 : 8) : 0;
    /** @type {Record<SubstepStage['kind'], number>} */
    const written = { predict: 2 * vector, constrain: vector + multipliers, sweep: vector, separate: bucketLayers * 8, collide: 2 * vector };
    return settings.substeps * schedule.reduce((sum, stage) => sum + written[stage.kind], 0);
  }

  /** Bytes of GPU texture memory per particle, for the state this cloth holds now. */
  get gpuBytesPerParticle() {
    const stateTexel = this.#precision === 'float' ? 16 : 8;
    const stateTextures = (this.#positions.length + this.#velocities.length) * (this.#precision === 'half' ? 2 : 1) +
      (this.#lambdas ? this.#lambdas.length * 2 : 0);
    const inverseMass = 4;
    const restLengths = this.#constants.restLengthTextures * 16;
    const staging = 12;
    // Self-collision, once it has run: the rest shape, and two buckets per particle of layers and depth.
    const selfCollision = this.#passes.buckets ? 12 + 2 * (bucketLayers * 4 + 4) : 0;
    // Jacobi sweeps, once they have run: the pair counts.
    const jacobi = this.#passes.jacobi ? stateTexel : 0;
    return stateTextures * stateTexel + inverseMass + restLengths + staging + selfCollision + jacobi;
  }

  /**
   * Advances by one frame's time through the fixed-step accumulator.
   * @param {number} frameSeconds
   * @returns {number} the fixed steps taken
   */
  step(frameSeconds) {
    const steps = this.#live.advanceClock(frameSeconds);
    this.stepFixed(steps);
    return steps;
  }

  /** @param {number} [count] whole fixed steps to take */
  stepFixed(count = 1) {
    requireInteger('count', count, 0, 1e6);
    if (count === 0) return;
    const parameters = this.#currentStepParameters();
    const { settings } = parameters;
    const useLambdas = settings.solver === 'xpbd' && settings.iterations > 1;
    if (useLambdas) this.#prepareLambdas();
    this.#withSolverState(() => {
      for (let step = 0; step < count; step++) {
        for (let substep = 0; substep < settings.substeps; substep++) {
          this.#substep(parameters, useLambdas, substep === 0);
          if (substep === 0) forgetColliderTravel(this);
        }
      }
    });
    this.#stepsTaken += count;
  }

  #currentStepParameters() {
    const setup = this.#live;
    this.#stepParameters ??= {
      settings: setup.settings, rules: setup.familyRules(), factors: setup.substepFactors(), schedule: setup.substepSchedule(),
    };
    return this.#stepParameters;
  }

  /** Positions and velocities as the model starts them, into the first textures. */
  #loadRestState() {
    const setup = this.#live;
    this.#withSolverState(() => {
      this.#load(this.#positions[0], setup.restPositions);
      this.#load(this.#velocities[0], setup.initialVelocities);
    });
    this.#current = 0;
    this.#velocityCurrent = 0;
  }

  /** Where a held particle is put: its texel of the current positions. */
  #placeParticle(/** @type {number} */ particle, /** @type {Float32Array} */ position) {
    const [column, row] = this.#texelOf(particle);
    this.#withSolverState(() => this.#loadRect(this.#positions[this.#current], position, column, row, 1, 1));
  }

  /**
   * Rebuilds every GL object after the WebGL context was lost and restored (the loss destroyed
   * them, and the state in them). The cloth starts again from its rest shape, keeping its
   * settings, pins and colliders.
   */
  restore() {
    this.#live;
    this.#createGlObjects();
  }

  /**
   * Reads the positions back from the GPU: xyz per particle. The copy goes through a pixel
   * buffer and resolves once a fence says the GPU is done, so the page never stalls on it;
   * still, read when you need the numbers, not every frame.
   * @returns {Promise<Float32Array>}
   */
  async readPositions() {
    const gl = this.#gl;
    const count = this.particleCount;
    const textures = targetsOf(this.#positions[this.#current]);
    const texelBytes = count * 4 * Float32Array.BYTES_PER_ELEMENT;
    const buffer = /** @type {WebGLBuffer} */ (gl.createBuffer());
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
    gl.bufferData(gl.PIXEL_PACK_BUFFER, texelBytes * textures.length, gl.STREAM_READ);
    this.#withSolverState(() => {
      textures.forEach((texture, index) => {
        this.#framebuffers.bind([texture]);
        gl.readPixels(0, 0, this.#columns, this.#rows, gl.RGBA, gl.FLOAT, texelBytes * index);
      });
    });
    gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
    try {
      await gpuFinished(gl);
      const texels = new Float32Array(count * 4 * textures.length);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, buffer);
      gl.getBufferSubData(gl.PIXEL_PACK_BUFFER, 0, texels);
      gl.bindBuffer(gl.PIXEL_PACK_BUFFER, null);
      const positions = new Float32Array(count * 3);
      for (let part = 0; part < textures.length; part++) {
        for (let i = 0; i < count; i++) {
          for (let axis = 0; axis < 3; axis++) positions[3 * i + axis] += texels[4 * (part * count + i) + axis];
        }
      }
      return positions;
    } finally {
      gl.deleteBuffer(buffer);
    }
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
    for (const field of [...this.#positions, ...this.#velocities]) deleteVectorField(gl, field);
    for (const texture of [this.#inverseMasses, ...this.#restLengths, this.#staging, ...(this.#lambdas ?? []).flat(), this.#restPositions]) {
      gl.deleteTexture(texture);
    }
    for (const pass of Object.values(this.#passes)) pass?.dispose();
    this.#framebuffers.dispose();
    gl.deleteVertexArray(this.#emptyVertexArray);
  }

  /**
   * One substep: a pass per stage of the core's schedule.
   * @param {StepParameters} parameters
   * @param {boolean} useLambdas
   * @param {boolean} firstSubstep of a step, which sweeps the colliders' travel
   */
  #substep({ settings, rules, factors, schedule }, useLambdas, firstSubstep) {
    const h = settings.stepSeconds / settings.substeps;
    const start = this.#current;
    const predicted = (start + 1) % 3;
    // Constrain passes ping-pong between the two textures that do not hold the prediction,
    // which the collide pass still needs.
    const nextAfter = (/** @type {number} */ index) => (index === predicted ? start : 3 - predicted - index);
    let current = start;
    for (const stage of schedule) {
      if (stage.kind === 'separate') {
        // Sorts the particles into buckets; the collide pass reads them and separates first.
        this.#sortIntoBuckets(settings, current);
        continue;
      }
      const next = stage.kind === 'predict' ? predicted : nextAfter(current);
      if (stage.kind === 'predict') {
        this.#predict(settings, h, factors, current, next);
      } else if (stage.kind === 'constrain') {
        const direction = this.#directions[stage.direction];
        this.#constrain({
          solver: settings.solver, rule: rules[families.indexOf(direction.family)], direction, directionIndex: stage.direction,
          colour: stage.colour, firstIteration: stage.iteration === 0, from: current, to: next, useLambdas,
        });
      } else if (stage.kind === 'sweep' && settings.ordering === 'jacobi') {
        this.#sweep(settings, rules, current, next);
      } else if (stage.kind === 'collide') {
        this.#collide(settings, h, current, predicted, next, firstSubstep);
      } else {
        throw new GpuUnsupportedError(`nuno: the GPU cloth runs no '${stage.kind}' stage (the ordering '${settings.ordering}')`);
      }
      current = next;
    }
    this.#current = current;
  }

  /**
   * @param {import('../../index.js').ResolvedClothSettings} settings
   * @param {number} h
   * @param {SubstepFactors} factors
   * @param {number} from
   * @param {number} to
   */
  #predict(settings, h, factors, from, to) {
    const velocityFrom = this.#velocityCurrent;
    const velocityTo = 1 - velocityFrom;
    // Every substep, so the set-up's gust clock keeps time with the wind even while gusts are off.
    const waves = this.#live.gustWavesForSubstep();
    const gustWaves = settings.windGustSpeed > 0 ? waves : null;
    this.#framebuffers.bind([...targetsOf(this.#positions[to]), ...targetsOf(this.#velocities[velocityTo])]);
    this.#passes.predict.run({
      positions: this.#positions[from], velocities: this.#velocities[velocityFrom], inverseMasses: this.#inverseMasses,
      settings, factors, substepSeconds: h,
      gustWaves,
    });
    this.#velocityCurrent = velocityTo;
  }

  /**
   * One colour of one direction: positions `from` -> `to`.
   * @param {object} pass
   * @param {'mass-spring' | 'pbd' | 'xpbd'} pass.solver
   * @param {FamilyRule} pass.rule of the direction's family
   * @param {ConstraintDirection} pass.direction
   * @param {number} pass.directionIndex
   * @param {number} pass.colour
   * @param {boolean} pass.firstIteration XPBD multipliers start at zero
   * @param {number} pass.from
   * @param {number} pass.to
   * @param {boolean} pass.useLambdas
   */
  #constrain({ solver, rule, direction, directionIndex, colour, firstIteration, from, to, useLambdas }) {
    const targets = targetsOf(this.#positions[to]);
    let lambdas = null;
    const pair = directionIndex >> 1;
    if (useLambdas && this.#lambdas) {
      const pairLambdas = this.#lambdas[pair];
      lambdas = pairLambdas[this.#lambdaCurrent[pair]];
      targets.push(pairLambdas[1 - this.#lambdaCurrent[pair]]);
      this.#lambdaCurrent[pair] = 1 - this.#lambdaCurrent[pair];
    }
    this.#framebuffers.bind(targets);
    const pass = useLambdas ? /** @type {ConstrainPass} */ (this.#passes.constrainWithLambdas) : this.#passes.constrain;
    pass.run({
      positions: this.#positions[from], inverseMasses: this.#inverseMasses, restLengths: this.#restLengths, lambdas,
      solver, rule, direction, directionIndex, colour, firstIteration,
    });
  }

  /**
   * A Jacobi sweep over every constraint: positions `from` -> `to`.
   * @param {import('../../index.js').ResolvedClothSettings} settings
   * @param {FamilyRule[]} rules
   * @param {number} from
   * @param {number} to
   */
  #sweep(settings, rules, from, to) {
    if (!this.#passes.jacobi) {
      const jacobi = new JacobiPass(this.#gl, this.#passOptions(), this.#directions);
      this.#framebuffers.bind([jacobi.counts]);
      jacobi.countConstraints();
      this.#passes.jacobi = jacobi;
    }
    this.#framebuffers.bind(targetsOf(this.#positions[to]));
    this.#passes.jacobi.run({
      positions: this.#positions[from], inverseMasses: this.#inverseMasses, restLengths: this.#restLengths,
      solver: settings.solver, rules, relaxation: settings.jacobiRelaxation,
    });
  }

  /**
   * @param {import('../../index.js').ResolvedClothSettings} settings
   * @param {number} h
   * @param {number} from
   * @param {number} predicted
   * @param {number} to
   * @param {boolean} firstSubstep of a step
   */
  #collide(settings, h, from, predicted, to, firstSubstep) {
    const velocityFrom = this.#velocityCurrent;
    const velocityTo = 1 - velocityFrom;
    this.#framebuffers.bind([...targetsOf(this.#positions[to]), ...targetsOf(this.#velocities[velocityTo])]);
    // The self-collision variant exists once the 'separate' stage has run this substep.
    const pass = settings.selfCollisionThickness > 0 ? /** @type {CollidePass} */ (this.#passes.collideWithSelfCollision) : this.#passes.collide;
    pass.run({
      positions: this.#positions[from], predicted: this.#positions[predicted], velocities: this.#velocities[velocityFrom],
      inverseMasses: this.#inverseMasses, colliders: packedCollidersOf(this),
      depenetration: depenetrationMetres(this, settings.depenetrationSpeed, h, firstSubstep), margin: settings.collisionMargin, substepSeconds: h,
      selfCollisionThickness: settings.selfCollisionThickness, selfCollisionFriction: settings.selfCollisionFriction,
    });
    this.#velocityCurrent = velocityTo;
  }

  /**
   * The 'separate' stage: the particles at `positions` into the bucket layers (made, with the
   * rest shape and the collide pass's self-collision variant, the first time it runs).
   * @param {import('../../index.js').ResolvedClothSettings} settings
   * @param {number} positions
   */
  #sortIntoBuckets(settings, positions) {
    const gl = this.#gl;
    if (!this.#passes.buckets) {
      const options = this.#passOptions();
      const buckets = new BucketPass(gl, options);
      const restPositions = createDataTexture(gl, gl.RGB32F, this.#columns, this.#rows);
      uploadFloats(gl, restPositions, gl.RGB, this.#columns, this.#rows, this.#live.restPositions);
      this.#passes.buckets = buckets;
      this.#restPositions = restPositions;
      this.#passes.collideWithSelfCollision = new CollidePass(gl, options, { restPositions, buckets });
    }
    this.#passes.buckets.run(this.#positions[positions], settings.selfCollisionThickness);
  }

  /** Makes the XPBD multiplier textures and program the first time they are needed. */
  #prepareLambdas() {
    if (this.#lambdas) return;
    const gl = this.#gl;
    const format = stateFormat(gl, this.#precision);
    this.#lambdas = [0, 1, 2].map(() => [0, 1].map(() => createDataTexture(gl, format, this.#columns, this.#rows)));
    this.#passes.constrainWithLambdas = new ConstrainPass(gl, this.#passOptions(), true);
  }

  /**
   * Copies xyz per particle into a state field through the load pass.
   * @param {VectorField} field
   * @param {Float32Array} values
   */
  #load(field, values) {
    this.#loadRect(field, values, 0, 0, this.#columns, this.#rows);
  }

  /**
   * Copies xyz per texel into a rectangle of a state field through the load pass, which splits
   * them on the half path as every pass writes state.
   * @param {VectorField} field
   * @param {Float32Array} values
   * @param {number} column
   * @param {number} row
   * @param {number} width
   * @param {number} height
   */
  #loadRect(field, values, column, row, width, height) {
    const gl = this.#gl;
    uploadFloats(gl, this.#staging, gl.RGB, width, height, values, column, row);
    this.#framebuffers.bind(targetsOf(field));
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(column, row, width, height);
    this.#passes.load.run(this.#staging);
    gl.disable(gl.SCISSOR_TEST);
  }

  /**
   * All inverse masses, or one particle's texel: dragging changes one per pointer move.
   * @param {number} [particle]
   */
  #uploadInverseMasses(particle = undefined) {
    const gl = this.#gl;
    if (particle === undefined) {
      uploadFloats(gl, this.#inverseMasses, gl.RED, this.#columns, this.#rows, this.#live.inverseMasses);
    } else {
      const [column, row] = this.#texelOf(particle);
      uploadFloats(gl, this.#inverseMasses, gl.RED, 1, 1, Float32Array.of(this.#live.inverseMassOf(particle)), column, row);
    }
  }

  /** @param {number} particle @returns {[number, number]} its texel: column, row */
  #texelOf(particle) {
    return [particle % this.#columns, Math.floor(particle / this.#columns)];
  }

  /**
   * The core gives restLengthsPerParticle floats per particle, a direction each and padding
   * after the last; texture k holds channels k * restLengthChannels onward, as the constrain
   * pass reads them.
   */
  #uploadRestLengths() {
    const gl = this.#gl;
    const lengths = this.#live.restLengthsByDirection;
    const { restLengthsPerParticle: perParticle, restLengthChannels: channels } = this.#constants;
    const count = this.particleCount;
    this.#restLengths.forEach((texture, part) => {
      const texels = new Float32Array(count * channels);
      for (let i = 0; i < count; i++) {
        const first = perParticle * i + channels * part;
        texels.set(lengths.subarray(first, first + channels), channels * i);
      }
      uploadFloats(gl, texture, gl.RGBA, this.#columns, this.#rows, texels);
    });
  }

  /**
   * Runs solver passes with the GL state they need, then puts back what the caller had: the
   * viewport, the bound framebuffer and vertex array, and the capabilities a pass must not use.
   * @param {() => void} passes
   */
  #withSolverState(passes) {
    const gl = this.#gl;
    // A lost context ignores every call; stepping resumes after restore().
    if (gl.isContextLost()) return;
    const viewport = gl.getParameter(gl.VIEWPORT);
    const framebuffer = gl.getParameter(gl.FRAMEBUFFER_BINDING);
    const vertexArray = gl.getParameter(gl.VERTEX_ARRAY_BINDING);
    const capabilities = [gl.BLEND, gl.DEPTH_TEST, gl.SCISSOR_TEST, gl.CULL_FACE, gl.STENCIL_TEST, gl.RASTERIZER_DISCARD];
    const enabled = capabilities.filter((capability) => gl.isEnabled(capability));
    enabled.forEach((capability) => gl.disable(capability));
    gl.viewport(0, 0, this.#columns, this.#rows);
    gl.bindVertexArray(this.#emptyVertexArray);
    try {
      passes();
    } finally {
      enabled.forEach((capability) => gl.enable(capability));
      gl.bindVertexArray(vertexArray);
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.viewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    }
  }
}
