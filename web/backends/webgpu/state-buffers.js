// The storage buffers a WebGPU cloth keeps, one entry per particle each (a vec4f for vectors):
// the particle state the kernels read and write, what the model fixes (inverse masses, rest
// lengths, the rest shape), the mesh colliders' fields, the torn bits of tearing, and the bind
// groups over them. What the
// cloth dispatches over them is in webgpu-cloth.js; this file makes, sizes and frees them.
import { GpuUnsupportedError } from '../gpu/capabilities.js';
import { attachBindings, bucketLayers, selfCollisionBindings, stateBindings, tanglesWidth, tornWidth } from './compute-passes.js';
import { MeshFieldTexture } from './mesh-field-texture.js';

/** @typedef {(typeof stateBindings)[number] | (typeof selfCollisionBindings)[number]} StateName */
/** @typedef {import('./compute-passes.js').ComputePasses} ComputePasses */

export const vec4Bytes = 16;

/** @type {Partial<Record<StateName, StateName>>} the buffers the swapped state group binds in each other's place */
const swappedNames = { positions: 'working', working: 'positions', velocities: 'predicted', predicted: 'velocities' };

/**
 * Bytes per particle of each state buffer (restPositions and buckets exist once self-collision
 * has run: two buckets per particle in each layer).
 * @param {import('../../index.js').GpuConstants} constants
 * @returns {Record<StateName, number>}
 */
function bytesPerParticleOf({ restLengthsPerParticle, directionCount }) {
  return {
    positions: vec4Bytes, working: vec4Bytes, predicted: vec4Bytes, velocities: vec4Bytes,
    inverseMasses: 4, restLengths: 4 * restLengthsPerParticle, lambdas: 4 * directionCount, silents: vec4Bytes,
    restPositions: vec4Bytes, buckets: bucketLayers * 2 * 4,
  };
}

/**
 * vec4s (w = 0) from xyz per particle.
 * @param {ArrayLike<number>} xyz
 */
export function vec4sOf(xyz) {
  const count = xyz.length / 3;
  const vec4s = new Float32Array(count * 4);
  for (let i = 0; i < count; i++) vec4s.set([xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]], 4 * i);
  return vec4s;
}

/**
 * xyz per particle from vec4s.
 * @param {Float32Array} vec4s
 */
export function xyzOf(vec4s) {
  const count = vec4s.length / 4;
  const xyz = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    xyz[3 * i] = vec4s[4 * i];
    xyz[3 * i + 1] = vec4s[4 * i + 1];
    xyz[3 * i + 2] = vec4s[4 * i + 2];
  }
  return xyz;
}

/**
 * Throws a GpuUnsupportedError naming the grid when its largest state buffer would pass the
 * device's storage-buffer limits.
 * @param {GPUDevice} device
 * @param {import('../../index.js').GpuConstants} constants
 * @param {number} particleCount
 */
export function requireStateFits(device, constants, particleCount) {
  const largest = Math.max(...Object.values(bytesPerParticleOf(constants)));
  const limit = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
  if (particleCount * largest > limit) {
    throw new GpuUnsupportedError(`nuno: 'columns * rows' must be at most ${Math.floor(limit / largest)} on this WebGPU device, ` +
      `got ${particleCount}: its largest state buffer takes ${largest} bytes per particle, and the device's ` +
      `storage buffers hold at most ${limit} bytes (maxStorageBufferBindingSize, maxBufferSize)`);
  }
  // The torn bits' copy is as wide as the untangling's texture: one check holds for both.
  const tangleTexels = Math.min(tanglesWidth, tornWidth) * device.limits.maxTextureDimension2D;
  if (particleCount > tangleTexels) {
    throw new GpuUnsupportedError(`nuno: 'columns * rows' must be at most ${tangleTexels} on this WebGPU device, got ` +
      `${particleCount}: self-collision's untangling and tearing keep a texel per particle, ${tanglesWidth} a row, and the device's ` +
      `textures have at most ${device.limits.maxTextureDimension2D} rows (maxTextureDimension2D)`);
  }
}

export class StateBuffers {
  #device;
  #passes;
  #particleCount;
  /** @type {Record<StateName, number>} */
  #sizes;
  /** @type {Partial<Record<StateName, GPUBuffer>>} */
  #buffers;
  /** @type {GPUBindGroup} the state every kernel binds, the mesh colliders' fields with it */
  stateGroup;
  /**
   * @type {GPUBindGroup} the state with positions and working, velocities and predicted
   * swapped: the tiled substep's (tile-substep.js) odd substeps read what the even ones wrote
   */
  swappedStateGroup;
  /** @type {MeshFieldTexture} */
  #meshFields;
  /** @type {GPUBindGroup | null} made, with its buffers, when self-collision first runs */
  selfCollisionGroup = null;
  /**
   * @type {GPUTexture | null} the untangling's last look, four integers a particle
   * (ClothModel.untangle), tanglesWidth a row; made with the self-collision group, all zero
   * while nothing went through
   */
  #tangles = null;
  /** @type {GPUTextureView | null} */
  #tanglesView = null;

  /** @type {GPUBuffer | null} the attach pass's, 32 bytes a particle attached; grows as needed */
  #attachments = null;

  /** @type {GPUBindGroup | null} the attach pass's, made with its buffer */
  attachGroup = null;
  /**
   * @type {GPUBuffer} the torn bits (shaders/webgpu/torn-bits.wgsl), a u32 a particle, written by
   * the tear pass alone; zero past the last particle, up to whole rows of its copy
   */
  torn;
  /** @type {GPUTexture} the same bits for the solver's passes, which have no storage buffer binding left */
  #tornCopy;
  /** @type {GPUTextureView} */
  #tornCopyView;
  /** @type {GPUBuffer} the tear pass's uniform: the tearStrain it tears at */
  #tearing;
  /** The tearStrain last written into #tearing. */
  #tearStrain = 0;
  /** @type {GPUBindGroup} the tear pass's group 0 */
  tearGroup;

  /**
   * @param {GPUDevice} device
   * @param {ComputePasses} passes whose layouts the bind groups follow
   * @param {import('../../index.js').GpuConstants} constants
   * @param {number} particleCount within the device's limits (requireStateFits)
   */
  constructor(device, passes, constants, particleCount) {
    this.#device = device;
    this.#passes = passes;
    this.#particleCount = particleCount;
    this.#sizes = bytesPerParticleOf(constants);
    // VERTEX too: `positionBuffer` may feed a vertex buffer of the caller's pipeline.
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC | GPUBufferUsage.VERTEX;
    this.#buffers = Object.fromEntries(stateBindings.map((name) => [
      name, device.createBuffer({ label: `nuno ${name}`, size: particleCount * this.#sizes[name], usage }),
    ]));
    this.#meshFields = new MeshFieldTexture(device);
    // New buffers and textures are zero in WebGPU: nothing torn.
    this.torn = device.createBuffer({
      label: 'nuno torn', size: 4 * tornWidth * this.#tornRows, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
    });
    this.#tornCopy = device.createTexture({
      label: 'nuno torn copy', size: [tornWidth, this.#tornRows], format: 'r32uint', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
    });
    this.#tornCopyView = this.#tornCopy.createView();
    this.#tearing = device.createBuffer({ label: 'nuno tearing', size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    // tearBindings' buffers, then the uniform.
    const tearBuffers = [this.buffer('positions'), this.buffer('restLengths'), this.torn, this.#tearing];
    this.tearGroup = device.createBindGroup({
      label: 'nuno tear', layout: passes.tearLayout, entries: tearBuffers.map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    this.#makeStateGroups();
  }

  #makeStateGroups() {
    const textures = [this.#meshFields.view, this.#tornCopyView];
    this.stateGroup = this.#groupOf(this.#passes.stateLayout, stateBindings, textures);
    this.swappedStateGroup = this.#groupOf(this.#passes.stateLayout, stateBindings.map((name) => swappedNames[name] ?? name), textures);
  }

  /**
   * The tearStrain the next tear pass tears at, written when it changed (before the commands of
   * the step that reads it are submitted).
   * @param {number} tearStrain
   */
  setTearStrain(tearStrain) {
    if (tearStrain === this.#tearStrain) return;
    this.#tearStrain = tearStrain;
    this.#device.queue.writeBuffer(this.#tearing, 0, Float32Array.of(tearStrain));
  }

  /**
   * After a tear pass (or a mend): the torn bits into the solver's copy.
   * @param {GPUCommandEncoder} encoder
   */
  copyTorn(encoder) {
    encoder.copyBufferToTexture({ buffer: this.torn, bytesPerRow: 4 * tornWidth }, { texture: this.#tornCopy }, [tornWidth, this.#tornRows]);
  }

  /**
   * Mends every constraint: the bits and their copy cleared.
   * @param {GPUCommandEncoder} encoder
   */
  mendTorn(encoder) {
    encoder.clearBuffer(this.torn);
    this.copyTorn(encoder);
  }

  /**
   * Writes the mesh colliders' fields when their version changed, making the state's group anew
   * when their texture was: call it before a step's commands bind the group.
   * @param {number} version the packed colliders' meshFieldVersion
   * @param {() => import('../../cloth-model.js').MeshFieldAtlas} atlasOf the model's atlas
   */
  updateMeshFields(version, atlasOf) {
    if (this.#meshFields.update(version, atlasOf)) {
      this.#makeStateGroups();
      if (this.#tanglesView) this.selfCollisionGroup = this.#selfCollisionGroupOf(this.#tanglesView);
    }
  }

  /** @param {StateName} name */
  buffer(name) {
    return /** @type {GPUBuffer} */ (this.#buffers[name]);
  }

  /**
   * The rest shape, the buckets and their bind group, the first time self-collision runs.
   * @param {ArrayLike<number>} restPositions xyz per particle
   */
  prepareSelfCollision(restPositions) {
    if (this.selfCollisionGroup) return;
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
    this.#buffers.restPositions = this.#device.createBuffer({ label: 'nuno restPositions', size: this.#particleCount * this.#sizes.restPositions, usage });
    // One more u32 after the layers: the fastest approach of the last substep (separate.wgsl).
    this.#buffers.buckets = this.#device.createBuffer({
      label: 'nuno buckets', size: this.approachOffset + 4, usage: usage | GPUBufferUsage.COPY_SRC,
    });
    this.#device.queue.writeBuffer(this.buffer('restPositions'), 0, vec4sOf(restPositions));
    this.#tangles = this.#device.createTexture({
      label: 'nuno tangles', size: [tanglesWidth, this.#tangleRows], format: 'rgba32sint',
      usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
    });
    this.#tanglesView = this.#tangles.createView();
    this.selfCollisionGroup = this.#selfCollisionGroupOf(this.#tanglesView);
  }

  /**
   * The self-collision passes' group: their buffers, the untangling's texture, the torn bits'
   * copy and the mesh colliders' fields (for the landing layers' approach, separate.wgsl).
   * @param {GPUTextureView} tanglesView
   */
  #selfCollisionGroupOf(tanglesView) {
    return this.#groupOf(this.#passes.selfCollisionLayout, selfCollisionBindings, [tanglesView, this.#tornCopyView, this.#meshFields.view]);
  }

  /**
   * What the untangling's look found, or every particle free; nothing before self-collision
   * first ran (the texture starts all free).
   * @param {Int32Array | null} records four integers a particle (ClothModel.untangle); null: all free
   */
  uploadTangles(records) {
    if (!this.#tangles) return;
    const texels = new Int32Array(4 * tanglesWidth * this.#tangleRows);
    if (records) texels.set(records);
    this.#device.queue.writeTexture({ texture: this.#tangles }, texels, { bytesPerRow: 16 * tanglesWidth }, [tanglesWidth, this.#tangleRows]);
  }

  /**
   * The model's takeAttachedCall(), 8 floats a particle, for the attach pass.
   * @param {Float32Array<ArrayBuffer>} packed
   */
  uploadAttachments(packed) {
    if (!this.#attachments || this.#attachments.size < packed.byteLength) {
      this.#attachments?.destroy();
      this.#attachments = this.#device.createBuffer({
        label: 'nuno attachments', size: Math.max(packed.byteLength, 32), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
      });
      const buffers = [this.buffer('working'), this.buffer('predicted'), this.buffer('velocities'), this.#attachments];
      this.attachGroup = this.#device.createBindGroup({
        label: 'nuno attach', layout: this.#passes.attachLayout,
        entries: attachBindings.map((name, binding) => ({ binding, resource: { buffer: buffers[binding] } })),
      });
    }
    this.#device.queue.writeBuffer(this.#attachments, 0, packed);
  }

  get #tangleRows() {
    return Math.ceil(this.#particleCount / tanglesWidth);
  }

  get #tornRows() {
    return Math.ceil(this.#particleCount / tornWidth);
  }

  /** Where in the buckets buffer the separate pass keeps the fastest approach, bytes. */
  get approachOffset() {
    return this.#particleCount * this.#sizes.buckets;
  }

  /** Bytes of buffer and texture memory per particle these take now. */
  get bytesPerParticle() {
    const buffers = Object.keys(this.#buffers).reduce((sum, name) => sum + this.#sizes[/** @type {StateName} */ (name)], 0);
    const tangles = this.#tangles ? (16 * tanglesWidth * this.#tangleRows) / this.#particleCount : 0;
    // The torn bits and their copy: 4 bytes a particle each, rounded up to whole rows.
    const torn = (2 * this.torn.size) / this.#particleCount;
    return buffers + tangles + torn + (this.#attachments?.size ?? 0) / this.#particleCount;
  }

  destroy() {
    for (const buffer of Object.values(this.#buffers)) buffer?.destroy();
    this.#tangles?.destroy();
    this.#meshFields.destroy();
    this.torn.destroy();
    this.#tornCopy.destroy();
    this.#tearing.destroy();
    this.#attachments?.destroy();
  }

  /**
   * @param {GPUBindGroupLayout} layout
   * @param {readonly StateName[]} names its buffers in binding order
   * @param {GPUTextureView[]} [textures] bound after them
   */
  #groupOf(layout, names, textures = []) {
    return this.#device.createBindGroup({
      label: 'nuno state', layout, entries: [
        ...names.map((name, binding) => ({ binding, resource: { buffer: this.buffer(name) } })),
        ...textures.map((view, k) => ({ binding: names.length + k, resource: view })),
      ],
    });
  }
}
