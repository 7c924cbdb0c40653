// The wasm module through the public API, loaded the way a user loads it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import vm from 'node:vm';

import { loadNuno } from '../../web/index.js';
import { foldedSheet, poleOnACircle, poleTargets, pulledThroughFold, pulledThroughFoldSettings, pullThrough, swingOnPole, wavyHeapPositions } from '../engines/scenes.js';

const nuno = await loadNuno();

/** @param {() => unknown} action @param {RegExp} message */
function assertError(action, message) {
  assert.throws(action, (error) => {
    assert.ok(error instanceof Error, `expected an Error, got ${String(error)}`);
    assert.match(/** @type {Error} */ (error).message, message);
    return true;
  });
}

test('a cloth falls under gravity, held by its top edge', (t) => {
  const cloth = nuno.createCloth({ columns: 12, rows: 7, width: 1.2, height: 0.7 });
  t.after(() => cloth.dispose());
  assert.equal(cloth.particleCount, 84);
  assert.equal(cloth.columns, 12);
  assert.equal(cloth.rows, 7);
  assert.equal(cloth.positions.length, 84 * 3);
  assert.equal(cloth.triangleIndices.length, 11 * 6 * 6);
  const start = Float32Array.from(cloth.positions);
  assert.equal(cloth.step(0.05), 3, 'three fixed steps of 1/60 s fit in 50 ms');
  assert.ok(Math.abs(cloth.carriedSeconds - (0.05 - 3 / 60)) < 1e-6);
  cloth.stepFixed(30);
  const positions = cloth.positions;
  for (let column = 0; column < 12; column++) {
    assert.equal(positions[column * 3 + 1], start[column * 3 + 1], 'the top edge is pinned');
  }
  const bottomCorner = (84 - 1) * 3;
  assert.ok(positions[bottomCorner + 2] !== start[bottomCorner + 2] || positions[bottomCorner + 1] !== start[bottomCorner + 1]);
  assert.ok(cloth.kineticEnergy >= 0);
  assert.ok(cloth.strain('structural').max < 0.05);
  assert.equal(cloth.constraintCount('structural'), 11 * 7 + 12 * 6);
  assert.equal(cloth.constraintCount('shear'), 2 * 11 * 6);
  assert.equal(cloth.constraintCount('bending'), 10 * 7 + 12 * 5);
  const normals = cloth.normals;
  assert.ok(Math.abs(Math.hypot(normals[0], normals[1], normals[2]) - 1) < 1e-5);
});

test('settings read back, change while running, and reject grid changes', (t) => {
  const cloth = nuno.createCloth({ solver: 'pbd', pins: 'top-corners', wind: [1, 0, 2], shear: { stiffness: 0.25 } });
  t.after(() => cloth.dispose());
  const settings = cloth.settings;
  assert.equal(settings.solver, 'pbd');
  assert.equal(settings.pins, 'top-corners');
  assert.deepEqual(settings.wind, [1, 0, 2]);
  assert.equal(settings.shear.stiffness, 0.25);
  assert.equal(settings.columns, 32);
  cloth.set({ substeps: 4, solver: 'mass-spring', structural: { stretch: 0.5 } });
  assert.equal(cloth.settings.substeps, 4);
  assert.equal(cloth.settings.solver, 'mass-spring');
  assert.equal(cloth.settings.structural.stretch, 0.5);
  assert.equal(cloth.settings.structural.shrink, 1, 'fields not given keep their value');
  assertError(() => cloth.set({ columns: 8 }), /'columns' shapes the grid and cannot change/);
  assertError(() => cloth.set({ iterations: 0 }), /'iterations' must be an integer in \[1, 100\], got 0/);
  assert.equal(cloth.settings.iterations, 1, 'a rejected change leaves the cloth as it was');
});

test('pins and colliders change while running', (t) => {
  const cloth = nuno.createCloth({ columns: 10, rows: 10, orientation: 'horizontal', center: [0, 1, 0], pins: 'none' });
  t.after(() => cloth.dispose());
  cloth.pin(0);
  assert.ok(cloth.isPinned(0));
  assert.deepEqual(cloth.settings.pins, [0]);
  const sphere = cloth.addCollider({ type: 'sphere', center: [0, 0.5, 0], radius: 0.3 });
  const ground = cloth.addCollider({ type: 'plane' });
  cloth.stepFixed(90);
  for (let i = 0; i < cloth.particleCount; i++) {
    const [x, y, z] = cloth.positions.subarray(3 * i, 3 * i + 3);
    assert.ok(Math.hypot(x, y - 0.5, z) >= 0.3 + 0.005 - 1e-5, `particle ${i} is inside the sphere`);
  }
  cloth.updateCollider(sphere, { center: [0, 0.4, 0] });
  cloth.removeCollider(ground);
  assertError(() => cloth.removeCollider(ground), /'id' must be the id of a collider on this cloth/);
  assertError(() => cloth.updateCollider(sphere, { normal: [0, 1, 0] }), /unknown sphere setting 'normal'/);
  cloth.unpin(0);
  assert.equal(cloth.isPinned(0), false);
});

test('the inverse masses stay a live view through reset() and a change of pins', (t) => {
  const cloth = nuno.createCloth({ columns: 6, rows: 4 });
  t.after(() => cloth.dispose());
  const masses = cloth.inverseMasses;
  assert.equal(masses[0], 0, 'the top edge is pinned');
  const free = masses[cloth.particleCount - 1];
  cloth.set({ pins: 'none' });
  assert.equal(masses[0], free, 'the view sees the pin go');
  cloth.set({ pins: [5] });
  cloth.reset();
  assert.equal(masses[5], 0, 'and come back through a reset');
  assert.equal(masses.length, cloth.particleCount);
});

test('capsules and boxes: added, moved, read back and kept out of, with errors by name', (t) => {
  const cloth = nuno.createCloth({ columns: 16, rows: 16, orientation: 'horizontal', center: [0, 1, 0], pins: 'none' });
  t.after(() => cloth.dispose());
  const capsule = cloth.addCollider({ type: 'capsule', start: [-0.6, 0.5, 0], end: [0.6, 0.5, 0.1], radius: 0.1, friction: 0.3 });
  const box = cloth.addCollider({ type: 'box', center: [0, 0.2, 0], halfExtents: [0.4, 0.2, 0.3], rotation: [0, 0, 3, 4] });
  assert.deepEqual(cloth.colliders.map((collider) => collider.type), ['capsule', 'box']);
  const boxState = /** @type {Extract<import('../../web/index.js').ColliderState, { type: 'box' }>} */ (cloth.colliders[1]);
  assert.deepEqual(boxState.rotation.map((component) => Number(component.toFixed(6))), [0, 0, 0.6, 0.8], 'rotation normalised');
  assert.equal(cloth.colliderClearance() > 0.3, true, 'the flat cloth starts above both');
  for (let step = 0; step < 120; step++) {
    cloth.stepFixed(1);
    assert.ok(cloth.colliderClearance() >= 0.005 - 1e-5, `a particle inside after step ${step}: ${cloth.colliderClearance()}`);
  }
  cloth.updateCollider(capsule, { start: [-0.6, 0.6, 0], radius: 0.12 });
  cloth.updateCollider(box, { center: [0, 0.25, 0] });
  cloth.stepFixed(10);
  assert.ok(cloth.colliderClearance() >= 0.005 - 1e-5);
  assert.ok(cloth.colliderClearance(cloth.positions) === cloth.colliderClearance(), 'given positions measure the same');

  assertError(() => cloth.addCollider({ type: 'capsule', radius: -1 }), /capsule 'radius' must be a number in \(0, 10000\], got -1/);
  assertError(() => cloth.addCollider({ type: 'box', halfExtents: [1, 1, 0] }), /box 'halfExtents' must be three numbers, each in \(0, 10000\]/);
  assertError(() => cloth.addCollider(/** @type {any} */ ({ type: 'box', rotation: [0, 0, 0, 0] })), /box 'rotation' must be a non-zero quaternion/);
  assertError(() => cloth.updateCollider(box, /** @type {any} */ ({ type: 'capsule' })), /collider 'type' cannot change/);
  assertError(() => cloth.updateCollider(capsule, /** @type {any} */ ({ center: [0, 0, 0] })), /unknown capsule setting 'center'; known: type, start, end, radius, friction/);
  assert.equal(cloth.colliders.length, 2, 'refused colliders are not added');
});

test('the substep schedule: a stage per colour pass for red-black, a sweep per iteration otherwise', (t) => {
  const cloth = nuno.createCloth({ columns: 8, rows: 8, substeps: 2, iterations: 3 });
  t.after(() => cloth.dispose());
  const schedule = cloth.substepSchedule();
  const passes = nuno.directions.length * 2;
  assert.equal(schedule.length, 2 + 3 * passes);
  assert.deepEqual(schedule[0], { kind: 'predict' });
  assert.deepEqual(schedule[1], { kind: 'constrain', iteration: 0, direction: 0, colour: 0 });
  assert.deepEqual(schedule[passes], { kind: 'constrain', iteration: 0, direction: nuno.directions.length - 1, colour: 1 });
  assert.deepEqual(schedule.at(-1), { kind: 'collide' });
  cloth.set({ ordering: 'jacobi' });
  assert.deepEqual(cloth.substepSchedule().map((stage) => stage.kind), ['predict', 'sweep', 'sweep', 'sweep', 'collide']);
});

test('self-collision keeps a dropped heap from passing through itself, and is refused by name beyond 4 spacings', (t) => {
  const side = 32;
  const positions = wavyHeapPositions(side);
  const heap = (/** @type {number} */ thickness) => {
    const cloth = nuno.createCloth({ columns: side, rows: side, positions, pins: 'none', selfCollisionThickness: thickness });
    t.after(() => cloth.dispose());
    cloth.addCollider({ type: 'plane' });
    cloth.stepFixed(180);
    return cloth;
  };
  const off = heap(0);
  const on = heap(0.03);
  const [offPairs, onPairs] = [off.selfIntersections(0.03), on.selfIntersections(0.03)];
  console.log(`metric: self_intersections = ${offPairs} pairs (32x32 heap, off) -> ${onPairs} (3 cm)`);
  assert.ok(offPairs > 20, `the heap should pass through itself without self-collision: ${offPairs}`);
  assert.ok(onPairs <= offPairs / 10, `with self-collision: ${onPairs} of ${offPairs}`);
  assert.equal(on.selfIntersections(0.03, on.positions), onPairs, 'given positions measure the same');
  assert.ok(on.substepSchedule().some((stage) => stage.kind === 'separate'));
  assertError(() => nuno.createCloth({ columns: 64, rows: 64, selfCollisionThickness: 0.08 }),
    /'selfCollisionThickness' must be 0 or at most 4 particle spacings of this grid \(0\.0634\d* m\), got 0\.08/);
  assertError(() => on.set({ selfCollisionThickness: 0.2 }), /'selfCollisionThickness' must be a number in \[0, 0\.1\], got 0\.2/);
  assertError(() => on.selfIntersections(0), /'thickness' must be a number/);
  assert.equal(on.settings.selfCollisionThickness, Math.fround(0.03), 'a refused change changes nothing');
});

test('invalid input becomes an Error naming the parameter and its range', (t) => {
  assertError(() => nuno.createCloth({ columns: 1 }), /'columns' must be an integer in \[2, 16384\], got 1/);
  assertError(() => nuno.createCloth({ colums: 8 }), /unknown setting 'colums'/);
  assertError(() => nuno.createCloth({ width: 'wide' }), /'width' must be a number, got 'wide'/);
  assertError(() => nuno.createCloth({ solver: 'verlet' }), /'solver' must be one of 'mass-spring', 'pbd', 'xpbd'/);
  assertError(() => nuno.createCloth({ pins: [0, 5000] }), /'pins' must be particle indices in \[0, 1023\], got 5000/);
  assertError(() => nuno.createCloth({ gravity: [0, -9.81] }), /'gravity' must be an array of 3 numbers/);
  assertError(() => nuno.createCloth(/** @type {any} */ (42)), /settings must be a plain object, got 42/);
  const cloth = nuno.createCloth();
  t.after(() => cloth.dispose());
  assertError(() => cloth.step(-1), /'frameSeconds' must be a number in \[0, /);
  assertError(() => cloth.pin(1024), /'particle' must be an integer in \[0, 1023\]/);
  assertError(() => cloth.addCollider({ type: 'sphere', radius: -1 }), /sphere 'radius' must be a number in \(0, 10000\]/);
  assertError(() => cloth.addCollider(/** @type {any} */ ({ type: 'cube' })), /collider 'type' must be one of 'sphere', 'plane', 'capsule', 'box', 'mesh', got 'cube'/);
  assertError(() => cloth.addCollider({ type: 'plane', normal: [0, 0, 0] }), /plane 'normal' must be a non-zero vector/);
  assertError(() => cloth.strain(/** @type {any} */ ('diagonal')), /'family' must be one of/);
});

test('a disposed cloth says so instead of touching freed memory', () => {
  const cloth = nuno.createCloth({ columns: 4, rows: 4 });
  cloth.dispose();
  cloth.dispose();
  assert.equal(cloth.disposed, true);
  assertError(() => cloth.step(0.016), /this cloth was disposed/);
  assertError(() => cloth.positions, /this cloth was disposed/);
});

test('a starting shape gives the rest lengths', (t) => {
  const columns = 5;
  const rows = 3;
  const positions = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) positions.push(column * 0.1, 1 - row * 0.2, column * column * 0.01);
  }
  const cloth = nuno.createCloth({ columns, rows, positions: new Float32Array(positions), pins: 'none', gravity: [0, 0, 0] });
  t.after(() => cloth.dispose());
  cloth.stepFixed(30);
  assert.ok(cloth.strain('structural').max < 1e-5, 'a curved cloth at rest keeps its shape');
  assertError(() => nuno.createCloth({ columns, rows, positions: [0, 0, 0] }), /'positions' must be columns \* rows = 15 points, got 1 points/);
});

test('a starting shape and velocities read the same from plain arrays, Float32Array and Float64Array', () => {
  const columns = 6;
  const rows = 4;
  // Values a float32 holds exactly and ones it rounds: every form must round them alike.
  const positions = Array.from({ length: columns * rows * 3 }, (_, i) => (i % 3 === 1 ? 1 - 0.1 * Math.floor(i / 3 / columns) : 0.1 * (i % 7) + 1e-9 * i));
  const velocities = Array.from({ length: columns * rows * 3 }, (_, i) => Math.sin(i) / 3);
  // The same forms made in another realm (a vm context, as an iframe's arrays are).
  const otherRealm = vm.createContext({});
  const forms = [Array, Float32Array, Float64Array].flatMap((Form) => [
    { name: Form.name, Form }, { name: `another realm's ${Form.name}`, Form: vm.runInContext(Form.name, otherRealm) },
  ]);
  const ends = forms.map(({ name, Form }) => {
    const cloth = nuno.createCloth({ columns, rows, positions: Form.from(positions), velocities: Form.from(velocities), pins: 'none' });
    try {
      const start = Array.from(cloth.positions);
      cloth.stepFixed(5);
      return { form: name, start, end: Array.from(cloth.positions) };
    } finally {
      cloth.dispose();
    }
  });
  for (const { form, start, end } of ends.slice(1)) {
    assert.deepEqual(start, ends[0].start, `${form}: the same starting shape`);
    assert.deepEqual(end, ends[0].end, `${form}: the same velocities, so the same shape 5 steps on`);
  }
  assert.notDeepEqual(ends[0].end, ends[0].start, 'the velocities move it');
  assertError(() => nuno.createCloth({ columns, rows, positions: Float64Array.from(positions, (value, i) => (i === 4 ? NaN : value)) }),
    /'positions' must be three finite numbers/);
});

test('settings and colliders made in another realm (a vm context, as an iframe\'s) read as this realm\'s', () => {
  const otherRealm = vm.createContext({});
  const source = '({ columns: 12, rows: 9, wind: [1.5, 0, 0.5], solver: "pbd" })';
  const sphere = '({ type: "sphere", center: [0.1, 0.7, 0.1], radius: 0.2 })';
  const ends = [vm.runInThisContext, (/** @type {string} */ code) => vm.runInContext(code, otherRealm)].map((make) => {
    const cloth = nuno.createCloth(make(source));
    try {
      cloth.addCollider(make(sphere));
      cloth.stepFixed(30);
      return Array.from(cloth.positions);
    } finally {
      cloth.dispose();
    }
  });
  assert.deepEqual(ends[1], ends[0], 'the same wind and sphere, so the same cloth after 30 steps');
  assertError(() => nuno.createCloth(vm.runInContext('[12, 9]', otherRealm)), /settings must be a plain object, got an array/);
  // Views that hold no numbers are refused by their kind, as this realm's are.
  const dataView = () => vm.runInContext('new DataView(new ArrayBuffer(12))', otherRealm);
  assertError(() => nuno.createCloth({ columns: 8, rows: 8, wind: dataView() }), /'wind' must be an array of numbers, got a DataView/);
  const cloth = nuno.createCloth({ columns: 8, rows: 8 });
  try {
    assertError(() => cloth.addCollider({ type: 'sphere', center: dataView(), radius: 0.2 }), /'center' must be an array of numbers, got a DataView/);
    assertError(() => cloth.hold(3, vm.runInContext('new BigInt64Array(3)', otherRealm)), /'position' must be an array of 3 numbers, got a BigInt64Array/);
  } finally {
    cloth.dispose();
  }
});

test('a held particle follows its target and pulls the cloth; release lets it go', (t) => {
  const cloth = nuno.createCloth({ columns: 8, rows: 8 });
  t.after(() => cloth.dispose());
  const corner = 63;
  const target = [0.5, 0.8, 0.5]; // within reach of the pinned top edge
  cloth.hold(corner, target);
  cloth.stepFixed(20);
  assert.deepEqual(Array.from(cloth.positions.subarray(3 * corner, 3 * corner + 3)), Array.from(Float32Array.from(target)));
  assert.ok(cloth.positions[3 * 62 + 2] > 0.2, 'its neighbour is pulled toward z = 0.5');
  cloth.release(corner);
  // It swings up first, then drops toward where it hangs (y = 0.5) within about half a second.
  cloth.stepFixed(40);
  assert.ok(cloth.positions[3 * corner + 1] < 0.6, 'released, it falls');
  assertError(() => cloth.hold(corner, [0, 1]), /'position' must be an array of 3 numbers/);
  assertError(() => cloth.hold(64, target), /'particle' must be an integer in \[0, 63\]/);
});

test('attached particles follow a moving pole, move as it does, and keep its velocity when let go', async (t) => {
  const cloth = nuno.createCloth(poleOnACircle.settings);
  t.after(() => cloth.dispose());
  const rest = Float32Array.from(cloth.restPositions);
  const { attached, targets, letGo } = await swingOnPole(cloth, rest);
  assert.deepEqual(Array.from(attached.subarray(0, targets.length)), Array.from(Float32Array.from(targets)));
  const bottom = 3 * (cloth.particleCount - 1);
  const bottomMoved = Math.hypot(...[0, 1, 2].map((axis) => attached[bottom + axis] - rest[bottom + axis]));
  assert.ok(bottomMoved > 0.05, `the sheet below follows the pole: ${bottomMoved} m`);
  // Let go while the pole moved on its circle, the edge goes on moving its way for a moment.
  const previous = poleTargets(rest, poleOnACircle.frames - 1).targets;
  const poleStep = [0, 1, 2].map((axis) => targets[axis] - previous[axis]);
  const edgeMove = [0, 1, 2].map((axis) => letGo[axis] - attached[axis]);
  assert.ok(poleStep[0] * edgeMove[0] + poleStep[2] * edgeMove[2] > 0, `let go, the edge goes on the pole's way: ${edgeMove}`);
  assert.ok(cloth.inverseMasses[0] > 0);

  assert.equal(cloth.attach([3], [0, 1, 0]), true, 'a new set');
  assert.equal(cloth.attach([3], [0, 1.1, 0]), false, 'the same particle, a new target');
  assert.equal(cloth.inverseMasses[3], 0);
  assertError(() => cloth.attach([256], [0, 0, 0]), /^nuno: 'particles' must be integers in \[0, 255\], each above the one before, got 256$/);
  assertError(() => cloth.attach([1, 1], [0, 0, 0, 0, 0, 0]), /'particles' must be .*, got 1 after 1$/);
  assertError(() => cloth.attach([1], [0, Number.NaN, 0]), /^nuno: 'targets' must/);
  assertError(() => cloth.attach([1], [0, 0]), /'targets' must be x, y, z for each of the 1 particles, got 2 numbers/);
  assertError(() => cloth.attach(/** @type {any} */ ('edge'), [0, 0, 0]), /'particles' must be an array of numbers/);
  cloth.reset();
  assert.ok(cloth.inverseMasses[3] > 0, 'reset() lets all go');
});

test('strain of given positions, as for positions read back from the GPU', (t) => {
  const cloth = nuno.createCloth({ columns: 6, rows: 4 });
  t.after(() => cloth.dispose());
  const stretched = Float32Array.from(cloth.positions, (value, i) => (i % 3 === 0 ? value * 1.5 : value));
  assert.ok(Math.abs(cloth.strain('structural', stretched).max - 0.5) < 1e-5, 'rows stretched by half');
  assert.equal(cloth.strain('structural').max, 0, 'its own positions are at rest');
  assertError(() => cloth.strain('structural', new Float32Array(5)), /'positions' must hold x, y, z for each of the 24 particles/);
});

test('nearestParticleToRay picks the front particle under the pointer', async () => {
  const { nearestParticleToRay } = await import('../../web/index.js');
  // Two particles on the ray (one behind the other) and one beside it.
  const positions = new Float32Array([0, 0, -2, 0, 0, -1, 0.5, 0, -1]);
  assert.equal(nearestParticleToRay(positions, [0, 0, 0], [0, 0, -1], 0.1), 1);
  assert.equal(nearestParticleToRay(positions, [0, 0, 0], [0, 0, 1], 0.1), -1, 'nothing behind the camera');
  assert.equal(nearestParticleToRay(positions, [0.5, 0, 0], [0, 0, -3], 0.1), 2);
});

test('pickParticle finds the particle under a ray, with its position, and names a bad ray', async (t) => {
  // A vertical 4 x 3 sheet in the plane z = 0 (the default orientation), seen along -z.
  const cloth = nuno.createCloth({ columns: 4, rows: 3, width: 0.3, height: 0.2 });
  t.after(() => cloth.dispose());
  const particle = 6;
  const at = cloth.positions.slice(3 * particle, 3 * particle + 3);
  const picked = await cloth.pickParticle([at[0] + 0.01, at[1], 1], [0, 0, -2], 0.02);
  assert.equal(picked?.particle, particle);
  assert.deepEqual(Array.from(picked?.position ?? []), Array.from(at));
  assert.equal(await cloth.pickParticle([at[0], at[1], 1], [0, 0, 1], 0.02), null, 'nothing behind the ray');
  assert.equal(await cloth.pickParticle([5, 5, 1], [0, 0, -1], 0.02), null, 'nothing within reach');
  assertError(() => cloth.pickParticle([0, 0], [0, 0, -1], 0.1), /'origin' must be an array of 3 numbers, got \[0, 0\]/);
  assertError(() => cloth.pickParticle([0, 0, NaN], [0, 0, -1], 0.1), /'origin\[2\]' must be a number in/);
  assertError(() => cloth.pickParticle([0, 0, 1], [0, 0, 0], 0.1), /'direction' must not be of zero length/);
  assertError(() => cloth.pickParticle([0, 0, 1], [0, 0, -1], -1), /'maxDistance' must be a number in \[0, 1000000\], got -1/);
});

test('a cloth pulled through itself with self-collision off works itself free once it is on', (t) => {
  // The fold of tests/engines/scenes.js pulled through itself: the untangling
  // (src/untangle.hpp) sends the block back within 2 s; without it the particle pairs held it
  // crossed for good.
  const cloth = nuno.createCloth(pulledThroughFoldSettings());
  t.after(() => cloth.dispose());
  pullThrough(cloth);
  const crossedAtFirst = cloth.selfCrossings();
  let steps = 0;
  while (cloth.selfCrossings() > 0 && steps < pulledThroughFold.steps) {
    cloth.stepFixed(1);
    steps++;
  }
  console.log(`metric: untangle_steps_wasm = ${steps} steps (12 x 16 fold, a 2 x 2 block pulled through; ${crossedAtFirst} crossings)`);
  assert.ok(crossedAtFirst >= 8, `the block should have been pulled through the lower layer: ${crossedAtFirst} crossings`);
  assert.equal(cloth.selfCrossings(), 0, `still crossed after ${steps} steps`);
  cloth.stepFixed(30);
  assert.equal(cloth.selfCrossings(), 0, 'and stays free');
});

test('selfCrossings counts the edges through the cloth\'s own triangles, of its positions or of those given', (t) => {
  // A 12 x 16 sheet folded over between rows 7 and 8 (the upper layer half a spacing above the
  // lower), then one particle of the upper layer pushed through the lower one: its 4 edges cross
  // the lower layer, and the lower layer's 4 edges under it cross its triangles (as in
  // tests/native/self_crossings_test.cpp).
  const { columns, rows, spacing } = pulledThroughFold;
  const gap = 0.01;
  const folded = foldedSheet(gap);
  const pushedThrough = Float32Array.from(folded);
  pushedThrough.set([6.31 * spacing, -gap, 3.17 * spacing], 3 * ((15 - 3) * columns + 6));
  const flat = nuno.createCloth({ columns, rows, pins: 'none' });
  const fold = nuno.createCloth({ columns, rows, pins: 'none', positions: folded });
  const crossed = nuno.createCloth({ columns, rows, pins: 'none', positions: pushedThrough });
  t.after(() => [flat, fold, crossed].forEach((cloth) => cloth.dispose()));
  assert.equal(flat.selfCrossings(), 0);
  assert.equal(fold.selfCrossings(), 0, 'layers close but apart do not cross');
  assert.equal(crossed.selfCrossings(), 8);
  assert.equal(crossed.selfCrossings(crossed.positions), 8, 'given positions measure the same');
  assert.equal(fold.selfCrossings(pushedThrough), 8);
  assert.equal(crossed.selfCrossings(folded), 0);
  assertError(() => crossed.selfCrossings(new Float32Array(5)), /'positions' must hold x, y, z for each of the 192 particles/);
});
