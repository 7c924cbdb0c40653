// What every preset shares: the colours (the browser tests read the cloth colour from here too)
// and the floor under it all.

/** @typedef {[number, number, number]} Rgb sRGB components in [0, 1] */

/** @type {Rgb} a warm coral, #d9544f */
export const clothColor = [0.85, 0.33, 0.31];
/** @type {Rgb} a dark blue-grey */
export const backgroundColor = [0.1, 0.12, 0.16];

/** @type {import('nuno').PlaneCollider} */
export const ground = { type: 'plane', point: [0, 0, 0], normal: [0, 1, 0], friction: 0.8 };

/** The sphere's grip on the cloth: enough to hold a drape, not so much that nothing slides. */
export const sphereFriction = 0.5;
