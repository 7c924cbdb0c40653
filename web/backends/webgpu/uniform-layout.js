// The bytes of the compute passes' uniforms. The core lays out the WGSL Substep and Stage structs
// from one table (src/tools/gpu_uniforms.cpp) and says where each field is; this writes the
// values by name, the settings a kernel reads straight from the cloth's settings. Each struct
// sits in a slot rounded up to the device's dynamic offset alignment.

/** @typedef {import('../gpu/gpu-constants.js').UniformLayout} UniformLayout */
/** @typedef {import('../../index.js').ResolvedClothSettings} ResolvedClothSettings */
/** @typedef {import('../../index.js').SubstepFactors} SubstepFactors */
/** @typedef {import('../../index.js').PackedColliders} PackedColliders */
/** @typedef {import('../../index.js').ConstraintDirection} ConstraintDirection */
/** @typedef {import('../../index.js').FamilyRule} FamilyRule */

/**
 * @param {number} bytes
 * @param {number} alignment
 */
export function slotBytes(bytes, alignment) {
  return Math.ceil(bytes / alignment) * alignment;
}

/**
 * Writes fields of a block by name at `offset` of `target`: a number (a boolean as 1 or 0) or
 * the numbers of a vector or array, in order. A field the block lacks, or too many numbers for
 * one, throws: the kernels and this code name the same fields.
 * @param {ArrayBuffer} target
 * @param {number} offset
 * @param {UniformLayout} layout
 * @param {Record<string, number | boolean | ArrayLike<number>>} values
 */
export function writeUniforms(target, offset, layout, values) {
  const views = {
    f32: new Float32Array(target, offset, layout.bytes / 4),
    u32: new Uint32Array(target, offset, layout.bytes / 4),
    i32: new Int32Array(target, offset, layout.bytes / 4),
  };
  for (const [name, value] of Object.entries(values)) {
    const field = layout.fields[name];
    if (!field) throw new Error(`nuno: the uniform block has no field '${name}'`);
    const numbers = typeof value === 'number' || typeof value === 'boolean' ? [Number(value)] : value;
    const capacity = field.components * Math.max(field.length, 1);
    if (numbers.length > capacity) throw new Error(`nuno: uniform '${name}' holds ${capacity} numbers, got ${numbers.length}`);
    views[field.scalar].set(numbers, field.offset / 4);
  }
}

/**
 * Writes one substep's uniforms at `offset` of `target`.
 * @param {ArrayBuffer} target
 * @param {number} offset
 * @param {UniformLayout} layout the Substep block's
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
  const kindFrictionDepenetration = new Float32Array(4 * colliders.count);
  for (let i = 0; i < colliders.count; i++) {
    kindFrictionDepenetration.set([colliders.kinds[i], colliders.frictions[i], depenetration[i]], 4 * i);
  }
  /** @type {Record<string, any>} */
  const fromSettings = settings;
  const settingFields = Object.entries(layout.fields).filter(([, field]) => field.setting).map(([name]) => [name, fromSettings[name]]);
  writeUniforms(target, offset, layout, {
    ...Object.fromEntries(settingFields),
    substepSeconds,
    keep: factors.keep,
    normalDragShare: factors.normalDragShare,
    tangentialDragShare: factors.tangentialDragShare,
    colliderCount: colliders.count,
    gridSize,
    patchSize,
    gusts: gustWaves !== null,
    particleCount: gridSize[0] * gridSize[1],
    ...(gustWaves && { gustWaves }),
    colliderKindFrictionDepenetration: kindFrictionDepenetration,
    colliderShapes: colliders.shapes,
  });
}

/**
 * Writes a self-collision bucket pass's uniforms at `offset` of `target`: the layer it fills.
 * @param {ArrayBuffer} target
 * @param {number} offset
 * @param {UniformLayout} layout the Stage block's
 * @param {number} layer
 */
export function writeBucketStage(target, offset, layout, layer) {
  writeUniforms(target, offset, layout, { bucketLayer: layer });
}

/**
 * Writes one constrain stage's uniforms at `offset` of `target`.
 * @param {ArrayBuffer} target
 * @param {number} offset
 * @param {UniformLayout} layout the Stage block's
 * @param {object} stage
 * @param {ConstraintDirection} stage.direction
 * @param {number} stage.directionIndex
 * @param {number} stage.colour
 * @param {number} stage.solverKind the core's code for the solver
 * @param {FamilyRule} stage.rule of the direction's family
 * @param {boolean} stage.firstIteration
 */
export function writeStage(target, offset, layout, { direction, directionIndex, colour, solverKind, rule, firstIteration }) {
  writeUniforms(target, offset, layout, {
    offset: direction.offset,
    direction: directionIndex,
    colourAxis: direction.colourAxis === 'column' ? 0 : 1,
    colourPeriod: direction.colourPeriod,
    colour,
    solver: solverKind,
    firstIteration,
    rule: [rule.alphaTilde, rule.stiffness, rule.stretchGain, rule.shrinkGain],
  });
}
