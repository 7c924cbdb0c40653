// The WebGL2 renderer and the picking helper.
/// <reference types="@webgpu/types" />

import type { ColliderDescription } from './model.js';

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
export type DrawableCloth = ClothGrid & (
  | { readonly backend: 'cpu' | 'webgpu'; readonly positions: Float32Array; readonly tornMask?: Uint8Array }
  | { readonly backend: 'gpu'; readonly positionTexture: WebGLTexture; readonly positionResidualTexture: WebGLTexture | null; readonly tornTexture: WebGLTexture }
);

/** What both renderers read of any cloth: its grid, triangles and patches. */
export interface ClothGrid {
  readonly columns: number; readonly rows: number; readonly particleCount: number; readonly triangleIndices: Uint32Array;
  readonly patchCount: number; readonly settings: { readonly patchColumns: number; readonly patchRows: number };
}

/** What both renderers draw with: colours, the wireframe switch and the colliders (ClothRendererOptions, changeable between frames). */
export interface ClothDrawing {
  color: Rgb;
  backColor: Rgb;
  background: Rgb;
  wireframe: boolean;
  patchColors: boolean;
  /** Which colliders to draw from now on; call again after moving one. */
  setColliders(colliders: readonly DrawnCollider[]): void;
}

/** Draws a cloth (lit on both faces, or as a wireframe, leaving out what has torn) and its colliders with WebGL2, in the cloth's context for a GPU cloth. */
export interface ClothRenderer extends ClothDrawing {}
export class ClothRenderer {
  constructor(gl: WebGL2RenderingContext, cloth: DrawableCloth, options?: ClothRendererOptions);
  /** Uploads the cloth's current positions and normals and draws one frame, clearing first. */
  render(camera: Camera): void;
  /** After the WebGL context was lost and restored: rebuilds every GL object (restore a GPU cloth first). */
  restore(): void;
  /** Frees every GL object the renderer made. The cloth is the caller's to dispose. */
  dispose(): void;
}

/**
 * The parts of a cloth WebGpuClothRenderer reads: `WebGpuCloth` (drawn from its own position
 * buffer, on its device) and the CPU `Cloth` have them.
 */
export type WebGpuDrawableCloth = ClothGrid & (
  | { readonly backend: 'cpu'; readonly positions: Float32Array; readonly tornMask?: Uint8Array }
  | { readonly backend: 'webgpu'; readonly positionBuffer: GPUBuffer; readonly tornBuffer: GPUBuffer; readonly device: GPUDevice }
);

/**
 * ClothRenderer's twin for a WebGPU canvas: draws a cloth (lit on both faces, or as a wireframe)
 * and its colliders with WebGPU, the same picture from the same shaders ported to WGSL. A WebGPU
 * cloth is drawn on its own device straight from its position buffer (no read-back, no upload);
 * a CPU cloth's positions are written once a frame to the `device` given. Configures the canvas.
 */
export interface WebGpuClothRenderer extends ClothDrawing {}
export class WebGpuClothRenderer {
  constructor(context: GPUCanvasContext, cloth: WebGpuDrawableCloth & { backend: 'webgpu' }, options?: ClothRendererOptions);
  constructor(context: GPUCanvasContext, cloth: WebGpuDrawableCloth, options: ClothRendererOptions & { device: GPUDevice });
  /** Draws one frame into the canvas's current texture, clearing first (a CPU cloth's positions written first). */
  render(camera: Camera): void;
  /** Frees every GPU object the renderer made. The cloth, the device and the canvas context are the caller's: the context stays configured, so a renderer made for the next cloth before this one is disposed keeps drawing. */
  dispose(): void;
}

/**
 * The particle a pointer means: among those within `maxDistance` (metres) of the ray, the one
 * nearest along it; -1 when none is that close.
 */
export function nearestParticleToRay(positions: Float32Array, origin: ArrayLike<number>, direction: ArrayLike<number>, maxDistance: number): number;

/**
 * The triangles of a torn cloth still drawn, for a renderer that draws from an index: the
 * cloth's `triangleIndices` less every triangle with a torn edge, in their order, written from
 * the start of `into` (which may be `triangleIndices` itself; a new array when omitted) and
 * returned as a view of that many. `torn`: the cloth's torn mask (`tornMask`, `await readTorn()`).
 * Throws a TypeError naming the argument that is not what a cloth gives.
 */
export function untornTriangles(triangleIndices: Uint32Array, torn: Uint8Array, into?: Uint32Array): Uint32Array;
