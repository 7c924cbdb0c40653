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
