// nuno/three/webgpu: nuno's cloths in three.js scenes drawn by WebGPURenderer (three/webgpu).
import type { Material } from 'three';
import type { WebGPURenderer } from 'three/webgpu';
import type { Cloth, WebGpuCloth, WorkerCloth } from '../index.js';
import { ClothMeshBase } from './index.js';

export { ClothDragger, ClothMeshBase } from './index.js';
export type { ThreeColliderOptions } from './index.js';

/** The cloths a ClothMesh draws with WebGPURenderer. */
export type WebGpuDrawableCloth = Cloth | WorkerCloth | WebGpuCloth;

export interface WebGpuClothMeshOptions {
  /** Any three mesh material (default: a MeshStandardNodeMaterial lit on both faces). A WebGPU cloth's mesh sets its positionNode: give it a node material of its own; a classic material is drawn through a node material copy the mesh makes and frees. */
  material?: Material;
  /** The WebGPURenderer, initialized (`await renderer.init()`), whose device (`renderer.backend.device`) the WebGPU cloth was made on. */
  renderer?: WebGPURenderer;
  /** A WebGPU cloth's positions read back into the geometry after each update(), never waiting: three then culls it and its Raycaster sees it, a frame or a few behind. Default false. */
  readBack?: boolean;
}

/**
 * A THREE.Mesh that draws a nuno cloth with WebGPURenderer: the CPU and worker cloths' positions
 * copied into its geometry at each update(); the WebGPU cloth, made on the renderer's device,
 * read from its own position buffer (a storage attribute three binds) in the vertex stage,
 * with normals from its grid: no positions are copied, on the CPU or the GPU. With a device the
 * app gave the renderer, dispose the mesh before the renderer: three frees a storage attribute's
 * buffer with the renderer, and this one is the cloth's. A WebGL2 cloth is refused: it is drawn
 * by nuno/three's ClothMesh.
 */
export class ClothMesh extends ClothMeshBase {
  constructor(cloth: Cloth | WorkerCloth, options?: WebGpuClothMeshOptions);
  constructor(cloth: Cloth | WebGpuCloth, options: WebGpuClothMeshOptions & { renderer: WebGPURenderer });
  readonly cloth: WebGpuDrawableCloth;
}

/**
 * The GPUDevice an initialized WebGPURenderer draws with (`renderer.backend.device`): make the
 * WebGPU cloth on it, `nuno.createCloth(webGpuDeviceOf(renderer), settings)`. Throws, by name,
 * before `await renderer.init()`, where the renderer draws with WebGL2 (no WebGPU here, or
 * `forceWebGL`), or for anything but a WebGPURenderer.
 */
export function webGpuDeviceOf(renderer: WebGPURenderer): GPUDevice;
