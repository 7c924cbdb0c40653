// What the cross-engine checks run, with the same scene and tolerances as the Chromium tests
// (tests/browser/gpu.spec.js and demo.spec.js), so every engine is held to one standard.

/** The view every engine shows pages in: the Chromium tests' (playwright.config.js). */
export const viewport = { width: 960, height: 600 };

/**
 * The agreement scene: a 32 x 32, 1 m sheet held level at 0.8 m by its top edge swings down
 * and lies along the ground, for 120 fixed steps (2 s). It moves a lot and touches a collider
 * but never folds onto itself: a fold turns rounding differences of 1e-7 m into centimetres.
 */
export const swingOntoGround = {
  settings: { columns: 32, rows: 32, width: 1, height: 1, orientation: 'horizontal', center: [0, 0.8, 0], pins: 'top-edge', ordering: 'red-black' },
  colliders: [{ type: 'plane', point: [0, 0, 0], normal: [0, 1, 0] }],
  steps: 120,
};

/**
 * The threads check's scene: a cloth large enough for threads (81 x 63, odd sides so particle
 * bands end mid-row) held level by its top edge, swinging down onto a sphere in gusts, for 30 steps.
 */
export const threadsScene = {
  settings: { columns: 81, rows: 63, width: 1, height: 0.8, orientation: 'horizontal', center: [0, 0.9, 0], wind: [1.5, 0, 0.8], windGustSpeed: 1, substeps: 6, iterations: 2 },
  steps: 30,
};

/**
 * The agreement scene for the solid collider kinds: the same sheet swings down onto a crate (a
 * box turned 5 degrees about y, its top 0.25 m up) with a rail (a capsule) lying across it, and
 * settles over both. Chosen for calm: started 2e-7 apart, two CPU runs end 0.007 mm apart after
 * 120 steps (the swing onto the ground: 0.27 mm); draped over a rail at the sheet's balance
 * point, the same nudge grew to 2 mm, which a real GPU's own rounding then showed as GPU vs CPU.
 */
export const swingOverShapes = {
  settings: swingOntoGround.settings,
  colliders: [
    { type: 'box', center: [0, -0.05, 0], halfExtents: [0.9, 0.3, 0.45], rotation: [0, 0.0436194, 0, 0.9990482], friction: 0.5 },
    { type: 'capsule', start: [-0.8, 0.35, -0.35], end: [0.8, 0.35, -0.35], radius: 0.08, friction: 0.5 },
  ],
  steps: 120,
};

/**
 * The agreement scene for mesh colliders: the crate of swingOverShapes as a triangle mesh (its
 * eight corners, twelve triangles) without the rail, so the GPU's field texture and its
 * contact arithmetic meet the CPU's on this device.
 */
export const swingOverMesh = {
  settings: swingOntoGround.settings,
  colliders: [{
    type: 'mesh', center: [0, -0.05, 0], rotation: [0, 0.0436194, 0, 0.9990482], friction: 0.5, resolution: 48,
    vertices: [-0.9, -0.3, -0.45, 0.9, -0.3, -0.45, -0.9, 0.3, -0.45, 0.9, 0.3, -0.45, -0.9, -0.3, 0.45, 0.9, -0.3, 0.45, -0.9, 0.3, 0.45, 0.9, 0.3, 0.45],
    indices: [0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5],
  }],
  steps: 120,
};

/**
 * The self-collision heap's starting shape: a side x side, 1 m sheet stood on its edge 0.6 m up,
 * in shallow waves so it buckles the same way every time: it lands and piles up.
 * @param {number} side particles per row and column
 * @returns {number[]} xyz per particle, row-major
 */
export function wavyHeapPositions(side) {
  const positions = [];
  for (let row = 0; row < side; row++) {
    for (let column = 0; column < side; column++) {
      const [across, down] = [column / (side - 1), row / (side - 1)];
      positions.push(across - 0.5, 1.6 - down, 0.04 * Math.sin(2 * Math.PI * 3 * down) + 0.02 * across);
    }
  }
  return positions;
}

/**
 * The agreement scene for patches (createPatches): 12 papers of 8 x 8 particles (10 x 14 cm) hung
 * by their top corners on a 4 x 3 lattice, swinging in a 0.6 m/s wind with gusts of 1 m/s for
 * 120 steps (2 s; they move about 8 cm). Chosen for calm: started 1e-6 m apart, two CPU runs end
 * 0.013 mm apart; falling papers tumble chaotically (the same nudge grew to 2 m in 2 s), and
 * gusts of 2 m/s made the hanging ones flap enough to reach 0.5 mm.
 */
export const papersInGusts = (() => {
  const [patchesAcross, patchesDown, side] = [4, 3, 8];
  const count = patchesAcross * patchesDown;
  const columns = patchesAcross * side;
  const patchPositions = [];
  const pins = [];
  for (let patch = 0; patch < count; patch++) {
    const [across, down] = [patch % patchesAcross, Math.floor(patch / patchesAcross)];
    patchPositions.push((across - 1.5) * 0.3, 1.2 - down * 0.3, 0);
    const topLeft = down * side * columns + across * side;
    pins.push(topLeft, topLeft + side - 1);
  }
  return {
    patches: {
      patchesAcross, patchesDown, patchColumns: side, patchRows: side, patchWidth: 0.1, patchHeight: 0.14, patchPositions,
      // A quarter turn about x stands each patch up: its rows run down.
      patchRotations: Array.from({ length: count }, () => [Math.SQRT1_2, 0, 0, Math.SQRT1_2]).flat(),
    },
    settings: { pins, wind: [0.5, 0, 0.3], windGustSpeed: 1, windGustWavelength: 1.5 },
    colliders: [],
    steps: 120,
  };
})();

/** The sheet swings down about 0.8 m; less means it did not really run. */
export const minDropMetres = 0.5;
/** GPU float vs the CPU core, max over particles. */
export const gpuCpuToleranceMm = 1;
/** The split half path (phones without float render targets) vs the GPU float path. */
export const halfFloatToleranceMm = 2;

export const solvers = ['xpbd', 'pbd', 'mass-spring'];

/**
 * The demo on each backend, as the address picks it, and what the page must report using.
 * debug=1 makes the renderer check for WebGL errors after every frame: one stops the demo.
 * @typedef {{ label: string, query: string, backend: 'gpu' | 'cpu', precision: 'float' | 'half' }} DemoVariant
 * @type {DemoVariant[]}
 */
export const demoVariants = [
  { label: 'auto', query: '', backend: 'gpu', precision: 'float' },
  { label: 'cpu', query: '?backend=cpu&debug=1', backend: 'cpu', precision: 'float' },
  { label: 'gpu half', query: '?backend=gpu&precision=half&debug=1', backend: 'gpu', precision: 'half' },
];

/** The demo and its sea of papers on the WebGPU backend: Chromium only (no WebGPU in the other engines here). */
export const webGpuDemoVariants = {
  sheet: { label: 'webgpu', query: '?backend=webgpu&debug=1', backend: 'webgpu', precision: 'float' },
  papers: { label: 'webgpu, 8 x 8 papers', query: '?preset=papers&papers=8&backend=webgpu&debug=1', backend: 'webgpu', precision: 'float', particles: 4096 },
};

/**
 * The demo's sea of papers as each engine is asked to run it. Software rendering (SwiftShader,
 * llvmpipe) shades every texel of every pass on the CPU, so the engines run 8 x 8 papers of
 * 8 x 8 particles; the desktop default (64 x 64 papers, 262,144 particles) is checked in
 * Chromium on its own, and the phone's (24 x 24 on the half path) in the phone profile.
 * @type {(DemoVariant & { particles: number })[]}
 */
export const paperVariants = [
  { label: 'gpu, 8 x 8 papers', query: '?preset=papers&papers=8&debug=1', backend: 'gpu', precision: 'float', particles: 4096 },
  { label: 'cpu, 8 x 8 papers', query: '?preset=papers&papers=8&backend=cpu&debug=1', backend: 'cpu', precision: 'float', particles: 4096 },
];

/**
 * How far a GPU twin of a stage may end from the CPU's after the stages of one substep up to it
 * (compareStagesInPage): the stages do the CPU's float operations in its order, and SwiftShader
 * ends at most a few float steps (of a metre) away; a twin's rest length read 1% long moves
 * particles by tenths of a millimetre.
 */
export const stageToleranceMm = 0.005;

/** Stages a backend runs inside the next stage's pass: its positions after them are those before. */
const fusedIntoNext = { gpuMm: ['separate'], webgpuMm: /** @type {string[]} */ ([]) };

/**
 * The stages where a backend's positions are compared with the CPU's, and how far apart (mm).
 * @param {{stage: string, gpuMm: number | null, webgpuMm: number | null}[]} stages from compareStagesInPage
 * @param {'gpuMm' | 'webgpuMm'} backend
 * @returns {{stage: string, deviationMm: number}[]}
 */
export function comparedStages(stages, backend) {
  return stages.filter(({ stage }) => !fusedIntoNext[backend].includes(stage))
    .map((stage) => ({ stage: stage.stage, deviationMm: /** @type {number} */ (stage[backend]) }));
}

/**
 * The first stage where a backend strays past `toleranceMm` from the CPU, or null.
 * @param {{stage: string, gpuMm: number | null, webgpuMm: number | null}[]} stages from compareStagesInPage
 * @param {'gpuMm' | 'webgpuMm'} backend
 * @param {number} toleranceMm
 */
export function firstStageAstray(stages, backend, toleranceMm) {
  return comparedStages(stages, backend).find(({ deviationMm }) => deviationMm > toleranceMm)?.stage ?? null;
}

/**
 * A 12 x 16 sheet of 2 cm spacing folded over in the air between rows 7 and 8, its upper layer
 * `gap` metres above the lower: xyz per particle.
 * @param {number} gap
 */
export function foldedSheet(gap) {
  const { columns, rows, spacing } = pulledThroughFold;
  const folded = new Float32Array(columns * rows * 3);
  for (let row = 0; row < rows; row++) {
    const upper = row > 7;
    for (let column = 0; column < columns; column++) {
      folded.set([column * spacing, upper ? gap : 0, (upper ? rows - 1 - row : row) * spacing], 3 * (row * columns + column));
    }
  }
  return folded;
}

/**
 * The untangling's scene: the fold, a spacing apart and without gravity, with a 2 x 2 block of
 * its upper layer held a spacing below the lower layer for 5 steps with self-collision off
 * (pullThrough), then let go with self-collision on: the cloth must free itself within `steps`
 * fixed steps (2 s).
 */
export const pulledThroughFold = {
  columns: 12, rows: 16, spacing: 0.02,
  block: [11, 12].flatMap((row) => [5, 6].map((column) => row * 12 + column)),  // 12 columns
  steps: 120,
};

/**
 * The fold's settings, self-collision off until pullThrough is done.
 * @returns {import('../../web/index.js').ClothSettings}
 */
export function pulledThroughFoldSettings() {
  const { columns, rows, spacing } = pulledThroughFold;
  return { columns, rows, pins: 'none', positions: foldedSheet(spacing), gravity: [0, 0, 0] };
}

/**
 * Holds the block a spacing below the lower layer for 5 steps, lets it go and turns
 * self-collision on (a spacing thick).
 * @param {{ hold(particle: number, position: number[]): void, release(particle: number): void,
 *   stepFixed(count: number): void, set(changes: object): void }} cloth
 */
export function pullThrough(cloth) {
  const { block, spacing } = pulledThroughFold;
  const folded = foldedSheet(spacing);
  for (const particle of block) cloth.hold(particle, [folded[3 * particle], -spacing, folded[3 * particle + 2]]);
  cloth.stepFixed(5);
  for (const particle of block) cloth.release(particle);
  cloth.set({ selfCollisionThickness: spacing });
}

/**
 * The attachments' scene: a 16 x 16, 1 m sheet hanging by its top edge from a pole that goes
 * half way round a circle 0.3 m wide in 24 frames, the edge attached (cloth.attach) and its targets moved every frame;
 * frames take 2, 1, 0 and 3 fixed steps in turn, so a frame's motion is spread over however
 * many steps it has, or waits for the next. Then the edge is let go for `freeSteps` steps.
 */
export const poleOnACircle = {
  settings: { columns: 16, rows: 16, pins: /** @type {'none'} */ ('none') },
  frames: 24,
  stepsPerFrame: [2, 1, 0, 3],
  freeSteps: 6,
};

/**
 * Where the pole puts the edge in a frame: the edge's rest positions, moved along the circle.
 * @param {Float32Array} rest the cloth's rest positions
 * @param {number} frame
 * @returns {{ particles: number[], targets: number[] }}
 */
export function poleTargets(rest, frame) {
  const { columns } = poleOnACircle.settings;
  const angle = 0.13 * frame;
  const offset = [0.15 * Math.sin(angle), 0, 0.15 * (1 - Math.cos(angle))];
  const particles = Array.from({ length: columns }, (_, column) => column);
  const targets = particles.flatMap((particle) => offset.map((d, axis) => rest[3 * particle + axis] + d));
  return { particles, targets };
}

/**
 * Runs the scene on any cloth made with poleOnACircle.settings: the positions when the last
 * frame's steps end, the last targets, and the positions after the edge was let go.
 * @param {{ attach(particles: number[], targets: number[]): boolean, stepFixed(count: number): void,
 *   readPositions(): Promise<Float32Array>, restPositions?: Float32Array }} cloth
 * @param {Float32Array} rest the cloth's rest positions
 */
export async function swingOnPole(cloth, rest) {
  const { frames, stepsPerFrame, freeSteps } = poleOnACircle;
  let last = poleTargets(rest, 0);
  for (let frame = 1; frame <= frames; frame++) {
    last = poleTargets(rest, frame);
    cloth.attach(last.particles, last.targets);
    cloth.stepFixed(stepsPerFrame[frame % stepsPerFrame.length]);
  }
  // The last frame took steps (24 % 4 = 0: 2 steps), so the edge is at its targets.
  const attached = await cloth.readPositions();
  cloth.attach([], []);
  cloth.stepFixed(freeSteps);
  const letGo = await cloth.readPositions();
  return { attached, targets: last.targets, letGo };
}
