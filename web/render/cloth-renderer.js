// Draws a cloth, CPU or GPU, and the colliders around it with WebGL2: the public ClothRenderer.
import { clothFrag, clothVert, normals } from '../../dist/shaders.js';
import { ClothMesh } from './cloth-mesh.js';
import { ColliderDrawer } from './collider-drawer.js';
import { createProgram } from '../gl/program.js';
import { PositionSource } from './position-source.js';
import { TornSource } from './torn-source.js';
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
 * @property {boolean} [patchColors] tint each patch its own shade of `color` (by default when the cloth has
 *   several patches: see createPatches)
 * @property {boolean} [debug] check gl.getError() after each frame and throw on an error
 */

/**
 * The parts of a cloth the renderer reads: `Cloth` and `GpuCloth` from nuno have them.
 * @typedef {object} DrawableCloth
 * @property {'cpu' | 'gpu' | 'webgpu'} backend
 * @property {number} columns
 * @property {number} rows
 * @property {number} particleCount
 * @property {Uint32Array} triangleIndices
 * @property {number} patchCount
 * @property {{patchColumns: number, patchRows: number}} settings a patch's size (0: the grid's)
 * @property {Float32Array} [positions] the CPU cloth's (or the WebGPU cloth's read-back), uploaded once per frame
 * @property {WebGLTexture} [positionTexture] the GPU cloth's, in the renderer's context
 * @property {WebGLTexture | null} [positionResidualTexture] the GPU cloth's half-path low parts
 * @property {Uint8Array} [tornMask] the CPU cloth's torn constraints, a byte per particle, uploaded once per frame
 * @property {WebGLTexture} [tornTexture] the GPU cloth's torn mask (R8UI), in the renderer's context
 */

/** @type {Rgb} */
export const defaultClothColor = [0.85, 0.33, 0.31];
/** @type {Rgb} */
export const defaultBackground = [0.1, 0.12, 0.16];

export class ClothRenderer {
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

  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {DrawableCloth} */
  #cloth;
  /** @type {import('../gl/program.js').GlProgram} */
  #clothProgram;
  /** @type {ClothMesh} */
  #clothMesh;
  /** @type {PositionSource} */
  #positionSource;
  /** @type {TornSource} */
  #tornSource;
  /** @type {ColliderDrawer} */
  #colliderDrawer;
  #debug;
  /** @type {readonly DrawnCollider[]} */
  #colliders = [];
  /** @type {[number, number]} a patch's columns and rows (the grid's for one cloth), which never change */
  #patchSize;

  /**
   * Creates every GL object up front, so a shader error surfaces here rather than mid-frame.
   * @param {WebGL2RenderingContext} gl
   * @param {DrawableCloth} cloth
   * @param {ClothRendererOptions} [options]
   */
  constructor(gl, cloth, options = {}) {
    this.#gl = gl;
    this.color = options.color ?? defaultClothColor;
    this.backColor = options.backColor ?? [this.color[0] * 0.8, this.color[1] * 0.62, this.color[2] * 0.58];
    this.background = options.background ?? defaultBackground;
    this.wireframe = options.wireframe ?? false;
    this.patchColors = options.patchColors ?? cloth.patchCount > 1;
    this.#debug = options.debug ?? false;
    this.#cloth = cloth;
    const { patchColumns, patchRows } = cloth.settings;
    this.#patchSize = [patchColumns || cloth.columns, patchRows || cloth.rows];
    this.#createGlObjects();
  }

  /**
   * Rebuilds every GL object after the WebGL context was lost and restored (the loss destroyed
   * them). A GPU cloth needs its own restore() first, since it owns the position textures.
   */
  restore() {
    this.#createGlObjects();
  }

  #createGlObjects() {
    const gl = this.#gl;
    this.#positionSource = new PositionSource(gl, this.#cloth);
    this.#tornSource = new TornSource(gl, this.#cloth);
    // The normal is the solver's and the core's (normals.glsl), put in front of the stage; it sees
    // no neighbour across a torn edge.
    this.#clothProgram = createProgram(gl, 'cloth', ['#version 300 es', '#define TEARING 1', normals, clothVert].join('\n'), clothFrag);
    this.#clothMesh = new ClothMesh(gl, this.#cloth.particleCount, this.#cloth.triangleIndices);
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

    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.clearColor(this.background[0], this.background[1], this.background[2], 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.enable(gl.DEPTH_TEST);

    this.#colliderDrawer.draw(this.#colliders, view, this.background);

    const { program, uniforms } = this.#clothProgram;
    gl.useProgram(program);
    setViewUniforms(gl, uniforms, view);
    this.#positionSource.bind(uniforms);
    this.#tornSource.bind(uniforms);
    gl.uniform3fv(uniforms.uFrontColor, this.color);
    gl.uniform3fv(uniforms.uBackColor, this.backColor);
    gl.uniform2i(uniforms.uPatchSize, this.#patchSize[0], this.#patchSize[1]);
    gl.uniform1i(uniforms.uPatchColors, this.patchColors ? 1 : 0);
    gl.uniform1i(uniforms.uEdges, this.wireframe ? 1 : 0);
    if (this.wireframe) this.#clothMesh.drawEdges();
    else this.#clothMesh.drawSurface();
    if (this.#debug) throwOnGlError(gl);
  }

  /** Frees every GL object this renderer made. The cloth is the caller's to dispose. */
  dispose() {
    this.#gl.deleteProgram(this.#clothProgram.program);
    this.#clothMesh.dispose();
    this.#positionSource.dispose();
    this.#tornSource.dispose();
    this.#colliderDrawer.dispose();
  }
}

/** @param {WebGL2RenderingContext} gl */
function throwOnGlError(gl) {
  const error = gl.getError();
  if (error === gl.NO_ERROR) return;
  const names = ['INVALID_ENUM', 'INVALID_VALUE', 'INVALID_OPERATION', 'OUT_OF_MEMORY', 'INVALID_FRAMEBUFFER_OPERATION', 'CONTEXT_LOST_WEBGL'];
  const name = names.find((candidate) => /** @type {any} */ (gl)[candidate] === error) ?? `0x${error.toString(16)}`;
  throw new Error(`nuno: WebGL error ${name} while drawing the cloth`);
}

/**
 * The camera position a view matrix implies: -R^T t for view = [R t].
 * @param {Float32Array} viewMatrix column-major
 * @returns {number[]}
 */
export function eyeOf(viewMatrix) {
  const [tx, ty, tz] = [viewMatrix[12], viewMatrix[13], viewMatrix[14]];
  return [0, 1, 2].map((axis) =>
    -(viewMatrix[axis * 4] * tx + viewMatrix[axis * 4 + 1] * ty + viewMatrix[axis * 4 + 2] * tz));
}
