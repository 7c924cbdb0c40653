// What is on screen: the cloth (CPU, WebGL2 or WebGPU), its renderer, the floor, the preset's obstacles and
// the sphere. The WebGPU cloth is drawn on its own device into the WebGPU canvas (no read-back),
// the others with WebGL2. A rebuild makes the new cloth and renderer before it disposes the old
// ones, so a setting the device cannot run leaves the running scene as it was.
import { ClothRenderer, WebGpuClothRenderer } from './dependencies.js';
import { backgroundColor, clothColor, ground, sphereFriction } from './scene.js';

/** @typedef {import('nuno').Cloth | import('nuno').GpuCloth | import('nuno').WebGpuCloth} AnyCloth */
/** @typedef {import('./demo-settings.js').DemoSettings['sphere']} Sphere */
/** @typedef {import('./presets.js').Obstacle} Obstacle */
/** @typedef {{ device: GPUDevice, context: GPUCanvasContext }} WebGpuView where the WebGPU cloth runs and is drawn */

export class Stage {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {import('nuno').Nuno} */
  #nuno;
  #debug;
  /** @type {WebGpuView | null} for the 'webgpu' backend */
  #webGpu;
  /** @type {AnyCloth} */
  #cloth;
  /** @type {ClothRenderer | WebGpuClothRenderer} */
  #renderer;
  /** @type {number | null} the sphere's collider id while it is switched on */
  #sphereId = null;
  /** @type {readonly Obstacle[]} */
  #obstacles = [];

  /**
   * Makes the first cloth and its renderer.
   * @param {WebGL2RenderingContext} gl
   * @param {import('nuno').Nuno} nuno
   * @param {{ debug: boolean, webGpu: WebGpuView | null }} options debug: check for WebGL
   *   errors after every frame; webGpu: where the 'webgpu' backend runs, null without WebGPU
   * @param {import('./demo-settings.js').ClothRequest} request
   * @param {Sphere} sphere
   * @param {readonly Obstacle[]} obstacles the preset's fixed colliders besides the floor
   */
  constructor(gl, nuno, { debug, webGpu }, request, sphere, obstacles) {
    this.#gl = gl;
    this.#nuno = nuno;
    this.#debug = debug;
    this.#webGpu = webGpu;
    [this.#cloth, this.#renderer] = this.#make(request, obstacles);
    this.#obstacles = obstacles;
    this.showSphere(sphere);
  }

  /** The cloth in use: a new object after each rebuild. */
  get cloth() {
    return this.#cloth;
  }

  get renderer() {
    return this.#renderer;
  }

  /** Whether the scene is drawn into the WebGPU canvas (the WebGL one then shows nothing). */
  get drawnWithWebGpu() {
    return this.#renderer instanceof WebGpuClothRenderer;
  }

  /**
   * Replaces the cloth and its renderer. If the new ones cannot be made, the old ones stay and
   * the error is thrown.
   * @param {import('./demo-settings.js').ClothRequest} request
   * @param {Sphere} sphere
   * @param {readonly Obstacle[]} obstacles
   */
  rebuild(request, sphere, obstacles) {
    const [cloth, renderer] = this.#make(request, obstacles);
    this.#renderer.dispose();
    this.#cloth.dispose();
    this.#cloth = cloth;
    this.#renderer = renderer;
    this.#obstacles = obstacles;
    this.#sphereId = null;
    this.showSphere(sphere);
  }

  /**
   * Adds, moves, resizes or removes the sphere, for the solver and the renderer alike.
   * @param {Sphere} sphere
   */
  showSphere({ enabled, center, radius }) {
    const cloth = this.#cloth;
    if (enabled && this.#sphereId === null) {
      this.#sphereId = cloth.addCollider({ type: 'sphere', center, radius, friction: sphereFriction });
    } else if (enabled && this.#sphereId !== null) {
      cloth.updateCollider(this.#sphereId, { center, radius });
    } else if (this.#sphereId !== null) {
      cloth.removeCollider(this.#sphereId);
      this.#sphereId = null;
    }
    /** @type {import('nuno').DrawnCollider[]} */
    const drawn = [ground, ...this.#obstacles];
    if (enabled) drawn.push({ type: 'sphere', center: [...center], radius });
    this.#renderer.setColliders(drawn);
  }

  /**
   * A new cloth with the floor under it and the obstacles, and its renderer.
   * @param {import('./demo-settings.js').ClothRequest} request
   * @param {readonly Obstacle[]} obstacles
   * @returns {[AnyCloth, ClothRenderer | WebGpuClothRenderer]}
   */
  #make(request, obstacles) {
    const target = request.options.backend === 'webgpu' ? this.#webGpu?.device : this.#gl;
    if (!target) throw new Error("This browser offers no WebGPU: choose the backend 'auto', 'gpu' (WebGL2) or 'cpu'.");
    /** @param {any} options */
    const create = (options) => (request.kind === 'patches'
      ? this.#nuno.createPatches(target, options)
      : this.#nuno.createCloth(target, options));
    let cloth = create(request.options);
    if (cloth.backend === 'cpu' && request.onCpu) {
      // 'auto' put the papers on the CPU, which runs fewer; why it did still holds.
      const { fallbackReason } = cloth;
      cloth.dispose();
      cloth = create(request.onCpu);
      cloth.fallbackReason = fallbackReason;
    }
    try {
      for (const collider of [ground, ...obstacles]) cloth.addCollider(collider);
      const looks = { color: clothColor, background: backgroundColor };
      const renderer = cloth.backend === 'webgpu'
        ? new WebGpuClothRenderer(/** @type {WebGpuView} */ (this.#webGpu).context, cloth, looks)
        : new ClothRenderer(this.#gl, cloth, { ...looks, debug: this.#debug });
      return [cloth, renderer];
    } catch (error) {
      cloth.dispose();
      throw error;
    }
  }

  /**
   * Makes every GL object again after the context came back. The GPU cloth restarts from rest
   * (its state was in the lost textures); the CPU cloth lives in wasm and carries on.
   */
  restore() {
    if (this.#cloth.backend === 'gpu') this.#cloth.restore();
    if (this.#renderer instanceof ClothRenderer) this.#renderer.restore();
  }
}
