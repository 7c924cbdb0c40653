// One solver pass's program: a fragment program run once per particle over the whole state
// texture. The pass objects (load-pass.js, predict-pass.js, ...) each own one and declare the
// uniforms and samplers they set, and the program is checked against them. What a substep and a
// constrain stage read besides comes in the core's Substep and Stage structs (the WebGPU kernels'
// own, src/tools/gpu_uniforms.cpp), declared in front of the passes that read them and set from
// the bytes the GPU cloth writes (struct-uniforms.js).
import { solverFullscreenVert, solverState } from '../../../dist/shaders.js';
import { checkedUniforms } from '../../gl/checked-uniforms.js';
import { createProgram } from '../../gl/program.js';
import { setStruct, structInstances, structMembers } from './struct-uniforms.js';

/** @typedef {WebGLTexture | null | (WebGLTexture | null)[]} SamplerBinding */
/** @typedef {keyof typeof structInstances} StructName */
/** @typedef {Partial<Record<StructName, {bytes: ArrayBuffer, offset: number}>>} StructValues a struct's bytes and where it starts in them */
/** @typedef {import('../../gl/checked-uniforms.js').UniformLocations} UniformLocations */

/**
 * What every pass of one GPU cloth is made with.
 * @typedef {object} PassOptions
 * @property {import('../gpu/capabilities.js').StatePrecision} precision 'half' compiles the split state (SPLIT_HALF)
 * @property {number} columns the state textures' size
 * @property {number} rows
 * @property {[number, number]} patchSize columns and rows of one patch (the grid's for one cloth:
 *   PATCHES 0 then compiles the patch tests out)
 * @property {import('../gpu/gpu-constants.js').GpuConstants} constants
 * @property {string} constantsGlsl the same constants as #defines, put in front of every pass
 * @property {{glsl: {Substep: string, Stage: string}, layouts: {substep: import('../gpu/gpu-constants.js').UniformLayout, stage: import('../gpu/gpu-constants.js').UniformLayout}}} structs
 *   the core's Substep and Stage structs: their GLSL, and where the writer puts each member
 * @property {boolean} debug also throw when a name that was not declared is set
 */

/**
 * @typedef {object} SolverPassDescription
 * @property {string} label names the pass in shader and uniform errors
 * @property {string | string[]} fragmentSource the pass's own GLSL, or its parts in order
 *   (solver-state.glsl is put in front)
 * @property {Record<string, number>} [defines] compile-time switches besides SPLIT_HALF and PATCHES, e.g. {XPBD_LAMBDAS: 1}
 * @property {readonly StructName[]} [structs] the core's structs the pass reads, declared in front of its source
 * @property {readonly string[]} samplers every sampler `run` binds
 * @property {readonly string[]} uniforms every other uniform `run`'s callback sets
 * @property {readonly string[]} [lowParts] samplers of the half path's low parts: the float
 *   path (SPLIT_HALF 0) never reads them, so its compiler drops them
 */

/**
 * The first lines of every program that includes solver-state.glsl: its version, its switches
 * (SPLIT_HALF, PATCHES and `defines`) and the core's constants.
 * @param {PassOptions} options
 * @param {Record<string, number>} [defines]
 */
export function solverHeader({ precision, columns, rows, patchSize, constantsGlsl }, defines = {}) {
  const switches = { SPLIT_HALF: precision === 'half' ? 1 : 0, PATCHES: hasPatches({ columns, rows, patchSize }) ? 1 : 0, ...defines };
  return ['#version 300 es', ...Object.entries(switches).map(([name, value]) => `#define ${name} ${value}`), constantsGlsl].join('\n');
}

/**
 * Whether the grid is cut into patches; one cloth's passes compile the patch tests out.
 * @param {{ columns: number, rows: number, patchSize: [number, number] }} grid
 */
function hasPatches({ columns, rows, patchSize }) {
  return patchSize[0] !== columns || patchSize[1] !== rows;
}

export class SolverPass {
  /** @type {WebGL2RenderingContext} */
  #gl;
  /** @type {WebGLProgram} */
  #program;
  /** @type {UniformLocations} */
  #uniforms;
  /** @type {Partial<Record<StructName, import('./struct-uniforms.js').StructMember[]>>} */
  #structs = {};
  /** @type {Set<string>} the samplers of 3D textures (sampler3D); the others read 2D ones */
  #volumeSamplers = new Set();

  /**
   * @param {WebGL2RenderingContext} gl
   * @param {PassOptions} options
   * @param {SolverPassDescription} description
   */
  constructor(gl, options, { label, fragmentSource, defines = {}, structs = [], samplers, uniforms, lowParts = [] }) {
    this.#gl = gl;
    const splitHalf = options.precision === 'half';
    const header = solverHeader(options, defines);
    const program = createProgram(gl, label, `${header}\n${solverFullscreenVert}`,
      [header, solverState, ...structs.map((name) => options.structs.glsl[name]), ...[fragmentSource].flat()].join('\n'));
    this.#program = program.program;
    for (const name of structs) {
      const layout = options.structs.layouts[name === 'Substep' ? 'substep' : 'stage'];
      this.#structs[name] = structMembers(gl, program.program, structInstances[name], layout);
    }
    const activeUniforms = gl.getProgramParameter(program.program, gl.ACTIVE_UNIFORMS);
    for (let index = 0; index < activeUniforms; index++) {
      const active = gl.getActiveUniform(program.program, index);
      if (active?.type === gl.SAMPLER_3D) this.#volumeSamplers.add(active.name);
    }
    try {
      // One cloth's passes need no patch size where they only test patches.
      const unread = [...(splitHalf ? [] : lowParts), ...(hasPatches(options) ? [] : ['uPatchSize'])];
      this.#uniforms = checkedUniforms(program, label, [...samplers, ...uniforms], unread, options.debug);
    } catch (error) {
      gl.deleteProgram(program.program);
      throw error;
    }
  }

  /**
   * Draws the pass into the bound framebuffer.
   * @param {Record<string, SamplerBinding>} samplers textures by sampler name (bound as 2D
   *   textures, or 3D for a sampler3D); an array for a sampler array
   * @param {(gl: WebGL2RenderingContext, uniforms: UniformLocations) => void} setUniforms
   * @param {StructValues} [structs] the bytes of the structs the pass reads
   */
  run(samplers, setUniforms, structs = {}) {
    const gl = this.#gl;
    const uniforms = this.#uniforms;
    gl.useProgram(this.#program);
    let unit = 0;
    for (const [name, binding] of Object.entries(samplers)) {
      const location = uniforms[name];
      const textures = Array.isArray(binding) ? binding : [binding];
      const target = this.#volumeSamplers.has(name) ? gl.TEXTURE_3D : gl.TEXTURE_2D;
      const units = textures.map((texture) => {
        gl.activeTexture(gl.TEXTURE0 + unit);
        gl.bindTexture(target, texture);
        return unit++;
      });
      if (location) gl.uniform1iv(location, units);
    }
    setUniforms(gl, uniforms);
    for (const [name, members] of Object.entries(this.#structs)) {
      const values = structs[/** @type {StructName} */ (name)];
      if (!values) throw new Error(`nuno: the pass reads the ${name} struct, and was given none`);
      setStruct(gl, members, values.bytes, values.offset);
    }
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  dispose() {
    this.#gl.deleteProgram(this.#program);
  }
}
