// What a cloth takes and gives as plain data: its settings (the generated part, from the core's
// schema), colliders, the stages of a substep, the per-substep rules and the GPU constants.
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
   * about 345 bytes per particle (357 with `positions`) and may keep 1 GiB, half the 2 GiB the WebAssembly
   * heap can grow to (building it briefly takes more: 1.3 GiB of wasm memory at the limit): columns * rows up
   * to about 3.11 million, 1764 x 1764 at most for a square. A larger grid throws an Error naming 'columns *
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
   * 0. At most 4 particle spacings. Pairs closer than this at rest are neighbours, never pushed apart. On the
   * CPU a step in which layers would close by more than half of it in a substep takes more substeps (up to
   * 4x).
   */
  selfCollisionThickness?: number;
  /**
   * Share of the sliding between two touching parts of the cloth removed per substep, [0, 1]. Default 0.3.
   */
  selfCollisionFriction?: number;
  /**
   * Strain past which a structural or shear constraint breaks for good; 0: the cloth never tears, [0, 10].
   * Default 0. Checked at the end of every fixed step: a constraint longer than (1 + tearStrain) times its
   * rest length tears, and the bending constraints across it go with it. reset() mends the cloth.
   */
  tearStrain?: number;
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

/**
 * A triangle mesh: solid inside when closed, or a shell `thickness` thick around an open one. The
 * core samples its signed distance once on a grid (`resolution` samples along its longest side),
 * so a contact costs the same however many triangles it has; moving it (`center`, `rotation`)
 * builds nothing, a new `vertices`, `indices`, `thickness` or `resolution` builds the grid again.
 */
export interface MeshCollider {
  type: 'mesh';
  /** x, y, z per vertex, metres in the mesh's own frame, each in [-10000, 10000]; 1 to 1,000,000 vertices. Required for a new mesh. */
  vertices?: Float32Array | Float64Array | number[];
  /** Three vertex indices per triangle, 1 to 1,000,000 triangles, in any winding; repeated triangles count once. Required for a new mesh. */
  indices?: Uint32Array | Uint16Array | Int32Array | number[];
  /** Where the mesh's origin goes, metres, each coordinate in [-10000, 10000]. Default [0, 0, 0]. */
  center?: Vec3;
  /** A quaternion [x, y, z, w] turning the mesh about its origin, any finite length but zero. Default [0, 0, 0, 1]. */
  rotation?: [number, number, number, number];
  /** Metres, [0, 1]: 0 for a closed mesh (solid inside); more makes the mesh a shell this thick on each side (for an open one). Default 0. */
  thickness?: number;
  /** Distance samples along the mesh's longest side, an integer in [8, 128]. Default 64. */
  resolution?: number;
  friction?: number;
}

export type ColliderDescription = SphereCollider | PlaneCollider | CapsuleCollider | BoxCollider | MeshCollider;
/** What `updateCollider` takes: any fields of the collider's own type. */
export type ColliderChanges =
  | Partial<Omit<SphereCollider, 'type'>>
  | Partial<Omit<PlaneCollider, 'type'>>
  | Partial<Omit<CapsuleCollider, 'type'>>
  | Partial<Omit<BoxCollider, 'type'>>
  | Partial<Omit<MeshCollider, 'type'>>;

/** A collider as the cloth holds it: planes as a unit normal and offset (dot(normal, x) = offset), rotations as unit quaternions. */
export type ColliderState =
  | { id: number; type: 'sphere'; center: Vec3; radius: number; friction: number }
  | { id: number; type: 'plane'; normal: Vec3; offset: number; friction: number }
  | { id: number; type: 'capsule'; start: Vec3; end: Vec3; radius: number; friction: number }
  | { id: number; type: 'box'; center: Vec3; halfExtents: Vec3; rotation: [number, number, number, number]; friction: number }
  | {
      id: number; type: 'mesh'; center: Vec3; rotation: [number, number, number, number]; vertices: Float32Array; indices: Uint32Array;
      thickness: number; resolution: number; friction: number;
    };

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
  /** Times the collide pass visits the colliders while a push moved a particle. */
  contactPasses: number;
  /** The untangling's mark of a particle that sits out self-collision with nothing to send back (src/untangle.hpp). */
  tangleHeld: number;
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
