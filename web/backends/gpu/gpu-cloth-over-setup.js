// What the two GPU cloths (WebGL2 and WebGPU) share beyond ClothOverSetup, written once over a
// few operations each backend supplies (GpuBackend below):
// - the step loop: the clock, the per-step parameters taken from the model after each set(), and
//   the walk over the core's substep schedule, a backend operation per stage;
// - the calls that change the model (set, pin, hold, release, reset), made on it and then on the
//   backend's state;
// - the measures of positions read back;
// - the colliders: the collide pass reads the model's colliders packed into a fixed number of
//   slots, so a cloth takes at most that many and packs them again after every change.
// The package does not export this module.
import { readBackPositions, requireInteger } from '../../arguments.js';
import { ClothOverSetup, setupOf } from '../../cloth-over-setup.js';
import { GpuUnsupportedError } from './capabilities.js';
import { settingsRefusal } from './settings-refusal.js';
import { countTornConstraints } from '../../torn-constraints.js';
import { GpuUntangling } from './untangling.js';

/** @typedef {import('../../cloth-model.js').ClothModel} ClothModel */
/** @typedef {import('../../index.js').ColliderDescription} ColliderDescription */
/** @typedef {import('../../index.js').ColliderChanges} ColliderChanges */
/** @typedef {import('../../cloth-model.js').PackedColliders} PackedColliders */
/** @typedef {import('../../cloth-model.js').MeshFieldAtlas} MeshFieldAtlas */

/** @typedef {import('../../index.js').SubstepStage} SubstepStage */
/** @typedef {import('../../index.js').FamilyRule} FamilyRule */

/**
 * What fixed steps read from the model: taken from wasm once after each set(), not rebuilt as
 * JS objects every step.
 * @typedef {object} StepParameters
 * @property {import('../../index.js').ResolvedClothSettings} settings
 * @property {FamilyRule[]} rules each family's rule for one substep, in family order
 * @property {import('../../index.js').SubstepFactors} factors
 * @property {readonly SubstepStage[]} schedule the core's stages of one substep
 * @property {number} substeps this step's: the setting's, more where self-collision's layers
 *   approach fast (ClothModel::substepsFor)
 */

/**
 * What every stage of one substep reads beside the state, worked out once for both backends.
 * @typedef {object} SubstepInputs
 * @property {number} index of the substep in its step
 * @property {boolean} last whether it is the step's last substep (the one whose fastest approach
 *   self-collision reads back)
 * @property {number} substepSeconds
 * @property {Float32Array | null} gustWaves the gusts' waves at this substep; null while gusts are off
 * @property {PackedColliders} colliders
 * @property {Float32Array} depenetration per collider, metres (depenetrationMetres)
 * @property {AttachedMotion | null} attached where this substep puts the attached particles
 *   (the predict stage's attach pass); null with none attached, and in stepStages()
 */

/**
 * @typedef {object} AttachedMotion
 * @property {number} count particles attached
 * @property {number} progress the share of the call's time passed when the substep ends
 * @property {number} inverseSeconds 1 / the call's seconds
 */

/**
 * Per kind of stage a backend runs, what runs it; a kind it lacks is refused by name.
 * @typedef {{ [K in SubstepStage['kind']]?: (stage: Extract<SubstepStage, { kind: K }>, inputs: SubstepInputs) => void }} StageRunners
 */

/**
 * The operations a GPU backend supplies; the shared calls below are written over them.
 * @typedef {object} GpuBackend
 * @property {() => boolean} isLost whether the context or device is lost: steps do nothing then
 * @property {(parameters: StepParameters) => void} parametersChanged after set(), before the next step
 * @property {(parameters: StepParameters, substeps: () => void) => void} runStep one fixed step:
 *   prepares what the parameters need, calls `substeps`, then issues or submits the work
 * @property {(inputs: SubstepInputs) => void} beginSubstep
 * @property {StageRunners} stages a pass (or passes) per kind of stage it runs
 * @property {() => void} stepped after stepFixed() or stepStages() changed the state
 * @property {(particle?: number) => void} uploadInverseMasses the model's, all or one particle's
 * @property {(particle: number, position: Float32Array) => void} placeParticle
 * @property {(packed: Float32Array<ArrayBuffer>) => void} uploadAttachments the model's
 *   takeAttachedCall(), for the attach pass
 * @property {() => void} loadRestState positions and velocities as the model starts them
 * @property {() => Promise<Float32Array>} readPositions the cloth's, for the untangling's looks
 * @property {(tangles: Int32Array | null) => void} uploadTangles what the untangling's last look
 *   found (ClothModel.untangle's records), for the separate pass; null: every particle free
 * @property {() => number} fastestApproach with self-collision on, the fastest two particles
 *   within reach of each other approached in the last substep of a recent step, m/s: the latest
 *   the GPU has handed back (it reads back while later steps run), 0 before any
 * @property {(tearStrain: number) => void} tear at the end of a fixed step (inside runStep's
 *   `substeps`), with tearStrain > 0: tears the constraints stretched past it (src/tearing.hpp)
 * @property {() => Promise<Uint8Array>} readTorn the torn bits, a byte per particle
 * @property {() => void} mendAll on reset(): no constraint torn
 * @property {(atlas: Pick<MeshFieldAtlas, 'width' | 'height' | 'depth'>) => string | null} meshFieldRefusal
 *   why the device's 3D textures cannot hold the mesh fields' atlas (mesh-field-limits.js), or null
 */

/** @type {WeakMap<GpuClothOverSetup, PackedColliders>} */
const packings = new WeakMap();

/** What a mesh collider's field is built from: an update giving any builds it again. */
const meshFieldKeys = ['vertices', 'indices', 'thickness', 'resolution'];
/** @type {WeakMap<GpuClothOverSetup, GpuBackend>} */
const backends = new WeakMap();

/** @param {GpuClothOverSetup} cloth */
function backendOf(cloth) {
  return /** @type {GpuBackend} */ (backends.get(cloth));
}

/** @type {WeakMap<GpuClothOverSetup, GpuUntangling>} */
const untanglings = new WeakMap();

/**
 * On reset(), a change of self-collision's thickness, and after the backend made its state anew
 * (restore()): what the untangling's last look found no longer holds.
 * @param {GpuClothOverSetup} cloth
 */
export function forgetTangles(cloth) {
  untanglings.get(cloth)?.forget();
}

/** @type {WeakMap<GpuClothOverSetup, StepParameters | null>} null until a step needs them after set() */
const stepParameters = new WeakMap();

/**
 * The parameters fixed steps of `cloth` read, taken from its model when a set() made them stale.
 * @param {GpuClothOverSetup} cloth
 * @returns {StepParameters}
 */
export function stepParametersOf(cloth) {
  let parameters = stepParameters.get(cloth);
  if (!parameters) {
    const setup = setupOf(cloth);
    const { substeps } = setup.settings;
    parameters = { settings: setup.settings, rules: setup.familyRules(), factors: setup.substepFactors(), schedule: setup.substepSchedule(), substeps };
    stepParameters.set(cloth, parameters);
    backendOf(cloth).parametersChanged(parameters);
  }
  return parameters;
}

/**
 * The parameters of the next fixed step of `cloth`: its substeps as many as self-collision
 * asks for the fastest approach its backend last read back (the setting's without it).
 * @param {GpuClothOverSetup} cloth
 * @returns {StepParameters}
 */
function nextStepParametersOf(cloth) {
  const { settings } = stepParametersOf(cloth);
  const approaching = settings.selfCollisionThickness > 0;
  return stepParametersWith(cloth, approaching ? setupOf(cloth).substepsFor(backendOf(cloth).fastestApproach()) : settings.substeps);
}

/**
 * The parameters of a step of `cloth` cut into `substeps`.
 * @param {GpuClothOverSetup} cloth
 * @param {number} substeps
 * @returns {StepParameters}
 */
function stepParametersWith(cloth, substeps) {
  const parameters = stepParametersOf(cloth);
  const setup = setupOf(cloth);
  if (substeps === parameters.substeps) return parameters;
  const next = { ...parameters, rules: setup.familyRules(substeps), factors: setup.substepFactors(substeps), substeps };
  stepParameters.set(cloth, next);
  backendOf(cloth).parametersChanged(next);
  return next;
}

/**
 * The parameters must be taken again before the next step: after set(), and when a backend made
 * its GPU objects anew.
 * @param {GpuClothOverSetup} cloth
 */
export function forgetStepParameters(cloth) {
  stepParameters.set(cloth, null);
}

/**
 * The colliders of `cloth` as its collide pass reads them; their meshFieldVersion tells the
 * backend when to upload the mesh fields' atlas again.
 * @param {GpuClothOverSetup} cloth
 * @returns {PackedColliders}
 */
export function packedCollidersOf(cloth) {
  return /** @type {PackedColliders} */ (packings.get(cloth));
}

/**
 * Per collider of `cloth`, how much of the depth a particle began a substep with the collide pass
 * may undo in it: the core's depenetrationMetres (src/colliders.hpp) in the same float32 steps,
 * the colliders' travel since the last step added in its first substep.
 * @param {GpuClothOverSetup} cloth
 * @param {number} depenetrationSpeed m/s
 * @param {number} substepSeconds
 * @param {boolean} firstSubstep of a step
 * @returns {Float32Array}
 */
function depenetrationMetres(cloth, depenetrationSpeed, substepSeconds, firstSubstep) {
  const { count, travels } = packedCollidersOf(cloth);
  const perSubstep = Math.fround(Math.fround(depenetrationSpeed) * Math.fround(substepSeconds));
  return Float32Array.from({ length: count }, (_, c) => (firstSubstep ? perSubstep + travels[c] : perSubstep));
}

/**
 * After a step's first substep, and on reset: the colliders' travel is swept (or void), as the
 * core's own stepping forgets it.
 * @param {GpuClothOverSetup} cloth
 */
function forgetColliderTravel(cloth) {
  const setup = setupOf(cloth);
  setup.forgetColliderTravel();
  if (packedCollidersOf(cloth).travels.some((metres) => metres !== 0)) packings.set(cloth, setup.packedColliders());
}

export class GpuClothOverSetup extends ClothOverSetup {
  #stepsTaken = 0;
  #maxColliders;
  /** @type {'gpu' | 'webgpu'} as settingsRefusal names it */
  #backend;
  /**
   * What `nuno.requestCloth`'s 'auto' measured to choose between WebGPU and WebGL2 (step-trial.js),
   * milliseconds a step each; null where it chose without a trial.
   * @type {{ webgpu: number, gpu: number } | null}
   */
  trialMsPerStep = null;

  /** As errors name the backend: 'GPU', 'WebGPU'. */
  get #errorName() {
    return this.#backend === 'gpu' ? 'GPU' : 'WebGPU';
  }

  /**
   * @param {ClothModel} setup owned from now on
   * @param {number} maxColliders the collide pass's slots
   * @param {'gpu' | 'webgpu'} backend as settingsRefusal names it
   * @param {GpuBackend} operations the backend's own, called once construction is over
   */
  constructor(setup, maxColliders, backend, operations) {
    super(setup);
    this.#maxColliders = maxColliders;
    this.#backend = backend;
    packings.set(this, setup.packedColliders());
    backends.set(this, operations);
    untanglings.set(this, new GpuUntangling(setup, operations.readPositions, operations.uploadTangles));
    stepParameters.set(this, null);
  }

  get stepsTaken() {
    return this.#stepsTaken;
  }

  /** Seconds simulated since the start or the last reset(): the clock the gusts follow. */
  get simulatedSeconds() {
    return setupOf(this).simulatedSeconds;
  }

  /** Whether the context or device was lost: steps do nothing until restore(). */
  get lost() {
    return backendOf(this).isLost();
  }

  /**
   * The stages one substep runs with the current settings, as the core schedules them.
   * @returns {SubstepStage[]}
   */
  substepSchedule() {
    return [...stepParametersOf(this).schedule];
  }

  /**
   * Advances by one frame's time through the fixed-step accumulator.
   * @param {number} frameSeconds
   * @returns {number} the fixed steps taken
   */
  step(frameSeconds) {
    const steps = setupOf(this).advanceClock(frameSeconds);
    this.stepFixed(steps);
    return steps;
  }

  /**
   * Whole fixed steps: each substep a backend pass per stage of the core's schedule. The
   * colliders' travel since the last step is swept in a step's first substep, then forgotten.
   * @param {number} [count]
   */
  stepFixed(count = 1) {
    requireInteger('count', count, 0, 1e6);
    setupOf(this);
    const backend = backendOf(this);
    if (count === 0 || backend.isLost()) return;
    const untangling = /** @type {GpuUntangling} */ (untanglings.get(this));
    const setup = setupOf(this);
    const attachments = setup.takeAttachedCall();
    const attachedCount = attachments.length / 8;
    if (attachedCount > 0) backend.uploadAttachments(attachments);
    for (let step = 0; step < count; step++) {
      const parameters = nextStepParametersOf(this);
      const { substeps } = parameters;
      const { tearStrain } = parameters.settings;
      backend.runStep(parameters, () => {
        for (let index = 0; index < substeps; index++) {
          const attached = attachedCount > 0 ? { count: attachedCount, ...setup.attachedMotion(step, index, substeps, count) } : null;
          this.#substep(parameters, index, index === substeps - 1, parameters.schedule, attached);
        }
        if (tearStrain > 0) backend.tear(tearStrain);
      });
      if (parameters.settings.selfCollisionThickness > 0) untangling.stepped();
    }
    this.#stepsTaken += count;
    backend.stepped();
  }

  /**
   * The first `count` stages of one substep of the current schedule, from the current state, as
   * `Cloth.stepStages` runs them on the CPU: each stage compared across backends on one input.
   * @param {number} count
   */
  stepStages(count) {
    const parameters = stepParametersWith(this, stepParametersOf(this).settings.substeps);
    requireInteger('count', count, 0, parameters.schedule.length);
    const backend = backendOf(this);
    if (count === 0 || backend.isLost()) return;
    // The one substep run is the last whose approach is read back.
    backend.runStep(parameters, () => this.#substep(parameters, 0, true, parameters.schedule.slice(0, count), null));
    backend.stepped();
  }

  /**
   * One substep's stages, each run by the backend's runner for its kind.
   * @param {StepParameters} parameters
   * @param {number} index of the substep in its step: the colliders' travel is swept in the first
   * @param {boolean} last whether its fastest approach is the one read back (the step's last)
   * @param {readonly SubstepStage[]} stages
   * @param {AttachedMotion | null} attached
   */
  #substep({ settings, substeps }, index, last, stages, attached) {
    const substepSeconds = settings.stepSeconds / substeps;
    // Every substep, so the model's gust clock keeps time with the wind even while gusts are off.
    const waves = setupOf(this).gustWavesForSubstep(substeps);
    /** @type {SubstepInputs} */
    const inputs = {
      index, last, substepSeconds, gustWaves: settings.windGustSpeed > 0 ? waves : null, colliders: packedCollidersOf(this),
      depenetration: depenetrationMetres(this, settings.depenetrationSpeed, substepSeconds, index === 0),
      attached,
    };
    const backend = backendOf(this);
    backend.beginSubstep(inputs);
    for (const stage of stages) {
      const run = /** @type {((stage: SubstepStage, inputs: SubstepInputs) => void) | undefined} */ (backend.stages[stage.kind]);
      if (!run) throw new GpuUnsupportedError(`nuno: the ${this.#errorName} cloth runs no '${stage.kind}' stage (the ordering '${settings.ordering}')`);
      run(stage, inputs);
    }
    if (index === 0) forgetColliderTravel(this);
  }

  /** Back to the starting shape at rest; pins, colliders and parameters stay. */
  reset() {
    setupOf(this).reset();
    forgetColliderTravel(this);
    forgetTangles(this);
    const writes = backendOf(this);
    writes.loadRestState();
    writes.uploadInverseMasses();
    writes.mendAll();
  }

  /**
   * Changes run-time settings, as `Cloth.set` does (and with its errors), and refuses by name
   * what this backend cannot run.
   * @param {Partial<import('../../index.js').ClothSettings>} changes
   */
  set(changes) {
    const setup = setupOf(this);
    const refusal = changes && typeof changes === 'object' ? settingsRefusal({ ...setup.settings, ...changes }, this.#backend) : null;
    if (refusal) throw new Error(refusal);
    const thicknessBefore = setup.settings.selfCollisionThickness;
    setup.set(changes);
    forgetStepParameters(this);
    if (setup.settings.selfCollisionThickness !== thicknessBefore) forgetTangles(this);
    if ('pins' in changes) backendOf(this).uploadInverseMasses();
  }

  /** @param {number} particle */
  pin(particle) {
    setupOf(this).pin(particle);
    backendOf(this).uploadInverseMasses();
  }

  /** @param {number} particle */
  unpin(particle) {
    setupOf(this).unpin(particle);
    backendOf(this).uploadInverseMasses();
  }

  /**
   * Places a particle at a point and keeps it there until release(), as `Cloth.hold` does.
   * @param {number} particle
   * @param {ArrayLike<number>} position metres
   */
  hold(particle, position) {
    setupOf(this).hold(particle, position);
    const writes = backendOf(this);
    writes.uploadInverseMasses(particle);
    writes.placeParticle(particle, Float32Array.from(position));
  }

  /** @param {number} particle */
  release(particle) {
    setupOf(this).release(particle);
    backendOf(this).uploadInverseMasses(particle);
  }

  /**
   * Makes exactly these particles the attached ones, each following its target from the next
   * step on, as `Cloth.attach` does: the predict stage's attach pass puts them on their way.
   * @param {ArrayLike<number>} particles
   * @param {ArrayLike<number>} targets metres, x y z per particle
   * @returns {boolean} whether the set of particles changed
   */
  attach(particles, targets) {
    const changed = setupOf(this).attach(particles, targets);
    if (changed) backendOf(this).uploadInverseMasses();
    return changed;
  }

  /**
   * Strain of positions read back with readPositions() (of the constraints a torn mask read back with readTorn() keeps): a GPU cloth keeps none on the CPU.
   * @param {'structural' | 'shear' | 'bending'} family
   * @param {Float32Array} positions from `await readPositions()`
   * @param {Uint8Array} [torn] from `await readTorn()`: the constraints still solved alone
   */
  strain(family, positions, torn) {
    return setupOf(this).strain(family, readBackPositions(this.#errorName, 'strain', positions), torn);
  }

  /**
   * Pairs closer than thickness / 2 that were farther than thickness apart at rest, of positions
   * read back with readPositions().
   * @param {number} thickness metres
   * @param {Float32Array} positions from `await readPositions()`
   */
  selfIntersections(thickness, positions) {
    return setupOf(this).selfIntersections(thickness, readBackPositions(this.#errorName, 'selfIntersections', positions));
  }

  /**
   * Structural edges through the cloth's own triangles (see Cloth.selfCrossings), of positions
   * read back with readPositions().
   * @param {Float32Array} positions from `await readPositions()`
   */
  selfCrossings(positions) {
    return setupOf(this).selfCrossings(readBackPositions(this.#errorName, 'selfCrossings', positions));
  }

  /**
   * The torn bits, a byte per particle (bit d: the constraint starting there in direction d,
   * 0 right, 1 down, 2 diagonal down, 3 diagonal up), read back from the GPU.
   * @returns {Promise<Uint8Array>}
   */
  readTorn() {
    return backendOf(this).readTorn();
  }

  /**
   * The structural and shear constraints torn in a mask read back with readTorn(): a GPU cloth
   * keeps none on the CPU.
   * @param {Uint8Array} torn from `await readTorn()`
   * @returns {number}
   */
  tornConstraints(torn) {
    return countTornConstraints(torn, setupOf(this).particleCount);
  }

  /**
   * The smallest signed distance from a free particle to a collider's surface (metres, negative
   * inside), of positions read back with readPositions().
   * @param {Float32Array} positions from `await readPositions()`
   */
  colliderClearance(positions) {
    return setupOf(this).colliderClearance(readBackPositions(this.#errorName, 'colliderClearance', positions));
  }

  /**
   * @param {ColliderDescription} collider
   * @returns {number} its id
   */
  addCollider(collider) {
    const setup = setupOf(this);
    if (setup.colliders.length >= this.#maxColliders) {
      throw new Error(`nuno: the ${this.#errorName} backend resolves at most ${this.#maxColliders} colliders; remove one first`);
    }
    const id = setup.addCollider(collider);
    const packed = setup.packedColliders();
    const refusal = this.#meshFieldRefusal(packed);
    if (refusal) {
      setup.removeCollider(id);
      throw new GpuUnsupportedError(refusal);
    }
    packings.set(this, packed);
    return id;
  }

  /**
   * Why the backend cannot hold the mesh fields of these colliders, or null: asked only when the
   * fields changed (a mesh added, or its field rebuilt).
   * @param {PackedColliders} packed
   */
  #meshFieldRefusal(packed) {
    if (packed.meshFieldVersion === packedCollidersOf(this).meshFieldVersion) return null;
    return backendOf(this).meshFieldRefusal(setupOf(this).meshFieldAtlasSize());
  }

  /**
   * @param {number} id
   * @param {ColliderChanges} changes
   */
  updateCollider(id, changes) {
    const setup = setupOf(this);
    // A mesh whose field is built again (any of these given: src/setting_source.cpp) may outgrow
    // the device's 3D textures; what it was is kept to go back to.
    const rebuilds = changes && typeof changes === 'object' && meshFieldKeys.some((key) => key in changes);
    const before = rebuilds ? setup.colliders.find((collider) => collider.id === id) : undefined;
    setup.updateCollider(id, changes);
    const packed = setup.packedColliders();
    const refusal = this.#meshFieldRefusal(packed);
    if (refusal) {
      const { id: _id, type: _type, ...was } = /** @type {import('../../index.js').ColliderState} */ (before);
      setup.updateCollider(id, /** @type {ColliderChanges} */ (was));
      throw new GpuUnsupportedError(refusal);
    }
    packings.set(this, packed);
  }

  /** @param {number} id */
  removeCollider(id) {
    const setup = setupOf(this);
    setup.removeCollider(id);
    packings.set(this, setup.packedColliders());
  }
}
