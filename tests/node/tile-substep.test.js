// The tiled substep's halo and tile (web/backends/webgpu/tile-substep.js): worked out from the
// substep's constrain stages, as wide as they carry a missing neighbour inwards. The browser test
// (webgpu.spec.js, "tiled substeps end on the bits") shows the halo is enough, bit for bit; with
// one particle less it ended 0.0137 mm off.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadCore } from '../../web/load-core.js';
import { loadNuno } from '../../web/index.js';
import { haloFor, tiledSubstepLimits, tileFor, tilesPay } from '../../web/backends/webgpu/tile-substep.js';
import { colliderKindsOf, stagesInWorkgroupBytes, stagesWgsl } from '../../web/backends/webgpu/fused-pipelines.js';
import { gpuTablesOf } from '../../web/backends/gpu/gpu-constants.js';

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

test('tiles pay at any size in workgroups of 1024 invocations copying at most 3 particles a kept one, else up to 262,144 particles copied a substep', () => {
  const one = scheduleOf(1);
  // 54: an H200's 48 KiB; tiles of 32 with their halo of 10 copy 2,704 particles each.
  const square = (/** @type {number} */ side) => ({ columns: side, rows: side });
  const tileOf = (/** @type {number} */ side) => tileFor(one, directions, 54, side, side);
  assert.deepEqual(tileOf(2048), { tile: 32, halo: 10 });
  // On an H200 the tiles stepped 2048 x 2048 twice as fast as the passes (11 million copied) in
  // workgroups of 1024, but 512 x 512 (692,224) slower in workgroups of 256, and 256 x 256 (173,056) faster.
  for (const side of [256, 512, 1024, 2048]) assert.equal(tilesPay(square(side), tileOf(side), 1024), true, `${side}, 1024 invocations`);
  assert.equal(tilesPay(square(256), tileOf(256), 256), true);
  assert.equal(tilesPay(square(512), tileOf(512), 256), false);
  assert.equal(tilesPay(square(2048), tileOf(2048), 512), false);
  // Regions copying more for each particle kept were not timed past the cap: two iterations on an
  // H200 (tiles of 16, a halo of 18: 10.6 copied a kept one), one on a device of 32 KiB (24 and 10: 3.4).
  const two = scheduleOf(2);
  assert.deepEqual(tileFor(two, directions, 54, 1024, 1024), { tile: 16, halo: 18 });
  assert.equal(tilesPay(square(1024), tileFor(two, directions, 54, 1024, 1024), 1024), false);
  assert.equal(tilesPay(square(64), tileFor(two, directions, 54, 64, 64), 1024), true);
  assert.deepEqual(tileFor(one, directions, 44, 1024, 1024), { tile: 24, halo: 10 });
  assert.equal(tilesPay(square(1024), tileFor(one, directions, 44, 1024, 1024), 1024), false);
  assert.equal(tilesPay(square(256), tileFor(one, directions, 44, 256, 256), 1024), true);
  // No tile, no tiles.
  assert.equal(tilesPay(square(64), { tile: 0, halo: 0 }, 1024), false);
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
});

test('the stages of a fused step: their constants, then solveStages, each stage written out with its structure compiled in, or a loop past 48', () => {
  const tables = gpuTablesOf(core);
  const settings = /** @type {any} */ ({ solver: 'xpbd' });
  const constants = (/** @type {string[]} */ lines) => lines.filter((line) => line.startsWith('const '));
  const [one, two, five] = [scheduleOf(1), scheduleOf(2), scheduleOf(5)];
  assert.deepEqual(constants(stagesWgsl({ settings, schedule: two }, tables, 256, 0)),
    ['const CONSTRAIN_STAGES = 24u;', 'const STAGE_SLOT_BYTES = 256;', 'const STAGES_IN_WORKGROUP = false;', 'const WORKGROUP_STAGES = 1u;']);
  const written = stagesWgsl({ settings, schedule: one }, tables, 256, 768);
  assert.deepEqual(constants(written),
    ['const CONSTRAIN_STAGES = 12u;', 'const STAGE_SLOT_BYTES = 256;', 'const STAGES_IN_WORKGROUP = true;', 'const WORKGROUP_STAGES = 12u;']);
  assert.match(written.join('\n'), /fn stageAt\(c: u32\)/);
  // Stage's members in order: offset, direction, colourAxis, colourPeriod, colour, solver, firstIteration, rule, bucketLayer.
  const stageLines = written.filter((line) => line.includes('stage = Stage('));
  assert.equal(stageLines.length, 12);
  const first = one[1];
  if (first.kind !== 'constrain') throw new Error('the schedule begins with predict, then a constrain stage');
  const direction = directions[first.direction];
  assert.equal(stageLines[0].trim(), `stage = Stage(vec2<i32>(${direction.offset.join(', ')}), u32(${first.direction}), ` +
    `u32(${direction.colourAxis === 'column' ? 0 : 1}), i32(${direction.colourPeriod}), u32(${first.colour}), u32(${core.gpuConstants().solverKinds.xpbd}), u32(1), stageAt(0u).rule, u32(0));`);
  assert.equal(written.filter((line) => line.trim() === 'workgroupBarrier();').length, 12);
  assert.deepEqual(stageLines.map((line) => /stageAt\((\d+)u\)\.rule/.exec(line)?.[1]), Array.from({ length: 12 }, (_, c) => String(c)), 'each stage its own rule');
  // The second iteration's stages start from the multipliers of the first.
  assert.deepEqual(stagesWgsl({ settings, schedule: two }, tables, 256, 0).filter((line) => line.includes('stage = Stage(')).map((line) => /u32\((\d)\), stageAt/.exec(line)?.[1]),
    [...Array(12).fill('1'), ...Array(12).fill('0')]);
  // 60 stages: a loop reading each stage whole.
  const looped = stagesWgsl({ settings, schedule: five }, tables, 256, 0);
  assert.ok(!looped.some((line) => line.includes('stage = Stage(')));
  assert.ok(looped.some((line) => line.trim() === 'stage = stageAt(c);'));
});

// pairsStartedAt (workgroup-stages.wgsl) tests each direction's pairs through directionStage:
// each case must hold its own direction's geometry, or a particle's pairs are another's.
test('directionStage holds each direction\'s offset, colour axis and period, as the core\'s table has them', () => {
  const settings = /** @type {any} */ ({ solver: 'xpbd' });
  const written = stagesWgsl({ settings, schedule: scheduleOf(1) }, gpuTablesOf(core), 256, 0).join('\n');
  const body = /fn directionStage\(direction: u32\) -> Stage \{([\s\S]*?)\n\}/.exec(written)?.[1] ?? '';
  const stages = [/var geometry = (Stage\(.*\));/.exec(body)?.[1], ...[...body.matchAll(/case (\d+)u: \{ geometry = (Stage\(.*\)); \}/g)].map((match, index) => {
    assert.equal(Number(match[1]), index + 1);
    return match[2];
  })];
  assert.equal(stages.length, directions.length);
  stages.forEach((stage, index) => {
    const { offset, colourAxis, colourPeriod } = directions[index];
    assert.ok(stage?.startsWith(`Stage(vec2<i32>(${offset.join(', ')}), u32(${index}), u32(${colourAxis === 'column' ? 0 : 1}), i32(${colourPeriod}), u32(0), `), `direction ${index}: ${stage}`);
  });
});

test('a fused pipeline is made for the kinds of collider among the packed ones, a bit each', () => {
  // Kind codes as gpuConstants.colliderKinds: sphere 0, plane 1, capsule 2, box 3, mesh 4; slots past count are stale.
  assert.equal(colliderKindsOf({ count: 0, kinds: Int32Array.of(3, 3) }), 0);
  assert.equal(colliderKindsOf({ count: 3, kinds: Int32Array.of(0, 3, 0, 4) }), 0b1001);
});
