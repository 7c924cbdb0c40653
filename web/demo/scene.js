// The demo scene as plain data: a tablecloth held along its far edge swings down onto a ball
// and drapes over it, above a floor. The browser tests read the cloth colour from here too.

/** @typedef {[number, number, number]} Rgb sRGB components in [0, 1] */

/** @type {Rgb} a warm coral, #d9544f */
export const clothColor = [0.85, 0.33, 0.31];
/** @type {Rgb} a dark blue-grey */
export const backgroundColor = [0.1, 0.12, 0.16];

/**
 * Horizontal at 1.5 m, pinned along row 0 (its -z edge), so it swings down about that edge
 * and meets the ball half-way.
 * @type {import('nuno').ClothSettings}
 */
export const clothSettings = {
  columns: 40,
  rows: 40,
  width: 1.6,
  height: 1.6,
  orientation: 'horizontal',
  center: [0, 1.5, 0],
  pins: 'top-edge',
  solver: 'xpbd',
  substeps: 10,
  iterations: 1,
};

/** @type {import('nuno').ColliderDescription[]} */
export const colliders = [
  { type: 'sphere', center: [0, 0.75, 0], radius: 0.45, friction: 0.5 },
  { type: 'plane', point: [0, 0, 0], normal: [0, 1, 0], friction: 0.8 },
];

/**
 * Looking at the ball from the front right and a little above, with the whole swing in view.
 * @type {import('./orbit-camera.js').OrbitStart}
 */
export const cameraStart = {
  target: [0, 0.8, 0],
  distanceMetres: 3.6,
  azimuthRadians: 0.7,
  elevationRadians: 0.3,
};
