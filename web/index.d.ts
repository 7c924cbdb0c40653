// Type declarations for nuno (hand-written: Emscripten 3.1.6 cannot emit them for Embind).
// WebGPU's types (GPUDevice, GPUBuffer) come from @webgpu/types, a dependency of the package.
/// <reference types="@webgpu/types" />

export * from './model.js';
export * from './cloths.js';
export * from './render.js';

import type { ClothSettings, ConstraintDirection, GpuConstants, SettingInfo, StatePrecision, Vec3 } from './model.js';
import type { Cloth, GpuCloth, WebGpuCloth, WorkerCloth } from './cloths.js';

/** Settings plus the choice of backend, for `createCloth(target, options)` and `requestCloth`. */
export interface GpuClothOptions extends ClothSettings {
  /**
   * 'auto' (default): the best the target and device run, else the CPU (`createCloth`: WebGPU
   * for a GPUDevice, WebGL2 for a context or canvas; `requestCloth`: the faster of WebGPU and
   * WebGL2, timed, else the one there is, else the CPU).
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
   * `fallbackReason` says why each better one was passed over. Where both WebGPU and WebGL2
   * (`target` given) can run the cloth, throwaway cloths of each step in turns and the faster
   * one's backend is kept: `trialMsPerStep` says what each took (WebGL2 is tried in a context of
   * its own, so a canvas stays free for WebGPU when WebGPU wins). 'webgpu' throws a
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
