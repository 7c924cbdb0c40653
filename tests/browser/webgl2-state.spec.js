// The WebGL2 cloth in a context it shares with the page: its passes leave the GL state the page
// set as they found it (a renderer such as three.js caches that state and would draw wrongly
// otherwise; the page's uniform buffer bindings among it), and the core's Substep and Stage
// structs, which its passes and the WebGPU kernels read from one layout, reach the GLSL members
// from where that layout puts them.
import { expect, test } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';

test('stepping, holding and reading back a WebGL2 cloth leave the page\'s GL state as it was', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const gl = /** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2'));
    const cloth = nuno.createCloth(gl, { columns: 8, rows: 8, backend: 'gpu', precision: 'float', selfCollisionThickness: 0.05 });
    cloth.addCollider({ type: 'sphere', center: [0, 0.5, 0], radius: 0.3 });
    // The page's state: its own framebuffer, vertex array, viewport, capabilities and uniform buffers.
    const framebuffer = gl.createFramebuffer();
    const vertexArray = gl.createVertexArray();
    const buffers = [gl.createBuffer(), gl.createBuffer(), gl.createBuffer()];
    for (const buffer of buffers) {
      gl.bindBuffer(gl.UNIFORM_BUFFER, buffer);
      gl.bufferData(gl.UNIFORM_BUFFER, 1024, gl.DYNAMIC_DRAW);
    }
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.bindVertexArray(vertexArray);
    gl.viewport(3, 5, 7, 11);
    for (const capability of [gl.BLEND, gl.DEPTH_TEST, gl.CULL_FACE, gl.SCISSOR_TEST]) gl.enable(capability);
    gl.bindBufferRange(gl.UNIFORM_BUFFER, 0, buffers[0], 256, 512);
    gl.bindBufferBase(gl.UNIFORM_BUFFER, 1, buffers[1]);
    gl.bindBuffer(gl.UNIFORM_BUFFER, buffers[2]);
    const state = () => ({
      framebuffer: gl.getParameter(gl.FRAMEBUFFER_BINDING) === framebuffer,
      vertexArray: gl.getParameter(gl.VERTEX_ARRAY_BINDING) === vertexArray,
      viewport: Array.from(gl.getParameter(gl.VIEWPORT)),
      enabled: [gl.BLEND, gl.DEPTH_TEST, gl.CULL_FACE, gl.SCISSOR_TEST, gl.STENCIL_TEST].map((capability) => gl.isEnabled(capability)),
      uniformBuffer: buffers.indexOf(gl.getParameter(gl.UNIFORM_BUFFER_BINDING)),
      indexed: [0, 1].map((index) => [buffers.indexOf(gl.getIndexedParameter(gl.UNIFORM_BUFFER_BINDING, index)),
        gl.getIndexedParameter(gl.UNIFORM_BUFFER_START, index), gl.getIndexedParameter(gl.UNIFORM_BUFFER_SIZE, index)]),
    });
    const before = state();
    cloth.stepFixed(3);
    cloth.hold(0, [0, 1, 0]);
    cloth.stepStages(2);
    const positions = await cloth.readPositions();
    const after = state();
    cloth.dispose();
    return { before, after, moved: positions[1] !== 1.5, glError: gl.getError() };
  });
  expect(result.before).toEqual({
    framebuffer: true, vertexArray: true, viewport: [3, 5, 7, 11], enabled: [true, true, true, true, false],
    uniformBuffer: 2, indexed: [[0, 256, 512], [1, 0, 0]],
  });
  expect(result.after).toEqual(result.before);
  expect(result.glError).toBe(0);
  expect(complaints).toEqual([]);
});

test('the WebGL2 passes read the core\'s Substep and Stage structs as the writer both GPU backends share lays them out', async ({ page }) => {
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const entries = ['/dist/gpu-uniforms.js', '/web/backends/webgl2/struct-uniforms.js']; // the page's addresses
    const { uniformStructsGlsl, uniformLayouts } = await import(entries[0]);
    const { setStruct, structMembers } = await import(entries[1]);
    const gl = /** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2'));
    /** @type {Record<string, {bytes: number, fields: Record<string, {offset: number, length: number, components: number, scalar: string}>}>} */
    const layouts = { substep: uniformLayouts.substep, stage: uniformLayouts.stage };
    // A shader that reads every member, so none is compiled out.
    const reads = Object.entries(layouts).flatMap(([instance, layout]) => Object.entries(layout.fields).map(([name, field]) =>
      `float(${instance}.${name}${field.length > 0 ? `[${field.length - 1}]` : ''}${field.components > 1 ? '.x' : ''})`));
    const vertex = ['#version 300 es', uniformStructsGlsl.Substep, uniformStructsGlsl.Stage,
      `void main() { gl_Position = vec4(${reads.join(' + ')}); }`].join('\n');
    const fragment = '#version 300 es\nprecision highp float;\nout vec4 colour;\nvoid main() { colour = vec4(1.0); }';
    const program = /** @type {WebGLProgram} */ (gl.createProgram());
    for (const [type, source] of [[gl.VERTEX_SHADER, vertex], [gl.FRAGMENT_SHADER, fragment]]) {
      const shader = /** @type {WebGLShader} */ (gl.createShader(/** @type {number} */ (type)));
      gl.shaderSource(shader, /** @type {string} */ (source));
      gl.compileShader(shader);
      if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) return { error: gl.getShaderInfoLog(shader) };
      gl.attachShader(program, shader);
    }
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return { error: gl.getProgramInfoLog(program) };
    gl.useProgram(program);
    /** @type {Record<string, number[][]>} each member's values: as written, and as WebGL2 holds them */
    const members = {};
    for (const [instance, layout] of Object.entries(layouts)) {
      // Distinct bytes in every word, each a small integer as its field's kind reads it.
      const bytes = new ArrayBuffer(layout.bytes);
      const floats = new Float32Array(bytes);
      const integers = new Int32Array(bytes);
      for (const field of Object.values(layout.fields)) {
        for (let word = 0; word < field.components * Math.max(field.length, 1); word++) {
          const at = field.offset / 4 + (field.length > 0 ? 4 * Math.floor(word / field.components) + (word % field.components) : word);
          if (field.scalar === 'f32') floats[at] = at + 0.5; else integers[at] = at + 1;
        }
      }
      setStruct(gl, structMembers(gl, program, instance, layout), bytes);
      for (const [name, field] of Object.entries(layout.fields)) {
        const last = field.length > 0 ? field.length - 1 : 0;
        const location = gl.getUniformLocation(program, `${instance}.${name}${field.length > 0 ? `[${last}]` : ''}`);
        const held = gl.getUniform(program, /** @type {WebGLUniformLocation} */ (location));
        const at = field.offset / 4 + 4 * last;
        const view = field.scalar === 'f32' ? floats : field.scalar === 'u32' ? new Uint32Array(bytes) : integers;
        members[`${instance}.${name}`] = [Array.from(view.subarray(at, at + field.components)), typeof held === 'number' ? [held] : Array.from(held)];
      }
    }
    return { members, glError: gl.getError() };
  });
  expect(result.error).toBeUndefined();
  expect(Object.keys(result.members ?? {}).length).toBeGreaterThan(20);
  for (const [member, [written, held]] of Object.entries(result.members ?? {})) expect(held, member).toEqual(written);
  expect(result.glError).toBe(0);
});
