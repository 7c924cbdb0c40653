// The cloths: what every backend offers (SimulatedCloth), then each backend's class.
/// <reference types="@webgpu/types" />

import type { ClothSettings, ColliderChanges, ColliderDescription, ColliderState, Family, FamilyRule, ResolvedClothSettings, StatePrecision, SubstepFactors, SubstepStage } from './model.js';

/** What `pickParticle` found: the particle's index and its position (x y z, metres). */
export interface PickedParticle {
  particle: number;
  position: Float32Array;
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
  /**
   * Attachments, for particles that follow something the app moves every frame (a flag on a
   * moving pole, a cape on a character): makes exactly `particles` the attached ones (indices
   * in increasing order; `attach([], [])` lets all go), each following its target in `targets` (x y z
   * per particle, metres, each coordinate in [-10000, 10000]). The steps of the next step() or
   * stepFixed() carry each particle on a straight line to its target, spread over all their
   * substeps and with the target's velocity, so the cloth is not whipped and a particle let go
   * keeps moving as its target did. A newly attached particle starts at its target. Attached
   * particles weigh nothing in the constraints; reset() lets them all go. Returns whether the
   * set of particles changed, not only their targets.
   */
  attach(particles: ArrayLike<number>, targets: ArrayLike<number>): boolean;

  /** Returns the collider's id. At most 8 colliders on the GPU. */
  addCollider(collider: ColliderDescription): number;
  /** Moves or reshapes a collider: only the fields given change; its type cannot. */
  updateCollider(id: number, changes: ColliderChanges): void;
  removeCollider(id: number): void;
  /** The colliders in the order they are resolved. */
  readonly colliders: ColliderState[];

  /** A copy of the positions, x y z per particle (the GPU cloth reads them back through a fence: not every frame). */
  readPositions(): Promise<Float32Array>;
  /**
   * The particle a ray means, for grabbing the cloth with a pointer: among the particles within
   * `maxDistance` metres of the ray (in [0, 1e6]) and in front of its origin, the one nearest
   * along it (ties to the lowest index), with its position; null when none is that close.
   * `direction` may have any length but zero. The WebGPU cloth searches on the GPU and reads back
   * 32 bytes; the WebGL2 and worker cloths read the positions back whole.
   */
  pickParticle(origin: ArrayLike<number>, direction: ArrayLike<number>, maxDistance: number): Promise<PickedParticle | null>;
  /**
   * A copy of the torn mask (see the `tearStrain` setting): a byte per particle, bit d set when
   * the constraint starting there in direction d has torn (0 right, 1 down, 2 diagonal down, 3
   * diagonal up). The GPU cloths read it back.
   */
  readTorn(): Promise<Uint8Array>;
  /** Two triangles per grid cell, for drawing (a renderer leaves out those with a torn edge). */
  readonly triangleIndices: Uint32Array;
  /** The rest shape, x y z per particle (what rest lengths and self-collision's rest neighbours come from): a live view. */
  readonly restPositions: Float32Array;
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
 * The first `count` stages of one substep of `substepSchedule()`, from the current state, on
 * the cloth's own backend (the CPU, WebGL2 and WebGPU cloths): run on cloths of two backends
 * from the same state, it compares them stage by stage. Like a substep, it advances the gusts'
 * clock and forgets the colliders' travel since the last step; `stepsTaken` stays (no stages:
 * nothing changes). WebGL2 separates particles in its collide pass (its 'separate' stage sorts
 * them into buckets), so there the positions after 'separate' are those before it.
 */
export interface SteppedByStage {
  /** `count`: an integer in [0, substepSchedule().length]. */
  stepStages(count: number): void;
}

/**
 * A cloth simulated on the CPU. Its memory lives in WebAssembly: call `dispose()` when done
 * (or hold it with `using`), or it stays allocated until the page goes away.
 */
export interface Cloth extends SimulatedCloth, SteppedByStage {}
export class Cloth {
  private constructor();
  readonly backend: 'cpu';
  /** Why this cloth runs on the CPU although a GPU context was offered with `backend: 'auto'`; else null. */
  fallbackReason: string | null;
  /** Always null: `requestCloth` times the GPU backends only (see `ClothOnGpu.trialMsPerStep`). */
  readonly trialMsPerStep: null;
  /** Threads that step it: `Nuno.threadCount` from 4,096 particles up, else 1. */
  readonly threadCount: number;
  /** The accumulator alone: the fixed steps a frame's time is worth, without stepping. */
  advanceClock(frameSeconds: number): number;
  /** Per family (structural, shear, bending): what its stiffness means for one substep (of a step cut into `substeps`, 1 to 1e6; the setting's by default). */
  familyRules(substeps?: number): FamilyRule[];
  /** What damping and wind drag do to a velocity over one substep of the current settings (of a step cut into `substeps`, likewise). */
  substepFactors(substeps?: number): SubstepFactors;
  /** The substeps a step takes with self-collision on when layers within reach approach at `fastestApproach` m/s (up to 4x the setting). */
  substepsFor(fastestApproach: number): number;
  /**
   * Fixed steps undone because they left a position or velocity non-finite (NaN or infinite):
   * the cloth went back to where that step began. Validation is meant to keep this at 0.
   */
  readonly nonFiniteRecoveries: number;
  /** |length - restLength| / restLength over one constraint family's constraints still solved (by this cloth's tears, or the torn mask given), of this cloth's positions or of the positions given. */
  strain(family: Family, positions?: Float32Array, torn?: Uint8Array): { max: number; mean: number };
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
  /** Structural and shear constraints torn since the start or the last `reset()`: this cloth's, or those of a mask from `readTorn()`. */
  tornConstraints(torn?: Uint8Array): number;
  /** The torn mask (`readTorn()`'s layout): a live view of wasm memory. */
  readonly tornMask: Uint8Array;

  /** x y z per particle, row-major: a live view of wasm memory, valid until the next step. */
  readonly positions: Float32Array;
  /** Unit normals, x y z per particle, computed from the current positions on each read. */
  readonly normals: Float32Array;
  /** m/s, x y z per particle: a live view. */
  readonly velocities: Float32Array;
  /** 1/kg per particle, 0 where pinned: a live view. */
  readonly inverseMasses: Float32Array;
  /** Joules. */
  readonly kineticEnergy: number;
  /** The smallest y of any particle, metres. */
  readonly lowestPoint: number;
  /** Seconds the accumulator carries into the next frame. */
  readonly carriedSeconds: number;
}

/**
 * What the two GPU cloths (`GpuCloth`, `WebGpuCloth`) share: they keep no positions on the CPU,
 * so their measures take positions read back with `readPositions()`.
 */
export interface ClothOnGpu extends SimulatedCloth, SteppedByStage {
  /** Why this cloth runs here and not on a backend `requestCloth` tried first; else null. */
  fallbackReason: string | null;
  /**
   * What `requestCloth`'s 'auto' measured to choose between WebGPU and WebGL2, milliseconds a
   * step each (medians of its timed turns, or its sizing batches where those set one backend over
   * twice as slow); null where it chose without timing them (no WebGL2 target, or the trial
   * failed: WebGPU is then kept). Where WebGL2 timed faster but the canvas given holds another
   * kind of context, WebGPU is kept with these figures.
   */
  trialMsPerStep: { webgpu: number; gpu: number } | null;
  /** Whether the WebGL context or WebGPU device is lost: steps do nothing (and `stepsTaken` stays) until `restore()`. */
  readonly lost: boolean;
  /** Strain of positions read back with readPositions(), over the constraints a mask read back with `readTorn()` keeps (all without it). */
  strain(family: Family, positions: Float32Array, torn?: Uint8Array): { max: number; mean: number };
  /** The smallest signed distance from a free particle to a collider's surface, metres (negative inside), of positions read back with `readPositions()`. */
  colliderClearance(positions: Float32Array): number;
  /** Pairs closer than `thickness` / 2 that were farther than `thickness` apart at rest, of positions read back with `readPositions()`. */
  selfIntersections(thickness: number, positions: Float32Array): number;
  /** Structural edges through the cloth's own triangles (`Cloth.selfCrossings`), of positions read back with `readPositions()`. */
  selfCrossings(positions: Float32Array): number;
  /** Structural and shear constraints torn in a mask read back with `readTorn()`. */
  tornConstraints(torn: Uint8Array): number;
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
  /** The torn mask (`readTorn()`'s layout), an R8UI texture of columns x rows. Read it again after every step. */
  readonly tornTexture: WebGLTexture;
  /** Fragment passes per fixed step: a pass per stage of `substepSchedule()`, times the substeps; one more, the tear pass, while `tearStrain` is on. */
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
  /** The torn mask for your own pipeline: a storage buffer of one u32 per particle (zeros after the last, to a multiple of 1024), its low four bits `readTorn()`'s; the same buffer until `restore()`. */
  readonly tornBuffer: GPUBuffer;
  /** The torn bits read back with `positions` (while `tearStrain` is on), as far behind: for drawing with `ClothRenderer`. */
  readonly tornMask: Uint8Array;
  /**
   * Positions from the last finished read-back, xyz per particle: a frame or a few behind.
   * Reading it starts a read-back when the state changed since the last one began (and none is
   * under way), never waiting for it. For drawing with `ClothRenderer`; `await readPositions()`
   * gives this very step's.
   */
  readonly positions: Float32Array;
  /** Compute dispatches per fixed step without attachments: a dispatch per stage of `substepSchedule()` (self-collision's 'separate' five), times the substeps; or 1 where patches of at most as many particles as a workgroup has invocations (256; up to 1024 on a device `requestCloth` asked for more) step in one dispatch; or one a substep where the substeps run tiled (`tiledSubsteps`; each once its pipeline, made asynchronously at the first such step, is ready: `pipelinesMade()`); one more, the tear pass, while `tearStrain` is on. */
  readonly dispatchesPerStep: number;
  /**
   * Resolves once the pipelines of the one-dispatch step the current settings can take (the patch
   * step or tiled substeps, with and without reading torn bits) are made, or could not be (the
   * steps then stay on the passes of their own). They are made asynchronously at the first step
   * that could use them, the passes stepping to the same bits until then: await this before
   * timing steps, or to step in one dispatch from the first. Starts making them if no step has.
   */
  pipelinesMade(): Promise<void>;
  /**
   * Whether steps of substeps without self-collision or attachments may run as one dispatch a
   * substep, the grid cut into tiles solved in workgroup memory, on the very bits of the passes:
   * where it is faster: at any size on a device granting workgroups of 1024 invocations and 48 KiB
   * of workgroup memory (an NVIDIA H200's most; `requestCloth` asks for them) for one iteration a
   * substep, else up to 128 x 128 particles, 256 x 256 with 48 KiB; two need more than 16 KiB, three more than 48 KiB (their halos are wider). By default true on a hardware
   * adapter, false on a software one (SwiftShader), where it is slower. Tiles need a halo that
   * fits the device's workgroup memory and run faster with more invocations a workgroup:
   * `requestCloth` asks for the adapter's most of both (invocations up to 1024). On a device of
   * your own, ask for them as `requestDevice({ requiredLimits })`.
   */
  tiledSubsteps: boolean;
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
  /** Strain of the given positions, by default those the worker sent last, over the constraints the torn mask given (by default the last sent) keeps. */
  strain(family: Family, positions?: Float32Array, torn?: Uint8Array): { max: number; mean: number };
  /** The smallest signed distance from a free particle to a collider's surface, metres, of the given or the last-sent positions. */
  colliderClearance(positions?: Float32Array): number;
  /** Pairs closer than `thickness` / 2 that were farther than `thickness` apart at rest, of the given or the last-sent positions. */
  selfIntersections(thickness: number, positions?: Float32Array): number;
  /** Structural edges through the cloth's own triangles (`Cloth.selfCrossings`), of the given or the last-sent positions. */
  selfCrossings(positions?: Float32Array): number;
  /** Structural and shear constraints torn, as the worker last said, or in a mask from `readTorn()`. */
  tornConstraints(torn?: Uint8Array): number;
  /** The torn mask (`readTorn()`'s layout) the worker sent last, like `positions`. */
  readonly tornMask: Uint8Array;
}
