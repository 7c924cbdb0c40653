// The core's Substep and Stage structs on WebGL2: each pass that reads one declares it as a
// uniform of struct type (src/tools/gpu_uniforms.cpp), and its members are set from the bytes
// the writer both GPU backends share fills (uniform-layout.js), field by field as the layout
// places them. Plain uniforms, not uniform blocks: a block's buffer binding point is context
// state the page's own renderer (three.js) may hold, and reading it back to restore it stalls.

import { scalarViewsOf } from '../gpu/uniform-layout.js';

/** @typedef {import('../gpu/gpu-constants.js').UniformLayout} UniformLayout */

/** The struct uniforms' instance names, as the shaders read them (substep.gravity). */
export const structInstances = /** @type {const} */ ({ Substep: 'substep', Stage: 'stage' });

/**
 * @typedef {object} StructMember
 * @property {WebGLUniformLocation} location
 * @property {'f32' | 'u32' | 'i32'} scalar
 * @property {number} components
 * @property {number} first the member's first 4-byte word in the struct's bytes
 * @property {number} count words it takes: components, times the length for an array of vec4
 */

/**
 * Where a program reads each member of a struct uniform; members it does not read are left out.
 * @param {WebGL2RenderingContext} gl
 * @param {WebGLProgram} program
 * @param {string} instance
 * @param {UniformLayout} layout
 * @returns {StructMember[]}
 */
export function structMembers(gl, program, instance, layout) {
  return Object.entries(layout.fields).flatMap(([name, field]) => {
    const location = gl.getUniformLocation(program, `${instance}.${name}${field.length > 0 ? '[0]' : ''}`);
    return location ? [{ location, scalar: field.scalar, components: field.components, first: field.offset / 4, count: field.components * Math.max(field.length, 1) }] : [];
  });
}

/**
 * Sets a struct's members from its bytes.
 * @param {WebGL2RenderingContext} gl
 * @param {StructMember[]} members
 * @param {ArrayBuffer} bytes as the writer laid them out
 * @param {number} [offset] bytes from the start of `bytes` to the struct's
 */
export function setStruct(gl, members, bytes, offset = 0) {
  const words = bytes.byteLength / 4;
  const { f32: floats, i32: integers, u32: unsigned } = scalarViewsOf(bytes);
  const start = offset / 4;
  for (const { location, scalar, components, first, count } of members) {
    if (start + first + count > words) throw new Error('nuno: a uniform struct reaches past its bytes');
    const [from, to] = [start + first, start + first + count];
    if (scalar === 'f32') {
      [gl.uniform1fv, gl.uniform2fv, gl.uniform3fv, gl.uniform4fv][components - 1].call(gl, location, floats.subarray(from, to));
    } else if (scalar === 'i32') {
      [gl.uniform1iv, gl.uniform2iv, gl.uniform3iv, gl.uniform4iv][components - 1].call(gl, location, integers.subarray(from, to));
    } else {
      [gl.uniform1uiv, gl.uniform2uiv, gl.uniform3uiv, gl.uniform4uiv][components - 1].call(gl, location, unsigned.subarray(from, to));
    }
  }
}
