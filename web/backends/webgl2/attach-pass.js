// The attach pass: after the predict pass, each attached particle is drawn as a point onto its
// texel of the predicted state, which it overwrites with where this substep puts the particle
// and its velocity (shaders/webgl2/attach.vert.glsl; src/attachments.hpp). The attachments sit
// in a float texture, two texels a particle, uploaded at the start of each call's steps.
import { attachFrag, attachVert, solverState, solverWriteMotion } from '../../../dist/shaders.js';
import { checkedUniforms } from '../../gl/checked-uniforms.js';
import { createDataTexture, uploadTexels } from '../../gl/data-texture.js';
import { createProgram } from '../../gl/program.js';
import { solverHeader } from './solver-pass.js';
import { setStruct, structInstances, structMembers } from './struct-uniforms.js';

/** Texels a row of the attachments' texture: even, so a particle's two share a row, and within
 * every WebGL2 device's MAX_TEXTURE_SIZE (2048 at least). */
const attachmentsWidth = 2048;

export class AttachPass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #program;
  /** @type {import('../../gl/checked-uniforms.js').UniformLocations} */
  #uniforms;
  /** @type {import('./struct-uniforms.js').StructMember[]} */
  #substepMembers;
  /** @type {WebGLTexture | null} */
  #texture = null;
  /** Rows the texture has room for. */
  #rows = 0;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   */
  constructor(gl, options) {
    this.#gl = gl;
    const header = solverHeader(options);
    const substepStruct = options.structs.glsl.Substep;
    const program = createProgram(gl, 'solver attach', [header, solverState, substepStruct, attachVert].join('\n'),
      [header, solverState, solverWriteMotion, attachFrag].join('\n'));
    this.#program = program.program;
    this.#uniforms = checkedUniforms(program, 'solver attach', ['uAttachments'], [], options.debug);
    this.#substepMembers = structMembers(gl, program.program, structInstances.Substep, options.structs.layouts.substep);
  }

  /**
   * The model's takeAttachedCall(): 8 floats a particle. Run in the solver's GL state.
   * @param {Float32Array} packed
   */
  upload(packed) {
    const gl = this.#gl;
    const texels = packed.length / 4;
    const rows = Math.max(1, Math.ceil(texels / attachmentsWidth));
    if (rows > this.#rows) {
      if (this.#texture) gl.deleteTexture(this.#texture);
      this.#texture = createDataTexture(gl, gl.RGBA32F, attachmentsWidth, rows);
      this.#rows = rows;
    }
    // The whole rows, then what the last one holds: only the texels in use travel.
    const texture = /** @type {WebGLTexture} */ (this.#texture);
    const wholeRows = Math.floor(texels / attachmentsWidth);
    const wholeFloats = 4 * attachmentsWidth * wholeRows;
    if (wholeRows > 0) uploadTexels(gl, texture, gl.RGBA, attachmentsWidth, wholeRows, packed.subarray(0, wholeFloats));
    const rest = texels - attachmentsWidth * wholeRows;
    if (rest > 0) uploadTexels(gl, texture, gl.RGBA, rest, 1, packed.subarray(wholeFloats), 0, wholeRows);
  }

  /**
   * Into the bound framebuffer (the predict pass's position and velocity targets), a point per
   * attached particle.
   * @param {number} count particles attached, as uploaded
   * @param {{bytes: ArrayBuffer, offset: number}} substep the Substep struct's bytes
   */
  run(count, substep) {
    const gl = this.#gl;
    gl.useProgram(this.#program);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.#texture);
    gl.uniform1i(this.#uniforms.uAttachments, 0);
    setStruct(gl, this.#substepMembers, substep.bytes, substep.offset);
    gl.drawArrays(gl.POINTS, 0, count);
  }

  dispose() {
    const gl = this.#gl;
    gl.deleteProgram(this.#program);
    if (this.#texture) gl.deleteTexture(this.#texture);
  }
}
