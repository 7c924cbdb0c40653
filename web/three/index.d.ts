// nuno/three: nuno's cloths in three.js scenes (three >= 0.187, an optional peer dependency).
import type { BufferGeometry, Camera, EventDispatcher, Material, Mesh, Object3D, WebGLRenderer } from 'three';
import type { Cloth, GpuCloth, MeshCollider, WebGpuCloth, WorkerCloth } from '../index.js';

/** The cloths a ClothMesh draws with WebGLRenderer. */
export type ThreeDrawableCloth = Cloth | WorkerCloth | GpuCloth;

export interface ClothMeshOptions {
  /** Any three mesh material (default: a MeshStandardMaterial lit on both faces). A WebGL2 cloth's mesh patches its vertex stage: give it a material of its own. */
  material?: Material;
  /** The WebGLRenderer whose context a WebGL2 cloth was made on. */
  renderer?: WebGLRenderer;
  /** A WebGL2 cloth's positions read back into the geometry after each update(), never waiting: three then culls it and its Raycaster sees it, a frame or a few behind. Default false (a copy through the CPU each frame). */
  readBack?: boolean;
}

/** What `collideWith` takes besides the object. */
export interface ThreeColliderOptions {
  friction?: number;
  /** A mesh collider's: 0 (default) for a closed mesh, solid inside; metres > 0 make it a shell this thick on each side (an open mesh). Refused for the analytic geometries. */
  thickness?: MeshCollider['thickness'];
  /** A mesh collider's distance samples along its longest side, 8..128 (default 64). Refused for the analytic geometries. */
  resolution?: MeshCollider['resolution'];
}

/**
 * What the ClothMesh of each three renderer (this one for WebGLRenderer, nuno/three/webgpu's for
 * WebGPURenderer) offers: a THREE.Mesh over the cloth's grid, texture coordinates running over
 * it (each patch its own 0..1), colliders and attachments taken from scene objects. The cloth
 * stays the caller's: `dispose()` frees what the mesh made, never the cloth or a material given.
 *
 * A torn cloth (the `tearStrain` setting) is drawn torn: the geometry's index keeps the triangles
 * without a torn edge, packed at its front, and `geometry.drawRange` ends after them (the rest of
 * the index is zeros). It is written again when the count of torn constraints changes: at once
 * for the CPU cloth, with the mask the worker last sent for the worker cloth; a GPU cloth's mask
 * is read back (never waited for) every 4 frames while its `tearStrain` is above 0, so its gaps
 * show a few frames after they tear. A GPU cloth's shading normals follow tears at once.
 */
export abstract class ClothMeshBase extends Mesh<BufferGeometry, Material> {
  /** Made by a renderer's ClothMesh only. */
  protected constructor(...made: never[]);
  /** The cloth drawn. */
  readonly cloth: Cloth | WorkerCloth | GpuCloth | WebGpuCloth;
  /**
   * Makes the cloth collide with a three mesh, shaped and placed as it is in the scene (its
   * scale taken in) and moved with it before every step(): a SphereGeometry, BoxGeometry,
   * CapsuleGeometry or PlaneGeometry (unbounded, facing its +z) as that analytic collider, any
   * other geometry of triangles (indexed or not) as a mesh collider, its distance field built
   * again when its scale, its geometry or an attribute marked `needsUpdate` changes. Points,
   * lines, instanced meshes and a geometry without positions are refused by name. Returns the
   * cloth's collider id.
   */
  collideWith(object: Object3D, options?: ThreeColliderOptions): number;
  /** Removes the collider made from `object`. */
  stopColliding(object: Object3D): void;
  /**
   * Attaches particles (indices) to an object: they follow it from the next step() on, where
   * their rest positions lie relative to it now (`cloth.attach` underneath). Again for the same
   * object replaces its particles; a particle follows one object at a time.
   */
  attachTo(object: Object3D, particles: ArrayLike<number>): void;
  /** Lets go the particles attached to `object` (they keep its velocity); whether there were any. */
  detach(object: Object3D): boolean;
  /** Moves the scene objects' colliders and attachments to where the objects are (follow()), then `cloth.step(frameSeconds)`, then (a WebGL2 cloth) `renderer.resetState()` (which also forgets three's render target: step between frames), then update(); returns the fixed steps taken. */
  step(frameSeconds: number): number;
  /** Moves the scene objects' colliders and attachments to where the objects are now: before stepping the cloth by other means than step(). */
  follow(): void;
  /** The cloth's hold() (a position in the mesh's frame), then (a WebGL2 cloth) `renderer.resetState()`. */
  hold(particle: number, position: ArrayLike<number>): void;
  /** The cloth's release(), then (a WebGL2 cloth) `renderer.resetState()`. */
  release(particle: number): void;
  /** After the cloth stepped by other means: brings the mesh up to date (bounds too, for the CPU cloths; the index, where tears changed, or a GPU cloth's torn-mask read-back started). With a WebGL2 cloth, call `renderer.resetState()` after its steps as well. */
  update(): void;
  /** Frees the geometry, the materials the mesh made and its handles on the cloth's state, takes its colliders and attachments off the cloth, and puts a material given back as it was. */
  dispose(): void;
}

/**
 * A THREE.Mesh that draws a nuno cloth with WebGLRenderer: the CPU and worker cloths' positions
 * copied into its geometry at each update(), the WebGL2 cloth's read from its state textures in
 * the vertex stage (nothing copied on the CPU). A WebGPU cloth is refused: it is drawn by
 * nuno/three/webgpu's ClothMesh.
 */
export class ClothMesh extends ClothMeshBase {
  constructor(cloth: Cloth | WorkerCloth, options?: ClothMeshOptions);
  constructor(cloth: Cloth | GpuCloth, options: ClothMeshOptions & { renderer: WebGLRenderer });
  readonly cloth: ThreeDrawableCloth;
}

export interface ClothDraggerEventMap {
  /** A particle was picked and is held. */
  grab: { particle: number };
  /** It was let go. */
  release: { particle: number };
}

/**
 * Grabbing a ClothMesh with the pointer: a press picks the particle nearest the pointer's ray
 * (within `reach` metres of it, the front one of a folded cloth), moves hold it where the ray
 * meets the plane through it facing the camera, the release lets it go. A GPU cloth's
 * positions are read back for the pick. Listen to 'grab' and 'release' to pause camera controls.
 */
export class ClothDragger extends EventDispatcher<ClothDraggerEventMap> {
  constructor(mesh: ClothMeshBase, camera: Camera, element: HTMLElement, options?: { reach?: number });
  /** Whether a particle is held now. */
  readonly dragging: boolean;
  /** Stops listening, letting go of a particle held. */
  dispose(): void;
}
