// How far a GPU step is from the memory-bandwidth limit (issue 28, "the limit stated"): the
// bytes each pass of one fixed step must move, counted from a pass list that mirrors the shaders
// access by access, and the time those bytes take at the GPU's memory bandwidth, beside the ms/step
// measured on an H100, and the tiled substeps' beside their ms/step on an H200 (docs/real-gpus.md,
// "How far from the limit").
//
// What is counted: the minimum traffic. Each dispatch (WebGPU) or draw (WebGL2) is run over the
// scene's real grid, pins and constraint colouring, invocation by invocation, and every storage
// element or texel its shader must read or write is counted once per dispatch: read where the
// dispatch reads it before writing it, written where it writes it at all. A value read twice in
// one dispatch (a neighbour's position for the normal, a pair's partner) counts once, as if the
// caches held everything within a dispatch and nothing between two. Uniforms (the Substep and
// Stage structs, the colliders) are not counted: a few hundred bytes a dispatch, the same for
// every workgroup. Where a shader names a buffer this scene does not need (a `select` that
// evaluates both sides, a value read only on a later iteration) it is not counted, and the pass
// says why in `notNeeded`. Memory moves in 32-byte sectors, so a pass touching 4 bytes of a
// particle's 32 (a rest length, a multiplier) moves more than this counts: the bound is a floor.
//
// The per-pass accesses live here once, each with the shader it follows. After a change to a
// pass, tests/node/bandwidth-bound.test.js fails until this list is re-counted: it checks the
// buffers each WGSL and GLSL pass names, the buffer sizes and the dispatches the WebGPU cloth
// encodes (on a stand-in device), and the constraint pairs against the core's counts.
//
//   node tests/bench/bandwidth-bound.mjs            # the docs' tables (H100_TIMINGS, H200_TILED_TIMINGS)
//   node tests/bench/bandwidth-bound.mjs --passes   # and the bytes of each pass per size

import { PAPERS_COLLIDERS, SCENE_COLLIDERS, benchSettings, papersSettings } from './scene.js';

/**
 * The H100 SXM5 (NVIDIA H100 80GB HBM3, PCI device 0x2330): NVIDIA's figure for its HBM3, bytes/s.
 * The real-GPU tables were timed on that part (docs/real-gpus.md).
 */
export const H100_SXM_BYTES_PER_SECOND = 3.35e12;

/**
 * The H200 (141 GB HBM3e, SXM and NVL alike): NVIDIA's figure for its memory, bytes/s. The tiled
 * substeps were timed on one (docs/real-gpus.md).
 */
export const H200_BYTES_PER_SECOND = 4.8e12;

/**
 * The per-particle element of each buffer or texture a pass touches, and how many a particle has.
 * WebGPU: web/backends/webgpu/state-buffers.js (bytesPerParticleOf), shaders/webgpu/state.wgsl.
 * WebGL2, float state: web/backends/webgl2/state-textures.js (RGBA32F vectors, R32F inverse
 * masses, REST_LENGTH_TEXTURES RGBA32F rest-length texels), render targets the same formats.
 * @param {{ restLengthsPerParticle: number, directionCount: number, restLengthTextures: number }} constants the core's
 */
export function elementsOf({ restLengthsPerParticle, directionCount, restLengthTextures }) {
  return {
    webgpu: {
      positions: { bytes: 16, perParticle: 1 },
      working: { bytes: 16, perParticle: 1 },
      predicted: { bytes: 16, perParticle: 1 },
      velocities: { bytes: 16, perParticle: 1 },
      inverseMasses: { bytes: 4, perParticle: 1 },
      restLengths: { bytes: 4, perParticle: restLengthsPerParticle },
      lambdas: { bytes: 4, perParticle: directionCount },
      silents: { bytes: 16, perParticle: 1 },
    },
    webgl2: {
      positions: { bytes: 16, perParticle: 1 },        // the texture a pass reads (uPosition)
      positionsOut: { bytes: 16, perParticle: 1 },     // the render target it writes (ping-pong)
      velocities: { bytes: 16, perParticle: 1 },
      velocitiesOut: { bytes: 16, perParticle: 1 },
      predicted: { bytes: 16, perParticle: 1 },
      inverseMasses: { bytes: 4, perParticle: 1 },
      restLengths: { bytes: 16, perParticle: restLengthTextures },  // a whole RGBA32F texel is fetched for one channel
    },
  };
}

/**
 * A scene as the passes see it.
 * @typedef {object} Scene
 * @property {number} columns
 * @property {number} rows
 * @property {number} patchColumns of one patch (the grid's own for one cloth)
 * @property {number} patchRows
 * @property {number} substeps
 * @property {boolean} drag wind drag on: predict works out the normal from the neighbours' positions
 * @property {boolean} firstIterationOnly every constrain stage is its substep's first iteration (iterations 1)
 * @property {boolean} selfCollision
 * @property {{ kind: string, direction?: number, colour?: number }[]} schedule the core's stages of one substep
 * @property {ArrayLike<number>} inverseMasses per particle, 0 where pinned
 * @property {{ offset: number[], colourAxis: string, colourPeriod: number }[]} directions the core's
 * @property {{ restLengthsPerParticle: number, directionCount: number, restLengthChannels: number, restLengthTextures: number }} constants the core's
 */

/**
 * What one invocation (WebGPU) or fragment (WebGL2) of a pass can see of the scene.
 * @param {Scene} scene
 */
export function contextOf(scene) {
  const { columns, rows, patchColumns, patchRows, inverseMasses, directions } = scene;
  const inGrid = (/** @type {number} */ x, /** @type {number} */ y) => x >= 0 && y >= 0 && x < columns && y < rows;
  const samePatch = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ u, /** @type {number} */ v) =>
    Math.floor(x / patchColumns) === Math.floor(u / patchColumns) && Math.floor(y / patchRows) === Math.floor(v / patchRows);
  const colourOf = (/** @type {number} */ direction, /** @type {number} */ x, /** @type {number} */ y) => {
    const { colourAxis, colourPeriod } = directions[direction];
    return Math.floor((colourAxis === 'column' ? x : y) / colourPeriod) % 2;
  };
  /**
   * The pair of `stage` that particle `index` starts (as first), or null: grid.wgsl's inPatchOf
   * and constrain.wgsl's colourOf.
   * @param {number} index
   * @param {{ direction: number, colour: number }} stage
   */
  const pairStartedBy = (index, { direction, colour }) => {
    const x = index % columns;
    const y = (index - x) / columns;
    const [dx, dy] = directions[direction].offset;
    if (!inGrid(x + dx, y + dy) || !samePatch(x, y, x + dx, y + dy) || colourOf(direction, x, y) !== colour) return null;
    return { first: index, second: (y + dy) * columns + x + dx };
  };
  return {
    columns,
    free: (/** @type {number} */ index) => inverseMasses[index] !== 0,
    pairStartedBy,
    /**
     * The pair of `stage` the particle is first or second of (constrain.frag.glsl's isFirst, isSecond).
     * @param {number} index
     * @param {{ direction: number, colour: number }} stage
     */
    pairOf(index, stage) {
      const started = pairStartedBy(index, stage);
      if (started) return started;
      const x = index % columns;
      const y = (index - x) / columns;
      const [dx, dy] = directions[stage.direction].offset;
      return inGrid(x - dx, y - dy) ? pairStartedBy((y - dy) * columns + x - dx, stage) : null;
    },
    /**
     * The four neighbours normals.wgsl / normals.glsl read (central differences, one-sided at a patch's edges).
     * @param {number} index
     */
    normalNeighbours(index) {
      const x = index % columns;
      const y = (index - x) / columns;
      const firstX = x - (x % patchColumns);
      const firstY = y - (y % patchRows);
      const lastX = firstX + patchColumns - 1;
      const lastY = firstY + patchRows - 1;
      return [y * columns + Math.max(x - 1, firstX), y * columns + Math.min(x + 1, lastX),
        Math.max(y - 1, firstY) * columns + x, Math.min(y + 1, lastY) * columns + x];
    },
  };
}

/** @typedef {ReturnType<typeof contextOf>} Context */
/** @typedef {(buffer: string, element: number, access: 'read' | 'write') => void} Touch */
/**
 * @typedef {object} Pass
 * @property {string} shader the file it follows
 * @property {string} entry its entry point (WGSL) or the pass's fragment shader
 * @property {(index: number, context: Context, touch: Touch, scene: Scene, stage: any) => void} visit
 *   one invocation's (fragment's) accesses, in the shader's order
 * @property {Record<string, string>} notNeeded buffers the shader names that this scene's step
 *   needs no byte of, and why
 */

/**
 * The WebGPU passes (web/backends/webgpu/webgpu-cloth.js encodes one per stage; compute-passes.js
 * binds shaders/webgpu/state.wgsl's buffers to each), one invocation per particle.
 * @type {Record<'predict' | 'constrain' | 'collide', Pass>}
 */
export const WEBGPU_PASSES = {
  // shaders/webgpu/predict.wgsl predictParticle, with normals.wgsl's gridNormal (positionAt: positions).
  predict: {
    shader: 'shaders/webgpu/predict.wgsl', entry: 'predict', notNeeded: {},
    visit(index, context, touch, scene) {
      touch('positions', index, 'read');
      touch('inverseMasses', index, 'read');
      if (context.free(index)) {
        touch('velocities', index, 'read');
        if (scene.drag) for (const neighbour of context.normalNeighbours(index)) touch('positions', neighbour, 'read');
      }
      touch('working', index, 'write');
      touch('predicted', index, 'write');
      touch('velocities', index, 'write');
    },
  },
  // shaders/webgpu/constrain.wgsl constrainPairOf: an invocation per particle that starts a pair of
  // the stage's direction and colour; it reads and moves both particles in place.
  constrain: {
    shader: 'shaders/webgpu/constrain.wgsl', entry: 'constrain',
    notNeeded: { lambdas: 'read only after a substep\'s first iteration (`select(lambdas[slot], 0.0, firstIteration)`); written, and counted' },
    visit(index, context, touch, scene, stage) {
      const pair = context.pairStartedBy(index, stage);
      if (!pair) return;
      const slot = pair.first * scene.constants.directionCount + stage.direction;
      if (!scene.firstIterationOnly) touch('lambdas', slot, 'read');
      touch('inverseMasses', pair.first, 'read');
      touch('inverseMasses', pair.second, 'read');
      touch('working', pair.first, 'read');
      touch('working', pair.second, 'read');
      if (context.free(pair.first) || context.free(pair.second)) {
        touch('restLengths', pair.first * scene.constants.restLengthsPerParticle + stage.direction, 'read');
        touch('working', pair.first, 'write');
        touch('working', pair.second, 'write');
      }
      touch('lambdas', slot, 'write');
    },
  },
  // shaders/webgpu/collide.wgsl collideParticle, self-collision off.
  collide: {
    shader: 'shaders/webgpu/collide.wgsl', entry: 'collide',
    notNeeded: {
      silents: 'read only with self-collision (`select(vec3f(0.0), silents[index].xyz, separated)`)',
      positions: 'read only with self-collision (`select(working[index].xyz, positions[index].xyz, separated)`); written, and counted',
    },
    visit(index, context, touch) {
      touch('working', index, 'read');
      touch('inverseMasses', index, 'read');
      if (!context.free(index)) {
        // The shader loads the velocity before it branches; a pinned particle needs none of it.
        touch('positions', index, 'write');
        return;
      }
      touch('velocities', index, 'read');
      touch('predicted', index, 'read');
      touch('positions', index, 'write');
      touch('velocities', index, 'write');
    },
  },
};

/**
 * The WebGL2 passes, float state (web/backends/webgl2/gpu-cloth.js draws one per stage; every
 * fragment of the grid runs and writes its texels: positions ping-pong between three textures,
 * velocities between two).
 * @type {Record<'predict' | 'constrain' | 'collide', Pass>}
 */
export const WEBGL2_PASSES = {
  // shaders/webgl2/predict.frag.glsl, with normals.glsl's gridNormal (positionAt: uPosition) and
  // solver-write-motion.glsl's write(): position and velocity targets (MRT).
  predict: {
    shader: 'shaders/webgl2/predict.frag.glsl', entry: 'predict', notNeeded: {},
    visit(index, context, touch, scene) {
      touch('positions', index, 'read');
      touch('inverseMasses', index, 'read');
      if (context.free(index)) {
        touch('velocities', index, 'read');
        if (scene.drag) for (const neighbour of context.normalNeighbours(index)) touch('positions', neighbour, 'read');
      }
      touch('positionsOut', index, 'write');
      touch('velocitiesOut', index, 'write');
    },
  },
  // shaders/webgl2/constrain.frag.glsl: every fragment reads itself and writes its position; one
  // of a pair reads its partner, both inverse masses and the first's rest-length texel.
  constrain: {
    shader: 'shaders/webgl2/constrain.frag.glsl', entry: 'constrain', notNeeded: {},
    visit(index, context, touch, scene, stage) {
      touch('positions', index, 'read');
      const pair = context.pairOf(index, stage);
      if (pair) {
        touch('inverseMasses', pair.first, 'read');
        touch('inverseMasses', pair.second, 'read');
        touch('positions', pair.second, 'read');
        touch('positions', pair.first, 'read');
        if (context.free(pair.first) || context.free(pair.second)) {
          const { restLengthChannels } = scene.constants;
          touch('restLengths', pair.first * scene.constants.restLengthTextures + Math.floor(stage.direction / restLengthChannels), 'read');
        }
      }
      touch('positionsOut', index, 'write');
    },
  },
  // shaders/webgl2/collide.frag.glsl, SELF_COLLISION 0.
  collide: {
    shader: 'shaders/webgl2/collide.frag.glsl', entry: 'collide', notNeeded: {},
    visit(index, context, touch) {
      touch('positions', index, 'read');
      touch('velocities', index, 'read');
      touch('inverseMasses', index, 'read');
      if (context.free(index)) touch('predicted', index, 'read');
      touch('positionsOut', index, 'write');
      touch('velocitiesOut', index, 'write');
    },
  },
};

export const PASSES = { webgpu: WEBGPU_PASSES, webgl2: WEBGL2_PASSES };

/**
 * Whether WebGPU steps the scene as one dispatch of the patch step (web/backends/webgpu/patch-step.js
 * fits: predict, constrain stages, collide and nothing else; patches of at most 256 particles,
 * a workgroup each), as it does once that pipeline is made.
 * @param {Scene} scene
 */
export function runsAsPatchStep(scene) {
  const { schedule } = scene;
  const plain = schedule[0]?.kind === 'predict' && schedule.at(-1)?.kind === 'collide' &&
    schedule.slice(1, -1).every((stage) => stage.kind === 'constrain') && schedule.length > 2;
  return plain && scene.patchColumns * scene.patchRows <= 256;
}

/**
 * The dispatches (WebGPU) or draws (WebGL2) of one fixed step, in order: each a list of the stages
 * it runs. One stage each; for the patch step, every stage of every substep in one; for the tiled
 * substeps (web/backends/webgpu/tile-substep.js), a substep's stages in each.
 * @param {'webgpu' | 'webgl2'} backend
 * @param {Scene} scene
 * @param {{ patchStep?: boolean, tiled?: boolean }} [options] patchStep false: WebGPU's passes of their
 *   own even where the patch step runs; tiled: WebGPU's tiled substeps where the patch step does not
 *   run (as on a device that grants the tiles their workgroup memory)
 * @returns {{ name: string, stages: { pass: string, stage: object }[] }[]}
 */
export function passList(backend, scene, { patchStep = true, tiled = false } = {}) {
  if (scene.selfCollision) throw new Error('bandwidth-bound: self-collision\'s passes are not counted');
  const substep = scene.schedule.map((stage) => {
    if (!(stage.kind in PASSES[backend])) throw new Error(`bandwidth-bound: no ${backend} pass for the stage '${stage.kind}'`);
    return { pass: stage.kind, stage };
  });
  const steps = Array.from({ length: scene.substeps }, () => substep);
  if (backend === 'webgpu' && patchStep && runsAsPatchStep(scene)) return [{ name: 'patch step', stages: steps.flat() }];
  if (backend === 'webgpu' && tiled) return steps.map((stages) => ({ name: 'tile substep', stages }));
  return steps.flat().map((stage) => ({ name: stage.pass, stages: [stage] }));
}

/**
 * The minimum bytes one dispatch or draw moves: its stages' invocations run in order over every
 * particle, each element counted once (read if read before it is written, written if written).
 * @param {'webgpu' | 'webgl2'} backend
 * @param {Scene} scene
 * @param {{ pass: string, stage: object }[]} stages
 * @param {Set<string>} [held] buffers the dispatch keeps in workgroup memory or registers instead: not counted
 */
function dispatchBytes(backend, scene, stages, held = new Set()) {
  const elements = elementsOf(scene.constants)[backend];
  const context = contextOf(scene);
  const particles = scene.columns * scene.rows;
  /** @type {Map<string, Uint8Array>} per element: 1 read first, 2 written (first or after) */
  const seen = new Map();
  const bytes = { read: 0, written: 0 };
  /** @type {Touch} */
  const touch = (buffer, element, access) => {
    if (held.has(buffer)) return;
    const { bytes: size, perParticle } = elements[/** @type {keyof typeof elements} */ (buffer)] ?? {};
    if (size === undefined) throw new Error(`bandwidth-bound: '${buffer}' is not a ${backend} buffer`);
    let flags = seen.get(buffer);
    if (!flags) seen.set(buffer, flags = new Uint8Array(particles * perParticle));
    const was = flags[element];
    if (access === 'read') {
      if (was === 0) { flags[element] = 1; bytes.read += size; }
    } else if (!(was & 2)) {
      flags[element] = was | 2;
      bytes.written += size;
    }
  };
  const passes = PASSES[backend];
  for (const { pass, stage } of stages) {
    const { visit } = passes[/** @type {keyof typeof passes} */ (pass)];
    for (let index = 0; index < particles; index++) visit(index, context, touch, scene, stage);
  }
  return bytes;
}

/**
 * What the fused steps keep in workgroup memory and registers between their stages: the
 * predictions, the constrained positions, the multipliers. Of the state the patch step
 * (shaders/webgpu/patch-step.wgsl) writes only positions and velocities, once a step; a tiled
 * substep (tile-substep.wgsl) its end, once a substep, into the scratch pair (working and
 * predicted, the same bytes as the positions and velocities counted here).
 */
const heldByFusedStep = new Set(['working', 'predicted', 'lambdas']);

/**
 * Counts one fixed step. Every substep runs the same stages over the same particles, so a pass
 * of its own moves the same bytes in each, and the patch step's later substeps touch no element
 * its first did not: one substep is run, and a pass's bytes times the substeps are the step's.
 * @param {'webgpu' | 'webgl2'} backend
 * @param {Scene} scene
 * @param {{ patchStep?: boolean, tiled?: boolean }} [options] passList's
 */
export function countStep(backend, scene, options = {}) {
  const list = passList(backend, scene, options);
  const particles = scene.columns * scene.rows;
  const perSubstep = scene.schedule.length;
  /** @type {{ name: string, stage: object, read: number, written: number }[]} */
  const passes = [];
  let bytesPerStep = 0;
  if (list.length === 1 && list[0].name === 'patch step') {
    const { read, written } = dispatchBytes(backend, scene, list[0].stages.slice(0, perSubstep), heldByFusedStep);
    passes.push({ name: 'patch step', stage: {}, read, written });
    bytesPerStep = read + written;
  } else if (list[0].name === 'tile substep') {
    // A tile's halo is read again by its neighbour tiles in the same dispatch: counted once.
    const { read, written } = dispatchBytes(backend, scene, list[0].stages, heldByFusedStep);
    passes.push({ name: 'tile substep', stage: {}, read, written });
    bytesPerStep = (read + written) * scene.substeps;
  } else {
    for (const { name, stages } of list.slice(0, perSubstep)) {
      const { read, written } = dispatchBytes(backend, scene, stages);
      passes.push({ name, stage: stages[0].stage, read, written });
      bytesPerStep += (read + written) * scene.substeps;
    }
  }
  return { dispatchesPerStep: list.length, bytesPerStep, bytesPerParticlePerStep: bytesPerStep / particles, passes, particles };
}

/**
 * A scene from the core: the bench's cloth (tests/bench/scene.js benchSettings, the sphere) or the
 * sea of papers (papersSettings, the plane and the ball), with the schedule, pins and colouring
 * the core gives it.
 * @param {import('../../web/index.js').Nuno} nuno
 * @param {{ size: number } | { papers: number }} which
 * @returns {Scene}
 */
export function sceneOf(nuno, which) {
  const isPapers = 'papers' in which;
  const cloth = isPapers ? nuno.createPatches(papersSettings(which.papers)) : nuno.createCloth(benchSettings(which.size));
  try {
    for (const collider of isPapers ? PAPERS_COLLIDERS : SCENE_COLLIDERS) cloth.addCollider(collider);
    const { settings } = cloth;
    return {
      columns: settings.columns, rows: settings.rows,
      patchColumns: settings.patchColumns || settings.columns, patchRows: settings.patchRows || settings.rows,
      substeps: settings.substeps,
      drag: settings.windNormalDrag > 0 || settings.windTangentialDrag > 0,
      firstIterationOnly: settings.iterations === 1,
      selfCollision: settings.selfCollisionThickness > 0,
      schedule: cloth.substepSchedule(),
      inverseMasses: Float32Array.from(cloth.inverseMasses),
      directions: nuno.directions,
      constants: nuno.gpuConstants,
    };
  } finally {
    cloth.dispose();
  }
}

/**
 * ms/step on the H100 SXM5 (docs/real-gpus.md), [low, high] where the runs differed: the newest
 * table with every size on both backends, "The patch step and the demo on WebGPU" (nuno 90ab954,
 * Chromium 156, ANGLE on Vulkan, hardware WebGPU in the same page, XPBD 10 x 1, the bench's scenes).
 */
export const H100_TIMINGS = {
  source: 'docs/real-gpus.md, "The patch step and the demo on WebGPU", nuno 90ab954',
  machine: 'H100 SXM5',
  bandwidth: H100_SXM_BYTES_PER_SECOND,
  backends: [{ key: 'webgpu', name: 'WebGPU', backend: 'webgpu' }, { key: 'webgl2', name: 'WebGL2 float', backend: 'webgl2' }],
  rows: [
    { label: '64²', which: { size: 64 }, webgpu: [0.67, 1.04], webgl2: [1.52, 1.52] },
    { label: '128²', which: { size: 128 }, webgpu: [0.63, 0.96], webgl2: [1.58, 1.58] },
    { label: '256²', which: { size: 256 }, webgpu: [0.97, 1.06], webgl2: [3.85, 3.85] },
    { label: '512²', which: { size: 512 }, webgpu: [1.08, 1.08], webgl2: [13.5, 13.5] },
    { label: '1024²', which: { size: 1024 }, webgpu: [5.5, 5.5], webgl2: [51.0, 51.0] },
    { label: '64 x 64 papers', which: { papers: 64 }, webgpu: [0.505, 0.52], webgl2: [13.2, 13.2] },
    { label: '128 x 128 papers', which: { papers: 128 }, webgpu: [1.68, 1.84], webgl2: [51.1, 51.1] },
  ],
};

/**
 * ms/step of the tiled substeps and the passes on the H200 (docs/real-gpus.md, "Tiles at every
 * size"), [low, high] over the five runs of nuno 1f513c5 in one lease (Chromium 156, hardware
 * WebGPU, XPBD 10 x 1, the bench's scene).
 * @type {typeof H100_TIMINGS}
 */
export const H200_TILED_TIMINGS = {
  source: 'docs/real-gpus.md, "Tiles at every size", nuno 1f513c5',
  machine: 'H200',
  bandwidth: H200_BYTES_PER_SECOND,
  backends: [{ key: 'tiled', name: 'WebGPU, tiled', backend: 'webgpu', options: { tiled: true } },
    { key: 'passes', name: 'WebGPU, passes', backend: 'webgpu' }],
  rows: [
    { label: '64²', which: { size: 64 }, tiled: [0.150, 0.203], passes: [0.998, 1.04] },
    { label: '128²', which: { size: 128 }, tiled: [0.206, 0.217], passes: [0.648, 1.17] },
    { label: '256²', which: { size: 256 }, tiled: [0.315, 0.320], passes: [0.756, 1.19] },
    { label: '512²', which: { size: 512 }, tiled: [0.611, 0.615], passes: [1.01, 1.15] },
    { label: '1024²', which: { size: 1024 }, tiled: [2.31, 2.31], passes: [4.14, 4.20] },
  ],
};

/** @param {number[]} range @param {(value: number) => string} format */
const shownRange = ([low, high], format) => (format(low) === format(high) ? format(low) : `${format(low)}-${format(high)}`);
const twoFigures = (/** @type {number} */ value) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value >= 1 ? value.toFixed(2) : String(Number(value.toPrecision(3))));
const withCommas = (/** @type {number} */ value) => Math.round(value).toLocaleString('en-US');
const megabytes = (/** @type {number} */ bytes) => (bytes >= 1e8 ? withCommas(bytes / 1e6) : (bytes / 1e6).toPrecision(3));

/**
 * A table of docs/real-gpus.md's "How far from the limit": per size and backend the measured
 * ms/step, the dispatches or draws, the bytes, the bound at the timings' machine's bandwidth and
 * measured / bound.
 * @param {import('../../web/index.js').Nuno} nuno
 * @param {{ timings?: typeof H100_TIMINGS, withPasses?: boolean }} [options]
 */
export function limitTable(nuno, { timings = H100_TIMINGS, withPasses = false } = {}) {
  const { bandwidth } = timings;
  const lines = [
    `| scene | backend | ms/step (${timings.machine}) | dispatches or draws / step | B / particle / step | MB / step | bound, ms | measured / bound |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const passLines = [];
  /** @type {string[]} */
  const notes = [];
  for (const { label, which, ...measured } of timings.rows) {
    const scene = sceneOf(nuno, which);
    for (const { key, name, backend, options } of timings.backends) {
      const count = countStep(backend, scene, options);
      const boundMs = (count.bytesPerStep / bandwidth) * 1e3;
      const ms = /** @type {Record<string, number[]>} */ (measured)[key];
      const calls = `${count.dispatchesPerStep}${count.dispatchesPerStep === 1 ? ' (patch step)' : ''}`;
      lines.push(`| ${label} | ${name} | ${shownRange(ms, twoFigures)} | ${calls} | ${withCommas(count.bytesPerParticlePerStep)} | ` +
        `${megabytes(count.bytesPerStep)} | ${boundMs.toPrecision(2)} | ${shownRange(ms.map((value) => value / boundMs), (r) => `${twoFigures(r)}x`)} |`);
      if (backend === 'webgpu' && count.dispatchesPerStep === 1) {
        const asPasses = countStep(backend, scene, { patchStep: false });
        notes.push(`${label}, ${name}: the same stages as passes of their own would move ${withCommas(asPasses.bytesPerParticlePerStep)} B a particle ` +
          `(${megabytes(asPasses.bytesPerStep)} MB, ${((asPasses.bytesPerStep / bandwidth) * 1e3).toPrecision(2)} ms at the bound) in ${asPasses.dispatchesPerStep} dispatches`);
      }
      if (withPasses) {
        passLines.push(`${label}, ${name}: ${count.particles} particles, ${withCommas(count.bytesPerStep)} B a step`);
        for (const pass of count.passes) {
          const where = 'direction' in pass.stage ? ` d${pass.stage.direction} c${pass.stage.colour}` : '';
          passLines.push(`  ${pass.name}${where}: read ${(pass.read / count.particles).toFixed(2)} B/particle, written ${(pass.written / count.particles).toFixed(2)}`);
        }
      }
    }
  }
  return { table: lines.join('\n'), notes: notes.join('\n'), passes: passLines.join('\n') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadNuno } = await import('../../web/index.js');
  const nuno = await loadNuno();
  for (const timings of [H100_TIMINGS, H200_TILED_TIMINGS]) {
    const { table, notes, passes } = limitTable(nuno, { timings, withPasses: process.argv.includes('--passes') });
    console.log(`${timings.machine} at ${timings.bandwidth / 1e12} TB/s; ms/step from ${timings.source}\n`);
    console.log(table);
    if (notes) console.log(`\n${notes}`);
    if (passes) console.log(`\n${passes}`);
    console.log('');
  }
}
