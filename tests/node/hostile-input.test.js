// Hostile and extreme input through the public API (issue 8, items 5 and 6): no accepted value
// may drive the cloth to NaN, and every rejected one gets an Error naming the argument and what
// it accepts, never a JS or Embind internal and never a silent coercion.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import createNunoCore from '../../dist/nuno-core.mjs';
import { loadNuno } from '../../web/index.js';
import { metric } from './metric.js';

const nuno = await loadNuno();

/** @param {() => unknown} action @param {RegExp} message */
function assertError(action, message) {
  assert.throws(action, (error) => {
    assert.ok(error instanceof Error, `expected an Error, got ${String(error)}`);
    assert.match(/** @type {Error} */ (error).message, /^nuno: /);
    assert.match(/** @type {Error} */ (error).message, message);
    return true;
  });
}

/**
 * Steps a cloth and checks that every position and velocity stays finite with no step undone.
 * @param {import('../../web/index.js').Cloth} cloth
 * @param {number} steps
 */
function assertStaysFinite(cloth, steps) {
  for (let step = 0; step < steps; step += 10) {
    cloth.stepFixed(10);
    assert.equal(cloth.nonFiniteRecoveries, 0, `a step went non-finite before step ${step + 10}`);
  }
  assert.ok(cloth.positions.every(Number.isFinite), 'positions finite');
  assert.ok(cloth.velocities.every(Number.isFinite), 'velocities finite');
}

/** @param {import('../../web/index.js').ClothSettings} settings */
function make(settings) {
  return nuno.createCloth({ columns: 12, rows: 12, ...settings });
}

const oneLongSubstep = { stepSeconds: 0.1, maxFrameSeconds: 0.1, substeps: 1 };

test('density 1e-36 is refused; the lightest accepted cloth stays finite', (t) => {
  assertError(() => make({ density: 1e-36 }), /'density' must be a number in \[1e-06, 1000\], got 1e-36/);
  const cloth = make({ density: 1e-6, width: 1e-3, height: 1e-3 });
  t.after(() => cloth.dispose());
  assertStaysFinite(cloth, 300);
});

test('damping 50 over one 0.1 s substep stays finite (1 - c h was -4)', (t) => {
  const cloth = make({ damping: 50, ...oneLongSubstep });
  t.after(() => cloth.dispose());
  assertStaysFinite(cloth, 600);
  const { keep } = cloth.substepFactors();
  assert.equal(keep, Math.fround(Math.exp(-50 * Math.fround(0.1))));
});

test('wind drag 100 over one 0.1 s substep stays finite', (t) => {
  const cloth = make({ windTangentialDrag: 100, windNormalDrag: 100, wind: [1000, 0, -1000], ...oneLongSubstep });
  t.after(() => cloth.dispose());
  assertStaysFinite(cloth, 600);
  const factors = cloth.substepFactors();
  assert.equal(factors.normalDragShare, Math.fround(1 - Math.exp(-10)));
  assert.equal(factors.tangentialDragShare, factors.normalDragShare);
  const v = cloth.velocities;
  let fastest = 0;
  for (let i = 0; i < v.length; i += 3) fastest = Math.max(fastest, Math.hypot(v[i], v[i + 1], v[i + 2]));
  metric('drag_100_max_speed', fastest, 'm/s', 'wind 1414 m/s on a pinned cloth, after 60 s');
});

test('hold(0, [1e20, 0, 0]) is refused; a hold at the coordinate limit stays finite', (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  assertError(() => cloth.hold(0, [1e20, 0, 0]), /'position' must be three finite numbers, each in \[-10000, 10000\], got \[1e\+20, 0, 0\]/);
  cloth.hold(0, [1e4, 0, 0]);
  assertStaysFinite(cloth, 300);
});

test('a plane through [0, 1e20, 0] is refused; one through the coordinate limit stays finite', (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  assertError(() => cloth.addCollider({ type: 'plane', point: [0, 1e20, 0] }), /plane 'point' must be three finite numbers, each in \[-10000, 10000\], got \[0, 1e\+20, 0\]/);
  cloth.addCollider({ type: 'plane', point: [0, 1e4, 0] });
  assertStaysFinite(cloth, 300);
});

test('nonFiniteRecoveries is a number, 0 for a well-behaved cloth', (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  cloth.stepFixed(30);
  assert.equal(cloth.nonFiniteRecoveries, 0);
});

// Every numeric setting from the core's own schema (src/settings_schema.hpp), so a new setting is
// covered here by its line there.
const core = await createNunoCore({ wasmBinary: await readFile(new URL('../../dist/nuno-core.wasm', import.meta.url)) });
/** @type {{name: string, kind: string, low: number, high: number, open: boolean}[]} */
const schema = core.settingsSchema();
const numericSettings = schema.filter(({ kind }) => kind === 'integer' || kind === 'number');
const vectorSettings = schema.filter(({ kind }) => kind === 'vector');

/**
 * The next float32 beyond x (the core's numbers are float32) in the given direction.
 * @param {number} x a float32
 * @param {1 | -1} direction
 */
function nextFloat32(x, direction) {
  if (x === 0) return direction * 2 ** -149;
  const bits = new Int32Array(new Float32Array([x]).buffer);
  bits[0] += (x > 0) === (direction > 0) ? 1 : -1;
  return new Float32Array(bits.buffer)[0];
}

/**
 * {a: v} or, for 'family.field', {family: {field: v}}.
 * @param {string} name
 * @param {unknown} value
 * @returns {any}
 */
function settingsWith(name, value) {
  const [outer, inner] = name.split('.');
  return inner ? { [outer]: { [inner]: value } } : { [outer]: value };
}

/** @param {string} name */
const named = (name) => new RegExp(`^nuno: '${name.replace('.', '\\.')}' must be `);

test('cloth.settings holds every setting of the schema but the starting shape', (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  const topLevel = schema.filter(({ name, kind }) => !name.includes('.') && kind !== 'points').map(({ name }) => name);
  assert.deepEqual(Object.keys(cloth.settings).sort(), topLevel.sort());
});

test('every numeric setting: its ends accepted and finite, just beyond them refused by name', () => {
  assert.ok(numericSettings.length >= 27 && vectorSettings.length >= 3, 'the schema lists the numeric settings');
  let refused = 0;
  for (const { name, kind, low, high: schemaHigh, highSetting, open } of numericSettings) {
    // A 2 x 2 grid keeps the widest grids affordable: columns 16384 x rows 2.
    const grid = name === 'columns' || name === 'rows' ? { columns: 2, rows: 2 } : { columns: 6, rows: 6 };
    // An end that is another setting is that setting's value here (patchColumns <= columns).
    const high = highSetting ? /** @type {Record<string, number>} */ (grid)[highSetting] : schemaHigh;
    for (const end of open ? [] : [low, high]) {
      const cloth = nuno.createCloth({ ...grid, ...settingsWith(name, end) });
      assertStaysFinite(cloth, 20);
      cloth.dispose();
    }
    const [below, above] = kind === 'integer' ? [low - 1, high + 1] : open ? [low, high] : [nextFloat32(low, -1), nextFloat32(high, 1)];
    for (const value of [below, above, NaN, null, String(low), true]) {
      assertError(() => nuno.createCloth({ ...grid, ...settingsWith(name, value) }), named(name));
      refused++;
    }
  }
  for (const { name, high: limit } of vectorSettings) {
    for (const vector of [[limit, -limit, limit], [-limit, limit, -limit]]) {
      const cloth = nuno.createCloth({ columns: 6, rows: 6, [name]: vector });
      assertStaysFinite(cloth, 20);
      cloth.dispose();
    }
    for (const value of [[0, nextFloat32(limit, 1), 0], [0, 0, Infinity], [0, 0], null, '0,0,0', [0, '1', 0]]) {
      assertError(() => nuno.createCloth({ [name]: value }), new RegExp(`^nuno: '${name}(\\[1\\])?' must be `));
      refused++;
    }
  }
  metric('out_of_range_inputs_refused_by_name', refused, 'inputs');
});

test('null in a settings object is refused by name, not taken for the default', () => {
  assertError(() => nuno.createCloth({ solver: null }), /'solver' must be a string, got null/);
  assertError(() => nuno.createCloth({ pins: null }), /'pins' must be an array of numbers, got null/);
  assertError(() => nuno.createCloth({ shear: null }), /'shear' must be a plain object, got null/);
  const cloth = nuno.createCloth({ solver: undefined });
  assert.equal(cloth.settings.solver, 'xpbd', 'undefined is absent, as after an object spread');
  assertError(() => cloth.set({ ordering: null }), /'ordering' must be a string, got null/);
  assertError(() => cloth.updateCollider(cloth.addCollider({ type: 'sphere' }), { radius: null }), /'radius' must be a number, got null/);
  cloth.dispose();
});

test("a family field of the wrong type names the family: 'bending.shrink'", () => {
  assertError(() => nuno.createCloth({ bending: { shrink: '0.5' } }), /^nuno: 'bending\.shrink' must be a number, got '0\.5'$/);
  assertError(() => nuno.createCloth({ shear: { compliance: [1] } }), /'shear\.compliance' must be a number, got an array/);
});

test('a plane normal of [1e20, 0, 0] is +x, not a zero normal that freezes the cloth', (t) => {
  const cloth = make({ pins: 'none' });
  t.after(() => cloth.dispose());
  cloth.addCollider({ type: 'plane', normal: [1e20, 0, 0], point: [-2, 0, 0] });
  assert.deepEqual(cloth.colliders[0].normal, [1, 0, 0]);
  assert.equal(cloth.colliders[0].offset, -2);
  const start = cloth.lowestPoint;
  cloth.stepFixed(30);
  assert.ok(cloth.lowestPoint < start - 0.5, 'the cloth falls past a wall beside it');
  assertError(() => cloth.addCollider({ type: 'plane', normal: [0, 0, 0] }), /plane 'normal' must be a non-zero vector of three finite numbers, got \[0, 0, 0\]/);
  const tiny = cloth.addCollider({ type: 'plane', normal: [0, 1e-300, 0], point: [0, -5, 0] });
  assert.deepEqual(cloth.colliders.find((collider) => collider.id === tiny)?.normal, [0, 1, 0]);
});

test("a plane point [0, Infinity, 0] is reported as 'point', not 'normal'", (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  assertError(() => cloth.addCollider({ type: 'plane', point: [0, Infinity, 0] }), /^nuno: plane 'point' must be three finite numbers, each in \[-10000, 10000\], got \[0, Infinity, 0\]$/);
});

test('createCloth({columns: 4096, rows: 4096}) says how much memory it needs and the limit', () => {
  assert.throws(() => nuno.createCloth({ columns: 4096, rows: 4096 }), (error) => {
    assert.ok(error instanceof Error);
    const { message } = /** @type {Error} */ (error);
    const parts = /^nuno: 'columns \* rows' must be at most about (\d+) particles \(a cloth keeps about (\d+) bytes per particle and may take 1024 MiB of the 2 GiB WebAssembly heap\), got 16777216, which needs about (\d+) MiB$/.exec(message);
    assert.ok(parts, message);
    const [maxParticles, bytesPerParticle, neededMebibytes] = parts.slice(1).map(Number);
    // The three numbers agree with each other and with the 1 GiB limit.
    assert.ok(Math.abs((maxParticles * bytesPerParticle) / 2 ** 30 - 1) < 0.01, message);
    assert.ok(Math.abs((16777216 * bytesPerParticle) / 2 ** 20 / neededMebibytes - 1) < 0.01, message);
    return true;
  });
  assertError(() => nuno.createCloth({ columns: 1844, rows: 1844 }), /'columns \* rows' must be at most about/);
});

test('the memory a cloth takes in wasm is what the limit assumes', (t) => {
  const before = nuno.heapBytesInUse();
  const cloth = nuno.createCloth({ columns: 256, rows: 256 });
  t.after(() => cloth.dispose());
  const bytesPerParticle = (nuno.heapBytesInUse() - before) / cloth.particleCount;
  metric('wasm_cloth_bytes_per_particle', bytesPerParticle.toFixed(1), 'bytes', '256 x 256');
  assert.ok(Math.abs(bytesPerParticle - 345) < 0.05 * 345, `${bytesPerParticle} bytes per particle`);
});

test('particle arguments: only integer indices in range, never coerced', (t) => {
  const cloth = make({ pins: 'none' });
  t.after(() => cloth.dispose());
  const particle = /'particle' must be an integer in \[0, 143\]/;
  for (const value of [null, undefined, '5', [6], 10n, 1.5, -1, 144, NaN, {}]) {
    for (const method of /** @type {const} */ (['pin', 'unpin', 'isPinned', 'release'])) {
      assertError(() => cloth[method](/** @type {any} */ (value)), particle);
    }
    assertError(() => cloth.hold(/** @type {any} */ (value), [0, 0, 0]), particle);
  }
  assertError(() => cloth.pin(/** @type {any} */ (10n)), /got 10n$/);
  assertError(() => cloth.pin(/** @type {any} */ ('5')), /got '5'$/);
  assertError(() => cloth.pin(/** @type {any} */ ([6])), /got \[6\]$/);
  assertError(() => cloth.pin(/** @type {any} */ (null)), /got null$/);
  assert.equal(cloth.settings.pins, 'none', 'nothing was pinned by a rejected call');
});

test("patchOf('3') and patchOf(null): a particle by number, as pin has it", (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  for (const value of ['3', null, 1.5, -1, cloth.particleCount, undefined]) {
    assertError(() => cloth.patchOf(/** @type {any} */ (value)), /^nuno: 'particle' must be an integer in \[0, \d+\], got /);
  }
  assert.equal(cloth.patchOf(3), 0);
});

test('hold(3, null) and other positions: an array of 3 numbers', (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  for (const value of [null, undefined, [0, 1], [0, '1', 0], '0,1,0', { 0: 0, 1: 1, 2: 0 }, [0n, 0n, 0n]]) {
    assertError(() => cloth.hold(3, /** @type {any} */ (value)), /^nuno: 'position' must be an array of 3 numbers, got /);
  }
  cloth.hold(3, new Float32Array([0, 1, 0]));
  cloth.hold(3, [0, 1, 0]);
});

test('constraintCount(5) and strain(5): the family by name', (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  const family = /^nuno: 'family' must be one of 'structural', 'shear', 'bending', got /;
  assertError(() => cloth.constraintCount(/** @type {any} */ (5)), family);
  assertError(() => cloth.strain(/** @type {any} */ (null)), family);
  assertError(() => cloth.strain('shear', /** @type {any} */ (null)), /^nuno: 'positions' must be an array of numbers, got null$/);
  assertError(() => cloth.strain('shear', /** @type {any} */ (['0'])), /'positions' must be an array of numbers/);
});

test('collider ids, step counts and frame times: integers and numbers, never truncated', (t) => {
  const cloth = make({});
  t.after(() => cloth.dispose());
  const sphere = cloth.addCollider({ type: 'sphere' });
  assert.equal(sphere, 1);
  for (const value of [1.5, '1', null, 0, -1, 2 ** 32, 1n]) {
    assertError(() => cloth.removeCollider(/** @type {any} */ (value)), /^nuno: 'id' must be an integer in \[1, 4294967295\], got /);
    assertError(() => cloth.updateCollider(/** @type {any} */ (value), { radius: 1 }), /'id' must be an integer/);
  }
  assert.equal(cloth.colliders.length, 1, 'removeCollider(1.5) did not remove collider 1');
  for (const value of [2.9, -1, '2', null, NaN, 1e6 + 1]) {
    assertError(() => cloth.stepFixed(/** @type {any} */ (value)), /^nuno: 'count' must be an integer in \[0, 1000000\], got /);
  }
  assert.equal(cloth.stepsTaken, 0, 'stepFixed(2.9) took no steps');
  const stages = cloth.substepSchedule().length;
  const start = Float32Array.from(cloth.positions);
  for (const value of [2.9, -1, '2', null, NaN, stages + 1]) {
    assertError(() => cloth.stepStages(/** @type {any} */ (value)), new RegExp(`^nuno: 'count' must be an integer in \\[0, ${stages}\\], got `));
  }
  assert.deepEqual(cloth.positions, start, 'a refused stepStages moved nothing');
  for (const value of [-1, '0.1', null, Infinity, NaN]) {
    assertError(() => cloth.step(/** @type {any} */ (value)), /^nuno: 'frameSeconds' must be a number in \[0, /);
  }
});

test("after pin(15), set({columns: 3}) names 'columns', not the pins", (t) => {
  const cloth = nuno.createCloth({ columns: 4, rows: 4, pins: 'none' });
  t.after(() => cloth.dispose());
  cloth.pin(15);
  assertError(() => cloth.set({ columns: 3 }), /^nuno: 'columns' shapes the grid and cannot change on a running cloth/);
});

test('substepFactors() gives the float32 factors the core steps with', (t) => {
  const cloth = make({ damping: 0.5, windNormalDrag: 3, windTangentialDrag: 0.25, substeps: 8 });
  t.after(() => cloth.dispose());
  const h = Math.fround(Math.fround(1 / 60) / 8);
  const factors = cloth.substepFactors();
  // Math.exp and the core's exp may differ in the last bit of a double, which rounding to
  // float32 hides except in a tie; allow one float32 step.
  const closeToFloat = (/** @type {number} */ actual, /** @type {number} */ expected) =>
    assert.ok(Math.abs(actual - Math.fround(expected)) <= 2 ** -24 * Math.abs(expected) * 2, `${actual} vs ${expected}`);
  closeToFloat(factors.keep, Math.exp(-0.5 * h));
  closeToFloat(factors.normalDragShare, -Math.expm1(-3 * h));
  closeToFloat(factors.tangentialDragShare, -Math.expm1(-0.25 * h));
  cloth.set({ damping: 0, windNormalDrag: 0, windTangentialDrag: 0 });
  assert.deepEqual(cloth.substepFactors(), { keep: 1, normalDragShare: 0, tangentialDragShare: 0 });
});

// The GPU cloths ask the core for a step cut into more substeps where self-collision's layers
// close fast: the rules and factors of any count, and the count for an approach speed.
test('a step cut into other substeps: its rules, factors and count come from the core, with errors by name', (t) => {
  const cloth = make({ substeps: 10, selfCollisionThickness: 0.02, damping: 0.5, structural: { compliance: 1e-6 } });
  t.after(() => cloth.dispose());
  // XPBD's compliance / h^2 grows with the square of the substeps; damping's keep with h.
  const ratio = cloth.familyRules(20)[0].alphaTilde / cloth.familyRules()[0].alphaTilde;
  assert.ok(Math.abs(ratio - 4) < 1e-5, `alphaTilde at 20 substeps / at 10 = ${ratio}`);
  assert.deepEqual(cloth.familyRules(10), cloth.familyRules());
  assert.ok(Math.abs(Math.log(cloth.substepFactors(20).keep) / Math.log(cloth.substepFactors().keep) - 0.5) < 1e-5);
  // Half the thickness (1 cm) a substep: 6 m/s is 1 cm a substep of 10 (a step is 1/60 s), 12 m/s
  // needs 20, and no more than 4x the setting however fast.
  assert.equal(cloth.substepsFor(0), 10);
  assert.equal(cloth.substepsFor(6 * 0.99), 10);
  assert.equal(cloth.substepsFor(12 * 1.01), 21);
  assert.equal(cloth.substepsFor(1e30), 40);
  assertError(() => cloth.familyRules(0), /^nuno: 'substeps' must be an integer in \[1, 1000000\], got 0$/);
  assertError(() => cloth.substepFactors(2.5), /^nuno: 'substeps' must be an integer in \[1, 1000000\], got 2.5$/);
  assertError(() => cloth.substepsFor(-1), /^nuno: 'fastestApproach' must be/);
  assertError(() => cloth.substepsFor(Number.NaN), /^nuno: 'fastestApproach' must be/);
  cloth.set({ selfCollisionThickness: 0 });
  assert.equal(cloth.substepsFor(1e30), 10, 'without self-collision a step keeps its substeps');
});

test('positions as float arrays: what the array holds counts, not what its length says; a DataView is refused by name', (t) => {
  const columns = 3;
  const rows = 5;
  // A subclass whose length claims 45 numbers while it holds 3.
  class ClaimsMore extends Float32Array { get length() { return columns * rows * 3; } }
  assertError(() => nuno.createCloth({ columns, rows, positions: new ClaimsMore(3) }), /'positions' must be columns \* rows = 15 points, got 1 points/);
  // ... and one whose length claims fewer than the 45 it holds: its 45 are read.
  class ClaimsFewer extends Float32Array { get length() { return 2; } }
  const shape = ClaimsFewer.from({ length: columns * rows * 3 }, (_, i) => (i % 3 === 1 ? 1 - 0.1 * Math.floor(i / 3 / columns) : 0.1 * ((i / 3) % columns)));
  const cloth = nuno.createCloth({ columns, rows, positions: shape, pins: 'none' });
  t.after(() => cloth.dispose());
  assert.deepEqual(Array.from(cloth.positions), Array.from(Float32Array.from(shape)));
  assertError(() => nuno.createCloth({ columns, rows, positions: new DataView(new ArrayBuffer(180)) }), /'positions' must be an array of numbers, got a DataView/);
  // Transferred away, an array holds nothing, as an empty one: the flat sheet.
  const transferred = new Float32Array(columns * rows * 3);
  structuredClone(transferred.buffer, { transfer: [transferred.buffer] });
  const flat = nuno.createCloth({ columns, rows, positions: transferred });
  const plain = nuno.createCloth({ columns, rows });
  t.after(() => { flat.dispose(); plain.dispose(); });
  assert.deepEqual(Array.from(flat.positions), Array.from(plain.positions));
});

// Issue 30, item 3: an array far too long for its setting gave a bare "std::bad_alloc" (the
// reader reserved its declared length); it is refused by name, from that length, before anything
// is copied. new Array(n) declares n elements and holds none.
test('arrays too long for their setting are refused by name before they are copied', () => {
  const tooLong = (/** @type {number} */ length) => new Array(length);
  const mostPerParticle = /at most (\d+) numbers \(x, y, z for each of at most (\d+) particles\), got an array of 300000000$/;
  for (const key of ['positions', 'velocities']) {
    assertError(() => nuno.createCloth({ columns: 2, rows: 2, [key]: tooLong(3e8) }), new RegExp(`^nuno: '${key}' must be an array of ${mostPerParticle.source}`));
    // The longest array the 2 GiB heap can take is still refused by its length, not by the allocator.
    assertError(() => nuno.createCloth({ columns: 2, rows: 2, [key]: tooLong(2 ** 32 - 1) }), new RegExp(`^nuno: '${key}' must be an array of at most \\d+ numbers .*, got an array of 4294967295$`));
  }
  let message = '';
  try {
    nuno.createCloth({ columns: 2, rows: 2, positions: tooLong(3e8) });
  } catch (error) {
    message = /** @type {Error} */ (error).message;
  }
  const [mostNumbers, mostParticles] = /** @type {RegExpExecArray} */ (mostPerParticle.exec(message)).slice(1).map(Number);
  assert.equal(mostNumbers, 3 * mostParticles, message);
  // The most particles a cloth can have: about 3.11 million, as the memory limit says.
  assert.ok(mostParticles > 3.1e6 && mostParticles < 3.2e6, message);
  // Just over the limit: refused by its length; at it: read, and refused as not one point per particle.
  assertError(() => nuno.createCloth({ columns: 2, rows: 2, positions: new Float32Array(mostNumbers + 1) }), new RegExp(`got an array of ${mostNumbers + 1}$`));
  assertError(() => nuno.createCloth({ columns: 2, rows: 2, positions: new Float32Array(mostNumbers) }), /^nuno: 'positions' must be columns \* rows = 4 points, got \d+ points$/);
  assertError(() => nuno.createCloth({ columns: 2, rows: 2, pins: tooLong(3e8) }),
    new RegExp(`^nuno: 'pins' must be an array of at most ${mostParticles} particle indices \\(a cloth has at most ${mostParticles} particles\\), got an array of 300000000$`));
  assertError(() => nuno.createCloth({ gravity: tooLong(3e8) }), /^nuno: 'gravity' must be an array of 3 numbers, got an array of 300000000$/);
  const cloth = nuno.createCloth({ columns: 2, rows: 2 });
  assertError(() => cloth.addCollider({ type: 'sphere', center: tooLong(3e8) }), /^nuno: 'center' must be an array of 3 numbers, got an array of 300000000$/);
  assertError(() => cloth.addCollider({ type: 'box', rotation: tooLong(3e8) }), /^nuno: box 'rotation' must be an array of 4 numbers \[x, y, z, w\], got an array of 300000000$/);
  cloth.dispose();
  for (const [key, width] of /** @type {const} */ ([['patchPositions', 3], ['patchRotations', 4], ['patchVelocities', 3], ['patchSpins', 3]])) {
    assertError(() => nuno.createPatches({ patchesAcross: 2, patchesDown: 2, [key]: tooLong(3e8) }),
      new RegExp(`^nuno: '${key}' must be ${width} numbers per patch \\(${4 * width}\\), got 300000000 numbers$`));
  }
});

// Issue 30, item 4: a NaN in patchRotations was refused as "'positions' must be three finite
// numbers", the grid the poses become; every patch array names itself.
test('a NaN in any patch array is refused naming that array', () => {
  const identities = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
  assertError(() => nuno.createPatches({ patchesAcross: 2, patchesDown: 2, patchRotations: [NaN, ...identities.slice(1)] }),
    /^nuno: 'patchRotations' must be a non-zero quaternion \[x, y, z, w\] of four finite numbers, got \[NaN, 0, 0, 1\]$/);
  assertError(() => nuno.createPatches({ patchesAcross: 2, patchesDown: 2, patchRotations: new Float32Array([...identities.slice(0, 15), NaN]) }),
    /^nuno: 'patchRotations' must be a non-zero quaternion .*, got \[0, 0, 0, NaN\]$/);
  for (const [key, limit] of /** @type {const} */ ([['patchPositions', 10000], ['patchVelocities', 100], ['patchSpins', 1000]])) {
    const values = new Array(12).fill(0);
    values[7] = NaN;
    assertError(() => nuno.createPatches({ patchesAcross: 2, patchesDown: 2, [key]: values }),
      new RegExp(`^nuno: '${key}' must be finite numbers, each in \\[-${limit}, ${limit}\\], got NaN$`));
  }
  const cloth = nuno.createCloth({ columns: 2, rows: 2 });
  assertError(() => cloth.addCollider({ type: 'box', rotation: [0, NaN, 0, 1] }),
    /^nuno: box 'rotation' must be a non-zero quaternion \[x, y, z, w\] of four finite numbers, got \[0, NaN, 0, 1\]$/);
  cloth.dispose();
});

// Issue 30, item 5: 2 ** 31 columns was "must be an integer, got 2.1474836e+09"; NaN and
// Infinity were "nan" and "inf".
test('numbers in errors as JS writes them; a whole number out of an int range is told the range', () => {
  assertError(() => nuno.createCloth({ columns: 2 ** 31 }), /^nuno: 'columns' must be an integer in \[2, 16384\], got 2147483648$/);
  assertError(() => nuno.createCloth({ rows: -(2 ** 40) }), /^nuno: 'rows' must be an integer in \[2, 16384\], got -1099511627776$/);
  assertError(() => nuno.createCloth({ rows: 2.5 }), /^nuno: 'rows' must be an integer in \[2, 16384\], got 2\.5$/);
  assertError(() => nuno.createCloth({ substeps: NaN }), /^nuno: 'substeps' must be an integer in \[1, 100\], got NaN$/);
  assertError(() => nuno.createCloth({ patchColumns: 2 ** 31 }), /^nuno: 'patchColumns' must be an integer in \[0, columns\], got 2147483648$/);
  assertError(() => nuno.createPatches({ patchesAcross: 2 ** 53 }), /^nuno: 'patchesAcross' must be an integer in \[1, 2048\], got 9007199254740992$/);
  assertError(() => nuno.createCloth({ damping: Infinity }), /^nuno: 'damping' must be a number in \[0, 50\], got Infinity$/);
  assertError(() => nuno.createCloth({ wind: [-Infinity, 0, NaN] }), /^nuno: 'wind' must be three finite numbers, each in \[-1000, 1000\], got \[-Infinity, 0, NaN\]$/);
  assertError(() => nuno.createCloth({ springConstant: 1e9 + 64 }), /^nuno: 'springConstant' must be a number in \[0, 1000000000\], got 1000000064$/);
});
