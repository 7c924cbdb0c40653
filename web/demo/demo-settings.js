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
 * @property {number} windGustSpeed m/s, the core's gust field (varying in space and time)
 * @property {number} windNormalDrag 1/s
 * @property {number} windTangentialDrag 1/s
 * @property {number} resolution particles along each side
 * @property {number} papersPerSide a sea of papers' patches along each side of its layout
 * @property {'auto' | 'webgpu' | 'gpu' | 'cpu'} backend
 * @property {'auto' | 'float' | 'half'} precision
 * @property {{ enabled: boolean, center: Vec3, radius: number }} sphere its center moves by dragging
 * @property {boolean} selfCollision keep the cloth's own particles a grid spacing apart
 * @property {number} tearStrain the strain past which a structural or shear constraint tears for
 *   good (reset mends them); 0: never
 * @property {boolean} paused
 * @property {boolean} wireframe
 */

export const families = /** @type {const} */ (['structural', 'shear', 'bending']);

/**
 * Papers per side of a sea of papers by default: 64 x 64 (262,144 particles) where a GPU with
 * float targets runs them, fewer on a phone (the half path) and fewer still on the CPU, which
 * the page then says.
 */
export const papersPerSide = { gpu: 64, phone: 24, cpu: 16 };

/**
 * The settings a page starts with: the preset, backend and precision from the address
 * (?preset=, ?backend=, ?precision=, ?papers= papers per side), the rest the demo's defaults.
 * @param {URLSearchParams} query
 * @param {{ phoneLike: boolean }} device phoneLike: a touch screen, or no float render targets
 * @returns {DemoSettings}
 */
export function initialSettings(query, { phoneLike }) {
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
    papersPerSide: Number(query.get('papers') ?? (phoneLike ? papersPerSide.phone : papersPerSide.gpu)),
    backend: /** @type {DemoSettings['backend']} */ (query.get('backend') ?? 'auto'),
    precision: /** @type {DemoSettings['precision']} */ (query.get('precision') ?? 'auto'),
    paused: false,
    wireframe: false,
  };
}

/**
 * What a preset sets besides its sheet: the wind, the sphere, self-collision and tearing.
 * @param {string} name a key of `presets`
 * @returns {Pick<DemoSettings, 'preset' | 'windSpeed' | 'windAzimuthDegrees' | 'gusts' | 'windGustSpeed' | 'windNormalDrag' | 'windTangentialDrag' | 'sphere' | 'selfCollision' | 'tearStrain'>}
 */
function presetSettings(name) {
  const { wind, sphere, selfCollision, tearStrain = 0 } = presets[name];
  return {
    preset: name,
    selfCollision,
    tearStrain,
    windSpeed: wind.speed,
    windAzimuthDegrees: wind.azimuthDegrees,
    gusts: wind.gusts,
    windGustSpeed: wind.gustField,
    windNormalDrag: wind.normalDrag,
    windTangentialDrag: wind.tangentialDrag,
    sphere: { ...sphere, center: [...sphere.center] },
  };
}

/**
 * Takes the wind, sphere, self-collision and tearing of the preset `settings.preset` names. In place, sphere included:
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
  return {
    solver: settings.solver,
    ordering: settings.ordering,
    selfCollisionThickness: settings.selfCollision ? particleSpacing(settings) : 0,
    tearStrain: settings.tearStrain,
    jacobiRelaxation: settings.jacobiRelaxation,
    substeps: settings.substeps,
    iterations: settings.iterations,
    damping: settings.damping,
    gravity: [0, settings.gravity, 0],
    windNormalDrag: settings.windNormalDrag,
    windTangentialDrag: settings.windTangentialDrag,
    windGustSpeed: settings.windGustSpeed,
    springConstant: settings.springConstant,
    structural: family('structural'),
    shear: family('shear'),
    bending: family('bending'),
  };
}

/**
 * The smaller distance between neighbouring particles, metres: of the sheet at the panel's
 * resolution, or within one paper.
 * @param {DemoSettings} settings
 */
function particleSpacing(settings) {
  const { sheet, papers } = presets[settings.preset];
  if (papers) return Math.min(papers.patchWidth / (papers.patchColumns - 1), papers.patchHeight / (papers.patchRows - 1));
  const { width, height } = /** @type {import('./presets.js').Sheet} */ (sheet);
  return Math.min(width, height) / (settings.resolution - 1);
}

/**
 * How the page makes the cloth of a preset: `nuno.createCloth(gl, options)` for a sheet,
 * `nuno.createPatches(gl, options)` for a sea of papers.
 * `onCpu`: what to make instead when 'auto' put the papers on the CPU, which runs fewer.
 * @typedef {{ kind: 'cloth', options: import('nuno').GpuClothOptions, onCpu?: undefined } | { kind: 'patches', options: import('nuno').GpuPatchOptions, onCpu?: import('nuno').GpuPatchOptions }} ClothRequest
 */

/**
 * Everything a new cloth of this preset needs. Papers on the CPU are held to
 * papersPerSide.cpu per side (the page says so), also where 'auto' chose the CPU.
 * @param {DemoSettings} settings
 * @param {Vec3} wind the air velocity now
 * @returns {ClothRequest}
 */
export function clothRequest(settings, wind) {
  const { sheet, papers } = presets[settings.preset];
  const common = { ...runtimeSettings(settings), wind, backend: settings.backend, precision: settings.precision };
  if (papers) {
    const cpuPerSide = Math.min(settings.papersPerSide, papersPerSide.cpu);
    const perSide = settings.backend === 'cpu' ? cpuPerSide : settings.papersPerSide;
    const options = { ...papers, patchesAcross: perSide, patchesDown: perSide, pins: 'none', ...common };
    return {
      kind: 'patches',
      options,
      ...(perSide > cpuPerSide && { onCpu: { ...options, patchesAcross: cpuPerSide, patchesDown: cpuPerSide, backend: 'cpu' } }),
    };
  }
  const { pleats, ...flat } = /** @type {import('./presets.js').Sheet} */ (sheet);
  const columns = settings.resolution;
  const rows = settings.resolution;
  return {
    kind: 'cloth',
    options: {
      ...flat,
      columns,
      rows,
      ...(pleats && { positions: pleatedPositions(flat, columns, rows, pleats) }),
      ...common,
    },
  };
}
