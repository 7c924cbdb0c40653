// The demo's scenes as plain data. A preset says where the sheet starts and what holds it (or,
// for a sea of papers, how they are scattered), the sphere, the wind and the view; the solver's
// parameters and the resolution are the panel's, so they carry over from one preset to the next.
import { torusKnotMesh } from './mesh-shapes.js';

/** @typedef {[number, number, number]} Vec3 */

/**
 * @typedef {Pick<import('nuno').ClothSettings, 'orientation' | 'pins'> & {
 *   width: number, height: number, center: Vec3, pleats?: { count: number, depth: number } }} Sheet
 *   metres; pleats gather a vertical sheet into waves across its width (pleats.js)
 */

/**
 * @typedef {object} PaperSea
 * @property {number} patchColumns particles along a paper's width
 * @property {number} patchRows
 * @property {number} patchWidth metres
 * @property {number} patchHeight
 * @property {Vec3} scatterCenter where the papers start, scattered over the box scatterCenter +- scatterExtent / 2
 * @property {Vec3} scatterExtent
 * @property {number} scatterSpin rad/s, each paper's starting spin about a random axis
 * @property {number} seed
 */

/**
 * @typedef {object} Preset
 * @property {string} label shown in the panel
 * @property {Sheet} [sheet] the grid's settings besides its resolution: changing them makes a new cloth
 * @property {PaperSea} [papers] instead of a sheet, independent papers (createPatches); how many
 *   per side is the panel's
 * @property {{ enabled: boolean, center: Vec3, radius: number }} sphere where the sphere is,
 *   also when it starts switched off (the panel can switch it on)
 * @property {{ speed: number, azimuthDegrees: number, gusts: boolean, gustField: number, normalDrag: number, tangentialDrag: number }} wind
 *   metres per second, blowing toward azimuthDegrees (see wind.js; gusts vary the whole wind in
 *   time), gustField: the core's gusts, varying in space too (windGustSpeed, m/s), and how
 *   strongly the air drags the cloth across and along its surface, 1/s
 * @property {import('./orbit-camera.js').OrbitStart} camera
 * @property {readonly Obstacle[]} obstacles fixed colliders besides the floor and the sphere
 * @property {boolean} selfCollision whether the cloth starts keeping its own particles a grid
 *   spacing apart
 * @property {number} [tearStrain] the strain past which its structural and shear constraints tear
 *   (the core's tearStrain); 0 or left out: it never tears
 */

/**
 * @typedef {import('nuno').CapsuleCollider | import('nuno').BoxCollider
 *   | (import('nuno').MeshCollider & { vertices: Float32Array, indices: Uint32Array })} Obstacle
 *   a mesh's arrays are made once, here: the renderer uploads a mesh once for as long as it is
 *   drawn from the same array
 */

/** The knot the cloth drapes over: about 1.06 m across, its tube 0.16 m thick. */
const knot = torusKnotMesh({ radius: 0.45, tubeRadius: 0.08 });

/**
 * Gathered into pleats, billowed toward the viewer by a breeze through a window behind it; the
 * sphere waits in front of it to be switched on and dragged into the folds. Named here for the
 * tearing preset, the same curtain in another wind.
 * @type {Preset}
 */
const curtain = {
  label: 'hanging curtain',
  sheet: { width: 1.6, height: 1.8, orientation: 'vertical', center: [0, 1.15, 0], pins: 'top-edge', pleats: { count: 5, depth: 0.12 } },
  sphere: { enabled: false, center: [0, 0.7, 0.6], radius: 0.3 },
  wind: { speed: 2.5, azimuthDegrees: 75, gusts: true, gustField: 0, normalDrag: 2, tangentialDrag: 0.2 },
  camera: { target: [0, 1.2, 0], distanceMetres: 4.5, azimuthRadians: 0.45, elevationRadians: 0.1 },
  obstacles: [],
  selfCollision: false,
};

/** @type {Record<string, Preset>} in the panel's order; the first is the default */
export const presets = {
  swing: {
    label: 'swing onto the ball',
    // Horizontal at 1.5 m, pinned along row 0 (its -z edge): it swings down about that edge
    // and meets the ball half-way.
    sheet: { width: 1.6, height: 1.6, orientation: 'horizontal', center: [0, 1.5, 0], pins: 'top-edge' },
    sphere: { enabled: true, center: [0, 0.75, 0], radius: 0.45 },
    wind: { speed: 0, azimuthDegrees: 90, gusts: false, gustField: 0, normalDrag: 2, tangentialDrag: 0.2 },
    camera: { target: [0.25, 0.75, -0.2], distanceMetres: 3.8, azimuthRadians: 0.7, elevationRadians: 0.3 },
    obstacles: [],
    selfCollision: false,
  },
  curtain,
  tearing: {
    ...curtain,
    label: 'a curtain that tears',
    // The hanging curtain in a stronger gusty wind, with the core's gust field for blows that
    // differ across it, and threads that break past 12 % strain (tearStrain 0.12). A hanging
    // cloth is stretched most just under its rail: it rips there, a few threads at each strong
    // gust (on the CPU about 40 torn after 1 s, 80 after 12 s, 120 after 30 s), and flaps on in
    // the wind held by what is left. At 0.09 or in a 7 m/s wind at 0.1 it held some seconds and
    // then tore off its rail all at once; above 0.2 it hardly tore. Grab it and pull: it rips
    // where you pull.
    wind: { speed: 6, azimuthDegrees: 75, gusts: true, gustField: 2, normalDrag: 2, tangentialDrag: 0.2 },
    camera: { target: [0, 1.3, 0.2], distanceMetres: 4.2, azimuthRadians: 0.3, elevationRadians: 0.1 },
    tearStrain: 0.12,
  },
  flag: {
    label: 'flag in gusty wind',
    // Held along its left edge. The wind blows along the flag and a little across it, and the
    // flag starts with a slight wave: a flat flag in a wind exactly in its plane feels no push
    // across, so it would never start to flap.
    sheet: { width: 1.5, height: 1, orientation: 'vertical', center: [0, 1.7, 0], pins: 'left-edge', pleats: { count: 2, depth: 0.06 } },
    sphere: { enabled: false, center: [0.4, 0.9, 0.5], radius: 0.3 },
    wind: { speed: 10, azimuthDegrees: 15, gusts: true, gustField: 0, normalDrag: 4, tangentialDrag: 3 },
    camera: { target: [0.3, 1.6, 0], distanceMetres: 3.6, azimuthRadians: 0.6, elevationRadians: 0.1 },
    obstacles: [],
    selfCollision: false,
  },
  tablecloth: {
    label: 'tablecloth on a ball',
    // Free, level above a ball resting on the floor: it falls, drapes and its corners reach
    // the ground.
    sheet: { width: 2, height: 2, orientation: 'horizontal', center: [0, 1.3, 0], pins: 'none' },
    sphere: { enabled: true, center: [0, 0.5, 0], radius: 0.5 },
    wind: { speed: 0, azimuthDegrees: 90, gusts: false, gustField: 0, normalDrag: 2, tangentialDrag: 0.2 },
    camera: { target: [0, 0.6, 0], distanceMetres: 4, azimuthRadians: 0.7, elevationRadians: 0.45 },
    obstacles: [],
    selfCollision: false,
  },
  crate: {
    label: 'cloth over a crate and a rail',
    // Free, level above a crate turned 30 degrees about y and a rail across beside it: it
    // falls over the crate's edges and hangs over the rail.
    sheet: { width: 2, height: 2, orientation: 'horizontal', center: [0.1, 1.3, 0], pins: 'none' },
    sphere: { enabled: false, center: [1.1, 0.3, 0.8], radius: 0.3 },
    wind: { speed: 0, azimuthDegrees: 90, gusts: false, gustField: 0, normalDrag: 2, tangentialDrag: 0.2 },
    camera: { target: [0.1, 0.5, 0], distanceMetres: 4.2, azimuthRadians: 0.6, elevationRadians: 0.4 },
    obstacles: [
      { type: 'box', center: [-0.35, 0.35, 0], halfExtents: [0.35, 0.35, 0.35], rotation: [0, 0.258819, 0, 0.9659258], friction: 0.6 },
      { type: 'capsule', start: [0.55, 0.45, -0.9], end: [0.55, 0.45, 0.9], radius: 0.12, friction: 0.4 },
    ],
    selfCollision: false,
  },
  knot: {
    label: 'drape over a knot',
    // Free, level above a (2, 3) torus knot stood upright (a mesh collider of 6,400 triangles):
    // the sheet folds over its top loop and hangs down either side, the lower loops showing
    // below it. Friction 0.9 holds it there (at 0.5 it slid off the rounded top).
    sheet: { width: 1, height: 1, orientation: 'horizontal', center: [0, 1.5, 0], pins: 'none' },
    sphere: { enabled: false, center: [1.1, 0.3, 0.8], radius: 0.3 },
    wind: { speed: 0, azimuthDegrees: 90, gusts: false, gustField: 0, normalDrag: 2, tangentialDrag: 0.2 },
    camera: { target: [0, 0.65, 0], distanceMetres: 3.2, azimuthRadians: 0.35, elevationRadians: 0.25 },
    obstacles: [
      { type: 'mesh', vertices: knot.vertices, indices: knot.indices, center: [0, 0.62, 0], rotation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2], friction: 0.9 },
    ],
    selfCollision: false,
  },
  pile: {
    label: 'cloth dropped in a pile',
    // A gathered sheet let go 1.2 m up: it lands on its edge and folds onto itself. Self-collision
    // keeps the layers a grid spacing apart.
    sheet: { width: 1.4, height: 1.4, orientation: 'vertical', center: [0, 1.9, 0], pins: 'none', pleats: { count: 3, depth: 0.08 } },
    sphere: { enabled: false, center: [0.8, 0.3, 0.6], radius: 0.3 },
    wind: { speed: 0, azimuthDegrees: 90, gusts: false, gustField: 0, normalDrag: 2, tangentialDrag: 0.2 },
    camera: { target: [0, 0.3, 0], distanceMetres: 3.2, azimuthRadians: 0.6, elevationRadians: 0.5 },
    obstacles: [],
    selfCollision: true,
  },
  papers: {
    label: 'sea of papers',
    // Thousands of independent papers scattered high over the ball, tumbling down
    // through the core's gusts, each tinted its own shade, piling up on the ball and the floor.
    papers: {
      patchColumns: 8, patchRows: 8, patchWidth: 0.1, patchHeight: 0.14,
      scatterCenter: [0, 2.6, 0], scatterExtent: [3.5, 2.4, 3.5], scatterSpin: 2, seed: 3,
    },
    sphere: { enabled: true, center: [0, 0.5, 0], radius: 0.5 },
    // Paper is light for its area: strong drag across it (about 1 m/s falling flat), a tenth of
    // that along it.
    wind: { speed: 0.8, azimuthDegrees: 30, gusts: false, gustField: 1.5, normalDrag: 8, tangentialDrag: 0.8 },
    camera: { target: [0, 1.5, 0], distanceMetres: 7, azimuthRadians: 0.6, elevationRadians: 0.25 },
    obstacles: [],
    selfCollision: false,
  },
};
