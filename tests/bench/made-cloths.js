// The cloths the bench times the making of: a large plain grid, and the demo's desktop sea of
// papers (createPatches places 262,144 particles and hands their poses to the cloth).
/**
 * @typedef {object} MadeCloth
 * @property {string} label
 * @property {boolean} patches whether settings go through createPatches' placement
 * @property {Record<string, number>} settings
 */

/** @type {MadeCloth[]} */
export const MADE_CLOTHS = [
  { label: 'cloth 256x256', patches: false, settings: { columns: 256, rows: 256 } },
  { label: 'cloth 1024x1024', patches: false, settings: { columns: 1024, rows: 1024 } },
  { label: '16x16 papers of 8x8', patches: true, settings: { patchesAcross: 16, patchesDown: 16 } },
  { label: '64x64 papers of 8x8', patches: true, settings: { patchesAcross: 64, patchesDown: 64 } },
];
