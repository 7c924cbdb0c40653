// Draws a cloth, WebGPU or CPU, and the colliders around it with WebGPU: the public
// WebGpuClothRenderer, ClothRenderer's twin for a WebGPU canvas. The WebGPU cloth is drawn from
// its own position buffer on its own device (no read-back, no upload); the CPU cloth's positions
// are written into a buffer once a frame, and its torn mask with them (four particles' bytes a
// word), where the WebGPU cloth's torn bits are bound as they are: a torn constraint's triangles
// are not drawn. The shaders (shaders/render/*.wgsl) are the WebGL2
// renderer's, ported, so the two draw the same picture.
import { clothWgsl, groundWgsl, normalsWgsl, quaternionWgsl, solidWgsl, tornBitsWgsl, viewWgsl } from '../../dist/shaders.js';
import { uniqueEdges } from './cloth-mesh.js';
import { colliderLook, planeBasis, solidParts, unitCube, unitCylinder, unitSphere, unitSquare } from './collider-meshes.js';
import { MeshUploads } from './mesh-uploads.js';
import { viewBlock } from './view-uniforms.js';
import { defaultBackground, defaultClothColor, eyeOf } from './cloth-renderer.js';

/** @typedef {import('./view-uniforms.js').Rgb} Rgb */
/** @typedef {import('./collider-drawer.js').DrawnCollider} DrawnCollider */
/** @typedef {import('./cloth-renderer.js').Camera} Camera */
/** @typedef {import('./cloth-renderer.js').ClothRendererOptions} ClothRendererOptions */
/**
 * @typedef {object} DrawnTriangles a solid's vertex and index buffers
 * @property {GPUBuffer} positions
 * @property {GPUBuffer} normals
 * @property {GPUBuffer} indices
 * @property {GPUIndexFormat} format
 * @property {number} count indices
 */

/**
 * The parts of a cloth this renderer reads: `WebGpuCloth` and the CPU `Cloth` have them.
 * @typedef {object} WebGpuDrawableCloth
 * @property {'cpu' | 'webgpu'} backend
 * @property {number} columns
 * @property {number} rows
 * @property {number} particleCount
 * @property {Uint32Array} triangleIndices
 * @property {number} patchCount
 * @property {{patchColumns: number, patchRows: number}} settings
 * @property {Float32Array} [positions] the CPU cloth's, xyz a particle
 * @property {Uint8Array} [tornMask] the CPU cloth's torn constraints, a byte a particle (none torn without it)
 * @property {GPUBuffer} [positionBuffer] the WebGPU cloth's, a vec4f a particle
 * @property {GPUBuffer} [tornBuffer] the WebGPU cloth's torn constraints, a u32 a particle
 * @property {GPUDevice} [device] the WebGPU cloth's
 */

/** Bytes between the per-draw uniform slots: WebGPU's dynamic offset alignment. */
const slotBytes = 256;
/** Solid parts a frame (a capsule is three, a mesh one): the 8 colliders a cloth takes, all capsules. */
const maxSolidParts = 24;
const maxPlanes = 8;
const depthFormat = 'depth24plus';

export class WebGpuClothRenderer {
  /** @type {Rgb} */
  color;
  /** @type {Rgb} */
  backColor;
  /** @type {Rgb} */
  background;
  /** @type {boolean} */
  wireframe;
  /** @type {boolean} */
  patchColors;

  /** @type {GPUDevice} */
  #device;
  /** @type {GPUCanvasContext} */
  #context;
  /** @type {WebGpuDrawableCloth} */
  #cloth;
  /** @type {GPUBuffer[]} what dispose() destroys */
  #owned = [];
  /** @type {GPUBuffer | null} the CPU cloth's positions, written each frame */
  #uploaded = null;
  /** @type {GPUBuffer | null} the CPU cloth's torn mask, written each frame */
  #uploadedTorn = null;
  /** @type {Uint8Array<ArrayBuffer>} the mask padded to whole words, as writeBuffer wants them */
  #tornBytes = new Uint8Array(0);
  /** @type {GPUTexture | null} */
  #depth = null;
  /** @type {readonly DrawnCollider[]} */
  #colliders = [];
  #disposed = false;
  #view;
  #look;
  #solids;
  #planes;
  #pipelines;
  #groups;
  #meshes;
  #indices;
  /** @type {MeshUploads<DrawnTriangles & { buffers: GPUBuffer[] }>} */
  #meshUploads;

  /**
   * Makes every pipeline and buffer up front, so a shader error surfaces here rather than
   * mid-frame, and configures the canvas for the device.
   * @param {GPUCanvasContext} context a WebGPU canvas's ('webgpu')
   * @param {WebGpuDrawableCloth} cloth a WebGPU cloth (drawn on its device) or a CPU cloth
   * @param {ClothRendererOptions & { device?: GPUDevice }} [options] `device`: for a CPU cloth, the device to draw with
   */
  constructor(context, cloth, options = {}) {
    const device = cloth.backend === 'webgpu' ? cloth.device : options.device;
    if (!context || typeof context.configure !== 'function') {
      throw new TypeError("nuno: WebGpuClothRenderer needs a WebGPU canvas context (canvas.getContext('webgpu'))");
    }
    if (cloth.backend !== 'webgpu' && cloth.backend !== 'cpu') {
      throw new TypeError(`nuno: WebGpuClothRenderer draws a WebGPU or CPU cloth; a '${cloth.backend}' cloth is drawn by ClothRenderer`);
    }
    if (!device) throw new TypeError('nuno: WebGpuClothRenderer needs { device } to draw a CPU cloth with');
    this.#device = device;
    this.#context = context;
    this.#cloth = cloth;
    this.color = options.color ?? defaultClothColor;
    this.backColor = options.backColor ?? [this.color[0] * 0.8, this.color[1] * 0.62, this.color[2] * 0.58];
    this.background = options.background ?? defaultBackground;
    this.wireframe = options.wireframe ?? false;
    this.patchColors = options.patchColors ?? cloth.patchCount > 1;

    const format = navigator.gpu.getPreferredCanvasFormat();
    context.configure({ device, format, alphaMode: 'opaque' });
    this.#view = this.#buffer(192, GPUBufferUsage.UNIFORM);
    this.#look = this.#buffer(64, GPUBufferUsage.UNIFORM);
    this.#solids = this.#buffer(slotBytes * maxSolidParts, GPUBufferUsage.UNIFORM);
    this.#planes = this.#buffer(slotBytes * maxPlanes, GPUBufferUsage.UNIFORM);
    if (cloth.backend === 'cpu') {
      this.#uploaded = this.#buffer(Math.max(16, 12 * cloth.particleCount), GPUBufferUsage.STORAGE);
      this.#tornBytes = new Uint8Array(Math.max(16, 4 * Math.ceil(cloth.particleCount / 4)));
      this.#uploadedTorn = this.#buffer(this.#tornBytes.byteLength, GPUBufferUsage.STORAGE);
    }
    const positions = this.#uploaded ?? /** @type {GPUBuffer} */ (cloth.positionBuffer);
    const torn = this.#uploadedTorn ?? /** @type {GPUBuffer} */ (cloth.tornBuffer);
    this.#indices = {
      triangles: this.#indexBuffer(cloth.triangleIndices),
      edges: this.#indexBuffer(uniqueEdges(cloth.triangleIndices, cloth.particleCount)),
    };
    this.#meshes = this.#colliderMeshes();
    this.#meshUploads = new MeshUploads(({ positions, normals, indices }) => {
      /** @type {GPUBuffer[]} */
      const buffers = [];
      return { ...this.#triangles(positions, normals, indices, buffers), buffers };
    }, ({ buffers }) => buffers.forEach((buffer) => buffer.destroy()));

    const visible = GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT;
    const viewEntry = { binding: 0, visibility: visible, buffer: { type: /** @type {const} */ ('uniform') } };
    const clothLayout = device.createBindGroupLayout({
      label: 'nuno cloth drawing',
      entries: [viewEntry, { binding: 1, visibility: visible, buffer: { type: 'uniform' } },
        { binding: 2, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } },
        { binding: 3, visibility: visible, buffer: { type: 'read-only-storage' } }],
    });
    const viewLayout = device.createBindGroupLayout({ label: 'nuno view', entries: [viewEntry] });
    const slotLayout = device.createBindGroupLayout({
      label: 'nuno collider slot', entries: [{ binding: 0, visibility: visible, buffer: { type: 'uniform', hasDynamicOffset: true } }],
    });
    const module = (/** @type {string} */ label, /** @type {string[]} */ parts) => device.createShaderModule({ label, code: parts.join('\n') });
    const cloth3d = module('nuno cloth drawing', [viewWgsl, tornBitsWgsl, normalsWgsl, clothWgsl]);
    const solid = module('nuno solid collider', [viewWgsl, quaternionWgsl, solidWgsl]);
    const ground = module('nuno ground', [viewWgsl, groundWgsl]);
    const targets = [{ format }];
    /**
     * @param {string} label
     * @param {GPUBindGroupLayout[]} layouts
     * @param {GPUShaderModule} shader
     * @param {string} stage the entry points' common name
     * @param {Partial<GPURenderPipelineDescriptor>} rest
     */
    const pipeline = (label, layouts, shader, stage, rest) => device.createRenderPipeline({
      label,
      layout: device.createPipelineLayout({ bindGroupLayouts: layouts }),
      vertex: { module: shader, entryPoint: `${stage}Vertex`, buffers: rest.vertex?.buffers ?? [] },
      fragment: { module: shader, entryPoint: `${stage}Fragment`, targets },
      primitive: rest.primitive ?? { topology: 'triangle-list' },
      depthStencil: { format: depthFormat, depthWriteEnabled: true, depthCompare: 'less', ...rest.depthStencil },
    });
    const vec3Buffers = [{ arrayStride: 12, attributes: [{ shaderLocation: 0, offset: 0, format: /** @type {const} */ ('float32x3') }] },
      { arrayStride: 12, attributes: [{ shaderLocation: 1, offset: 0, format: /** @type {const} */ ('float32x3') }] }];
    this.#pipelines = {
      surface: pipeline('nuno cloth surface', [clothLayout], cloth3d, 'cloth', {}),
      edges: pipeline('nuno cloth edges', [clothLayout], cloth3d, 'cloth', { primitive: { topology: 'line-list' } }),
      // Both faces drawn: a mesh collider may wind its triangles either way (the shader lights
      // the side in view), and the unit meshes' far sides lie behind their near ones.
      solid: pipeline('nuno solid colliders', [viewLayout, slotLayout], solid, 'solid', { vertex: /** @type {any} */ ({ buffers: vec3Buffers }) }),
      // Cloth resting on the floor sits only the collision margin above it: push the floor
      // back in depth so the cloth always wins instead of flickering through.
      ground: pipeline('nuno ground', [viewLayout, slotLayout], ground, 'ground', {
        vertex: /** @type {any} */ ({ buffers: [{ arrayStride: 8, attributes: [{ shaderLocation: 0, offset: 0, format: 'float32x2' }] }] }),
        depthStencil: /** @type {any} */ ({ depthBias: 4, depthBiasSlopeScale: 1 }),
      }),
    };
    this.#groups = {
      cloth: device.createBindGroup({
        layout: clothLayout,
        entries: [{ binding: 0, resource: { buffer: this.#view } }, { binding: 1, resource: { buffer: this.#look } }, { binding: 2, resource: { buffer: positions } },
          { binding: 3, resource: { buffer: torn } }],
      }),
      view: device.createBindGroup({ layout: viewLayout, entries: [{ binding: 0, resource: { buffer: this.#view } }] }),
      solids: device.createBindGroup({ layout: slotLayout, entries: [{ binding: 0, resource: { buffer: this.#solids, size: 64 } }] }),
      planes: device.createBindGroup({ layout: slotLayout, entries: [{ binding: 0, resource: { buffer: this.#planes, size: 192 } }] }),
    };
  }

  /**
   * Which colliders to draw from now on (the renderer cannot read them back from the cloth).
   * Pass the same descriptions given to `cloth.addCollider`, and call again after moving one.
   * @param {readonly DrawnCollider[]} colliders
   */
  setColliders(colliders) {
    this.#colliders = colliders;
  }

  /**
   * Draws one frame into the canvas's current texture, clearing it first.
   * @param {Camera} camera
   */
  render(camera) {
    if (this.#disposed) throw new Error('nuno: this WebGpuClothRenderer was disposed');
    const device = this.#device;
    const cloth = this.#cloth;
    const view = { ...camera, eye: camera.eye ?? eyeOf(camera.viewMatrix) };
    device.queue.writeBuffer(this.#view, 0, viewBlock(view));
    device.queue.writeBuffer(this.#look, 0, this.#lookBlock());
    if (this.#uploaded) device.queue.writeBuffer(this.#uploaded, 0, /** @type {Float32Array<ArrayBuffer>} */ (cloth.positions));
    if (this.#uploadedTorn && cloth.tornMask) {
      this.#tornBytes.set(cloth.tornMask);
      device.queue.writeBuffer(this.#uploadedTorn, 0, this.#tornBytes);
    }

    const target = this.#context.getCurrentTexture();
    const encoder = device.createCommandEncoder({ label: 'nuno frame' });
    const pass = encoder.beginRenderPass({
      colorAttachments: [{
        view: target.createView(), loadOp: 'clear', storeOp: 'store',
        clearValue: { r: this.background[0], g: this.background[1], b: this.background[2], a: 1 },
      }],
      depthStencilAttachment: { view: this.#depthFor(target).createView(), depthLoadOp: 'clear', depthStoreOp: 'store', depthClearValue: 1 },
    });
    this.#drawColliders(pass);
    pass.setPipeline(this.wireframe ? this.#pipelines.edges : this.#pipelines.surface);
    pass.setBindGroup(0, this.#groups.cloth);
    const indices = this.wireframe ? this.#indices.edges : this.#indices.triangles;
    pass.setIndexBuffer(indices.buffer, 'uint32');
    pass.drawIndexed(indices.count);
    pass.end();
    device.queue.submit([encoder.finish()]);
  }

  /**
   * Frees every GPU object this renderer made. The cloth, the device and the canvas context are
   * the caller's: the context stays configured, so a renderer made for the next cloth before
   * this one is disposed keeps drawing.
   */
  dispose() {
    this.#disposed = true;
    for (const buffer of this.#owned) buffer.destroy();
    this.#meshUploads.clear();
    this.#depth?.destroy();
  }

  /** @param {GPURenderPassEncoder} pass */
  #drawColliders(pass) {
    const device = this.#device;
    const solids = solidParts(this.#colliders).slice(0, maxSolidParts);
    const uploads = this.#meshUploads.forFrame(solids);
    const planes = /** @type {Extract<DrawnCollider, { type: 'plane' }>[]} */ (this.#colliders.filter((collider) => collider.type === 'plane')).slice(0, maxPlanes);
    if (solids.length > 0) {
      const slots = new Float32Array((slotBytes / 4) * solids.length);
      solids.forEach(({ center, scale, rotation }, i) => {
        const at = (slotBytes / 4) * i;
        slots.set([center[0], center[1], center[2]], at);
        slots.set([scale[0], scale[1], scale[2]], at + 4);
        slots.set([rotation[0], rotation[1], rotation[2], rotation[3]], at + 8);
        slots.set(colliderLook.solidColor, at + 12);
      });
      device.queue.writeBuffer(this.#solids, 0, slots);
      pass.setPipeline(this.#pipelines.solid);
      pass.setBindGroup(0, this.#groups.view);
      solids.forEach(({ mesh }, i) => {
        const drawn = typeof mesh === 'string' ? this.#meshes[mesh] : /** @type {DrawnTriangles} */ (uploads.get(mesh));
        pass.setBindGroup(1, this.#groups.solids, [slotBytes * i]);
        pass.setVertexBuffer(0, drawn.positions);
        pass.setVertexBuffer(1, drawn.normals);
        pass.setIndexBuffer(drawn.indices, drawn.format);
        pass.drawIndexed(drawn.count);
      });
    }
    if (planes.length > 0) {
      const spheres = /** @type {Extract<DrawnCollider, { type: 'sphere' }>[]} */ (this.#colliders.filter((collider) => collider.type === 'sphere'))
        .slice(0, colliderLook.maxShadingSpheres);
      const slots = new ArrayBuffer(slotBytes * planes.length);
      planes.forEach((plane, i) => {
        const floats = new Float32Array(slots, slotBytes * i, 48);
        const { normal, tangent, bitangent } = planeBasis(plane.normal);
        floats.set([plane.point[0], plane.point[1], plane.point[2]], 0);
        floats.set(normal, 4);
        floats.set(tangent, 8);
        floats.set(bitangent, 12);
        floats.set(colliderLook.floorColor, 16);
        floats.set(colliderLook.floorLineColor, 20);
        floats.set(this.background, 24);
        floats[27] = colliderLook.planeHalfExtentMetres;
        spheres.forEach(({ center, radius }, k) => floats.set([center[0], center[1], center[2], radius], 28 + 4 * k));
        new Int32Array(slots, slotBytes * i + 176, 1)[0] = spheres.length;
      });
      device.queue.writeBuffer(this.#planes, 0, slots);
      pass.setPipeline(this.#pipelines.ground);
      pass.setBindGroup(0, this.#groups.view);
      const square = this.#meshes.square;
      pass.setVertexBuffer(0, square.positions);
      pass.setIndexBuffer(square.indices, 'uint16');
      planes.forEach((_, i) => {
        pass.setBindGroup(1, this.#groups.planes, [slotBytes * i]);
        pass.drawIndexed(square.count);
      });
    }
  }

  /** ClothLook of shaders/render/cloth.wgsl: two colours, the patch size, columns, stride, tints, rows, the torn bits' layout, lines. */
  #lookBlock() {
    const cloth = this.#cloth;
    const block = new ArrayBuffer(64);
    const floats = new Float32Array(block);
    const ints = new Int32Array(block);
    floats.set(this.color, 0);
    floats.set(this.backColor, 4);
    ints.set([cloth.settings.patchColumns || cloth.columns, cloth.settings.patchRows || cloth.rows, cloth.columns, this.#uploaded ? 3 : 4,
      this.patchColors ? 1 : 0, cloth.rows, this.#uploadedTorn ? 1 : 0, this.wireframe ? 1 : 0], 8);
    return block;
  }

  /**
   * The depth texture for this frame's target, made again when the canvas's size changed.
   * @param {GPUTexture} target
   */
  #depthFor(target) {
    if (!this.#depth || this.#depth.width !== target.width || this.#depth.height !== target.height) {
      this.#depth?.destroy();
      this.#depth = this.#device.createTexture({ size: [target.width, target.height], format: depthFormat, usage: GPUTextureUsage.RENDER_ATTACHMENT });
    }
    return this.#depth;
  }

  /**
   * @param {number} size bytes
   * @param {number} usage
   * @param {GPUBuffer[]} owner the list that frees it: dispose()'s, or a mesh collider's
   */
  #buffer(size, usage, owner = this.#owned) {
    const buffer = this.#device.createBuffer({ size, usage: usage | GPUBufferUsage.COPY_DST });
    owner.push(buffer);
    return buffer;
  }

  /**
   * @param {Uint32Array | Uint16Array} indices
   * @param {GPUBuffer[]} [owner]
   * @returns {{ buffer: GPUBuffer, count: number }}
   */
  #indexBuffer(indices, owner) {
    // writeBuffer wants a multiple of 4 bytes: a Uint16Array of odd length gets a zero at its end.
    const padded = /** @type {Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>} */ (
      indices.byteLength % 4 === 0 ? indices : Uint16Array.from({ length: indices.length + 1 }, (_, i) => indices[i] ?? 0));
    const buffer = this.#buffer(Math.max(4, padded.byteLength), GPUBufferUsage.INDEX, owner);
    this.#device.queue.writeBuffer(buffer, 0, padded);
    return { buffer, count: indices.length };
  }

  /**
   * @param {Float32Array} data
   * @param {GPUBuffer[]} [owner]
   * @returns {GPUBuffer}
   */
  #vertexBuffer(data, owner) {
    const buffer = this.#buffer(data.byteLength, GPUBufferUsage.VERTEX, owner);
    this.#device.queue.writeBuffer(buffer, 0, /** @type {Float32Array<ArrayBuffer>} */ (data));
    return buffer;
  }

  /**
   * A solid's triangles in vertex and index buffers.
   * @param {Float32Array} positions
   * @param {Float32Array} normals
   * @param {Uint16Array | Uint32Array} indices
   * @param {GPUBuffer[]} [owner]
   * @returns {DrawnTriangles}
   */
  #triangles(positions, normals, indices, owner) {
    const { buffer, count } = this.#indexBuffer(indices, owner);
    const format = indices instanceof Uint32Array ? 'uint32' : 'uint16';
    return { positions: this.#vertexBuffer(positions, owner), normals: this.#vertexBuffer(normals, owner), indices: buffer, format, count };
  }

  /** The unit meshes colliders are drawn with, in vertex and index buffers. */
  #colliderMeshes() {
    const sphere = unitSphere(24, 48);
    const cube = unitCube();
    const cylinder = unitCylinder(48);
    const square = unitSquare();
    const { buffer: squareIndices, count: squareCount } = this.#indexBuffer(square.indices);
    return {
      // Every vertex of the unit sphere is its own normal.
      sphere: this.#triangles(sphere.positions, sphere.positions, sphere.indices),
      cube: this.#triangles(cube.positions, cube.normals, cube.indices),
      cylinder: this.#triangles(cylinder.positions, cylinder.normals, cylinder.indices),
      square: { positions: this.#vertexBuffer(square.corners), indices: squareIndices, count: squareCount },
    };
  }
}
