// The benchmark scene, shared by the Node bench (run.mjs), the browser bench and the hardware
// tier's page (tests/hardware/hardware.js): plain data, loadable in Node and in a page.

/** @typedef {import('../../web/index.js').ClothSettings} ClothSettings */
/** @typedef {import('../../web/index.js').ColliderDescription} ColliderDescription */

// A 1 m cloth hanging from its top edge (spanning y 0.5..1.5 at z = 0). The sphere cuts that
// plane, so the lower cloth comes to rest draped over it and contacts are part of every step.
/** @type {ClothSettings} */
export const SCENE_SETTINGS = { width: 1, height: 1, pins: 'top-edge', solver: 'xpbd', ordering: 'red-black' };
/** @type {ColliderDescription[]} */
export const SCENE_COLLIDERS = [{ type: 'sphere', center: [0, 0.6, 0.15], radius: 0.25 }];

/**
 * The scene at one grid size, stepped as the bench tables say: XPBD, 10 substeps x 1 iteration.
 * @param {number} size columns and rows
 * @returns {ClothSettings}
 */
export function benchSettings(size) {
  return { ...SCENE_SETTINGS, columns: size, rows: size, substeps: 10, iterations: 1 };
}

/**
 * The GPU's Jacobi sweeps (one pass per iteration) at three times the substeps, relaxed: the
 * configuration that stretches no more than red-black at 10 x 1 (the bench's strain table and
 * tests/native/convergence_test.cpp).
 * @type {Partial<ClothSettings>}
 */
export const JACOBI_SETTINGS = { ordering: 'jacobi', substeps: 30, jacobiRelaxation: 1.5 };

/**
 * The sea of papers the demo shows (web/demo/presets.js): perSide x perSide papers of 8 x 8
 * particles (10 x 14 cm) scattered over 3.5 x 2.4 x 3.5 m and tumbling down in gusts onto a
 * ball and the floor, XPBD 10 substeps x 1 iteration.
 * @param {number} perSide papers along each side of the layout
 * @returns {import('../../web/index.js').PatchSettings}
 */
export function papersSettings(perSide) {
  return {
    patchesAcross: perSide, patchesDown: perSide, patchColumns: 8, patchRows: 8, patchWidth: 0.1, patchHeight: 0.14,
    scatterCenter: [0, 2.6, 0], scatterExtent: [3.5, 2.4, 3.5], scatterSpin: 2, seed: 3,
    pins: 'none', wind: [0.7, 0, 0.4], windGustSpeed: 1.5, windNormalDrag: 8, windTangentialDrag: 0.8, substeps: 10, iterations: 1,
  };
}
/** @type {ColliderDescription[]} */
export const PAPERS_COLLIDERS = [
  { type: 'plane', point: [0, 0, 0], normal: [0, 1, 0], friction: 0.8 },
  { type: 'sphere', center: [0, 0.5, 0], radius: 0.5, friction: 0.5 },
];
