// Draws a CPU cloth and the colliders around it with WebGL2: the public ClothRenderer.
import { clothFrag, clothVert } from '../../dist/shaders.js';
import { ClothMesh } from './cloth-mesh.js';
import { ColliderDrawer } from './collider-drawer.js';
import { createProgram } from './gl-program.js';
import { setViewUniforms } from './view-uniforms.js';

/** @typedef {import('./view-uniforms.js').Rgb} Rgb */
/** @typedef {import('./collider-drawer.js').DrawnCollider} DrawnCollider */

/**
 * @typedef {object} Camera
 * @property {Float32Array} viewMatrix world to view, column-major (gl-matrix layout)
 * @property {Float32Array} projectionMatrix view to clip, column-major
 * @property {ArrayLike<number>} [eye] camera position in metres; derived from viewMatrix if absent
 */

/**
 * @typedef {object} ClothRendererOptions
 * @property {Rgb} [color] the cloth's front face, sRGB in [0, 1]
 * @property {Rgb} [backColor] its back face; by default a darker, warmer shade of `color`
 * @property {Rgb} [background] the clear colour, which floors also fade into
 * @property {boolean} [wireframe] draw the grid's edges instead of its lit surface
 */

/**
 * The parts of a cloth the renderer reads: `Cloth` from nuno has them all.
 * @typedef {object} DrawableCloth
 * @property {number} particleCount
 * @property {Float32Array} positions
 * @property {Float32Array} normals
 * @property {Uint32Array} triangleIndices
 */

/** @type {Rgb} */
const defaultClothColor = [0.85, 0.33, 0.31];
/** @type {Rgb} */
const defaultBackground = [0.1, 0.12, 0.16];

export class ClothRenderer {
  /** @type {Rgb} */
  color;
  /** @type {Rgb} */
  backColor;
  /** @type {Rgb} */
  background;
  /** @type {boolean} */
  wireframe;

  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {DrawableCloth} */
  #cloth;
  #clothProgram;
  #clothMesh;
  #colliderDrawer;
  /** @type {readonly DrawnCollider[]} */
  #colliders = [];

  /**
   * Creates every GL object up front, so a shader error surfaces here rather than mid-frame.
   * @param {WebGL2RenderingContext} gl
   * @param {DrawableCloth} cloth
   * @param {ClothRendererOptions} [options]
   */
  constructor(gl, cloth, options = {}) {
    this.#gl = gl;
    this.#cloth = cloth;
    this.color = options.color ?? defaultClothColor;
    this.backColor = options.backColor ?? [this.color[0] * 0.8, this.color[1] * 0.62, this.color[2] * 0.58];
    this.background = options.background ?? defaultBackground;
    this.wireframe = options.wireframe ?? false;
    this.#clothProgram = createProgram(gl, 'cloth', clothVert, clothFrag);
    this.#clothMesh = new ClothMesh(gl, cloth.particleCount, cloth.triangleIndices);
    this.#colliderDrawer = new ColliderDrawer(gl);
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
   * Draws one frame into the whole drawing buffer, clearing it first.
   * @param {Camera} camera
   */
  render(camera) {
    const gl = this.#gl;
    const view = { ...camera, eye: camera.eye ?? eyeOf(camera.viewMatrix) };
    this.#uploadCloth();

    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.clearColor(this.background[0], this.background[1], this.background[2], 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);

    this.#colliderDrawer.draw(this.#colliders, view, this.background);

    const { program, uniforms } = this.#clothProgram;
    gl.useProgram(program);
    setViewUniforms(gl, uniforms, view);
    gl.uniform3fv(uniforms.uFrontColor, this.color);
    gl.uniform3fv(uniforms.uBackColor, this.backColor);
    if (this.wireframe) this.#clothMesh.drawEdges();
    else this.#clothMesh.drawSurface();
  }

  /** Frees every GL object this renderer made. The cloth is the caller's to dispose. */
  dispose() {
    this.#gl.deleteProgram(this.#clothProgram.program);
    this.#clothMesh.dispose();
    this.#colliderDrawer.dispose();
  }

  #uploadCloth() {
    // Normals first: computing them may grow wasm memory, which would detach a positions view
    // read before (the positions getter re-fetches a detached view).
    const normals = this.#cloth.normals;
    this.#clothMesh.upload(this.#cloth.positions, normals);
  }
}

/**
 * The camera position a view matrix implies: -R^T t for view = [R t].
 * @param {Float32Array} viewMatrix column-major
 * @returns {number[]}
 */
function eyeOf(viewMatrix) {
  const [tx, ty, tz] = [viewMatrix[12], viewMatrix[13], viewMatrix[14]];
  return [0, 1, 2].map((axis) =>
    -(viewMatrix[axis * 4] * tx + viewMatrix[axis * 4 + 1] * ty + viewMatrix[axis * 4 + 2] * tz));
}
