// Tearing's deterministic scene for the browser tests (tearing.spec.js), imported by the page
// itself (page.evaluate's functions stand alone): the cloths compared made in the harness page,
// the contract's sheet pulled by one particle, torn masks counted and compared bit by bit, and
// the cloth drawn by ClothRenderer into pixels. For tearing-webgpu.spec.js's sheet and papers
// alike: the WebGPU pipelines each step sets.

/**
 * A 24 x 24 vertical sheet, 1 m square about (0, 1, 0), hanging from its top corners; tearing
 * past 20 % strain.
 */
export const sheet = {
  columns: 24, rows: 24, width: 1, height: 1, orientation: 'vertical', center: [0, 1, 0], pins: 'top-corners', tearStrain: 0.2,
};
/** The bottom row's middle particle, held 0.8 m below its rest place. */
export const heldParticle = 23 * 24 + 12;
export const pullMetres = 0.8;

/**
 * In the harness page: `settings` on the CPU and on WebGL2 at `precision`, the WebGL2 cloth on the
 * page's canvas; with the package's module (`nuno`, its renderers) and the core it loaded
 * (`loaded`, for more cloths).
 * @param {object} settings
 * @param {'float' | 'half'} [precision]
 */
export async function cpuAndWebGl2(settings, precision = 'float') {
  const nuno = await import('/web/index.js');
  const loaded = await nuno.loadNuno();
  const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
  const cpu = loaded.createCloth(settings);
  const gpu = loaded.createCloth(gl, { ...settings, backend: 'gpu', precision });
  return { nuno, loaded, gl, cpu, gpu };
}

/**
 * Holds the bottom-middle particle `pullMetres` below where it rests.
 * @param {any} cloth
 */
export function pullDown(cloth) {
  const [x, y, z] = cloth.restPositions.slice(3 * heldParticle, 3 * heldParticle + 3);
  cloth.hold(heldParticle, [x, y - pullMetres, z]);
}

/**
 * For pictures, a tear with the sheet still in view (the pull above shreds it: more than half
 * its constraints tear in 10 steps, and the pieces fall out of the picture): the bottom row held,
 * its left half moved 1 cm a step to the left and its right half to the right, at `step` (1, 2...).
 * @param {any} cloth
 * @param {number} step
 */
export function pullApart(cloth, step) {
  const { columns, rows } = cloth;
  for (let column = 0; column < columns; column++) {
    const particle = (rows - 1) * columns + column;
    const [x, y, z] = cloth.restPositions.slice(3 * particle, 3 * particle + 3);
    cloth.hold(particle, [x + (column < columns / 2 ? -0.01 : 0.01) * step, y, z]);
  }
}

/**
 * Torn structural and shear constraints of a mask: its set bits 0-3, counted here so the test
 * does not lean on the count it checks.
 * @param {Uint8Array} mask a byte per particle
 */
export function tornCount(mask) {
  let count = 0;
  for (const bits of mask) for (let d = 0; d < 4; d++) count += (bits >> d) & 1;
  return count;
}

/**
 * Constraints torn in one mask and not in the other.
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
export function tornDifference(a, b) {
  return tornCount(Uint8Array.from(a, (bits, i) => bits ^ b[i]));
}

/**
 * Whether any coordinate is NaN or infinite.
 * @param {Float32Array} positions
 */
export function hasNonFinite(positions) {
  return positions.some((value) => !Number.isFinite(value));
}

/**
 * A stand-in the renderer draws as a CPU cloth: `cloth`'s grid with these positions and this mask.
 * @param {any} cloth
 * @param {Float32Array} positions
 * @param {Uint8Array} tornMask
 */
export function drawable(cloth, positions, tornMask) {
  const { columns, rows, particleCount, triangleIndices, patchCount, settings } = cloth;
  return { backend: 'cpu', columns, rows, particleCount, triangleIndices, patchCount, settings, positions, tornMask };
}

/** The camera 2.5 m in front of the sheet, level with 0.8 m. */
const camera = {
  viewMatrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.8, -2.5, 1]),
  projectionMatrix: new Float32Array([1.81 * 240 / 320, 0, 0, 0, 0, 1.81, 0, 0, 0, 0, -1.02, -1, 0, 0, -0.2, 0]),
};

/**
 * Draws a cloth with ClothRenderer on a black background into `gl`'s canvas (320 x 240) and tells
 * which pixels show cloth (anything lit).
 * @param {any} nuno the package's module (ClothRenderer)
 * @param {WebGL2RenderingContext} gl
 * @param {any} cloth a cloth or a drawable()
 * @param {{ wireframe?: boolean }} [options]
 * @returns {Uint8Array} 1 per pixel showing cloth, rows bottom up
 */
export function clothPixels(nuno, gl, cloth, options = {}) {
  const renderer = new nuno.ClothRenderer(gl, cloth, { background: [0, 0, 0], color: [0.9, 0.9, 0.9], wireframe: options.wireframe ?? false, debug: true });
  renderer.render(camera);
  const { drawingBufferWidth: width, drawingBufferHeight: height } = gl;
  const rgba = new Uint8Array(4 * width * height);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
  renderer.dispose();
  return Uint8Array.from({ length: width * height }, (_, p) => (rgba[4 * p] + rgba[4 * p + 1] + rgba[4 * p + 2] > 30 ? 1 : 0));
}

/**
 * How two pictures of clothPixels() differ: cloth only in the first, only in the second.
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
export function pixelDifference(a, b) {
  let onlyA = 0;
  let onlyB = 0;
  for (let p = 0; p < a.length; p++) {
    if (a[p] && !b[p]) onlyA += 1;
    if (b[p] && !a[p]) onlyB += 1;
  }
  return { onlyA, onlyB, a: a.reduce((sum, v) => sum + v, 0), b: b.reduce((sum, v) => sum + v, 0) };
}

/**
 * In a WebGPU page, from now on: the compute pipelines steps set, by their labels
 * (GPUComputePassEncoder's setPipeline wrapped).
 * `pipelinesOf(steps)`: those `steps()` sets, each once, sorted.
 * `pipelinesOfSteps(cloth, pull)`: 60 single steps, `pull(step)` before each (step 1 to 60); the
 * pipelines of the first step and the kinds the later ones set.
 */
export function watchPipelines() {
  /** @type {string[]} */
  const labels = [];
  const { setPipeline } = GPUComputePassEncoder.prototype;
  GPUComputePassEncoder.prototype.setPipeline = function (pipeline) {
    labels.push(pipeline.label);
    return setPipeline.call(this, pipeline);
  };
  /** @param {() => void} steps */
  const pipelinesOf = (steps) => {
    labels.length = 0;
    steps();
    return [...new Set(labels)].sort().join(', ');
  };
  /**
   * @param {any} cloth
   * @param {(step: number) => void} [pull]
   */
  const pipelinesOfSteps = (cloth, pull) => {
    /** @type {string[]} */
    const steps = [];
    for (let step = 1; step <= 60; step++) {
      pull?.(step);
      steps.push(pipelinesOf(() => cloth.stepFixed(1)));
    }
    return { first: steps[0], later: [...new Set(steps.slice(1))] };
  };
  return { pipelinesOf, pipelinesOfSteps };
}

/**
 * A hole is a hole (tests/native/tearing_test.cpp's APatchFallsThroughASlitTornInASheet): two
 * patches of 12 x 12 (0.55 m, 50 mm a spacing), the first a horizontal sheet 1 m up, the second
 * turned a quarter about z so that it stands on its edge over the sheet's middle, `gapAbove` up,
 * half a cell along z; self-collision 10 mm thick, tearing past 30 %. holdSlitOpen() then tears
 * the sheet between its two middle columns.
 * @param {number} gapAbove metres from the sheet to the standing patch's lower edge
 */
export function slitScene(gapAbove) {
  const spacing = 0.05;
  const side = 11 * spacing;
  return {
    patchesAcross: 1, patchesDown: 2, patchColumns: 12, patchRows: 12, patchWidth: side, patchHeight: side,
    patchPositions: [0, 1, 0, 0, 1 + gapAbove + side / 2, spacing / 2],
    patchRotations: [0, 0, 0, 1, 0, 0, Math.SQRT1_2, Math.SQRT1_2],
    pins: 'none', tearStrain: 0.3, selfCollisionThickness: 0.03,
  };
}

/**
 * Holds every particle of slitScene's sheet with its halves 20 mm apart each way: the constraints
 * between the middle columns stretch 70 % and tear at the first step, opening a slit a cell wide.
 * @param {any} cloth
 */
export function holdSlitOpen(cloth) {
  const rest = cloth.restPositions;
  for (let particle = 0; particle < 12 * 12; particle++) {
    const shift = particle % 12 < 6 ? -0.02 : 0.02;
    cloth.hold(particle, [rest[3 * particle] + shift, rest[3 * particle + 1], rest[3 * particle + 2]]);
  }
}

/**
 * The standing patch's highest point above the sheet (1 m up), metres.
 * @param {Float32Array} positions
 */
export function standingPatchTop(positions) {
  let highest = -Infinity;
  for (let i = 3 * 12 * 12 + 1; i < positions.length; i += 3) highest = Math.max(highest, positions[i] - 1);
  return highest;
}
