// The demo's settings: one plain object that the panel edits and the page reads, and how it
// turns into the cloth's own settings.
import { pleatedPositions } from './pleats.js';
import { presets } from './presets.js';

/** @typedef {import('nuno').Family} Family */
/** @typedef {[number, number, number]} Vec3 */

/**
 * @typedef {object} DemoSettings
 * @property {string} preset a key of `presets`
 * @property {import('nuno').SolverKind} solver
 * @property {import('nuno').Ordering} ordering
 * @property {number} jacobiRelaxation
 * @property {number} substeps
 * @property {number} iterations
 * @property {number} damping 1/s
 * @property {number} gravity m/s^2 along y
 * @property {Record<Family, number>} complianceExponent XPBD: log10 of the compliance in m/N;
 *   a slider over exponents, because the useful compliances span six orders of magnitude
 * @property {Record<Family, number>} stiffness PBD
 * @property {Record<Family, number>} stretch mass-spring
 * @property {Record<Family, number>} shrink mass-spring
 * @property {number} springConstant mass-spring, N/m
 * @property {number} windSpeed m/s
 * @property {number} windAzimuthDegrees the direction the wind blows toward (wind.js)
 * @property {boolean} gusts
 * @property {number} windNormalDrag 1/s
 * @property {number} windTangentialDrag 1/s
 * @property {number} resolution particles along each side
 * @property {'auto' | 'gpu' | 'cpu'} backend
 * @property {'auto' | 'float' | 'half'} precision
 * @property {{ enabled: boolean, center: Vec3, radius: number }} sphere its center moves by dragging
 * @property {boolean} selfCollision keep the cloth's own particles a grid spacing apart
 * @property {boolean} paused
 * @property {boolean} wireframe
 */

export const families = /** @type {const} */ (['structural', 'shear', 'bending']);

/**
 * The settings a page starts with: the preset, backend and precision from the address
 * (?preset=, ?backend=, ?precision=), the rest the demo's defaults.
 * @param {URLSearchParams} query
 * @returns {DemoSettings}
 */
export function initialSettings(query) {
  const preset = query.get('preset') ?? Object.keys(presets)[0];
  if (!(preset in presets)) {
    throw new Error(`unknown preset '${preset}'; the presets are ${Object.keys(presets).join(', ')}`);
  }
  return {
    ...presetSettings(preset),
    solver: 'xpbd',
    ordering: 'red-black',
    jacobiRelaxation: 1,
    substeps: 10,
    iterations: 1,
    damping: 0.1,
    gravity: -9.81,
    // Stiff threads, a little give on the diagonals, and soft bending so the folds stay round.
    complianceExponent: { structural: -6, shear: -4, bending: -2 },
    stiffness: { structural: 1, shear: 1, bending: 0.5 },
    stretch: { structural: 1, shear: 1, bending: 0.5 },
    shrink: { structural: 1, shear: 1, bending: 0.5 },
    springConstant: 100,
    resolution: 40,
    backend: /** @type {DemoSettings['backend']} */ (query.get('backend') ?? 'auto'),
    precision: /** @type {DemoSettings['precision']} */ (query.get('precision') ?? 'auto'),
    paused: false,
    wireframe: false,
  };
}

/**
 * What a preset sets besides its sheet: the wind, the sphere and self-collision.
 * @param {string} name a key of `presets`
 * @returns {Pick<DemoSettings, 'preset' | 'windSpeed' | 'windAzimuthDegrees' | 'gusts' | 'windNormalDrag' | 'windTangentialDrag' | 'sphere' | 'selfCollision'>}
 */
function presetSettings(name) {
  const { wind, sphere, selfCollision } = presets[name];
  return {
    preset: name,
    selfCollision,
    windSpeed: wind.speed,
    windAzimuthDegrees: wind.azimuthDegrees,
    gusts: wind.gusts,
    windNormalDrag: wind.normalDrag,
    windTangentialDrag: wind.tangentialDrag,
    sphere: { ...sphere, center: [...sphere.center] },
  };
}

/**
 * Takes the wind and sphere of the preset `settings.preset` names. In place, sphere included:
 * the panel's controls hold on to these objects.
 * @param {DemoSettings} settings
 */
export function applyPreset(settings) {
  const { sphere, ...scene } = presetSettings(settings.preset);
  Object.assign(settings, scene);
  Object.assign(settings.sphere, sphere);
}

/**
 * The settings a running cloth can change (all but the grid's and the wind, which wind.js
 * varies every frame).
 * @param {DemoSettings} settings
 * @returns {Partial<import('nuno').ClothSettings>}
 */
export function runtimeSettings(settings) {
  /** @param {Family} family */
  const family = (family) => ({
    compliance: 10 ** settings.complianceExponent[family],
    stiffness: settings.stiffness[family],
    stretch: settings.stretch[family],
    shrink: settings.shrink[family],
  });
  const { width, height } = presets[settings.preset].sheet;
  return {
    solver: settings.solver,
    ordering: settings.ordering,
    selfCollisionThickness: settings.selfCollision ? Math.min(width, height) / (settings.resolution - 1) : 0,
    jacobiRelaxation: settings.jacobiRelaxation,
    substeps: settings.substeps,
    iterations: settings.iterations,
    damping: settings.damping,
    gravity: [0, settings.gravity, 0],
    windNormalDrag: settings.windNormalDrag,
    windTangentialDrag: settings.windTangentialDrag,
    springConstant: settings.springConstant,
    structural: family('structural'),
    shear: family('shear'),
    bending: family('bending'),
  };
}

/**
 * Everything `nuno.createCloth(gl, options)` needs for a new cloth of this preset.
 * @param {DemoSettings} settings
 * @param {Vec3} wind the air velocity now
 * @returns {import('nuno').GpuClothOptions}
 */
export function clothOptions(settings, wind) {
  const { pleats, ...sheet } = presets[settings.preset].sheet;
  const columns = settings.resolution;
  const rows = settings.resolution;
  return {
    ...sheet,
    columns,
    rows,
    ...(pleats && { positions: pleatedPositions(sheet, columns, rows, pleats) }),
    ...runtimeSettings(settings),
    wind,
    backend: settings.backend,
    precision: settings.precision,
  };
}
