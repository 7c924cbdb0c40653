// The tiled substep's halo and tile (web/backends/webgpu/tile-substep.js): worked out from the
// substep's constrain stages, as wide as they carry a missing neighbour inwards. The browser test
// (webgpu.spec.js, "tiled substeps end on the bits") shows the halo is enough, bit for bit; with
// one particle less it ended 0.0137 mm off.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from '../../web/load-core.js';
import { loadNuno } from '../../web/index.js';
import { haloFor, tiledSubstepLimits, tileFor } from '../../web/backends/webgpu/tile-substep.js';
import { stagesInWorkgroupBytes, stagesInWorkgroupWgsl } from '../../web/backends/webgpu/fused-pipelines.js';

const nuno = await loadNuno();
const { core } = await loadCore({});
const directions = core.directions();
/** @param {number} iterations */
const scheduleOf = (iterations) => {
  const cloth = nuno.createCloth({ columns: 8, rows: 8, iterations });
  const schedule = cloth.substepSchedule();
  cloth.dispose();
  return schedule;
};

test('the halo grows with the stages: none without constraints, never less for a stage more, 10 for an iteration, 18 for two', () => {
  const [one, two] = [scheduleOf(1), scheduleOf(2)];
  assert.equal(haloFor(one.filter((stage) => stage.kind !== 'constrain'), directions, 8), 0);
  let before = 0;
  for (let stages = 1; stages <= two.length; stages++) {
    const halo = haloFor(two.slice(0, stages), directions, 8);
    assert.ok(halo >= before, `${stages} stages: ${halo} after ${before}`);
    before = halo;
  }
  assert.equal(haloFor(one, directions, 8), 10);
  assert.equal(haloFor(two, directions, 8), 18);
  // Every tile (a multiple of 4) begins on the same colours: the halo is the tile's whatever its size.
  for (const tile of [12, 16, 32, 44]) assert.equal(haloFor(one, directions, tile), 10, `tile ${tile}`);
});

test('the tile: the largest that still cuts the grid into 64 tiles, within the workgroup memory; none where the halo does not fit', () => {
  const [one, two] = [scheduleOf(1), scheduleOf(2)];
  // 31: a default device's 16 KiB beside 12 stages' copies; 54: an H200's 48 KiB.
  assert.deepEqual(tileFor(one, directions, 31, 256, 256), { tile: 8, halo: 10 });
  assert.deepEqual(tileFor(one, directions, 54, 64, 64), { tile: 8, halo: 10 });
  assert.deepEqual(tileFor(one, directions, 54, 128, 128), { tile: 16, halo: 10 });
  assert.deepEqual(tileFor(one, directions, 54, 256, 256), { tile: 32, halo: 10 });
  assert.deepEqual(tileFor(two, directions, 31, 256, 256), { tile: 0, halo: 0 });
  assert.deepEqual(tileFor(two, directions, 54, 256, 256), { tile: 16, halo: 18 });
});

test("requestCloth asks an adapter for its most workgroup memory and up to 1024 invocations a workgroup, never more than it has", () => {
  const adapterWith = (/** @type {number} */ memory, /** @type {number} */ invocations, /** @type {number} */ sizeX) =>
    /** @type {GPUAdapter} */ (/** @type {unknown} */ ({ limits: { maxComputeWorkgroupStorageSize: memory, maxComputeInvocationsPerWorkgroup: invocations, maxComputeWorkgroupSizeX: sizeX } }));
  // An NVIDIA H200 through Dawn; SwiftShader; an adapter granting more than the tiles use.
  assert.deepEqual(tiledSubstepLimits(adapterWith(49152, 1024, 1024)),
    { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024 });
  assert.deepEqual(tiledSubstepLimits(adapterWith(32768, 256, 256)),
    { maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupSizeX: 256 });
  assert.deepEqual(tiledSubstepLimits(adapterWith(65536, 2048, 512)),
    { maxComputeWorkgroupStorageSize: 65536, maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 512 });
});

test('a halo wider than fits is given up as soon as it passes the widest (its whole width would take seconds to work out): no tile for 20 iterations', () => {
  const many = scheduleOf(20);
  assert.equal(haloFor(many, directions, 8, 23), Infinity);
  assert.deepEqual(tileFor(many, directions, 55, 256, 256), { tile: 0, halo: 0 });
  // The cap changes no halo that fits.
  assert.equal(haloFor(scheduleOf(2), directions, 8, 23), 18);
  assert.equal(haloFor(scheduleOf(2), directions, 8, 17), Infinity);
});

test('the stages go to workgroup memory while they take at most a sixteenth of it, else they are read from the uniform buffer', () => {
  const stageBytes = 64;
  const defaultDevice = /** @type {GPUSupportedLimits} */ ({ maxComputeWorkgroupStorageSize: 16384 });
  const h200 = /** @type {GPUSupportedLimits} */ ({ maxComputeWorkgroupStorageSize: 49152 });
  assert.equal(stagesInWorkgroupBytes(scheduleOf(1).length - 2, stageBytes, defaultDevice), 12 * 64);
  assert.equal(stagesInWorkgroupBytes(scheduleOf(2).length - 2, stageBytes, defaultDevice), 0);
  assert.equal(stagesInWorkgroupBytes(scheduleOf(2).length - 2, stageBytes, h200), 24 * 64);
  assert.deepEqual(stagesInWorkgroupWgsl(24, 0), ['const STAGES_IN_WORKGROUP = false;', 'const WORKGROUP_STAGES = 1u;']);
  assert.deepEqual(stagesInWorkgroupWgsl(12, 768), ['const STAGES_IN_WORKGROUP = true;', 'const WORKGROUP_STAGES = 12u;']);
});
