// Type declarations for nuno (hand-written: Emscripten 3.1.6 cannot emit them for Embind).
// WebGPU's types (GPUDevice, GPUBuffer) come from @webgpu/types, a dependency of the package.
/// <reference types="@webgpu/types" />

export type Vec3 = [number, number, number];
export type Family = 'structural' | 'shear' | 'bending';

// <generated: settings> from src/settings_schema.hpp by nuno_settings_dts (scripts/build.sh): edit the schema
export type PinPreset = 'top-edge' | 'top-corners' | 'left-edge' | 'none';
export type SolverKind = 'mass-spring' | 'pbd' | 'xpbd';
export type Ordering = 'gauss-seidel' | 'red-black' | 'jacobi';

/** Stiffness of one constraint family, for each solver model. */
export interface FamilyStiffness {
  /** XPBD: inverse stiffness (0 is perfectly stiff), m/N, [0, 1]. */
  compliance?: number;
  /** PBD: share of the violation removed per projection, [0, 1]. */
  stiffness?: number;
  /** Mass-spring: factor on the spring force while the spring is longer than its rest length, [0, 1]. */
  stretch?: number;
  /** Mass-spring: factor on the spring force while the spring is shorter than its rest length, [0, 1]. */
  shrink?: number;
}

/**
 * Everything that describes a cloth. SI units, y up. Every field is optional; the defaults make a 1 m x 1 m,
 * 32 x 32 curtain centred at y = 1 m, hanging from its top edge, solved by XPBD. Out-of-range values throw an
 * Error naming the setting and its allowed range.
 */
export interface ClothSettings {
  /**
   * Particles along a row, [2, 16384]. Default 32. Shapes the grid: `set()` refuses a change. A cloth keeps
   * about 344 bytes per particle (356 with `positions`) and may keep 1 GiB, half the 2 GiB the WebAssembly
   * heap can grow to (building it briefly takes more: 1.3 GiB of wasm memory at the limit): columns * rows up
   * to about 3.12 million, 1767 x 1767 at most for a square. A larger grid throws an Error naming 'columns *
   * rows', the memory it would need and the limit.
   */
  columns?: number;
  /** Particles along a column, [2, 16384]. Default 32. Shapes the grid: `set()` refuses a change. */
  rows?: number;
  /**
   * Particles along a row of one patch; 0: the grid is one patch across, [0, columns]. Default 0. Shapes the
   * grid: `set()` refuses a change. Otherwise at least 2, dividing columns: the grid is then independent
   * patches with no constraint between them (see createPatches).
   */
  patchColumns?: number;
  /**
   * Particles along a column of one patch; 0: the grid is one patch down, [0, rows]. Default 0. Shapes the
   * grid: `set()` refuses a change. Otherwise at least 2, dividing rows.
   */
  patchRows?: number;
  /**
   * Length along the columns, metres, [0.001, 1000]. Default 1. Shapes the grid: `set()` refuses a change.
   */
  width?: number;
  /** Length along the rows, metres, [0.001, 1000]. Default 1. Shapes the grid: `set()` refuses a change. */
  height?: number;
  /**
   * A vertical sheet spans x and y (row 0 on top); a horizontal one spans x and z (row 0 at -z). Default
   * 'vertical'. Shapes the grid: `set()` refuses a change.
   */
  orientation?: 'vertical' | 'horizontal';
  /**
   * Centre of the sheet, metres, each component in [-10000, 10000]. Default [0, 1, 0]. Shapes the grid:
   * `set()` refuses a change.
   */
  center?: Vec3;
  /**
   * Starting shape, x y z per particle (columns * rows of them, row-major), metres, each coordinate in
   * [-10000, 10000]. Default none. Shapes the grid: `set()` refuses a change. Rest lengths come from it, so a
   * curved or folded cloth keeps its shape. None: a flat sheet placed by center and orientation.
   */
  positions?: ArrayLike<number>;
  /**
   * Starting velocity, x y z per particle (columns * rows of them, row-major), m/s, each coordinate in
   * [-1000, 1000]. Default none. Shapes the grid: `set()` refuses a change. reset() starts from it again;
   * pinned particles start still. None: the cloth starts at rest.
   */
  velocities?: ArrayLike<number>;
  /**
   * Areal density, kg/m^2, [1e-6, 1000]. Default 0.2. Shapes the grid: `set()` refuses a change. Each
   * particle carries an equal share of the mass. With the lower ends of width and height this keeps a
   * particle's mass a normal float32, so its inverse is finite.
   */
  density?: number;
  /** A preset, or the indices of the particles to hold in place. Default 'top-edge'. */
  pins?: PinPreset | number[];
  /** The constraint model: mass-spring, PBD or XPBD. Default 'xpbd'. */
  solver?: SolverKind;
  /**
   * The order constraints are visited in. Default 'red-black'. The GPUs run red-black; WebGL2 also Jacobi.
   */
  ordering?: Ordering;
  /** Scales the averaged Jacobi correction, (0, 2). Default 1. */
  jacobiRelaxation?: number;
  /** Substeps per fixed step, [1, 100]. Default 10. */
  substeps?: number;
  /** Constraint sweeps per substep, [1, 100]. Default 1. */
  iterations?: number;
  /** The fixed step the accumulator hands to the solver, seconds, [0.0001, 0.1]. Default 1/60. */
  stepSeconds?: number;
  /**
   * The most time one step() call advances: a longer frame counts as this long, so a stall cannot explode the
   * cloth, seconds, [stepSeconds, 1]. Default 0.1.
   */
  maxFrameSeconds?: number;
  /** Acceleration of every free particle, m/s^2, each component in [-1000, 1000]. Default [0, -9.81, 0]. */
  gravity?: Vec3;
  /** Rate the velocity decays at, 1/s, [0, 50]. Default 0.1. A substep of h keeps exp(-damping h) of it. */
  damping?: number;
  /** Air velocity, m/s, each component in [-1000, 1000]. Default [0, 0, 0]. */
  wind?: Vec3;
  /**
   * Rate the part of the relative air velocity (wind - velocity) across the surface decays at, 1/s, [0, 100].
   * Default 2. A substep of h takes up 1 - exp(-windNormalDrag h) of it.
   */
  windNormalDrag?: number;
  /** The same as windNormalDrag, along the surface, 1/s, [0, 100]. Default 0.2. */
  windTangentialDrag?: number;
  /**
   * Root-mean-square speed of the gusts added to the wind; 0: the wind is uniform, m/s, [0, 100]. Default 0.
   * Gusts are a few travelling waves of air (wind_gusts.hpp), carried along by the wind, the same on every
   * backend.
   */
  windGustSpeed?: number;
  /** Length of the longest gust wave, metres, [0.01, 10000]. Default 4. */
  windGustWavelength?: number;
  /** Chooses the gust waves' directions and phases, [0, 1e6]. Default 1. */
  windGustSeed?: number;
  /** Mass-spring Hooke constant, N/m, [0, 1e9]. Default 100. */
  springConstant?: number;
  /** Distance kept between the cloth and every collider, metres, [0, 1]. Default 0.005. */
  collisionMargin?: number;
  /**
   * Fastest a particle that began a substep inside a collider is pushed out of it, m/s, [0.001, 1000].
   * Default 1. A cloth made, reset or moved into a collider, or a collider made around it, comes out this
   * fast rather than at once, so the contact gives it no more speed than this. A collider moved onto the
   * cloth still pushes it the whole way.
   */
  depenetrationSpeed?: number;
  /**
   * Distance the cloth keeps between its own particles; 0 turns self-collision off, metres, [0, 0.1]. Default
   * 0. At most 4 particle spacings. Pairs closer than this at rest are neighbours, never pushed apart.
   */
  selfCollisionThickness?: number;
  /**
   * Share of the sliding between two touching parts of the cloth removed per substep, [0, 1]. Default 0.3.
   */
  selfCollisionFriction?: number;
  /**
   * Stiffness of the structural constraints (right, down). Default { compliance: 0, stiffness: 1, stretch: 1,
   * shrink: 1 }.
   */
  structural?: FamilyStiffness;
  /**
   * Stiffness of the shear constraints (both diagonals). Default { compliance: 1e-6, stiffness: 0.5, stretch:
   * 0.5, shrink: 0.5 }.
   */
  shear?: FamilyStiffness;
  /**
   * Stiffness of the bending constraints (skip-one right, skip-one down). Default { compliance: 0.001,
   * stiffness: 0.1, stretch: 0.2, shrink: 0.1 }.
   */
  bending?: FamilyStiffness;
}

/** The settings in force, as `cloth.settings` returns them (the starting shape is not repeated). */
export type ResolvedClothSettings = Required<Omit<ClothSettings, 'positions' | 'velocities' | 'structural' | 'shear' | 'bending'>> & {
  structural: Required<FamilyStiffness>;
  shear: Required<FamilyStiffness>;
  bending: Required<FamilyStiffness>;
};
// </generated: settings>

export interface SphereCollider {
  type: 'sphere';
  /** Metres, each coordinate in [-10000, 10000]. Default [0, 0, 0]. */
  center?: Vec3;
  /** Metres, (0, 10000]. Default 0.5. */
  radius?: number;
  /** Share of sliding removed on contact, [0, 1]. Default 0.5. */
  friction?: number;
}

/** The solid half-space below a plane through `point`, facing `normal`. */
export interface PlaneCollider {
  type: 'plane';
  /** Metres, each coordinate in [-10000, 10000]. Default [0, 0, 0]. */
  point?: Vec3;
  /** Any finite length but zero; normalised for you (in double, so [1e20, 0, 0] is +x). Default [0, 1, 0]. */
  normal?: Vec3;
  friction?: number;
}

/** Every point within `radius` of the segment from `start` to `end`: a cylinder with round ends. */
export interface CapsuleCollider {
  type: 'capsule';
  /** Metres, each coordinate in [-10000, 10000]. Default [-0.5, 0, 0]. */
  start?: Vec3;
  /** Metres, each coordinate in [-10000, 10000]; may equal `start` (a sphere). Default [0.5, 0, 0]. */
  end?: Vec3;
  /** Metres, (0, 10000]. Default 0.25. */
  radius?: number;
  friction?: number;
}

/** A box turned by `rotation` about its centre. */
export interface BoxCollider {
  type: 'box';
  /** Metres, each coordinate in [-10000, 10000]. Default [0, 0, 0]. */
  center?: Vec3;
  /** Half the box's size along each of its own axes, metres, each in (0, 10000]. Default [0.5, 0.5, 0.5]. */
  halfExtents?: Vec3;
  /** A quaternion [x, y, z, w] (gl-matrix's order), any finite length but zero: normalised for you. Default [0, 0, 0, 1]. */
  rotation?: [number, number, number, number];
  friction?: number;
}

export type ColliderDescription = SphereCollider | PlaneCollider | CapsuleCollider | BoxCollider;
/** What `updateCollider` takes: any fields of the collider's own type. */
export type ColliderChanges =
  | Partial<Omit<SphereCollider, 'type'>>
  | Partial<Omit<PlaneCollider, 'type'>>
  | Partial<Omit<CapsuleCollider, 'type'>>
  | Partial<Omit<BoxCollider, 'type'>>;

/** A collider as the cloth holds it: planes as a unit normal and offset (dot(normal, x) = offset), rotations as unit quaternions. */
export type ColliderState =
  | { id: number; type: 'sphere'; center: Vec3; radius: number; friction: number }
  | { id: number; type: 'plane'; normal: Vec3; offset: number; friction: number }
  | { id: number; type: 'capsule'; start: Vec3; end: Vec3; radius: number; friction: number }
  | { id: number; type: 'box'; center: Vec3; halfExtents: Vec3; rotation: [number, number, number, number]; friction: number };

/**
 * One stage of a substep, as the core schedules it for both backends: predict, then per
 * iteration either a constrain stage per colour of each direction (red-black; a GPU pass each)
 * or one sweep (Gauss-Seidel, Jacobi; CPU only), then separate (self-collision; on the GPU the
 * particles sorted into buckets, the separation done by the collide pass), then
 * collide (with the velocity update).
 */
export type SubstepStage =
  | { kind: 'predict' }
  | { kind: 'constrain'; iteration: number; /** index into `nuno.directions` */ direction: number; colour: 0 | 1 }
  | { kind: 'sweep'; iteration: number }
  | { kind: 'separate' }
  | { kind: 'collide' };

/** One setting as the core's schema declares it. */
export interface SettingInfo {
  name: string;
  kind: 'integer' | 'number' | 'vector' | 'choice' | 'pins' | 'points' | 'family';
  /** The range's ends (for a vector, each component's); `open` excludes them. */
  low: number;
  high: number;
  open: boolean;
  /** For a range whose low end is another setting's value, its name; else ''. */
  lowSetting: string;
  /** The same for the high end. */
  highSetting: string;
  scope: 'grid' | 'run-time';
  /** A choice setting's names. */
  choices: string[];
}

/** The codes and limits the GPU passes share with the core (src/bindings/gpu_constants.cpp). */
export interface GpuConstants {
  solverKinds: Record<'mass-spring' | 'pbd' | 'xpbd', number>;
  colliderKinds: Record<ColliderDescription['type'], number>;
  maxColliders: number;
  colliderShapeVec4s: number;
  directionCount: number;
  restLengthsPerParticle: number;
  restLengthChannels: number;
  restLengthTextures: number;
  /** Travelling waves in the gust field. */
  gustWaves: number;
}

/** The colliders as the GPU collide pass takes them, packed by the core in the order they are resolved. */
export interface PackedColliders {
  count: number;
  /** A kind code each (`gpuConstants().colliderKinds`). */
  kinds: Int32Array;
  /** `colliderShapeVec4s` vec4s each, as src/colliders.hpp's packForGpu describes. */
  shapes: Float32Array;
  frictions: Float32Array;
  /** Metres each collider's surface moved since the cloth last stepped: its next step's first substep may push that far at once. */
  travels: Float32Array;
}

/** One constraint direction and how it is coloured into two passes: (start[colourAxis] / colourPeriod) % 2. */
export interface ConstraintDirection {
  /** [columns, rows] from a pair's first particle to its second. */
  offset: [number, number];
  family: Family;
  colourAxis: 'column' | 'row';
  colourPeriod: 1 | 2;
}

/** What each family's stiffness means for one substep of the current settings. */
export interface FamilyRule {
  /** XPBD compliance / h^2. */
  alphaTilde: number;
  stiffness: number;
  stretchGain: number;
  shrinkGain: number;
}

/**
 * What damping and wind drag do to a velocity over one substep of the current settings (h =
 * stepSeconds / substeps), as the float32 values the core uses. Per particle, in this order:
 * with n the surface normal and r = wind - velocity split into n (r . n) and the rest,
 * velocity += n (r . n) normalDragShare + (r - n (r . n)) tangentialDragShare (only when either
 * share is above 0), then velocity = velocity keep + gravity h.
 */
export interface SubstepFactors {
  /** exp(-damping h): the share of the velocity damping leaves. */
  keep: number;
  /** 1 - exp(-windNormalDrag h). */
  normalDragShare: number;
  /** 1 - exp(-windTangentialDrag h). */
  tangentialDragShare: number;
}

/**
 * How the GPU solver stores particle state: 'float' (RGBA32F render targets), 'half' (RGBA16F,
 * each vector split into a high and a low half: about 22 bits of mantissa), or 'half-unsplit'
 * (one RGBA16F per vector; only for comparisons, it shows why the split exists).
 */
export type StatePrecision = 'float' | 'half' | 'half-unsplit';

/** Settings plus the choice of backend, for `createCloth(target, options)` and `requestCloth`. */
export interface GpuClothOptions extends ClothSettings {
  /**
   * 'auto' (default): the best the target and device run, else the CPU (`createCloth`: WebGPU
   * for a GPUDevice, WebGL2 for a context or canvas; `requestCloth`: WebGPU > WebGL2 > CPU).
   * 'webgpu': WebGPU compute passes; 'gpu': WebGL2 fragment passes; 'cpu': WebAssembly.
   */
  backend?: 'auto' | 'webgpu' | 'gpu' | 'cpu';
  /** 'auto' (default): float where float render targets exist, else split half. WebGPU: 'auto' or 'float'. */
  precision?: 'auto' | StatePrecision;
  /** Behave as a device without EXT_color_buffer_float (as many phones are): for tests. */
  ignoreFloatRenderTargets?: boolean;
  /**
   * Check every uniform name a GPU pass sets against the names it declares, throwing on a
   * misspelt one (a declared name its program lacks throws either way): for development.
   */
  debug?: boolean;
}

/**
 * createPatches' settings: the layout and the poses, then any cloth setting but those the layout
 * sets (columns, rows, width, height, orientation, center, positions, velocities). Patch p is
 * tile (p % patchesAcross, p / patchesAcross) of the grid; each starts flat in its own x-z plane
 * (columns along x, rows along z), centred on its position and turned by its rotation. Poses
 * are scattered from `seed`; any per-patch array given replaces that part of the scatter.
 */
export interface PatchSettings extends Omit<ClothSettings, 'columns' | 'rows' | 'width' | 'height' | 'orientation' | 'center' | 'positions' | 'velocities'> {
  /** Patches along a row of the layout, at least 1 (patchesAcross * patchColumns at most 16384). Default 8. */
  patchesAcross?: number;
  /** Patches along a column of the layout, at least 1. Default 8. */
  patchesDown?: number;
  /** Particles along a row of one patch, [2, 16384]. Default 8. */
  patchColumns?: number;
  /** Particles along a column of one patch, [2, 16384]. Default 8. */
  patchRows?: number;
  /** A patch's size along its columns, metres, [0.001, 1000]. Default 0.1. */
  patchWidth?: number;
  /** A patch's size along its rows, metres, [0.001, 1000]. Default 0.1. */
  patchHeight?: number;
  /** Chooses the scattered poses, an integer in [0, 1000000]: the same seed gives the same poses everywhere. Default 1. */
  seed?: number;
  /** Centre of the box the patches are scattered over, metres. Default [0, 2, 0]. */
  scatterCenter?: Vec3;
  /** Size of that box, metres, each in [0, 10000]. Default [2, 1, 2]. */
  scatterExtent?: Vec3;
  /** Each patch's starting speed in a random direction, m/s, [0, 100]. Default 0. */
  scatterSpeed?: number;
  /** Each patch's starting spin about a random axis, rad/s, [0, 1000]. Default 0. */
  scatterSpin?: number;
  /** x y z of each patch's centre, metres. */
  patchPositions?: ArrayLike<number>;
  /** x y z w of each patch's rotation (any non-zero quaternion, normalised). */
  patchRotations?: ArrayLike<number>;
  /** x y z of each patch's starting velocity, m/s, each in [-100, 100]. */
  patchVelocities?: ArrayLike<number>;
  /** x y z of each patch's angular velocity about its centre, rad/s, each in [-1000, 1000]. */
  patchSpins?: ArrayLike<number>;
}

/** Patch settings plus the choice of backend, for `createPatches(glOrCanvas, options)`. */
export type GpuPatchOptions = PatchSettings & Pick<GpuClothOptions, 'backend' | 'precision' | 'ignoreFloatRenderTargets' | 'debug'>;

/** How many patches of one size a cloth can hold. */
export interface PatchCapacity {
  patchesAcross: number;
  patchesDown: number;
  /** patchesAcross * patchesDown. */
  patches: number;
  /** The grid's largest side here: the core's limit, or the device's MAX_TEXTURE_SIZE if smaller. */
  gridSide: number;
}

/** The device cannot run the GPU solver; `backend: 'auto'` falls back to the CPU on this error. */
export class GpuUnsupportedError extends Error {}

export interface LoadOptions {
  /** Where nuno-core.wasm is, when a bundler or server moved it. */
  wasmUrl?: URL | string;
  /** The wasm module's bytes, when the caller already has them. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * Threads that step a CPU cloth, the page's own included: 'auto' (the default) takes up to 4
   * where the page is cross-origin isolated (COOP/COEP headers), a number asks for that many
   * (1 to 16). Where threads cannot run (no isolation, no Web Workers, Node, `wasmUrl` or
   * `wasmBinary` given), one does and `Nuno.singleThreadReason` says why.
   */
  threads?: number | 'auto';
}

/**
 * Loads the WebAssembly core. In browsers and workers the wasm is fetched from beside the
 * module; in Node it is read from disk. With threads, the threaded module nuno-core-threads
 * is loaded and its helper threads (Web Workers) started.
 */
export function loadNuno(options?: LoadOptions): Promise<Nuno>;

export class Nuno {
  private constructor();
  /**
   * Threads that step a CPU cloth of 4,096 particles or more (64 x 64), the page's own included
   * (smaller cloths take one). Any count ends on the same bits as one.
   */
  readonly threadCount: number;
  /** Why one thread steps the CPU cloths where more were asked for or 'auto' found none; else null. */
  readonly singleThreadReason: string | null;
  /** A cloth simulated on the CPU (WebAssembly), anywhere. Throws an Error for an invalid setting. */
  createCloth(settings?: ClothSettings): Cloth;
  /**
   * A cloth for this WebGL2 context or canvas: simulated by WebGL2 passes (`backend: 'gpu'`),
   * on the CPU (`'cpu'`), or by the GPU where the device can run it and else the CPU (`'auto'`,
   * the default; the CPU cloth's `fallbackReason` then says why). A device that cannot run the
   * GPU solver throws a `GpuUnsupportedError` naming the missing capability.
   */
  createCloth(target: WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas, options?: GpuClothOptions): Cloth | GpuCloth;
  /**
   * A cloth on this WebGPU device: simulated by compute passes (`backend: 'webgpu'`, or 'auto',
   * which falls back to the CPU with `fallbackReason` where the settings need what WebGPU lacks).
   */
  createCloth(device: GPUDevice, options?: GpuClothOptions): Cloth | WebGpuCloth;
  /**
   * A cloth on the best backend here (`backend: 'auto'`, the default): WebGPU on a device it
   * requests (and destroys on `dispose()`), else WebGL2 in `target`, else the CPU; the cloth's
   * `fallbackReason` says why each better one was passed over. 'webgpu' throws a
   * `GpuUnsupportedError` where there is no WebGPU; 'gpu' and 'cpu' are createCloth's.
   */
  requestCloth(target?: WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas | null, options?: GpuClothOptions): Promise<Cloth | GpuCloth | WebGpuCloth>;
  /**
   * A CPU cloth stepped in a Web Worker, so the page's main thread stays free. The settings and
   * every call are checked at once on this thread (the same errors as `createCloth`; bad
   * settings reject). Browsers only: elsewhere it rejects saying so.
   */
  createWorkerCloth(settings?: ClothSettings): Promise<WorkerCloth>;
  /** A sea of independent patches on the CPU (see PatchSettings). Throws an Error naming an invalid setting. */
  createPatches(settings?: PatchSettings): Cloth;
  /**
   * A sea of patches for this WebGL2 context or canvas, with createCloth's backends. Patches
   * beyond the device's MAX_TEXTURE_SIZE: 'gpu' throws a GpuUnsupportedError naming
   * patchesAcross or patchesDown and the most that fit, 'auto' runs them on the CPU and says why.
   */
  createPatches(target: WebGL2RenderingContext | HTMLCanvasElement | OffscreenCanvas, options?: GpuPatchOptions): Cloth | GpuCloth;
  /** A sea of patches on this WebGPU device, with createCloth's backends for a device. */
  createPatches(device: GPUDevice, options?: GpuPatchOptions): Cloth | WebGpuCloth;
  /** How many patches of this size fit: within the core's grid limit, and this context's MAX_TEXTURE_SIZE when given. */
  patchCapacity(patchColumns: number, patchRows: number, gl?: WebGL2RenderingContext): PatchCapacity;
  /** The constraint directions in solving order, with their colouring. */
  readonly directions: ConstraintDirection[];
  /** Every setting as the core declares it (src/settings_schema.hpp), for tools and forms. */
  readonly settingsSchema: SettingInfo[];
  /** The codes and limits the GPU passes share with the core. */
  readonly gpuConstants: GpuConstants;
  /** Bytes of the wasm heap in use by the core (a diagnostic: `dispose()` gives them back). */
  heapBytesInUse(): number;
}

/** What every cloth offers (CPU, WebGL2, WebGPU, worker). */
export interface SimulatedCloth {
  /** Advances by one frame's time through the fixed-step accumulator; returns the fixed steps taken. */
  step(frameSeconds: number): number;
  /** Takes whole fixed steps, ignoring the accumulator: an integer in [0, 1000000], default 1. */
  stepFixed(count?: number): void;
  /** Back to the starting shape at rest; pins, colliders and parameters stay. */
  reset(): void;
  /** Changes run-time settings. Grid settings (columns, rows, width, height, orientation, center, positions, density) throw. */
  set(changes: Partial<ClothSettings>): void;
  /** A copy of the settings in force. */
  readonly settings: ResolvedClothSettings;

  /** Holds a particle where it is now. Particles are integers in [0, particleCount); anything else throws. */
  pin(particle: number): void;
  /** Lets a pinned particle move again. */
  unpin(particle: number): void;
  isPinned(particle: number): boolean;
  /** For dragging: places a particle at a point (metres, each coordinate in [-10000, 10000]) and keeps it there until release(); call again to move it. */
  hold(particle: number, position: ArrayLike<number>): void;
  /** Ends a hold: the particle gets its own inverse mass back (a pinned one stays pinned where it was left). */
  release(particle: number): void;

  /** Returns the collider's id. At most 8 colliders on the GPU. */
  addCollider(collider: ColliderDescription): number;
  /** Moves or reshapes a collider: only the fields given change; its type cannot. */
  updateCollider(id: number, changes: ColliderChanges): void;
  removeCollider(id: number): void;
  /** The colliders in the order they are resolved. */
  readonly colliders: ColliderState[];

  /** A copy of the positions, x y z per particle (the GPU cloth reads them back through a fence: not every frame). */
  readPositions(): Promise<Float32Array>;
  /** Two triangles per grid cell, for drawing. */
  readonly triangleIndices: Uint32Array;
  readonly particleCount: number;
  readonly columns: number;
  readonly rows: number;
  readonly stepsTaken: number;
  /** Seconds simulated since the start or the last reset(): the clock the gusts follow. */
  readonly simulatedSeconds: number;
  /** Independent patches in the grid: 1 for a plain cloth (see createPatches). */
  readonly patchCount: number;
  /** The patch a particle belongs to, numbered row-major over the layout. */
  patchOf(particle: number): number;
  constraintCount(family: Family): number;
  /** The stages one substep runs with the current settings, in order (the GPU draws a pass per stage). */
  substepSchedule(): SubstepStage[];
  readonly disposed: boolean;
  /** Frees the cloth's memory (wasm, and GL objects for the GPU cloth). Safe to call twice; any other call afterwards throws. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/**
 * A cloth simulated on the CPU. Its memory lives in WebAssembly: call `dispose()` when done
 * (or hold it with `using`), or it stays allocated until the page goes away.
 */
/**
 * The first `count` stages of one substep of `substepSchedule()`, from the current state, on
 * the cloth's own backend: run on cloths of two backends from the same state, it compares them
 * stage by stage. Like a substep, it advances the gusts' clock; `stepsTaken` stays. WebGL2
 * separates particles in its collide pass (its 'separate' stage sorts them into buckets), so
 * there the positions after 'separate' are those before it.
 */
export interface SteppedByStage {
  /** `count`: an integer in [0, substepSchedule().length]. */
  stepStages(count: number): void;
}

export interface Cloth extends SimulatedCloth, SteppedByStage {}
export class Cloth {
  private constructor();
  readonly backend: 'cpu';
  /** Why this cloth runs on the CPU although a GPU context was offered with `backend: 'auto'`; else null. */
  fallbackReason: string | null;
  /** Threads that step it: `Nuno.threadCount` from 4,096 particles up, else 1. */
  readonly threadCount: number;
  /** The accumulator alone: the fixed steps a frame's time is worth, without stepping. */
  advanceClock(frameSeconds: number): number;
  /** Per family (structural, shear, bending): what its stiffness means for one substep. */
  familyRules(): FamilyRule[];
  /** What damping and wind drag do to a velocity over one substep of the current settings. */
  substepFactors(): SubstepFactors;
  /**
   * Fixed steps undone because they left a position or velocity non-finite (NaN or infinite):
   * the cloth went back to where that step began. Validation is meant to keep this at 0.
   */
  readonly nonFiniteRecoveries: number;
  /** |length - restLength| / restLength over one constraint family, of this cloth's positions or of the positions given. */
  strain(family: Family, positions?: Float32Array): { max: number; mean: number };
  /** The smallest signed distance from a free particle to a collider's surface, metres (negative inside; Infinity without colliders), of this cloth's positions or of the positions given. */
  colliderClearance(positions?: Float32Array): number;
  /** Pairs of particles closer than `thickness` / 2 that were farther than `thickness` apart at rest (cloth through itself), of this cloth's positions or of the positions given. */
  selfIntersections(thickness: number, positions?: Float32Array): number;
  /**
   * Structural edges (a particle and its right or down neighbour) passing through triangles of the cloth that share no particle
   * with them, within a patch or between patches: cloth that has passed through itself, however far apart the layers have moved
   * since. Each edge-triangle pair counts once (a particle pushed through a layer counts 8). Of this cloth's positions or of the
   * positions given.
   */
  selfCrossings(positions?: Float32Array): number;

  /** x y z per particle, row-major: a live view of wasm memory, valid until the next step. */
  readonly positions: Float32Array;
  /** Unit normals, x y z per particle, computed from the current positions on each read. */
  readonly normals: Float32Array;
  /** m/s, x y z per particle: a live view. */
  readonly velocities: Float32Array;
  /** 1/kg per particle, 0 where pinned: a live view. */
  readonly inverseMasses: Float32Array;
  /** The rest shape, x y z per particle (what rest lengths and self-collision's rest neighbours come from): a live view. */
  readonly restPositions: Float32Array;
  /** Joules. */
  readonly kineticEnergy: number;
  /** The smallest y of any particle, metres. */
  readonly lowestPoint: number;
  /** Seconds the accumulator carries into the next frame. */
  readonly carriedSeconds: number;
}

export type Rgb = [number, number, number];

/** A collider as the renderer draws it: the same description given to `cloth.addCollider`. */
export type DrawnCollider = ColliderDescription;

export interface Camera {
  /** World to view, column-major (gl-matrix layout). */
  viewMatrix: Float32Array;
  /** View to clip, column-major. */
  projectionMatrix: Float32Array;
  /** Camera position in metres; derived from viewMatrix when absent. */
  eye?: ArrayLike<number>;
}

export interface ClothRendererOptions {
  /** The cloth's front face, sRGB in [0, 1]. */
  color?: Rgb;
  /** Its back face; by default a darker, warmer shade of `color`. */
  backColor?: Rgb;
  /** The clear colour, which the floor also fades into. */
  background?: Rgb;
  /** Draw the grid's edges instead of its lit surface. */
  wireframe?: boolean;
  /** Tint each patch its own shade of `color`; by default when the cloth has several patches. */
  patchColors?: boolean;
  /** Check gl.getError() after every frame and throw an Error naming it. */
  debug?: boolean;
}

/**
 * The parts of a cloth the renderer reads: `Cloth` and `GpuCloth` have them. It fetches
 * positions in the vertex shader from the GPU cloth's texture, or from a texture it fills from
 * the CPU cloth's positions once a frame, and takes normals from the grid neighbours.
 */
export type DrawableCloth = {
  readonly columns: number; readonly rows: number; readonly particleCount: number; readonly triangleIndices: Uint32Array;
  readonly patchCount: number; readonly settings: { readonly patchColumns: number; readonly patchRows: number };
} & (
  | { readonly backend: 'cpu' | 'webgpu'; readonly positions: Float32Array }
  | { readonly backend: 'gpu'; readonly positionTexture: WebGLTexture; readonly positionResidualTexture: WebGLTexture | null }
);

/** Draws a cloth (lit on both faces, or as a wireframe) and its colliders with WebGL2, in the cloth's context for a GPU cloth. */
export class ClothRenderer {
  constructor(gl: WebGL2RenderingContext, cloth: DrawableCloth, options?: ClothRendererOptions);
  color: Rgb;
  backColor: Rgb;
  background: Rgb;
  wireframe: boolean;
  patchColors: boolean;
  /** Which colliders to draw from now on; call again after moving one. */
  setColliders(colliders: readonly DrawnCollider[]): void;
  /** Uploads the cloth's current positions and normals and draws one frame, clearing first. */
  render(camera: Camera): void;
  /** After the WebGL context was lost and restored: rebuilds every GL object (restore a GPU cloth first). */
  restore(): void;
  /** Frees every GL object the renderer made. The cloth is the caller's to dispose. */
  dispose(): void;
}

/**
 * The particle a pointer means: among those within `maxDistance` (metres) of the ray, the one
 * nearest along it; -1 when none is that close.
 */
export function nearestParticleToRay(positions: Float32Array, origin: ArrayLike<number>, direction: ArrayLike<number>, maxDistance: number): number;

/**
 * What the two GPU cloths (`GpuCloth`, `WebGpuCloth`) share: they keep no positions on the CPU,
 * so their measures take positions read back with `readPositions()`.
 */
export interface ClothOnGpu extends SimulatedCloth, SteppedByStage {
  /** Why this cloth runs here and not on a backend `requestCloth` tried first; else null. */
  fallbackReason: string | null;
  /** Whether the WebGL context or WebGPU device is lost: steps do nothing (and `stepsTaken` stays) until `restore()`. */
  readonly lost: boolean;
  /** Strain of positions read back with readPositions(). */
  strain(family: Family, positions: Float32Array): { max: number; mean: number };
  /** The smallest signed distance from a free particle to a collider's surface, metres (negative inside), of positions read back with `readPositions()`. */
  colliderClearance(positions: Float32Array): number;
  /** Pairs closer than `thickness` / 2 that were farther than `thickness` apart at rest, of positions read back with `readPositions()`. */
  selfIntersections(thickness: number, positions: Float32Array): number;
  /** Structural edges through the cloth's own triangles (`Cloth.selfCrossings`), of positions read back with `readPositions()`. */
  selfCrossings(positions: Float32Array): number;
  /** Bytes of GPU memory per particle (textures or buffers) for the state the cloth holds now. */
  readonly gpuBytesPerParticle: number;
}

/**
 * A cloth simulated by WebGL2 fragment passes over state textures, in the context it was made
 * with. Takes the same settings (and gives the same errors) as `Cloth`. Call `dispose()` to
 * free its GL objects.
 */
export interface GpuCloth extends ClothOnGpu {}
export class GpuCloth {
  private constructor();
  readonly backend: 'gpu';
  /** How particle state is stored on this device. */
  readonly precision: StatePrecision;
  /**
   * After the WebGL context was lost and restored: rebuilds every GL object. The cloth starts
   * again from its rest shape with its settings, pins and colliders. While the context is lost,
   * steps do nothing.
   */
  restore(): void;
  /** Current positions, xyz in rgb (RGBA32F, or RGBA16F on the half paths). Read it again after every step. */
  readonly positionTexture: WebGLTexture;
  /** On the split half path, the part to add to `positionTexture`; null otherwise. */
  readonly positionResidualTexture: WebGLTexture | null;
  /** Fragment passes per fixed step: a pass per stage of `substepSchedule()`, times the substeps. */
  readonly drawCallsPerStep: number;
  /** Bytes written to render targets per particle in one fixed step with the current settings (positions, velocities, multipliers, buckets). */
  readonly bytesWrittenPerParticlePerStep: number;
}

/**
 * A cloth simulated by WebGPU compute passes over storage buffers, on the device it was made
 * with. Takes the same settings (and gives the same errors) as `Cloth`, but solves in red-black
 * order only. Call `dispose()` to free its buffers.
 */
export interface WebGpuCloth extends ClothOnGpu {}
export class WebGpuCloth {
  private constructor();
  readonly backend: 'webgpu';
  /** Always 'float': storage buffers need no render-target support. */
  readonly precision: 'float';
  /** The device the cloth runs on (a new one after `restore(device)`); while it is lost, `readPositions()` rejects. */
  readonly device: GPUDevice;
  /**
   * After the device was lost: rebuilds every buffer and pipeline on a new device. The cloth
   * starts again from its rest shape with its settings, pins and colliders. The new device stays
   * the caller's: `dispose()` leaves it alone.
   */
  restore(device: GPUDevice): void;
  /** The current positions for your own WebGPU pipeline: a storage and vertex buffer of vec4f per particle (xyz, w = 0), row-major; the same buffer every step until `restore()`. */
  readonly positionBuffer: GPUBuffer;
  /**
   * Positions from the last finished read-back, xyz per particle: a frame or a few behind.
   * Reading it starts a read-back when the state changed since the last one began (and none is
   * under way), never waiting for it. For drawing with `ClothRenderer`; `await readPositions()`
   * gives this very step's.
   */
  readonly positions: Float32Array;
  /** Compute dispatches per fixed step: a dispatch per stage of `substepSchedule()`, times the substeps. */
  readonly dispatchesPerStep: number;
}

/**
 * The CPU cloth in a Web Worker (`nuno.createWorkerCloth`). `step()` and `stepFixed()` ask the
 * worker for steps and return at once; `positions` is what the worker sent last (handed over
 * without copies), `stepsTaken` what it has finished; `await readPositions()` waits for every
 * step and call made before it. Calls are checked on this thread first, so errors come at once.
 */
export interface WorkerCloth extends SimulatedCloth {}
export class WorkerCloth {
  private constructor();
  readonly backend: 'cpu';
  /** Always true: the cloth steps in a Web Worker. */
  readonly inWorker: true;
  /** Threads that step it in the worker, as `Cloth.threadCount` on the page. */
  readonly threadCount: number;
  /**
   * xyz per particle, as the worker sent it last: a step or a few behind `step()`, and at once
   * after `reset()` or `hold()`. Its buffer goes back to the worker with a later step request,
   * which empties the array: read it each frame, and copy what you keep.
   */
  readonly positions: Float32Array;
  /** Strain of the given positions, by default those the worker sent last. */
  strain(family: Family, positions?: Float32Array): { max: number; mean: number };
  /** The smallest signed distance from a free particle to a collider's surface, metres, of the given or the last-sent positions. */
  colliderClearance(positions?: Float32Array): number;
  /** Pairs closer than `thickness` / 2 that were farther than `thickness` apart at rest, of the given or the last-sent positions. */
  selfIntersections(thickness: number, positions?: Float32Array): number;
  /** Structural edges through the cloth's own triangles (`Cloth.selfCrossings`), of the given or the last-sent positions. */
  selfCrossings(positions?: Float32Array): number;
}
