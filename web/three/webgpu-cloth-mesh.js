// nuno in three.js scenes drawn by WebGPURenderer: a THREE.Mesh that draws the CPU, worker and
// WebGPU cloths with any three material.
//
// The WebGPU cloth runs on three's own device and keeps its positions in a storage buffer (a
// vec4f per particle). The mesh gives three that very buffer as a StorageBufferAttribute's, and
// the material's vertex stage (a node material's positionNode) reads each vertex's particle
// from it (the vertex index is the particle) and its normal from its grid neighbours, never
// across a torn edge (the cloth's torn-mask buffer, handed over the same way): nothing is
// copied, on the CPU or on the GPU. three's shadow pass takes the same positionNode.
import { DoubleSide, MathUtils, MeshStandardNodeMaterial, REVISION, StorageBufferAttribute, TSL } from 'three/webgpu';
import { ClothMeshBase, claimMaterial, patchSizeOf, requireCloth } from './cloth-mesh-base.js';

/** @typedef {import('three/webgpu').NodeMaterial} NodeMaterial */
/** @typedef {import('three/webgpu').WebGPURenderer} WebGPURenderer */
/** @typedef {import('./cloth-mesh-base.js').AnyCloth} AnyCloth */
/** @typedef {import('./cloth-mesh-base.js').GpuStateReading} GpuStateReading */

const { Fn, cross, dot, int, ivec2, normalLocal, select, sqrt, storage, vec3, vertexIndex } = TSL;
// @types/three 0.187 gives TSL's min and max float arguments only; WGSL's take integers too.
const { min, max } = /** @type {{ min: (...values: unknown[]) => any, max: (...values: unknown[]) => any }} */ (/** @type {unknown} */ (TSL));

/**
 * The vertex stage's reading of the cloth's positions: each vertex at its particle, its normal
 * (normalLocal, as skinning sets it) the grid normal of nuno's own shaders
 * (shaders/webgl2/normals.glsl): central differences, one-sided at a patch's edges and at a torn
 * structural edge. TSL cannot include the GLSL or WGSL of it, so this is its own copy: the papers
 * test (three-webgpu.spec.js) holds it to the CPU's normals, pixel for pixel.
 * @param {StorageBufferAttribute} positions a vec4 per particle
 * @param {StorageBufferAttribute} torn a u32 per particle, the torn bits (Right bit 0, Down bit 1)
 * @param {AnyCloth} cloth
 */
function clothPositionNode(positions, torn, cloth) {
  const [patchColumns, patchRows] = patchSizeOf(cloth);
  const particles = storage(positions, 'vec4', cloth.columns * cloth.rows).toReadOnly();
  const tornBits = storage(torn, 'uint', cloth.columns * cloth.rows).toReadOnly();
  /** @param {any} texel */
  const indexOf = (texel) => texel.y.mul(cloth.columns).add(texel.x);
  /** @param {any} texel */
  const positionAt = (texel) => particles.element(indexOf(texel)).xyz;
  /**
   * Whether the structural constraint starting at `texel` with this bit has torn.
   * @param {any} texel
   * @param {number} bit
   */
  const tornAt = (texel, bit) => tornBits.element(indexOf(texel)).bitAnd(bit).notEqual(0);
  return Fn(() => {
    const particle = int(vertexIndex);
    const texel = ivec2(particle.mod(cloth.columns), particle.div(cloth.columns)).toVar();
    const patchSize = ivec2(patchColumns, patchRows);
    const first = texel.div(patchSize).mul(patchSize).toVar();
    const last = first.add(patchSize).sub(1).toVar();
    // Across a torn edge the neighbour is the particle itself, as at a patch's edge: the left
    // one past Right (c - 1, r), the right one past Right (c, r), up past Down (c, r - 1), down
    // past Down (c, r). (Where the neighbour is the particle already, either choice is it.)
    const left = ivec2(max(texel.x.sub(1), first.x), texel.y).toVar();
    const up = ivec2(texel.x, max(texel.y.sub(1), first.y)).toVar();
    const right = select(tornAt(texel, 1), texel, ivec2(min(texel.x.add(1), last.x), texel.y));
    const down = select(tornAt(texel, 2), texel, ivec2(texel.x, min(texel.y.add(1), last.y)));
    const alongRow = positionAt(right).sub(positionAt(select(tornAt(left, 1), texel, left)));
    const alongColumn = positionAt(down).sub(positionAt(select(tornAt(up, 2), texel, up)));
    const normal = cross(alongColumn, alongRow).toVar();
    const lengthSquared = dot(normal, normal);
    normalLocal.assign(select(lengthSquared.greaterThan(1e-20), normal.div(sqrt(lengthSquared)), vec3(0)));
    return positionAt(texel);
  })();
}

/**
 * The WebGPU cloth's position and torn-mask buffers handed to three as storage attributes', read by the
 * mesh's node material (and so by three's shadow pass).
 * @param {ClothMeshBase} mesh
 * @param {AnyCloth} cloth
 * @param {WebGPURenderer} renderer
 * @returns {GpuStateReading}
 */
function readWebGpuState(mesh, cloth, renderer) {
  const buffer = /** @type {GPUBuffer} */ (cloth.positionBuffer);
  const tornBuffer = /** @type {GPUBuffer} */ (cloth.tornBuffer);
  // Only their sizes reach three: the buffers are the cloth's, put in three's record of each
  // attribute before three would make one (three 0.187 makes none where the record has one).
  const positions = new StorageBufferAttribute(new Float32Array(4), 4);
  const torn = new StorageBufferAttribute(new Uint32Array(1), 1);
  const backend = /** @type {any} */ (renderer.backend);
  backend.get(positions).buffer = buffer;
  backend.get(torn).buffer = tornBuffer;
  const handedOver = /** @type {[StorageBufferAttribute, GPUBuffer][]} */ ([[positions, buffer], [torn, tornBuffer]]);
  const material = /** @type {NodeMaterial} */ (mesh.material);
  const letGo = claimMaterial(material, 'WebGPURenderer');
  const positionNodeBefore = material.positionNode;
  material.positionNode = clothPositionNode(positions, torn, cloth);
  material.needsUpdate = true;
  return {
    update() {
      if (cloth.positionBuffer !== buffer) {
        throw new Error('nuno/three: this WebGPU cloth was restored on a new device; make a new ClothMesh (and WebGPURenderer) for it');
      }
      // The hand-over goes through three's internals. A release that overwrote the record with
      // a buffer of its own would draw the cloth frozen: say so instead. (One that kept its
      // buffer elsewhere would go unseen here; the tests pin the release they run against.)
      if (handedOver.some(([attribute, given]) => backend.get(attribute).buffer !== given)) {
        throw new Error(`nuno/three: this three (0.${REVISION}) did not take the WebGPU cloth's position buffer; ` +
          'nuno/three/webgpu hands it over as three 0.187 allows');
      }
    },
    afterClothCalls() {},
    dispose() {
      material.positionNode = positionNodeBefore;
      material.needsUpdate = true;
      letGo();
      // three destroys an attribute's buffer when the attribute goes: the cloth's are the
      // cloth's to free, so three gets a stand-in (and frees a buffer of its own, if it made one).
      for (const [attribute, given] of handedOver) {
        const record = backend.get(attribute);
        if (record.buffer !== given) record.buffer?.destroy();
        record.buffer = { destroy() {} };
        attribute.dispose();
      }
    },
  };
}

export class ClothMesh extends ClothMeshBase {
  /**
   * @param {AnyCloth} cloth a CPU, worker or WebGPU cloth; it stays the caller's to step and dispose
   * @param {{ material?: import('three').Material, renderer?: WebGPURenderer, readBack?: boolean }} [options]
   *   `material`: any three mesh material (default: a MeshStandardNodeMaterial lit on both
   *   faces); a WebGPU cloth's must be a node material of its own (a classic one is converted:
   *   the mesh draws with the copy);
   *   `renderer`: the WebGPURenderer, initialized (await renderer.init()), whose device the
   *   WebGPU cloth was made on (needed for it);
   *   `readBack`: a WebGPU cloth's positions read back into the geometry after each update(),
   *   never waiting, so three can cull and raycast it (a frame or a few behind)
   */
  constructor(cloth, { material, renderer, readBack = false } = {}) {
    const given = requireCloth(cloth);
    if (given.backend === 'gpu') {
      throw new Error("nuno/three: a WebGL2 cloth is drawn by WebGLRenderer: use ClothMesh from 'nuno/three' " +
        "(or make the cloth on WebGPURenderer's device, webGpuDeviceOf(renderer), or on the CPU)");
    }
    const onGpu = given.backend === 'webgpu';
    if (onGpu) requireDeviceOf(given, renderer);
    const converted = onGpu && material !== undefined && !(/** @type {any} */ (material).isNodeMaterial);
    const drawn = material === undefined ? new MeshStandardNodeMaterial({ side: DoubleSide, color: 0xd05a4e })
      : converted ? nodeMaterialFrom(material, /** @type {WebGPURenderer} */ (renderer)) : material;
    super(given, { material: drawn, ownsMaterial: material === undefined || converted, readBack },
      onGpu ? (mesh) => readWebGpuState(mesh, given, /** @type {WebGPURenderer} */ (renderer)) : null);
  }
}

/**
 * A node material drawing as a classic one does (three's own conversion), for the mesh to own:
 * a copy of its own (its own uuid, none of the original's listeners).
 * @param {import('three').Material} material
 * @param {WebGPURenderer} renderer
 * @returns {NodeMaterial}
 */
function nodeMaterialFrom(material, renderer) {
  const copy = /** @type {any} */ (renderer).library.fromMaterial(material);
  if (!copy) {
    throw new TypeError(`nuno/three: a WebGPU cloth is drawn with a node material or one three converts to one; got a ${material.type}`);
  }
  copy.uuid = MathUtils.generateUUID();
  delete copy._listeners;
  return copy;
}

/**
 * The GPUDevice a WebGPURenderer draws with: make a WebGPU cloth on it
 * (`nuno.createCloth(webGpuDeviceOf(renderer), settings)`) for its ClothMesh to draw.
 * @param {WebGPURenderer} renderer initialized (`await renderer.init()`)
 * @returns {GPUDevice}
 */
export function webGpuDeviceOf(renderer) {
  const backend = /** @type {{ isWebGPUBackend?: boolean, isWebGLBackend?: boolean, device?: GPUDevice | null } | undefined} */ (
    /** @type {any} */ (renderer)?.backend);
  if (!backend || !(backend.isWebGPUBackend || backend.isWebGLBackend)) {
    throw new TypeError('nuno/three: webGpuDeviceOf() takes a WebGPURenderer (three/webgpu)');
  }
  if (backend.isWebGLBackend) {
    throw new Error('nuno/three: this WebGPURenderer draws with WebGL2 (WebGPU is not available here, or forceWebGL): ' +
      "it has no device for a WebGPU cloth; draw a WebGL2 or CPU cloth with nuno/three's ClothMesh and WebGLRenderer, or a CPU cloth here");
  }
  if (!backend.device) throw new Error('nuno/three: the WebGPURenderer has no device yet: await renderer.init() first');
  return backend.device;
}

/**
 * @param {AnyCloth} cloth a WebGPU cloth
 * @param {WebGPURenderer | undefined} renderer
 */
function requireDeviceOf(cloth, renderer) {
  if (!renderer) throw new TypeError('nuno/three: a WebGPU cloth needs { renderer }: the WebGPURenderer whose device it was made on');
  if (cloth.device !== webGpuDeviceOf(renderer)) {
    throw new Error("nuno/three: this WebGPU cloth was made on another device than the renderer's; make it with " +
      'nuno.createCloth(webGpuDeviceOf(renderer), ...)');
  }
}
