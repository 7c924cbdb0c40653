// The bytes of the compute passes' uniforms, laid out as WGSL lays out the Substep and Stage
// structs of shaders/compute-state.wgsl (16-byte vec3f and vec4f alignment, arrays of vec4f),
// sized by the core's constants. Each struct sits in a slot rounded up to the device's dynamic
// offset alignment.

/** @typedef {import('../index.js').GpuConstants} GpuConstants */
/** @typedef {import('../index.js').ResolvedClothSettings} ResolvedClothSettings */
/** @typedef {import('../index.js').SubstepFactors} SubstepFactors */
/** @typedef {import('../index.js').PackedColliders} PackedColliders */
/** @typedef {import('../index.js').ConstraintDirection} ConstraintDirection */
/** @typedef {import('../index.js').FamilyRule} FamilyRule */

const vec4Bytes = 16;
const gustWavesOffset = 80;

/**
 * Where each array of the Substep struct starts, and the struct's size, for these constants.
 * @param {GpuConstants} constants
 */
export function substepLayout({ gustWaves, maxColliders, colliderShapeVec4s }) {
  const colliderKindFrictionDepenetration = gustWavesOffset + 2 * gustWaves * vec4Bytes;
  const colliderShapes = colliderKindFrictionDepenetration + maxColliders * vec4Bytes;
  return { gustWaves: gustWavesOffset, colliderKindFrictionDepenetration, colliderShapes, bytes: colliderShapes + maxColliders * colliderShapeVec4s * vec4Bytes };
}

/** Bytes of the Stage struct. */
export const stageBytes = 64;

/**
 * @param {number} bytes
 * @param {number} alignment
 */
export function slotBytes(bytes, alignment) {
  return Math.ceil(bytes / alignment) * alignment;
}

/**
 * Writes one substep's uniforms at `offset` of `target`.
 * @param {ArrayBuffer} target
 * @param {number} offset
 * @param {ReturnType<typeof substepLayout>} layout
 * @param {object} substep
 * @param {ResolvedClothSettings} substep.settings
 * @param {SubstepFactors} substep.factors
 * @param {number} substep.substepSeconds
 * @param {[number, number]} substep.gridSize
 * @param {[number, number]} substep.patchSize
 * @param {Float32Array | null} substep.gustWaves the core's waves at this substep, or null without gusts
 * @param {PackedColliders} substep.colliders
 * @param {Float32Array} substep.depenetration metres per collider this substep (depenetrationMetres)
 */
export function writeSubstep(target, offset, layout, { settings, factors, substepSeconds, gridSize, patchSize, gustWaves, colliders, depenetration }) {
  const floats = new Float32Array(target, offset, layout.bytes / 4);
  const integers = new Int32Array(target, offset, layout.bytes / 4);
  floats.set(settings.gravity, 0);
  floats[3] = substepSeconds;
  floats.set(settings.wind, 4);
  floats[7] = factors.keep;
  floats[8] = factors.normalDragShare;
  floats[9] = factors.tangentialDragShare;
  floats[10] = settings.collisionMargin;
  integers[11] = colliders.count;
  integers.set(gridSize, 12);
  integers.set(patchSize, 14);
  integers[16] = gustWaves ? 1 : 0;
  integers[17] = gridSize[0] * gridSize[1];
  floats[18] = settings.selfCollisionThickness;
  floats[19] = settings.selfCollisionFriction;
  if (gustWaves) floats.set(gustWaves, layout.gustWaves / 4);
  for (let i = 0; i < colliders.count; i++) {
    floats[layout.colliderKindFrictionDepenetration / 4 + 4 * i] = colliders.kinds[i];
    floats[layout.colliderKindFrictionDepenetration / 4 + 4 * i + 1] = colliders.frictions[i];
    floats[layout.colliderKindFrictionDepenetration / 4 + 4 * i + 2] = depenetration[i];
  }
  floats.set(colliders.shapes, layout.colliderShapes / 4);
}

/**
 * Writes a self-collision bucket pass's uniforms at `offset` of `target`: the layer it fills.
 * @param {ArrayBuffer} target
 * @param {number} offset
 * @param {number} layer
 */
export function writeBucketStage(target, offset, layer) {
  new Int32Array(target, offset, stageBytes / 4)[12] = layer;
}

/**
 * Writes one constrain stage's uniforms at `offset` of `target`.
 * @param {ArrayBuffer} target
 * @param {number} offset
 * @param {object} stage
 * @param {ConstraintDirection} stage.direction
 * @param {number} stage.directionIndex
 * @param {number} stage.colour
 * @param {number} stage.solverKind the core's code for the solver
 * @param {FamilyRule} stage.rule of the direction's family
 * @param {boolean} stage.firstIteration
 */
export function writeStage(target, offset, { direction, directionIndex, colour, solverKind, rule, firstIteration }) {
  const integers = new Int32Array(target, offset, stageBytes / 4);
  const floats = new Float32Array(target, offset, stageBytes / 4);
  integers.set(direction.offset, 0);
  integers[2] = directionIndex;
  integers[3] = direction.colourAxis === 'column' ? 0 : 1;
  integers[4] = direction.colourPeriod;
  integers[5] = colour;
  integers[6] = solverKind;
  integers[7] = firstIteration ? 1 : 0;
  floats.set([rule.alphaTilde, rule.stiffness, rule.stretchGain, rule.shrinkGain], 8);
}
