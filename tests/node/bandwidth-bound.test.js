// The bandwidth bound's pass list (tests/bench/bandwidth-bound.mjs) against what it counts: the
// dispatches the WebGPU cloth encodes (on a stand-in GPUDevice that records the commands), the
// sizes of the buffers it makes, the buffers each WGSL and GLSL pass names, and the constraint
// pairs the core counts. A pass that starts touching another buffer, a buffer whose element
// grows, a stage added to the schedule or the patch step's rule changed fails here until the
// pass list is re-counted.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { loadNuno } from '../../web/index.js';
import { stateBindings } from '../../web/backends/webgpu/compute-passes.js';
import { PAPERS_COLLIDERS, SCENE_COLLIDERS, benchSettings, papersSettings } from '../bench/scene.js';
import {
  PASSES, WEBGL2_PASSES, WEBGPU_PASSES, contextOf, countStep, elementsOf, passList, sceneOf,
} from '../bench/bandwidth-bound.mjs';

const nuno = await loadNuno();
const repository = new URL('../../', import.meta.url);
const source = (/** @type {string} */ path) => readFileSync(new URL(path, repository), 'utf8');

// The WebGPU globals the backend reads, as the browser defines them.
globalThis.GPUBufferUsage ??= /** @type {any} */ ({ MAP_READ: 1, MAP_WRITE: 2, COPY_SRC: 4, COPY_DST: 8, INDEX: 16, VERTEX: 32, UNIFORM: 64, STORAGE: 128, INDIRECT: 256, QUERY_RESOLVE: 512 });
globalThis.GPUShaderStage ??= /** @type {any} */ ({ VERTEX: 1, FRAGMENT: 2, COMPUTE: 4 });
globalThis.GPUTextureUsage ??= /** @type {any} */ ({ COPY_SRC: 1, COPY_DST: 2, TEXTURE_BINDING: 4, STORAGE_BINDING: 8, RENDER_ATTACHMENT: 16 });
globalThis.GPUMapMode ??= /** @type {any} */ ({ READ: 1, WRITE: 2 });

/**
 * A GPUDevice that runs nothing: it hands back plain objects and records the buffers made and the
 * pipeline of every dispatch encoded. Named GPUDevice so that createCloth takes it for one.
 */
class GPUDevice {
  /** @type {{ label: string, size: number }[]} */
  buffers = [];
  /** @type {string[]} the pipeline label of each dispatch */
  dispatches = [];
  limits = {
    minUniformBufferOffsetAlignment: 256, maxComputeWorkgroupsPerDimension: 65535, maxComputeInvocationsPerWorkgroup: 256,
    maxComputeWorkgroupSizeX: 256, maxUniformBufferBindingSize: 65536, maxStorageBufferBindingSize: 2 ** 30, maxBufferSize: 2 ** 30,
    maxTextureDimension2D: 8192, maxTextureDimension3D: 2048, maxComputeWorkgroupStorageSize: 16384,
  };
  lost = new Promise(() => {});
  queue = { writeBuffer() {}, writeTexture() {}, submit() {}, onSubmittedWorkDone: async () => {} };
  get [Symbol.toStringTag]() { return 'GPUDevice'; }
  createBuffer(/** @type {any} */ descriptor) {
    this.buffers.push(descriptor);
    return { ...descriptor, destroy() {}, mapAsync: async () => {}, getMappedRange: () => new ArrayBuffer(descriptor.size), unmap() {} };
  }
  createTexture(/** @type {any} */ descriptor) { return { ...descriptor, createView: () => ({}), destroy() {} }; }
  createBindGroupLayout(/** @type {any} */ descriptor) { return { ...descriptor }; }
  createPipelineLayout(/** @type {any} */ descriptor) { return { ...descriptor }; }
  createShaderModule(/** @type {any} */ descriptor) { return { ...descriptor }; }
  createComputePipeline(/** @type {any} */ descriptor) { return { ...descriptor }; }
  createComputePipelineAsync(/** @type {any} */ descriptor) { return Promise.resolve({ ...descriptor }); }
  createBindGroup(/** @type {any} */ descriptor) { return { ...descriptor }; }
  destroy() {}
  createCommandEncoder() {
    const device = this;
    const nothing = () => {};
    return {
      beginComputePass() {
        let pipeline = '';
        return {
          setPipeline(/** @type {{ label: string }} */ chosen) { pipeline = chosen.label; },
          setBindGroup: nothing, end: nothing,
          dispatchWorkgroups() { device.dispatches.push(pipeline); },
        };
      },
      clearBuffer: nothing, copyBufferToBuffer: nothing, copyBufferToTexture: nothing, finish: () => ({}),
    };
  }
}

/**
 * A WebGPU cloth of the scene on a stand-in device, stepped once its fused pipeline (the patch
 * step's or the tiles', if it takes one) is made, and the dispatches its step encoded.
 * @param {{ size: number } | { papers: number }} which
 * @param {{ tiled?: boolean }} [options] the cloth's tiledSubsteps
 */
async function webGpuStep(which, { tiled = false } = {}) {
  const device = new GPUDevice();
  const isPapers = 'papers' in which;
  const options = { ...(isPapers ? papersSettings(which.papers) : benchSettings(which.size)), backend: /** @type {const} */ ('webgpu') };
  const cloth = /** @type {import('../../web/index.js').WebGpuCloth} */ (
    isPapers ? nuno.createPatches(/** @type {any} */ (device), options) : nuno.createCloth(/** @type {any} */ (device), options));
  for (const collider of isPapers ? PAPERS_COLLIDERS : SCENE_COLLIDERS) cloth.addCollider(collider);
  cloth.tiledSubsteps = tiled;
  cloth.dispatchesPerStep;  // starts making the fused step's pipeline where it fits
  await new Promise((resolve) => setTimeout(resolve, 0));
  device.dispatches.length = 0;
  cloth.stepFixed(1);
  const result = { dispatches: [...device.dispatches], reported: cloth.dispatchesPerStep, particles: cloth.particleCount, buffers: device.buffers };
  cloth.dispose();
  return result;
}

// 16 x 16 is one patch of 256 particles, the patch step's largest; 17 x 17 takes the passes, or
// the tiles where they are on (the stand-in device's 16 KiB hold tiles of 8 and their halo).
for (const [which, options] of /** @type {const} */ ([[{ size: 16 }, {}], [{ size: 17 }, {}], [{ size: 17 }, { tiled: true }], [{ papers: 3 }, {}],
  [{ papers: 3 }, { tiled: true }]])) {
  test(`the pass list's dispatches are those the WebGPU cloth encodes in a step (${JSON.stringify(which)}${options.tiled ? ', tiled' : ''})`, async () => {
    const scene = sceneOf(nuno, which);
    const list = passList('webgpu', scene, options);
    const step = await webGpuStep(which, options);
    assert.equal(step.dispatches.length, step.reported, 'the cloth encodes the dispatches it reports');
    assert.deepEqual(step.dispatches, list.map(({ name }) => `nuno ${name}`));
    assert.equal(countStep('webgpu', scene, options).dispatchesPerStep, step.dispatches.length);
    // WebGL2 draws a pass per stage of the same schedule (GpuCloth.drawCallsPerStep).
    const substep = scene.schedule.map(({ kind }) => kind);
    assert.deepEqual(passList('webgl2', scene).map(({ name }) => name), Array.from({ length: scene.substeps }, () => substep).flat());
  });
}

test('each WebGPU buffer the pass list counts has the element size and count the cloth gives it', async () => {
  const step = await webGpuStep({ size: 16 });
  const elements = elementsOf(nuno.gpuConstants).webgpu;
  for (const [name, { bytes, perParticle }] of Object.entries(elements)) {
    const buffer = step.buffers.find(({ label }) => label === `nuno ${name}`);
    assert.ok(buffer, `the cloth makes '${name}'`);
    assert.equal(buffer.size, step.particles * bytes * perParticle, name);
  }
});

/**
 * The buffers a pass's visits touch over a scene (read or written).
 * @param {import('../bench/bandwidth-bound.mjs').Pass} pass
 * @param {import('../bench/bandwidth-bound.mjs').Scene} scene
 * @param {'read' | 'write' | null} [only]
 */
function touchedBy(pass, scene, only = null) {
  const context = contextOf(scene);
  const touched = new Set();
  const stages = scene.schedule.filter(({ kind }) => kind === pass.entry);
  for (const stage of stages) {
    for (let index = 0; index < scene.columns * scene.rows; index++) {
      pass.visit(index, context, (buffer, _element, access) => { if (!only || access === only) touched.add(buffer); }, scene, stage);
    }
  }
  return touched;
}

/**
 * The state buffers (state.wgsl's bindings) named by a WGSL entry point and every function it calls.
 * @param {string} code
 * @param {string} entry
 */
function wgslBuffersOf(code, entry) {
  /** @type {Map<string, string>} */
  const bodies = new Map();
  for (const match of code.matchAll(/\bfn\s+(\w+)\s*\(/g)) {
    let depth = 0;
    let start = code.indexOf('{', match.index);
    let end = start;
    for (; end < code.length; end++) {
      if (code[end] === '{') depth++;
      if (code[end] === '}' && --depth === 0) break;
    }
    bodies.set(match[1], code.slice(start, end + 1).replace(/\/\/.*$/gm, ''));
  }
  const named = new Set();
  const visited = new Set();
  const visit = (/** @type {string} */ name) => {
    if (visited.has(name) || !bodies.has(name)) return;
    visited.add(name);
    const body = /** @type {string} */ (bodies.get(name));
    for (const buffer of stateBindings) if (new RegExp(`\\b${buffer}\\s*\\[`).test(body)) named.add(buffer);
    for (const call of body.matchAll(/\b(\w+)\s*\(/g)) visit(call[1]);
  };
  visit(entry);
  return named;
}

test('each WebGPU pass touches every state buffer its WGSL names, or says why it needs none of it', () => {
  const scene = sceneOf(nuno, { size: 16 });
  const code = ['torn-bits', 'grid', 'state', 'normals', 'predict', 'constrain', 'quaternion', 'collide']
    .map((name) => source(`shaders/webgpu/${name}.wgsl`)).join('\n');
  for (const [name, pass] of Object.entries(WEBGPU_PASSES)) {
    const counted = new Set([...touchedBy(pass, scene), ...Object.keys(pass.notNeeded)]);
    assert.deepEqual([...counted].sort(), [...wgslBuffersOf(code, pass.entry)].sort(), name);
    assert.ok(source(pass.shader).includes(`fn ${pass.entry}(`), `${pass.shader} has ${pass.entry}`);
  }
});

/**
 * GLSL as the preprocessor leaves it with the macros `off` 0 and any other #if taken: the lines
 * of branches not taken removed (#if, #elif, #else and #endif, nested).
 * @param {string} code
 * @param {string[]} off
 */
function withoutBlocks(code, off) {
  const holds = (/** @type {string} */ condition) => !off.includes(condition.trim());
  /** @type {{ outerActive: boolean, taken: boolean, active: boolean }[]} */
  const stack = [];
  const active = () => stack.length === 0 || stack[stack.length - 1].active;
  const kept = [];
  for (const line of code.split('\n')) {
    const directive = line.match(/^\s*#\s*(if|elif|else|endif)\b\s*(.*)$/);
    if (!directive) {
      if (active()) kept.push(line);
      continue;
    }
    const [, word, condition] = directive;
    if (word === 'if') {
      const outerActive = active();
      const taken = outerActive && holds(condition);
      stack.push({ outerActive, taken, active: taken });
    } else if (word === 'elif' || word === 'else') {
      const frame = /** @type {(typeof stack)[number]} */ (stack[stack.length - 1]);
      frame.active = frame.outerActive && !frame.taken && (word === 'else' || holds(condition));
      frame.taken ||= frame.active;
    } else {
      stack.pop();
    }
  }
  return kept.join('\n');
}

test('each WebGL2 pass reads the textures its GLSL samples and writes the targets it declares, float state', () => {
  const scene = sceneOf(nuno, { size: 16 });
  // Off in the bench's step: XPBD's multipliers (one iteration), self-collision, tearing, the split half path.
  const off = ['XPBD_LAMBDAS', 'SELF_COLLISION', 'TEARING', 'SPLIT_HALF'];
  const textureOf = { uPosition: 'positions', uVelocity: 'velocities', uPredicted: 'predicted', uInverseMass: 'inverseMasses', uRestLengths: 'restLengths' };
  const targetOf = { outPosition: 'positionsOut', outVelocity: 'velocitiesOut' };
  const writeMotion = withoutBlocks(source('shaders/webgl2/solver-write-motion.glsl'), off);
  for (const [name, pass] of Object.entries(WEBGL2_PASSES)) {
    const code = withoutBlocks(source(pass.shader), off).replace(/\/\/.*$/gm, '');
    // solver-state.glsl's fetchVector reads the low half only on the split half path.
    const samplers = [...code.matchAll(/uniform\s+(?:highp\s+)?sampler2D\s+(\w+)/g)].map((match) => match[1]).filter((sampler) => !sampler.endsWith('Low'));
    const read = samplers.map((sampler) => textureOf[/** @type {keyof typeof textureOf} */ (sampler)] ?? `unknown ${sampler}`);
    assert.deepEqual([...touchedBy(pass, scene, 'read')].sort(), [...new Set(read)].sort(), `${name} reads`);
    const outputs = [...(/\bwrite\(/.test(code) ? writeMotion : code).matchAll(/\bout\s+vec4\s+(\w+)/g)].map((match) => match[1]);
    const written = outputs.map((output) => targetOf[/** @type {keyof typeof targetOf} */ (output)] ?? `unknown ${output}`);
    assert.deepEqual([...touchedBy(pass, scene, 'write')].sort(), [...new Set(written)].sort(), `${name} writes`);
  }
});

for (const which of [{ size: 16 }, { size: 21 }, { papers: 3 }]) {
  test(`the constrain stages solve every constraint the core has, once a substep (${JSON.stringify(which)})`, () => {
    const scene = sceneOf(nuno, which);
    const context = contextOf(scene);
    let pairs = 0;
    /** @type {Set<number>} */
    const inStage = new Set();
    for (const stage of scene.schedule.filter(({ kind }) => kind === 'constrain')) {
      inStage.clear();
      for (let index = 0; index < scene.columns * scene.rows; index++) {
        const pair = context.pairStartedBy(index, /** @type {any} */ (stage));
        if (!pair) continue;
        pairs++;
        // A colour's pairs share no particle: the pass may move both in place.
        for (const particle of [pair.first, pair.second]) {
          assert.ok(!inStage.has(particle), `particle ${particle} twice in one colour`);
          inStage.add(particle);
        }
      }
    }
    const isPapers = 'papers' in which;
    const cloth = isPapers ? nuno.createPatches(papersSettings(which.papers)) : nuno.createCloth(benchSettings(which.size));
    const expected = ['structural', 'shear', 'bending'].reduce((sum, family) => sum + cloth.constraintCount(/** @type {any} */ (family)), 0);
    cloth.dispose();
    assert.equal(pairs, expected);
  });
}

test('the patch step counts each byte of the step once: less than its stages as passes, at least the state read and written', () => {
  const scene = sceneOf(nuno, { papers: 3 });
  const one = countStep('webgpu', scene);
  const asPasses = countStep('webgpu', scene, { patchStep: false });
  assert.equal(one.dispatchesPerStep, 1);
  assert.equal(asPasses.dispatchesPerStep, scene.substeps * scene.schedule.length);
  assert.ok(one.bytesPerStep < asPasses.bytesPerStep / scene.substeps, 'one dispatch moves less than one substep of passes');
  // Positions and velocities in and out at least (16 B each way each), and of the state only
  // they written: the rest stays in workgroup memory (patch-step.wgsl).
  assert.ok(one.bytesPerParticlePerStep >= 4 * 16);
  assert.equal(one.passes[0].written, one.particles * 2 * 16);
  assert.deepEqual(Object.keys(PASSES.webgpu).sort(), ['collide', 'constrain', 'predict']);
});

test('a tiled substep counts each byte of its substep once: under a quarter of the passes\' bytes, the substep\'s end written once a substep', () => {
  const scene = sceneOf(nuno, { size: 17 });
  const tiled = countStep('webgpu', scene, { tiled: true });
  const asPasses = countStep('webgpu', scene);
  assert.equal(tiled.dispatchesPerStep, scene.substeps);
  assert.ok(tiled.bytesPerStep < asPasses.bytesPerStep / 4, 'the tiles move under a quarter of the passes\' bytes');
  // Only the substep's end is written (positions and velocities, 16 B each), once a substep;
  // every particle's position, velocity and inverse mass are read at least.
  assert.equal(tiled.passes[0].written, tiled.particles * 2 * 16);
  assert.ok(tiled.passes[0].read >= tiled.particles * (16 + 16 + 4));
  assert.equal(tiled.bytesPerStep, (tiled.passes[0].read + tiled.passes[0].written) * scene.substeps);
});
