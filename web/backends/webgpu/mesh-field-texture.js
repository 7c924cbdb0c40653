// The mesh colliders' signed distance fields as the WebGPU collide pass (and the patch step) reads
// them: the model's atlas (ClothModel.meshFieldAtlas, every field one after another along z) in
// one r32float 3D texture, read with textureLoad (r32float need not filter), bound in the state's
// group 0 (shaders/webgpu/state.wgsl's meshFields). It is written again only when the core's
// meshFieldVersion changes (a mesh added, removed or its field rebuilt), never because a mesh
// moved: the field is in the mesh's own frame.
import { GpuUnsupportedError } from '../gpu/capabilities.js';
import { meshFieldRefusal } from '../gpu/mesh-field-limits.js';

/** @typedef {import('../../cloth-model.js').MeshFieldAtlas} MeshFieldAtlas */

/**
 * Why the device's 3D textures cannot hold an atlas, or null when they can.
 * @param {GPUDevice} device
 * @param {Pick<MeshFieldAtlas, 'width' | 'height' | 'depth'>} atlas
 */
export function meshFieldRefusalOn(device, atlas) {
  return meshFieldRefusal(atlas, device.limits.maxTextureDimension3D, 'maxTextureDimension3D', 'WebGPU');
}

export class MeshFieldTexture {
  /** @type {GPUDevice} */
  #device;
  /** @type {GPUTexture} */
  #texture;
  /** @type {number | null} the meshFieldVersion written; null before the first */
  #version = null;

  /**
   * Starts as a 1 x 1 x 1 texture (the atlas without a mesh), so the state's group can bind it.
   * @param {GPUDevice} device
   */
  constructor(device) {
    this.#device = device;
    this.#texture = this.#create([1, 1, 1]);
  }

  /** @returns {GPUTextureView} */
  get view() {
    return this.#texture.createView();
  }

  /**
   * Writes the atlas when its version is not the one written, in a texture of its size.
   * @param {number} version the packed colliders' meshFieldVersion
   * @param {() => MeshFieldAtlas} atlasOf the model's atlas, asked for only when it is written
   * @returns {boolean} whether the texture was made anew (the groups binding it must be too)
   */
  update(version, atlasOf) {
    if (version === this.#version) return false;
    const { width, height, depth, values } = atlasOf();
    const refusal = meshFieldRefusalOn(this.#device, { width, height, depth });
    if (refusal) throw new GpuUnsupportedError(refusal);
    const texture = this.#texture;
    const remade = texture.width !== width || texture.height !== height || texture.depthOrArrayLayers !== depth;
    if (remade) {
      // Steps already submitted keep reading the old one: destroy() waits for them.
      texture.destroy();
      this.#texture = this.#create([width, height, depth]);
    }
    // The core hands the atlas over as a copy of its own, never a view of a shared wasm heap.
    const samples = /** @type {Float32Array<ArrayBuffer>} */ (values);
    this.#device.queue.writeTexture({ texture: this.#texture }, samples, { bytesPerRow: 4 * width, rowsPerImage: height }, [width, height, depth]);
    this.#version = version;
    return remade;
  }

  destroy() {
    this.#texture.destroy();
  }

  /** @param {[number, number, number]} size */
  #create(size) {
    return this.#device.createTexture({
      label: 'nuno mesh fields', dimension: '3d', size, format: 'r32float',
      usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
    });
  }
}
