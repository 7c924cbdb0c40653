// The bytes of the GPU passes' Substep and Stage structs, for the WebGPU kernels' uniform buffers
// and the WebGL2 passes' struct uniforms alike (web/backends/webgl2/struct-uniforms.js). The core
// lays the structs out from one table (src/tools/gpu_uniforms.cpp) and says where each field is;
// this writes the values by name, the settings a kernel reads straight from the cloth's
// settings. On WebGPU each struct sits in a slot rounded up to the device's offset alignment.

/** @typedef {import('../gpu/gpu-constants.js').UniformLayout} UniformLayout */
/** @typedef {import('../../index.js').ResolvedClothSettings} ResolvedClothSettings */
/** @typedef {import('../../index.js').SubstepFactors} SubstepFactors */
/** @typedef {import('../../cloth-model.js').PackedColliders} PackedColliders */
/** @typedef {import('../../index.js').ConstraintDirection} ConstraintDirection */
/** @typedef {import('../../index.js').FamilyRule} FamilyRule */
/** @typedef {import('./gpu-cloth-over-setup.js').AttachedMotion} AttachedMotion */

/**
 * @param {number} bytes
 * @param {number} alignment
 */
export function slotBytes(bytes, alignment) {
  return Math.ceil(bytes / alignment) * alignment;
}

/**
 * A buffer's views by scalar type, made at its first use: a step writes ten substeps' fields into
 * one buffer (WebGPU) and WebGL2 sets its struct uniforms from one, pass after pass.
 * @type {WeakMap<ArrayBuffer, { f32: Float32Array, u32: Uint32Array, i32: Int32Array }>}
 */
const scalarViews = new WeakMap();

/**
 * The views of `target` by scalar type, whole.
 * @param {ArrayBuffer} target
 */
export function scalarViewsOf(target) {
  let views = scalarViews.get(target);
  if (!views) {
    views = { f32: new Float32Array(target), u32: new Uint32Array(target), i32: new Int32Array(target) };
    scalarViews.set(target, views);
  }
  return views;
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
  if (offset % 4 !== 0 || offset + layout.bytes > target.byteLength) {
    throw new Error(`nuno: a uniform block of ${layout.bytes} bytes at ${offset} does not fit its ${target.byteLength}-byte buffer`);
  }
  const views = scalarViewsOf(target);
  for (const [name, value] of Object.entries(values)) {
    const field = layout.fields[name];
    if (!field) throw new Error(`nuno: the uniform struct has no field '${name}'`);
    const at = (offset + field.offset) / 4;
    if (typeof value === 'number' || typeof value === 'boolean') {
      views[field.scalar][at] = Number(value);
      continue;
    }
    const capacity = field.components * Math.max(field.length, 1);
    if (value.length > capacity) throw new Error(`nuno: uniform '${name}' holds ${capacity} numbers, got ${value.length}`);
    views[field.scalar].set(value, at);
  }
}

/**
 * The Substep fields a kernel reads straight from the cloth's settings, by name, worked out once a layout.
 * @type {WeakMap<UniformLayout, string[]>}
 */
const settingFieldNames = new WeakMap();

/**
 * @param {UniformLayout} layout
 */
function settingFieldsOf(layout) {
  let names = settingFieldNames.get(layout);
  if (!names) {
    names = Object.entries(layout.fields).filter(([, field]) => field.setting).map(([name]) => name);
    settingFieldNames.set(layout, names);
  }
  return names;
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
 * @param {boolean} substep.last whether it is the step's last substep
 * @param {[number, number]} substep.gridSize
 * @param {[number, number]} substep.patchSize
 * @param {Float32Array | null} substep.gustWaves the core's waves at this substep, or null without gusts
 * @param {PackedColliders} substep.colliders
 * @param {Float32Array} substep.depenetration metres per collider this substep (depenetrationMetres)
 * @param {AttachedMotion | null} substep.attached where this substep puts the attached particles; null with none
 */
export function writeSubstep(target, offset, layout, { settings, factors, substepSeconds, last, gridSize, patchSize, gustWaves, colliders, depenetration, attached }) {
  const kindFrictionDepenetration = new Float32Array(4 * colliders.count);
  for (let i = 0; i < colliders.count; i++) {
    kindFrictionDepenetration.set([colliders.kinds[i], colliders.frictions[i], depenetration[i]], 4 * i);
  }
  /** @type {Record<string, any>} */
  const fromSettings = settings;
  /** @type {Record<string, any>} */
  const values = {
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
    attachedCount: attached?.count ?? 0,
    attachProgress: attached?.progress ?? 0,
    attachInverseSeconds: attached?.inverseSeconds ?? 0,
    readsApproach: last,
  };
  for (const name of settingFieldsOf(layout)) if (!Object.hasOwn(values, name)) values[name] = fromSettings[name];
  writeUniforms(target, offset, layout, values);
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
export function writeStage(target, offset, layout, { rule, ...structure }) {
  writeUniforms(target, offset, layout, { ...stageStructure(structure), rule: [rule.alphaTilde, rule.stiffness, rule.stretchGain, rule.shrinkGain] });
}

/**
 * A constrain stage's Stage fields but its rule: what the schedule fixes (the fused steps'
 * pipelines compile them in), where the rule follows the settings.
 * @param {object} stage
 * @param {ConstraintDirection} stage.direction
 * @param {number} stage.directionIndex
 * @param {number} stage.colour
 * @param {number} stage.solverKind the core's code for the solver
 * @param {boolean} stage.firstIteration
 * @returns {Record<string, number | boolean | readonly number[]>}
 */
export function stageStructure({ direction, directionIndex, colour, solverKind, firstIteration }) {
  return {
    offset: direction.offset,
    direction: directionIndex,
    colourAxis: direction.colourAxis === 'column' ? 0 : 1,
    colourPeriod: direction.colourPeriod,
    colour,
    solver: solverKind,
    firstIteration,
  };
}

/**
 * The Stage slots of a step with these parameters: one per constrain stage of the schedule, in
 * order, then one per self-collision bucket layer (the WebGPU bucket passes read them).
 * @param {{ settings: import('../../index.js').ResolvedClothSettings, rules: FamilyRule[], schedule: readonly import('../../index.js').SubstepStage[] }} parameters
 * @param {import('./gpu-constants.js').GpuTables} tables
 * @param {number} slot bytes per slot (slotBytes)
 * @param {number} bucketLayers
 * @returns {ArrayBuffer}
 */
export function stageSlots({ settings, rules, schedule }, { constants, directions, uniformLayouts }, slot, bucketLayers) {
  const families = ['structural', 'shear', 'bending'];
  const constrainStages = schedule.flatMap((stage) => (stage.kind === 'constrain' ? [stage] : []));
  const bytes = new ArrayBuffer((constrainStages.length + bucketLayers) * slot);
  for (let layer = 0; layer < bucketLayers; layer++) writeBucketStage(bytes, (constrainStages.length + layer) * slot, uniformLayouts.stage, layer);
  const solverKind = constants.solverKinds[settings.solver];
  constrainStages.forEach((stage, index) => {
    const direction = directions[stage.direction];
    writeStage(bytes, index * slot, uniformLayouts.stage, {
      direction, directionIndex: stage.direction, colour: stage.colour, solverKind,
      rule: rules[families.indexOf(direction.family)], firstIteration: stage.iteration === 0,
    });
  });
  return bytes;
}
