// The textures a WebGL2 cloth keeps, columns x rows texels each: the particle state the passes
// read and write (positions, velocities, XPBD's multipliers), what the model fixes (inverse
// masses, rest lengths, the rest shape), and the staging texture the CPU fills for the load pass.
// What the GPU cloth draws with them is in gpu-cloth.js; this file makes, fills, sizes and
// frees them.
import { createDataTexture, uploadTexels } from '../../gl/data-texture.js';
import { createVectorField, deleteVectorField, stateFormat, targetsOf } from './vector-field.js';

/** @typedef {import('./vector-field.js').VectorField} VectorField */
/** @typedef {import('../gpu/capabilities.js').StatePrecision} StatePrecision */
/** @typedef {import('../gpu/gpu-constants.js').GpuConstants} GpuConstants */
/** @typedef {import('./load-pass.js').LoadPass} LoadPass */
/** @typedef {import('./framebuffers.js').FramebufferCache} FramebufferCache */

export class StateTextures {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #precision;
  #columns;
  #rows;
  /** @type {GpuConstants} */
  #constants;
  /** @type {LoadPass} */
  #loadPass;
  /** @type {FramebufferCache} */
  #framebuffers;
  /** @type {VectorField[]} three: a substep's start, its prediction, and a ping-pong partner */
  positions;
  /** @type {VectorField[]} two, ping-ponged */
  velocities;
  /** @type {WebGLTexture} */
  inverseMasses;
  /** @type {WebGLTexture[]} rest lengths, restLengthChannels directions per texture, per start particle */
  restLengths;
  /** @type {WebGLTexture} float xyz the CPU fills, copied into state by the load pass */
  staging;
  /** @type {WebGLTexture[][] | null} XPBD multipliers, two directions per texture, ping-ponged; made when first kept */
  #lambdas = null;
  /** Which of each pair's two multiplier textures holds the latest. */
  #lambdaCurrent = [0, 0, 0];
  /** @type {WebGLTexture | null} the rest shape, xyz per particle, once self-collision has run */
  restPositions = null;
  /**
   * @type {WebGLTexture | null} the untangling's last look, four integers a particle
   * (ClothModel.untangle), once self-collision has run; all zero while nothing went through
   */
  tangles = null;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {StatePrecision} precision
   * @param {number} columns
   * @param {number} rows
   * @param {GpuConstants} constants
   * @param {LoadPass} loadPass the cloth's, which writes state as every pass does
   * @param {FramebufferCache} framebuffers the cloth's
   */
  constructor(gl, precision, columns, rows, constants, loadPass, framebuffers) {
    this.#loadPass = loadPass;
    this.#framebuffers = framebuffers;
    this.#gl = gl;
    this.#precision = precision;
    this.#columns = columns;
    this.#rows = rows;
    this.#constants = constants;
    this.positions = [0, 1, 2].map(() => createVectorField(gl, precision, columns, rows));
    this.velocities = [0, 1].map(() => createVectorField(gl, precision, columns, rows));
    this.inverseMasses = createDataTexture(gl, gl.R32F, columns, rows);
    this.restLengths = Array.from({ length: constants.restLengthTextures }, () => createDataTexture(gl, gl.RGBA32F, columns, rows));
    this.staging = createDataTexture(gl, gl.RGB32F, columns, rows);
  }

  /**
   * Copies xyz per texel into a state field, or a rectangle of it, through the load pass, which
   * splits them on the half path as every pass writes state. Run in the solver's GL state.
   * @param {VectorField} field
   * @param {Float32Array} values xyz per texel of the rectangle
   * @param {[number, number, number, number]} [rectangle] column, row, width, height; the whole field by default
   */
  load(field, values, rectangle = [0, 0, this.#columns, this.#rows]) {
    const gl = this.#gl;
    const [column, row, width, height] = rectangle;
    uploadTexels(gl, this.staging, gl.RGB, width, height, values, column, row);
    this.#framebuffers.bind(targetsOf(field));
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(column, row, width, height);
    this.#loadPass.run(this.staging);
    gl.disable(gl.SCISSOR_TEST);
  }

  /** Makes the multiplier textures the first time they are needed. */
  prepareLambdas() {
    if (this.#lambdas) return;
    const gl = this.#gl;
    const format = stateFormat(gl, this.#precision);
    this.#lambdas = [0, 1, 2].map(() => [0, 1].map(() => createDataTexture(gl, format, this.#columns, this.#rows)));
  }

  /**
   * The multipliers of a pair of directions: the texture holding them and the one a pass writes
   * next; the two swap roles for the pass after.
   * @param {number} pair direction index >> 1
   * @returns {[WebGLTexture, WebGLTexture]}
   */
  swapLambdas(pair) {
    const textures = /** @type {WebGLTexture[][]} */ (this.#lambdas)[pair];
    const read = this.#lambdaCurrent[pair];
    this.#lambdaCurrent[pair] = 1 - read;
    return [textures[read], textures[1 - read]];
  }

  /**
   * The rest shape, made and filled the first time self-collision needs it.
   * @param {Float32Array} xyz per particle
   */
  prepareRestPositions(xyz) {
    if (this.restPositions) return this.restPositions;
    const gl = this.#gl;
    this.restPositions = createDataTexture(gl, gl.RGB32F, this.#columns, this.#rows);
    uploadTexels(gl, this.restPositions, gl.RGB, this.#columns, this.#rows, xyz);
    return this.restPositions;
  }

  /** The untangling's texture, made (all particles free) the first time self-collision needs it. */
  prepareTangles() {
    this.tangles ??= createDataTexture(this.#gl, this.#gl.RGBA32I, this.#columns, this.#rows);
    return this.tangles;
  }

  /**
   * What the untangling's look found, or every particle free.
   * @param {Int32Array | null} records four integers a particle (ClothModel.untangle); null: all free
   */
  uploadTangles(records) {
    const gl = this.#gl;
    const texels = records ?? new Int32Array(4 * this.#columns * this.#rows);
    uploadTexels(gl, this.prepareTangles(), gl.RGBA_INTEGER, this.#columns, this.#rows, texels);
  }

  /**
   * All inverse masses, or one particle's texel: dragging changes one per pointer move.
   * @param {Float32Array} masses one per particle, or the one particle's
   * @param {number} [particle]
   */
  uploadInverseMasses(masses, particle = undefined) {
    const gl = this.#gl;
    if (particle === undefined) {
      uploadTexels(gl, this.inverseMasses, gl.RED, this.#columns, this.#rows, masses);
    } else {
      uploadTexels(gl, this.inverseMasses, gl.RED, 1, 1, masses, particle % this.#columns, Math.floor(particle / this.#columns));
    }
  }

  /**
   * The core gives restLengthsPerParticle floats per particle, a direction each and padding
   * after the last; texture k holds channels k * restLengthChannels onward, as the constrain
   * pass reads them.
   * @param {Float32Array} lengths
   */
  uploadRestLengths(lengths) {
    const gl = this.#gl;
    const { restLengthsPerParticle: perParticle, restLengthChannels: channels } = this.#constants;
    const count = this.#columns * this.#rows;
    this.restLengths.forEach((texture, part) => {
      const texels = new Float32Array(count * channels);
      for (let i = 0; i < count; i++) {
        const first = perParticle * i + channels * part;
        texels.set(lengths.subarray(first, first + channels), channels * i);
      }
      uploadTexels(gl, texture, gl.RGBA, this.#columns, this.#rows, texels);
    });
  }

  /** Bytes of texture memory per particle these textures take now. */
  get bytesPerParticle() {
    const stateTexel = this.#precision === 'float' ? 16 : 8;
    const stateTextures = (this.positions.length + this.velocities.length) * (this.#precision === 'half' ? 2 : 1) +
      (this.#lambdas ? this.#lambdas.length * 2 : 0);
    const inverseMass = 4;
    const restLengths = this.#constants.restLengthTextures * 16;
    const staging = 12;
    const restShape = this.restPositions ? 12 : 0;
    const tangles = this.tangles ? 16 : 0;
    return stateTextures * stateTexel + inverseMass + restLengths + staging + restShape + tangles;
  }

  dispose() {
    const gl = this.#gl;
    for (const field of [...this.positions, ...this.velocities]) deleteVectorField(gl, field);
    for (const texture of [this.inverseMasses, ...this.restLengths, this.staging, ...(this.#lambdas ?? []).flat(), this.restPositions, this.tangles]) {
      gl.deleteTexture(texture);
    }
  }
}
