// Mesh colliders through the package's API on the CPU cloth: what they take (typed arrays or
// plain ones), what they hand back, what they refuse by name, and that adding and removing them
// leaks nothing. The field's accuracy and the cloth on a mesh are the native tests'
// (tests/native/mesh_collider_test.cpp); the GPUs' bits are tests/browser/mesh-colliders.spec.js's.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadNuno } from '../../web/index.js';
import { sphereMesh, torusKnotMesh } from '../../web/demo/mesh-shapes.js';
import { metric } from './metric.js';

const nuno = await loadNuno();
const sheet = { columns: 12, rows: 12, orientation: /** @type {const} */ ('horizontal'), pins: /** @type {const} */ ('none'), center: /** @type {[number, number, number]} */ ([0, 0.8, 0]) };

/**
 * @param {() => unknown} action
 * @param {RegExp} message
 */
function assertError(action, message) {
  assert.throws(action, (error) => error instanceof Error && message.test(error.message));
}

test('a mesh from typed or plain arrays collides, and comes back as it was given', () => {
  const sphere = sphereMesh(0.3, 24, 12);
  const fromTyped = nuno.createCloth(sheet);
  const fromPlain = nuno.createCloth(sheet);
  fromTyped.addCollider({ type: 'mesh', vertices: sphere.vertices, indices: sphere.indices, center: [0, 0.3, 0], resolution: 32 });
  fromPlain.addCollider({ type: 'mesh', vertices: Array.from(sphere.vertices), indices: Array.from(sphere.indices), center: [0, 0.3, 0], resolution: 32 });
  fromTyped.stepFixed(60);
  fromPlain.stepFixed(60);
  assert.deepEqual(Array.from(fromTyped.positions), Array.from(fromPlain.positions));
  // Resting on the sphere: the middle of the sheet is held up at its top, not on the ground.
  const middle = (6 * 12 + 6) * 3;
  metric('mesh_sphere_top_height_m', fromTyped.positions[middle + 1], 'm', 'sphere top 0.6 + margin 0.005');
  assert.ok(Math.abs(fromTyped.positions[middle + 1] - 0.605) < 0.02, `middle at ${fromTyped.positions[middle + 1]}`);
  assert.ok(fromTyped.colliderClearance() > -1e-3);

  const [state] = fromTyped.colliders;
  assert.equal(state.type, 'mesh');
  if (state.type !== 'mesh') return;
  assert.deepEqual(state.vertices, sphere.vertices);
  assert.deepEqual(state.indices, sphere.indices);
  assert.deepEqual([state.thickness, state.resolution, state.friction], [0, 32, 0.5]);
  // Handed back, it makes the same collider.
  const { id, ...description } = state;
  const again = nuno.createCloth(sheet);
  again.addCollider(description);
  again.stepFixed(60);
  assert.deepEqual(Array.from(again.positions), Array.from(fromTyped.positions));
  for (const cloth of [fromTyped, fromPlain, again]) cloth.dispose();
});

test('moving a mesh by updateCollider moves what the cloth meets; a new resolution keeps the triangles', () => {
  const knot = torusKnotMesh({ along: 60, around: 8 });
  const cloth = nuno.createCloth(sheet);
  const id = cloth.addCollider({ type: 'mesh', ...knot, resolution: 24 });
  cloth.updateCollider(id, { center: [0, -5, 0] });
  cloth.stepFixed(30);
  const fallen = cloth.positions[1];
  assert.ok(fallen < 0.5, `with the knot moved away the sheet falls freely (y ${fallen})`);
  cloth.updateCollider(id, { resolution: 16 });
  const [state] = cloth.colliders;
  assert.ok(state.type === 'mesh' && state.resolution === 16 && state.indices.length === knot.indices.length);
  assert.deepEqual(state.center, [0, -5, 0]);
  cloth.dispose();
});

test('hostile meshes are refused by name, before anything large is copied', () => {
  const cloth = nuno.createCloth(sheet);
  const box = { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], indices: [0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3, 2] };
  // 10^7 triangles: a JS array that declares its length and holds nothing.
  assertError(() => cloth.addCollider({ type: 'mesh', vertices: box.vertices, indices: new Array(3e7) }),
    /^nuno: mesh 'indices' must be three vertex indices for each of 1 to 1000000 triangles, got an array of 30000000$/);
  assertError(() => cloth.addCollider({ type: 'mesh', vertices: new Float32Array(3e6 + 3), indices: box.indices }),
    /^nuno: mesh 'vertices' must be x, y, z for each of 1 to 1000000 vertices, got an array of 3000003$/);
  assertError(() => cloth.addCollider({ type: 'mesh', vertices: [...box.vertices.slice(0, 3), NaN, 0, 0, ...box.vertices.slice(6)], indices: box.indices }),
    /^nuno: mesh 'vertices' must be three finite numbers, each in \[-10000, 10000\], got \[NaN, 0, 0\]$/);
  assertError(() => cloth.addCollider({ type: 'mesh', vertices: box.vertices, indices: [0, 1, 2.5] }),
    /^nuno: mesh 'indices' must be vertex indices \(integers >= 0\), got 2\.5$/);
  assertError(() => cloth.addCollider({ type: 'mesh', vertices: box.vertices, indices: [0, 1, 4] }),
    /^nuno: mesh 'indices' must be vertex indices in \[0, 3\], got 4$/);
  assertError(() => cloth.addCollider({ type: 'mesh', vertices: [], indices: [] }),
    /^nuno: mesh 'vertices' must be x, y, z for each of 1 to 1000000 vertices, got 0 vertices$/);
  assertError(() => cloth.addCollider({ type: 'mesh', vertices: /** @type {any} */ ('0,0,0'), indices: box.indices }),
    /^nuno: 'vertices' must be an array of numbers, got '0,0,0'$/);
  assertError(() => cloth.addCollider({ type: 'mesh', ...box, resolution: 1000 }), /^nuno: mesh 'resolution' must be an integer in \[8, 128\], got 1000$/);
  assertError(() => cloth.addCollider({ type: 'mesh', ...box, thickness: 0.5, resolution: 128 }),
    /^nuno: mesh 'thickness' must be a field of at most 8388608 samples \(a thinner shell or a coarser grid\), got /);
  assert.equal(cloth.colliders.length, 0, 'nothing refused was added');
  // A degenerate mesh (every triangle flat) is taken: it is a shell of no thickness, met by nothing.
  cloth.addCollider({ type: 'mesh', vertices: [0, 0, 0, 1, 0, 0, 2, 0, 0], indices: [0, 1, 2] });
  cloth.stepFixed(5);
  assert.ok(Array.from(cloth.positions).every(Number.isFinite));
  cloth.dispose();
});

test('adding, moving and removing meshes 300 times leaves the heap as it was', () => {
  const sphere = sphereMesh(0.3, 16, 8);
  const cloth = nuno.createCloth(sheet);
  const cycle = () => {
    const id = cloth.addCollider({ type: 'mesh', ...sphere, resolution: 16 });
    cloth.updateCollider(id, { center: [0.1, 0.2, 0] });
    cloth.updateCollider(id, { resolution: 12 });
    assert.throws(() => cloth.updateCollider(id, { indices: [0, 1, 9999] }));
    cloth.stepFixed(1);
    cloth.removeCollider(id);
  };
  cycle();
  const before = nuno.heapBytesInUse();
  for (let i = 0; i < 300; i++) cycle();
  metric('heap_growth_after_300_mesh_cycles', nuno.heapBytesInUse() - before, 'bytes');
  assert.equal(nuno.heapBytesInUse(), before);
  cloth.dispose();
});
