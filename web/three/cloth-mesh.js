// nuno in three.js scenes: a THREE.Mesh that draws any nuno cloth with any three material.
//
// The CPU and worker cloths keep their positions on the CPU: each update() copies them (and the
// core's normals; three's own for the worker cloth, which hands back positions only) into the
// geometry, as any three mesh is fed. The WebGL2 cloth keeps them in its
// state textures on three's own context: the mesh hands the current one to three as an
// ExternalTexture and the material's vertex stage reads each vertex's particle from it
// (gl_VertexID is the particle, as in nuno's own renderer) and its normal from its grid
// neighbours, so nothing is copied on the CPU. Shadows use depth materials patched the same way.
import {
  BufferAttribute, BufferGeometry, DoubleSide, ExternalTexture, Mesh, MeshDepthMaterial, MeshDistanceMaterial,
  MeshStandardMaterial, RGBADepthPacking,
} from 'three';
import { normals as gridNormalGlsl } from '../../dist/shaders.js';
import { SceneLinks } from './scene-links.js';

/** @typedef {import('three').Object3D} Object3D */
/** @typedef {import('../index.js').SimulatedCloth & { backend: string, positions?: Float32Array, normals?: Float32Array, positionTexture?: WebGLTexture, positionResidualTexture?: WebGLTexture | null, patchColumns?: number }} AnyCloth */

/** Metres a WebGL2 cloth's read-back bounds are grown by: 5 m/s over a read-back's few frames. */
const readBackSlackMetres = 0.25;

/** The vertex stage's reading of the cloth's state: put in front of three's own vertex shader. */
const stateReading = `
uniform highp sampler2D nunoPositions;
uniform highp sampler2D nunoResiduals;
uniform bool nunoHasResiduals;
uniform ivec2 nunoPatchSize;
vec3 positionAt(ivec2 texel) {
  vec3 position = texelFetch(nunoPositions, texel, 0).xyz;
  return nunoHasResiduals ? position + texelFetch(nunoResiduals, texel, 0).xyz : position;
}
${gridNormalGlsl.replace(/^vec3 positionAt\(ivec2 texel\);$/m, '')}
ivec2 nunoTexel() {
  int columns = textureSize(nunoPositions, 0).x;
  return ivec2(gl_VertexID % columns, gl_VertexID / columns);
}
`;

/** The materials whose vertex stage reads a cloth's state now: one cloth each. */
const patched = /** @type {WeakSet<import('three').Material>} */ (new WeakSet());

/**
 * Makes a material's vertex stage take each vertex from the cloth's state textures; returns
 * what puts the material back as it was.
 * @param {import('three').Material} material
 * @param {Record<string, { value: unknown }>} uniforms shared by the mesh's materials
 * @returns {() => void}
 */
function readStateIn(material, uniforms) {
  if (patched.has(material)) {
    throw new Error('nuno/three: this material already draws another WebGL2 cloth; give each ClothMesh of a GPU cloth a material of its own (material.clone())');
  }
  patched.add(material);
  const before = material.onBeforeCompile;
  const keyBefore = material.customProgramCacheKey;
  material.onBeforeCompile = (shader, renderer) => {
    before.call(material, shader, renderer);
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = stateReading + shader.vertexShader
      .replace('#include <beginnormal_vertex>', 'vec3 objectNormal = gridNormal(nunoTexel(), nunoPatchSize);')
      .replace('#include <begin_vertex>', 'vec3 transformed = positionAt(nunoTexel());');
  };
  material.customProgramCacheKey = () => `nuno-cloth-state ${keyBefore.call(material)}`;
  material.needsUpdate = true;
  return () => {
    material.onBeforeCompile = before;
    material.customProgramCacheKey = keyBefore;
    material.needsUpdate = true;
    patched.delete(material);
  };
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

export class ClothMesh extends Mesh {
  /** @type {AnyCloth} */
  #cloth;
  /** @type {import('three').WebGLRenderer | null} */
  #renderer;
  /** @type {{ positions: ExternalTexture, residuals: ExternalTexture } | null} the WebGL2 cloth's, handed to three */
  #state = null;
  /** Whether the mesh made the material, and so frees it. */
  #ownsMaterial;
  /** A WebGL2 cloth's: whether its positions are read back into the geometry, for bounds and raycasting. */
  #readBack = false;
  /** @type {Promise<void> | null} the read-back under way */
  #reading = null;
  #links = new SceneLinks();
  /** @type {(() => void) | null} puts a material given back as it was */
  #unpatchMaterial = null;

  /**
   * @param {AnyCloth} cloth any nuno cloth but a WebGPU one; it stays the caller's to step and dispose
   * @param {{ material?: import('three').Material, renderer?: import('three').WebGLRenderer, readBack?: boolean }} [options]
   *   `material`: any three mesh material (default: a MeshStandardMaterial lit on both faces);
   *   `renderer`: the WebGLRenderer whose context a WebGL2 cloth was made on (needed for it);
   *   `readBack`: a WebGL2 cloth's positions read back into the geometry after each update(),
   *   never waiting, so three can cull and raycast it (a frame or a few behind)
   */
  constructor(cloth, { material, renderer, readBack = false } = {}) {
    requireDrawableCloth(cloth);
    const onGpu = cloth.backend === 'gpu';
    if (onGpu) requireRendererOf(cloth, renderer);
    const { columns, rows } = cloth;
    const settings = cloth.settings;
    const geometry = new BufferGeometry();
    geometry.setIndex(new BufferAttribute(cloth.triangleIndices.slice(), 1));
    // A GPU cloth's vertices come from its textures; the attribute only gives three the count.
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(3 * columns * rows), 3));
    geometry.setAttribute('normal', new BufferAttribute(new Float32Array(3 * columns * rows), 3));
    geometry.setAttribute('uv', new BufferAttribute(gridUvs(columns, rows, settings.patchColumns || columns, settings.patchRows || rows), 2));
    super(geometry, material ?? new MeshStandardMaterial({ side: DoubleSide, color: 0xd05a4e }));
    this.#ownsMaterial = material === undefined;
    this.#cloth = cloth;
    this.#renderer = renderer ?? null;
    if (onGpu) {
      const positions = new ExternalTexture(cloth.positionTexture);
      const residuals = new ExternalTexture(cloth.positionResidualTexture ?? cloth.positionTexture);
      this.#state = { positions, residuals };
      const uniforms = {
        nunoPositions: { value: positions },
        nunoResiduals: { value: residuals },
        nunoHasResiduals: { value: Boolean(cloth.positionResidualTexture) },
        nunoPatchSize: { value: [settings.patchColumns || columns, settings.patchRows || rows] },
      };
      this.#unpatchMaterial = readStateIn(/** @type {import('three').Material} */ (this.material), uniforms);
      this.customDepthMaterial = new MeshDepthMaterial({ depthPacking: RGBADepthPacking });
      this.customDistanceMaterial = new MeshDistanceMaterial();
      readStateIn(this.customDepthMaterial, uniforms);
      readStateIn(this.customDistanceMaterial, uniforms);
      // Where the cloth is lies on the GPU: three's culling cannot see it, until a read-back.
      this.frustumCulled = false;
      this.#readBack = readBack;
    }
    this.update();
  }

  /** The cloth drawn: still the caller's. */
  get cloth() {
    return this.#cloth;
  }

  /**
   * Makes the cloth collide with a three mesh of a SphereGeometry, BoxGeometry, CapsuleGeometry
   * or PlaneGeometry (an unbounded plane facing its +z), shaped and placed as the mesh is in the
   * scene (its scale taken in), and moved with it before every step().
   * @param {Object3D} object
   * @param {{ friction?: number }} [options]
   * @returns {number} the cloth's id of the collider
   */
  collideWith(object, { friction } = {}) {
    return this.#links.collideWith(this.#cloth, this, object, friction);
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
    this.#renderer?.resetState();
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
    this.#renderer?.resetState();
  }

  /**
   * The cloth's release(), then (a WebGL2 cloth) renderer.resetState().
   * @param {number} particle
   */
  release(particle) {
    this.#cloth.release(particle);
    this.#renderer?.resetState();
  }

  /**
   * After the cloth stepped: the CPU cloths' positions and normals copied into the geometry (and
   * its bounds for culling and raycasting); the WebGL2 cloth's current state texture handed to
   * three.
   */
  update() {
    const cloth = this.#cloth;
    if (cloth.disposed) throw new Error('nuno/three: the cloth of this ClothMesh was disposed; dispose the mesh too');
    if (this.#state) {
      this.#state.positions.sourceTexture = /** @type {WebGLTexture} */ (cloth.positionTexture);
      this.#state.residuals.sourceTexture = cloth.positionResidualTexture ?? /** @type {WebGLTexture} */ (cloth.positionTexture);
      if (this.#readBack && !this.#reading) this.#reading = this.#readIntoGeometry();
      return;
    }
    const geometry = this.geometry;
    const position = /** @type {BufferAttribute} */ (geometry.getAttribute('position'));
    const normal = /** @type {BufferAttribute} */ (geometry.getAttribute('normal'));
    /** @type {Float32Array} */ (position.array).set(/** @type {Float32Array} */ (cloth.positions));
    position.needsUpdate = true;
    if (cloth.normals) {
      /** @type {Float32Array} */ (normal.array).set(cloth.normals);
      normal.needsUpdate = true;
    } else {
      // The worker cloth hands back positions only.
      geometry.computeVertexNormals();
    }
    geometry.computeBoundingSphere();
    geometry.computeBoundingBox();
  }

  /**
   * The WebGL2 cloth's positions read back into the geometry, for three's culling (the bounds
   * grown by how far the cloth may move meanwhile) and its Raycaster.
   */
  async #readIntoGeometry() {
    const cloth = this.#cloth;
    try {
      const positions = await cloth.readPositions();
      if (cloth.disposed) return;
      const geometry = this.geometry;
      const position = /** @type {BufferAttribute} */ (geometry.getAttribute('position'));
      /** @type {Float32Array} */ (position.array).set(positions);
      position.needsUpdate = true;
      geometry.computeBoundingBox();
      geometry.computeBoundingSphere();
      // A read-back lags the drawing by a few frames: room for a cloth falling at 5 m/s meanwhile.
      /** @type {import('three').Sphere} */ (geometry.boundingSphere).radius += readBackSlackMetres;
      /** @type {import('three').Box3} */ (geometry.boundingBox).expandByScalar(readBackSlackMetres);
      this.frustumCulled = true;
    } catch {
      // A lost context: nothing to read; the next update() tries again.
    } finally {
      this.#reading = null;
    }
  }

  /**
   * Frees what the mesh made (geometry, its materials, the textures' handles) and takes off the
   * cloth the colliders and attachments it made from scene objects; the cloth and a material
   * given stay the caller's, the material as it was before.
   */
  dispose() {
    if (!this.#cloth.disposed) this.#links.clear(this.#cloth);
    this.#unpatchMaterial?.();
    this.#unpatchMaterial = null;
    this.geometry.dispose();
    if (this.#ownsMaterial) /** @type {import('three').Material} */ (this.material).dispose();
    this.customDepthMaterial?.dispose();
    this.customDistanceMaterial?.dispose();
    this.#state?.positions.dispose();
    this.#state?.residuals.dispose();
  }
}

/** @param {unknown} cloth */
function requireDrawableCloth(cloth) {
  const given = /** @type {AnyCloth | null} */ (cloth);
  if (!given || typeof given !== 'object' || !('triangleIndices' in given) || !('backend' in given)) {
    throw new TypeError('nuno/three: ClothMesh needs a nuno cloth (createCloth, createWorkerCloth, requestCloth)');
  }
  if (given.disposed) throw new Error('nuno/three: ClothMesh was given a disposed cloth');
  if (given.backend === 'webgpu') {
    throw new Error('nuno/three: ClothMesh draws the CPU, worker and WebGL2 cloths with WebGLRenderer; a WebGPU cloth ' +
      'is not supported yet (make it with backend: \'gpu\' on renderer.getContext(), or on the CPU)');
  }
}

/**
 * @param {AnyCloth} cloth a WebGL2 cloth
 * @param {import('three').WebGLRenderer | undefined} renderer
 */
function requireRendererOf(cloth, renderer) {
  if (!renderer || typeof renderer.getContext !== 'function') {
    throw new TypeError("nuno/three: a WebGL2 cloth needs { renderer }: the WebGLRenderer whose context it was made on");
  }
  const gl = renderer.getContext();
  if (!gl.isTexture(/** @type {WebGLTexture} */ (cloth.positionTexture))) {
    throw new Error('nuno/three: this WebGL2 cloth was made on another WebGL context than the renderer\'s; make it with ' +
      'nuno.createCloth(renderer.getContext(), ...)');
  }
}
