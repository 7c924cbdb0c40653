// Picking a WebGPU cloth's particle on its own device (shaders/webgpu/pick.wgsl): two dispatches
// over the particles, one of a single invocation, and a 32-byte read-back, where a pick through
// readPositions() would copy the whole cloth back (16 MB at 1M particles) and search it in JS.
import { pickWgsl } from '../../../dist/shaders.js';
import { workgroupSize, workgroupsFor } from './compute-passes.js';

/** @typedef {import('../../picking.js').Ray} Ray */
/** @typedef {import('../../picking.js').PickedParticle} PickedParticle */

/** pick.wgsl's Pick: two words, their padding, and a vec4f. */
const pickBytes = 32;
/** pick.wgsl's `none`: nothing in reach. */
const none = 0xffffffff;

export class ParticlePicker {
  /** @type {GPUDevice} */
  #device;
  #pipelines;
  #layout;
  /** @type {GPUBuffer} the Ray uniform */
  #ray;
  /** @type {GPUBuffer} the Pick result */
  #result;

  /** @param {GPUDevice} device */
  constructor(device) {
    this.#device = device;
    const module = device.createShaderModule({ label: 'nuno pick', code: `const WORKGROUP_SIZE = ${workgroupSize}u;\n${pickWgsl}` });
    const storage = (/** @type {GPUBufferBindingType} */ type) => ({ visibility: GPUShaderStage.COMPUTE, buffer: { type } });
    this.#layout = device.createBindGroupLayout({
      label: 'nuno pick',
      entries: [{ binding: 0, ...storage('uniform') }, { binding: 1, ...storage('read-only-storage') }, { binding: 2, ...storage('storage') }],
    });
    const layout = device.createPipelineLayout({ label: 'nuno pick', bindGroupLayouts: [this.#layout] });
    const pipeline = (/** @type {string} */ entryPoint) => device.createComputePipeline({ label: `nuno ${entryPoint}`, layout, compute: { module, entryPoint } });
    this.#pipelines = { nearestAlong: pipeline('nearestAlong'), lowestAtNearest: pipeline('lowestAtNearest'), copyPicked: pipeline('copyPicked') };
    this.#ray = device.createBuffer({ label: 'nuno pick ray', size: 32, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.#result = device.createBuffer({ label: 'nuno pick', size: pickBytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
  }

  /**
   * The particle the ray means in `positions` as they are once the work submitted so far is done.
   * @param {GPUBuffer} positions vec4f per particle
   * @param {number} particleCount
   * @param {Ray} ray
   * @returns {Promise<PickedParticle | null>}
   */
  async pick(positions, particleCount, { origin, direction, maxDistance }) {
    const device = this.#device;
    const ray = new ArrayBuffer(32);
    new Float32Array(ray).set([...origin, maxDistance, ...direction]);
    new Uint32Array(ray)[7] = particleCount;
    // Queue writes and submissions run in order, so picks under way at once each see their own ray.
    device.queue.writeBuffer(this.#ray, 0, ray);
    device.queue.writeBuffer(this.#result, 0, new Uint32Array([none, none, 0, 0, 0, 0, 0, 0]));
    const group = device.createBindGroup({
      layout: this.#layout,
      entries: [{ binding: 0, resource: { buffer: this.#ray } }, { binding: 1, resource: { buffer: positions } }, { binding: 2, resource: { buffer: this.#result } }],
    });
    const staging = device.createBuffer({ label: 'nuno pick read-back', size: pickBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    try {
      const encoder = device.createCommandEncoder({ label: 'nuno pick' });
      const pass = encoder.beginComputePass({ label: 'nuno pick' });
      pass.setBindGroup(0, group);
      const [x, y] = workgroupsFor(particleCount, device.limits.maxComputeWorkgroupsPerDimension);
      for (const stage of /** @type {const} */ (['nearestAlong', 'lowestAtNearest'])) {
        pass.setPipeline(this.#pipelines[stage]);
        pass.dispatchWorkgroups(x, y);
      }
      pass.setPipeline(this.#pipelines.copyPicked);
      pass.dispatchWorkgroups(1);
      pass.end();
      encoder.copyBufferToBuffer(this.#result, 0, staging, 0, pickBytes);
      device.queue.submit([encoder.finish()]);
      await staging.mapAsync(GPUMapMode.READ);
      const mapped = staging.getMappedRange();
      const particle = new Uint32Array(mapped)[1];
      return particle === none ? null : { particle, position: new Float32Array(mapped, 16, 3).slice() };
    } finally {
      staging.destroy();
    }
  }

  destroy() {
    this.#ray.destroy();
    this.#result.destroy();
  }
}
