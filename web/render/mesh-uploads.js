// The mesh colliders' triangles on the GPU, kept from frame to frame: a mesh is uploaded the
// first frame that draws it and freed by the first that no longer does, so moving or turning it
// (a new center or rotation, which only its uniforms carry) uploads nothing. Shared by the WebGL2
// and WebGPU renderers, which say how to upload and free.
import { meshSurface } from './mesh-surface.js';

/** @typedef {import('./collider-drawer.js').DrawnMesh} DrawnMesh */
/** @typedef {import('./mesh-surface.js').MeshSurface} MeshSurface */

/** @template Uploaded */
export class MeshUploads {
  /** @type {(surface: MeshSurface) => Uploaded} */
  #upload;
  /** @type {(uploaded: Uploaded) => void} */
  #free;
  /**
   * Keyed by the vertices array: the descriptions a caller draws are made again whenever one
   * moves, but they keep the arrays they were given.
   * @type {Map<ArrayLike<number>, { indices: ArrayLike<number>, uploaded: Uploaded }>}
   */
  #held = new Map();

  /**
   * @param {(surface: MeshSurface) => Uploaded} upload
   * @param {(uploaded: Uploaded) => void} free
   */
  constructor(upload, free) {
    this.#upload = upload;
    this.#free = free;
  }

  /**
   * The uploads of this frame's meshes, uploading the new ones and freeing the rest.
   * @param {readonly { mesh: string | DrawnMesh }[]} parts this frame's solids (collider-meshes.js's
   *   solidParts): the unit meshes, named, are the renderers' own
   * @returns {Map<DrawnMesh, Uploaded>}
   */
  forFrame(parts) {
    const meshes = parts.flatMap(({ mesh }) => (typeof mesh === 'string' ? [] : [mesh]));
    const byVertices = new Map(meshes.map((mesh) => [mesh.vertices, mesh]));
    for (const [vertices, held] of this.#held) {
      // Gone, or the same vertices with other triangles.
      if (byVertices.get(vertices)?.indices !== held.indices) this.#drop(vertices);
    }
    /** @type {Map<DrawnMesh, Uploaded>} */
    const uploads = new Map();
    for (const mesh of meshes) {
      let held = this.#held.get(mesh.vertices);
      if (!held) {
        held = { indices: mesh.indices, uploaded: this.#upload(meshSurface(mesh.vertices, mesh.indices)) };
        this.#held.set(mesh.vertices, held);
      }
      uploads.set(mesh, held.uploaded);
    }
    return uploads;
  }

  /** Frees every upload. */
  clear() {
    for (const vertices of [...this.#held.keys()]) this.#drop(vertices);
  }

  /** @param {ArrayLike<number>} vertices */
  #drop(vertices) {
    this.#free(/** @type {{ uploaded: Uploaded }} */ (this.#held.get(vertices)).uploaded);
    this.#held.delete(vertices);
  }
}
