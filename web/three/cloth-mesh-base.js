// What the ClothMesh of each three renderer shares: a THREE.Mesh over a nuno cloth's grid, the
// scene links (colliders and attachments taken from three objects) and the CPU cloths' drawing.
//
// The CPU and worker cloths keep their positions on the CPU: each update() copies them (and the
// core's normals; three's own for the worker cloth, which hands back positions only) into the
// geometry, as any three mesh is fed. A GPU cloth keeps them on the GPU: the renderer's own
// ClothMesh (cloth-mesh.js for WebGLRenderer, webgpu-cloth-mesh.js for WebGPURenderer) gives
// the base a reading of the cloth's state, which makes the material's vertex stage take each
// vertex from there, so nothing is copied on the CPU.
//
// A torn cloth is drawn torn: the geometry's index keeps the triangles without a torn edge
// (untornTriangles), packed at its front, and its draw range ends there. The index is written
// again only when the count of torn constraints changes (it only grows until reset(), which sets
// it to 0): the CPU and worker cloths say theirs at every update(); a GPU cloth's mask is read
// back every few frames while it may tear, so its gaps show a few frames late.
import { BufferAttribute, BufferGeometry, Mesh, REVISION } from 'three';
import { untornTriangles } from '../untorn-triangles.js';
import { SceneLinks } from './scene-links.js';

/** @typedef {import('three').Object3D} Object3D */
/** @typedef {import('three').Material} Material */
/**
 * @typedef {import('../index.js').SimulatedCloth & { backend: string, positions?: Float32Array, normals?: Float32Array,
 *   positionTexture?: WebGLTexture, positionResidualTexture?: WebGLTexture | null, positionBuffer?: GPUBuffer,
 *   device?: GPUDevice, lost?: boolean, tornMask?: Uint8Array, tornTexture?: WebGLTexture, tornBuffer?: GPUBuffer,
 *   tornConstraints: (torn?: Uint8Array) => number }} AnyCloth
 */

/**
 * How a mesh draws a GPU cloth from its state on the GPU: made once the mesh has its material.
 * @typedef {object} GpuStateReading
 * @property {() => void} update hands the cloth's current state to three, after it stepped
 * @property {() => void} afterClothCalls after nuno's own calls on the GPU (three's state cache
 *   told, where the renderer keeps one)
 * @property {() => void} dispose frees what the reading made and puts a material given back
 */

/** The three release nuno/three is tested with, and needs (ExternalTexture, TSL's storage buffers). */
const oldestRelease = 187;

/** Throws, by name, where the app's three is older than the release nuno/three needs. */
function requireThreeRelease() {
  if (!(Number.parseInt(REVISION, 10) >= oldestRelease)) {
    throw new Error(`nuno/three needs three 0.${oldestRelease} or later (the release it is tested with); this app has three 0.${REVISION}`);
  }
}

/** Metres a GPU cloth's read-back bounds are grown by: 5 m/s over a read-back's few frames. */
const readBackSlackMetres = 0.25;

/**
 * Frames between the starts of a GPU cloth's torn-mask read-backs (one at a time): a gap shows
 * this many frames late, or the read-back's few more, and the GPU is asked once in so many frames.
 */
const tornReadEveryFrames = 4;

/** The materials whose vertex stage reads a GPU cloth's state now: one cloth each. */
const claimed = /** @type {WeakSet<Material>} */ (new WeakSet());

/**
 * Marks a material as reading one GPU cloth's state; returns what lets it go.
 * @param {Material} material
 * @param {string} renderer's name, for the message
 * @returns {() => void}
 */
export function claimMaterial(material, renderer) {
  if (claimed.has(material)) {
    throw new Error(`nuno/three: this material already draws another GPU cloth with ${renderer}; give each ClothMesh of a GPU cloth a material of its own (material.clone())`);
  }
  claimed.add(material);
  return () => claimed.delete(material);
}

/**
 * Texture coordinates over the grid: u along a row, v up the sheet (row 0 at the top), each
 * patch its own 0..1 square.
 * @param {number} columns
 * @param {number} rows
 * @param {number} patchColumns
 * @param {number} patchRows
 */
function gridUvs(columns, rows, patchColumns, patchRows) {
  const uvs = new Float32Array(2 * columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const i = 2 * (row * columns + column);
      uvs[i] = (column % patchColumns) / Math.max(1, patchColumns - 1);
      uvs[i + 1] = 1 - (row % patchRows) / Math.max(1, patchRows - 1);
    }
  }
  return uvs;
}

/**
 * The cloth's patch size (the whole grid for one cloth): what its normals are worked out over.
 * @param {AnyCloth} cloth
 * @returns {[number, number]}
 */
export function patchSizeOf(cloth) {
  const { columns, rows, settings } = cloth;
  return [settings.patchColumns || columns, settings.patchRows || rows];
}

export class ClothMeshBase extends Mesh {
  /** @type {AnyCloth} */
  #cloth;
  /** @type {GpuStateReading | null} a GPU cloth's */
  #gpuState = null;
  /** Whether the mesh made the material, and so frees it. */
  #ownsMaterial;
  /** A GPU cloth's: whether its positions are read back into the geometry, for bounds and raycasting. */
  #readBackEnabled = false;
  /** @type {Promise<void> | null} the read-back under way */
  #pendingReadBack = null;
  #disposed = false;
  #links = new SceneLinks();
  /** The torn constraints of the mask the index was last written from (0: the whole grid). */
  #tornDrawn = 0;
  /** A GPU cloth's: frames since its last torn-mask read-back began. */
  #framesSinceTornRead = 0;
  /** @type {Promise<void> | null} a GPU cloth's torn-mask read-back under way */
  #pendingTornRead = null;

  /**
   * @param {AnyCloth} cloth checked by the renderer's ClothMesh
   * @param {{ material: Material, ownsMaterial: boolean, readBack: boolean }} options
   * @param {((mesh: ClothMeshBase) => GpuStateReading) | null} readGpuState a GPU cloth's reading; null for the CPU cloths
   */
  constructor(cloth, { material, ownsMaterial, readBack }, readGpuState) {
    const { columns, rows } = cloth;
    const [patchColumns, patchRows] = patchSizeOf(cloth);
    const geometry = new BufferGeometry();
    geometry.setIndex(new BufferAttribute(cloth.triangleIndices.slice(), 1));
    // A GPU cloth's vertices come from its state; the attribute only gives three the count.
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(3 * columns * rows), 3));
    geometry.setAttribute('normal', new BufferAttribute(new Float32Array(3 * columns * rows), 3));
    geometry.setAttribute('uv', new BufferAttribute(gridUvs(columns, rows, patchColumns, patchRows), 2));
    super(geometry, material);
    this.#ownsMaterial = ownsMaterial;
    this.#cloth = cloth;
    if (readGpuState) {
      this.#gpuState = readGpuState(this);
      // Where the cloth is lies on the GPU: three's culling cannot see it, until a read-back.
      this.frustumCulled = false;
      this.#readBackEnabled = readBack;
    }
    this.update();
  }

  /** The cloth drawn: still the caller's. */
  get cloth() {
    return this.#cloth;
  }

  /**
   * Makes the cloth collide with a three mesh, shaped and placed as the mesh is in the scene (its
   * scale taken in), and moved with it before every step(): a SphereGeometry, BoxGeometry,
   * CapsuleGeometry or PlaneGeometry (an unbounded plane facing its +z) as that analytic
   * collider, any other geometry of triangles as a mesh collider (`thickness` and `resolution`
   * as the cloth's MeshCollider takes them), its field built again when its scale changes.
   * @param {Object3D} object
   * @param {{ friction?: number, thickness?: number, resolution?: number }} [options]
   * @returns {number} the cloth's id of the collider
   */
  collideWith(object, { friction, thickness, resolution } = {}) {
    return this.#links.collideWith(this.#cloth, this, object, { friction, thickness, resolution });
  }

  /**
   * The collider made from `object` removed.
   * @param {Object3D} object
   */
  stopColliding(object) {
    this.#links.stopColliding(this.#cloth, object);
  }

  /**
   * Attaches particles to a three object (a pole, a character's bone, a rail): they follow it
   * from the next step() on where their rest positions lie relative to it now (the cloth's
   * `attach`, their targets sent before every step). Attaching to the same object again replaces
   * its particles; a particle follows one object at a time.
   * @param {Object3D} object
   * @param {ArrayLike<number>} particles
   */
  attachTo(object, particles) {
    this.#links.attachTo(this.#cloth.restPositions, this, object, particles);
  }

  /**
   * Lets go the particles attached to `object`; they keep its velocity.
   * @param {Object3D} object
   * @returns {boolean} whether any were attached to it
   */
  detach(object) {
    return this.#links.detach(object);
  }

  /**
   * Moves the colliders and attachments made from scene objects to where those objects are
   * now (follow()), steps the cloth by a frame's time and brings the mesh up to date; with a
   * WebGL2 cloth, it then tells three that nuno's passes changed the context's state
   * (renderer.resetState(), which also forgets three's current render target: step between
   * frames, not between setRenderTarget() and render()).
   * @param {number} frameSeconds
   * @returns {number} the fixed steps taken
   */
  step(frameSeconds) {
    this.follow();
    const steps = this.#cloth.step(frameSeconds);
    this.#gpuState?.afterClothCalls();
    this.update();
    return steps;
  }

  /** The colliders and attachments made from scene objects moved to where those are now: before stepping the cloth by other means than step(). */
  follow() {
    this.#links.follow(this.#cloth, this);
  }

  /**
   * The cloth's hold(), then (a WebGL2 cloth) renderer.resetState(): the upload changed
   * bindings three keeps track of.
   * @param {number} particle
   * @param {ArrayLike<number>} position metres, in the mesh's frame
   */
  hold(particle, position) {
    this.#cloth.hold(particle, position);
    this.#gpuState?.afterClothCalls();
  }

  /**
   * The cloth's release(), then (a WebGL2 cloth) renderer.resetState().
   * @param {number} particle
   */
  release(particle) {
    this.#cloth.release(particle);
    this.#gpuState?.afterClothCalls();
  }

  /**
   * After the cloth stepped: the CPU cloths' positions and normals copied into the geometry (and
   * its bounds for culling and raycasting); a GPU cloth's current state handed to three.
   */
  update() {
    const cloth = this.#cloth;
    if (cloth.disposed) throw new Error('nuno/three: the cloth of this ClothMesh was disposed; dispose the mesh too');
    if (this.#gpuState) {
      this.#gpuState.update();
      if (this.#readBackEnabled && !this.#pendingReadBack) this.#pendingReadBack = this.#readIntoGeometry();
      this.#followGpuTears();
      return;
    }
    // The CPU cloth's count is its core's; the worker cloth's came with the mask it sent last.
    const torn = cloth.tornConstraints();
    if (torn !== this.#tornDrawn) this.#drawUntorn(/** @type {Uint8Array} */ (cloth.tornMask), torn);
    const geometry = this.geometry;
    const position = /** @type {BufferAttribute} */ (geometry.getAttribute('position'));
    const normal = /** @type {BufferAttribute} */ (geometry.getAttribute('normal'));
    /** @type {Float32Array} */ (position.array).set(/** @type {Float32Array} */ (cloth.positions));
    position.needsUpdate = true;
    if (cloth.normals) {
      /** @type {Float32Array} */ (normal.array).set(cloth.normals);
      normal.needsUpdate = true;
    } else {
      // The worker cloth hands back positions only. Its normals come from the triangles drawn: a
      // particle beside a tear takes those of its own side only, as the core's normals do.
      geometry.computeVertexNormals();
    }
    geometry.computeBoundingSphere();
    geometry.computeBoundingBox();
  }

  /**
   * The index written from `torn`: the untorn triangles at its front, zeros (no triangle to
   * draw, none to take in computeVertexNormals) after them, the draw range ending with them.
   * The attribute keeps its size, and so its GPU buffer.
   * @param {Uint8Array} torn the cloth's torn mask
   * @param {number} count its torn constraints
   */
  #drawUntorn(torn, count) {
    const geometry = this.geometry;
    const index = /** @type {BufferAttribute} */ (geometry.getIndex());
    const array = /** @type {Uint32Array} */ (index.array);
    const kept = untornTriangles(this.#cloth.triangleIndices, torn, array).length;
    array.fill(0, kept);
    index.needsUpdate = true;
    geometry.setDrawRange(0, kept);
    this.#tornDrawn = count;
  }

  /**
   * A GPU cloth's torn mask read back every few frames, one read at a time, while the cloth may
   * tear or the index shows tears (until a read finds them mended by reset()); nothing is read
   * from a cloth that never tears. The index follows when the count changed.
   */
  #followGpuTears() {
    const cloth = this.#cloth;
    this.#framesSinceTornRead += 1;
    if (this.#pendingTornRead || this.#framesSinceTornRead < tornReadEveryFrames || cloth.lost) return;
    if (!(cloth.settings.tearStrain > 0 || this.#tornDrawn > 0)) return;
    this.#framesSinceTornRead = 0;
    this.#pendingTornRead = this.#readTornIntoIndex();
    // The WebGL2 cloth's read binds its framebuffer: three is told, as after nuno's other calls.
    this.#gpuState?.afterClothCalls();
  }

  async #readTornIntoIndex() {
    const cloth = this.#cloth;
    try {
      const torn = await cloth.readTorn();
      if (cloth.disposed || this.#disposed) return;
      const count = cloth.tornConstraints(torn);
      if (count !== this.#tornDrawn) this.#drawUntorn(torn, count);
    } catch (error) {
      // As for positions: a lost context or device, or a disposed cloth, has nothing to read.
      if (!(cloth.lost || cloth.disposed || this.#disposed)) throw error;
    } finally {
      this.#pendingTornRead = null;
    }
  }

  /**
   * A GPU cloth's positions read back into the geometry's array, for three's culling (the
   * bounds grown by how far the cloth may move meanwhile) and its Raycaster, which read it on
   * the CPU; the vertex stage reads the cloth's own state, so nothing is uploaded.
   */
  async #readIntoGeometry() {
    const cloth = this.#cloth;
    try {
      const positions = await cloth.readPositions();
      if (cloth.disposed || this.#disposed) return;
      const geometry = this.geometry;
      /** @type {Float32Array} */ (/** @type {BufferAttribute} */ (geometry.getAttribute('position')).array).set(positions);
      geometry.computeBoundingBox();
      geometry.computeBoundingSphere();
      // A read-back lags the drawing by a few frames: room for a cloth falling at 5 m/s meanwhile.
      /** @type {import('three').Sphere} */ (geometry.boundingSphere).radius += readBackSlackMetres;
      /** @type {import('three').Box3} */ (geometry.boundingBox).expandByScalar(readBackSlackMetres);
      this.frustumCulled = true;
    } catch (error) {
      // A lost context or device has nothing to read (the next update() tries again), nor a
      // disposed cloth: anything else is a fault to see.
      if (!(cloth.lost || cloth.disposed || this.#disposed)) throw error;
    } finally {
      this.#pendingReadBack = null;
    }
  }

  /**
   * Frees what the mesh made (geometry, its materials, the state's handles) and takes off the
   * cloth the colliders and attachments it made from scene objects; the cloth and a material
   * given stay the caller's, the material as it was before.
   */
  dispose() {
    this.#disposed = true;
    if (!this.#cloth.disposed) this.#links.clear(this.#cloth);
    this.#gpuState?.dispose();
    this.#gpuState = null;
    this.geometry.dispose();
    if (this.#ownsMaterial) /** @type {Material} */ (this.material).dispose();
  }
}

/**
 * @param {unknown} cloth
 * @returns {AnyCloth}
 */
export function requireCloth(cloth) {
  requireThreeRelease();
  const given = /** @type {AnyCloth | null} */ (cloth);
  if (!given || typeof given !== 'object' || !('triangleIndices' in given) || !('backend' in given)) {
    throw new TypeError('nuno/three: ClothMesh needs a nuno cloth (createCloth, createWorkerCloth, requestCloth)');
  }
  if (given.disposed) throw new Error('nuno/three: ClothMesh was given a disposed cloth');
  return given;
}
