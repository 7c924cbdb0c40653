// One solver pass: a fragment program run once per particle over the whole state texture.
import { solverFullscreenVert, solverState } from '../../dist/shaders.js';
import { createProgram } from '../gl/program.js';

/** @typedef {WebGLTexture | null | (WebGLTexture | null)[]} SamplerBinding */

export class SolverPass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #program;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {string} label names the pass in shader errors
   * @param {string | string[]} fragmentSource the pass's own GLSL, or its parts in order
   *   (solver-state.glsl is put in front)
   * @param {Record<string, number>} defines compile-time switches, e.g. {SPLIT_HALF: 1}
   * @param {string} constantsGlsl the core's GPU constants as #defines (gpu-constants.js)
   */
  constructor(gl, label, fragmentSource, defines, constantsGlsl) {
    this.#gl = gl;
    const header = ['#version 300 es', ...Object.entries(defines).map(([name, value]) => `#define ${name} ${value}`),
      constantsGlsl].join('\n');
    this.#program = createProgram(gl, label, `${header}\n${solverFullscreenVert}`,
      [header, solverState, ...[fragmentSource].flat()].join('\n'));
  }

  /**
   * Draws the pass into the bound framebuffer.
   * @param {Record<string, SamplerBinding>} samplers textures by sampler name; an array for a sampler array
   * @param {(gl: WebGL2RenderingContext, uniforms: Record<string, WebGLUniformLocation>) => void} setUniforms
   */
  run(samplers, setUniforms) {
    const gl = this.#gl;
    const { program, uniforms } = this.#program;
    gl.useProgram(program);
    let unit = 0;
    for (const [name, binding] of Object.entries(samplers)) {
      const textures = Array.isArray(binding) ? binding : [binding];
      const units = textures.map((texture) => {
        gl.activeTexture(gl.TEXTURE0 + unit);
        gl.bindTexture(gl.TEXTURE_2D, texture);
        return unit++;
      });
      if (uniforms[name]) gl.uniform1iv(uniforms[name], units);
    }
    setUniforms(gl, uniforms);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  dispose() {
    this.#gl.deleteProgram(this.#program.program);
  }
}
