// The load pass: copies xyz per texel from a float texture the CPU filled (positions at the
// start or after a reset, a held particle) into solver state, split on the half path as every
// pass writes state (shaders/webgl2/solver-load.frag.glsl).
import { solverLoadFrag } from '../../../dist/shaders.js';
import { SolverPass } from './solver-pass.js';

export class LoadPass {
  /** @type {SolverPass} */
  #pass;

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {import('./solver-pass.js').PassOptions} options
   */
  constructor(gl, options) {
    this.#pass = new SolverPass(gl, options, {
      label: 'solver load', fragmentSource: solverLoadFrag, samplers: ['uSource'], uniforms: [],
    });
  }

  /**
   * Into the bound framebuffer (and its scissor rectangle, if any).
   * @param {WebGLTexture} source float xyz per texel
   */
  run(source) {
    this.#pass.run({ uSource: source }, () => {});
  }

  dispose() {
    this.#pass.dispose();
  }
}
