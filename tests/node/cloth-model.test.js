// The cloth model the WebGL2, WebGPU and worker cloths hold (web/cloth-model.js over the core's
// ClothModel): the settings, pins, holds, colliders and clock without the CPU stepper's arrays.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import createNunoCore from '../../dist/nuno-core.mjs';
import { Cloth } from '../../web/backends/cpu/cloth.js';
import { ClothModel } from '../../web/cloth-model.js';
import { metric } from './metric.js';

const core = await createNunoCore({ wasmBinary: await readFile(new URL('../../dist/nuno-core.wasm', import.meta.url)) });

/**
 * Bytes of wasm heap the object `make` returns keeps, and the object.
 * @template {{dispose(): void}} T
 * @param {() => T} make
 * @returns {[number, T]}
 */
function heapKeptBy(make) {
  const before = core.heapBytesInUse();
  const made = make();
  return [core.heapBytesInUse() - before, made];
}

test('a 512 x 512 model keeps under a quarter of the heap a CPU cloth keeps, and nothing once disposed', () => {
  const settings = { columns: 512, rows: 512 };
  const [clothBytes, cloth] = heapKeptBy(() => new Cloth(core, settings));
  cloth.dispose();
  const before = core.heapBytesInUse();
  const [modelBytes, model] = heapKeptBy(() => new ClothModel(core, settings));
  metric('heap_bytes_per_particle_cpu_cloth_512', clothBytes / 512 ** 2, 'bytes');
  metric('heap_bytes_per_particle_model_512', modelBytes / 512 ** 2, 'bytes');
  assert.ok(modelBytes <= clothBytes / 4, `the model keeps ${modelBytes} B, the CPU cloth ${clothBytes} B`);
  assert.ok(modelBytes >= 44 * 512 ** 2, 'the rest shape and rest lengths are in it');
  model.dispose();
  assert.equal(core.heapBytesInUse(), before);
});

test('a grid too large for a CPU cloth makes a model; beyond the model\'s own limit it is refused by name', () => {
  const large = { columns: 2048, rows: 2048 };
  assert.throws(() => new Cloth(core, large), /'columns \* rows' must be at most about \d+ particles .*got 4194304/);
  const model = new ClothModel(core, large);
  assert.equal(model.particleCount, 2048 * 2048);
  assert.equal(model.restLengthsByDirection.length, 8 * 2048 * 2048);
  model.dispose();
  assert.throws(() => new ClothModel(core, { columns: 16384, rows: 16384 }),
    /'columns \* rows' must be at most about \d+ particles \(a cloth keeps about 44 bytes per particle/);
});

test('the model of a CPU cloth stepped elsewhere (the worker\'s) refuses what the CPU cloth could not keep, at once and by name', () => {
  assert.throws(() => new ClothModel(core, { columns: 2048, rows: 2048 }, true),
    /'columns \* rows' must be at most about \d+ particles \(a cloth keeps about 345 bytes per particle/);
  // 1750 x 1750 fits a CPU cloth; XPBD iterated keeps its multipliers too, which does not.
  const model = new ClothModel(core, { columns: 1750, rows: 1750 }, true);
  assert.throws(() => model.set({ iterations: 3 }), /'iterations' must be what this grid has the memory for .*got 3/);
  assert.equal(model.settings.iterations, 1, 'the refused change is not kept');
  model.dispose();
  const gpuModel = new ClothModel(core, { columns: 1750, rows: 1750 });
  gpuModel.set({ iterations: 3 });
  gpuModel.dispose();
});

test('pins and holds set the inverse masses a GPU uploads; reset lets the holds go', () => {
  const model = new ClothModel(core, { columns: 6, rows: 5, pins: 'none' });
  const free = model.inverseMassOf(0);
  assert.ok(free > 0);
  assert.deepEqual(Array.from(new Set(model.inverseMasses)), [free]);
  model.pin(3);
  model.hold(7, [0, 1, 0]);
  const masses = model.inverseMasses;
  assert.deepEqual([masses[3], masses[7], masses[8]], [0, 0, free]);
  assert.deepEqual([model.inverseMassOf(3), model.inverseMassOf(7), model.inverseMassOf(8)], [0, 0, free]);
  model.release(7);
  assert.equal(model.inverseMassOf(7), free);
  model.hold(3, [0, 1, 0]);
  model.release(3);
  assert.equal(model.inverseMassOf(3), 0, 'a pinned particle stays pinned when released');
  model.hold(9, [0, 1, 0]);
  model.reset();
  assert.equal(model.inverseMassOf(9), free);
  assert.equal(model.isPinned(3), true, 'pins outlive a reset');
  assert.throws(() => model.inverseMassOf(30), /'particle' must be an integer in \[0, 29\], got 30/);
  assert.throws(() => model.hold(1, [0, 1e9, 0]), /'position'/);
  model.dispose();
});

test('the model measures positions given as the CPU cloth measures its own, and asks for them by name', () => {
  const settings = { columns: 24, rows: 24, pins: 'none', orientation: 'horizontal', selfCollisionThickness: 0.02 };
  const cloth = new Cloth(core, settings);
  const model = new ClothModel(core, settings);
  cloth.addCollider({ type: 'sphere', center: [0, 0.5, 0], radius: 0.3 });
  model.addCollider({ type: 'sphere', center: [0, 0.5, 0], radius: 0.3 });
  cloth.stepFixed(60);
  // The sheet folded over between rows 11 and 12, half a spacing apart, and one particle of the
  // upper layer pushed through the lower one (8 crossings, as api.test.js's selfCrossings test).
  const [spacing, gap] = [1 / 23, 0.5 / 23];
  const crossed = new Float32Array(24 * 24 * 3);
  for (let row = 0; row < 24; row++) {
    const upper = row > 11;
    for (let column = 0; column < 24; column++) {
      crossed.set([column * spacing, upper ? gap : 0, (upper ? 23 - row : row) * spacing], 3 * (row * 24 + column));
    }
  }
  crossed.set([6.31 * spacing, -gap, 3.17 * spacing], 3 * ((23 - 3) * 24 + 6));
  for (const positions of [cloth.positions, crossed]) {
    assert.deepEqual(model.strain('shear', positions), cloth.strain('shear', positions));
    assert.equal(model.selfCrossings(positions), cloth.selfCrossings(positions));
    assert.equal(model.selfIntersections(0.02, positions), cloth.selfIntersections(0.02, positions));
    assert.equal(model.colliderClearance(positions), cloth.colliderClearance(positions));
  }
  assert.equal(model.selfCrossings(crossed), 8, 'the measure sees the particle pushed through');
  assert.equal(model.constraintCount('bending'), cloth.constraintCount('bending'));
  assert.deepEqual(Array.from(model.triangleIndices), Array.from(cloth.triangleIndices));
  assert.throws(() => model.strain('structural'), /'positions' must be given: x, y, z for each of the 576 particles/);
  assert.throws(() => model.selfCrossings(new Float32Array(6)), /'positions' must hold x, y, z for each of the 576 particles/);
  cloth.dispose();
  model.dispose();
});

test('the colliders packed as the GPU collide pass reads them', () => {
  const model = new ClothModel(core, { columns: 16, rows: 16 });
  model.addCollider({ type: 'capsule', start: [-0.6, 0.5, 0], end: [0.6, 0.5, 0.1], radius: 0.1, friction: 0.3 });
  const box = model.addCollider({ type: 'box', center: [0, 0.2, 0], halfExtents: [0.4, 0.2, 0.3], rotation: [0, 0, 3, 4] });
  const kinds = core.gpuConstants().colliderKinds;
  let packed = model.packedColliders();
  assert.deepEqual(Array.from(packed.kinds), [kinds.capsule, kinds.box]);
  assert.equal(packed.shapes.length, 2 * 4 * core.gpuConstants().colliderShapeVec4s);
  assert.deepEqual(Array.from(packed.frictions), [Math.fround(0.3), 0.5]);
  model.updateCollider(box, { center: [0, 0.3, 0] });
  packed = model.packedColliders();
  assert.equal(packed.travels[1], 0, 'a collider added since the last step has no travel to sweep');
  model.dispose();
});

test('the velocities a reset starts from are the settings\' own, or zero', () => {
  const still = new ClothModel(core, { columns: 3, rows: 2 });
  assert.deepEqual(Array.from(still.initialVelocities), new Array(18).fill(0));
  still.dispose();
  const velocities = Float32Array.from({ length: 18 }, (_, i) => i / 10);
  const thrown = new ClothModel(core, { columns: 3, rows: 2, velocities });
  assert.deepEqual(Array.from(thrown.initialVelocities), Array.from(velocities));
  thrown.dispose();
});
