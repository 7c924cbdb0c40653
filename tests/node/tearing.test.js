// Tearing through the package's API on the CPU cloth: the setting and its errors, the mask and the
// count agreeing, readTorn() a copy, reset() mending. What tears and that the pieces come apart is
// the native tests' (tests/native/tearing_test.cpp); the GPUs' is tests/browser/tearing*.spec.js's.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadNuno } from '../../web/index.js';
import { metric } from './metric.js';

const nuno = await loadNuno();
const side = 16;

/**
 * A sheet pinned at the top whose bottom-middle particle is drawn 0.8 m down over half a second.
 * @param {number} tearStrain
 */
function pulledSheet(tearStrain) {
  const cloth = nuno.createCloth({ columns: side, rows: side, tearStrain });
  const particle = (side - 1) * side + side / 2;
  const start = cloth.positions.slice(particle * 3, particle * 3 + 3);
  for (let step = 1; step <= 60; step++) {
    cloth.hold(particle, [start[0], start[1] - 0.8 * Math.min(step, 30) / 30, start[2]]);
    cloth.stepFixed(1);
  }
  return cloth;
}

/** @param {Uint8Array} mask */
function bitsSet(mask) {
  let count = 0;
  for (const bits of mask) for (let d = 0; d < 4; d++) count += (bits >> d) & 1;
  return count;
}

test('tearStrain is checked by name and range', () => {
  for (const bad of [-0.1, 10.5, Number.NaN]) {
    assert.throws(() => nuno.createCloth({ tearStrain: bad }), (error) =>
      error instanceof Error && /'tearStrain'/.test(error.message) && /\[0, 10\]/.test(error.message));
  }
  assert.throws(() => nuno.createCloth({ tearStrain: /** @type {any} */ ('0.2') }), /'tearStrain' must be a number/);
  const cloth = nuno.createCloth({ columns: 4, rows: 4 });
  assert.equal(cloth.settings.tearStrain, 0);
  cloth.set({ tearStrain: 0.5 });
  assert.equal(cloth.settings.tearStrain, 0.5);
  assert.throws(() => cloth.set({ tearStrain: 11 }), /'tearStrain'/);
  cloth.dispose();
});

test('a cloth pulled hard tears where it is stretched, and its mask, count and read-back agree', async () => {
  const cloth = pulledSheet(0.2);
  const torn = cloth.tornConstraints();
  metric('tearing_pulled_sheet_torn_constraints', torn, '', '16 x 16, bottom middle drawn 0.8 m down, tearStrain 0.2');
  assert.ok(torn >= 4, `only ${torn} constraints tore`);
  assert.equal(bitsSet(cloth.tornMask), torn);
  assert.ok(cloth.tornMask.every((bits) => bits < 16), 'only the four tearable directions');
  const read = await cloth.readTorn();
  assert.deepEqual(Array.from(read), Array.from(cloth.tornMask));
  assert.equal(cloth.tornConstraints(read), torn);
  // A copy: changing it changes nothing in the cloth.
  read.fill(15);
  assert.equal(cloth.tornConstraints(), torn);
  assert.equal(cloth.tornConstraints(read), side * side * 4);
  // Torn around the held particle: the pulled one's own constraints or its neighbours'.
  assert.ok(cloth.positions.every(Number.isFinite));
  assert.equal(cloth.nonFiniteRecoveries, 0);
  cloth.dispose();
});

test('strain measures the constraints still solved: a torn one, stretched open, is no longer one', async () => {
  const cloth = pulledSheet(0.2);
  const whole = new Uint8Array(cloth.particleCount);
  const own = cloth.strain('structural');
  const asIfWhole = cloth.strain('structural', cloth.positions, whole);
  const byReadBack = cloth.strain('structural', cloth.positions, await cloth.readTorn());
  metric('tearing_strain_solved_vs_all', own.max, '', `structural max strain of the solved constraints; ${asIfWhole.max.toFixed(2)} counting the torn`);
  assert.ok(asIfWhole.max > 1, `the torn constraints are stretched open: ${asIfWhole.max}`);
  assert.ok(own.max < asIfWhole.max / 2, `${own.max} against ${asIfWhole.max}`);
  assert.deepEqual(byReadBack, own);
  assert.throws(() => cloth.strain('structural', cloth.positions, new Uint8Array(3)), /strain\(\) needs 'torn'/);
  cloth.dispose();
});

test('without tearStrain nothing tears, however hard the pull', () => {
  const cloth = pulledSheet(0);
  assert.equal(cloth.tornConstraints(), 0);
  assert.ok(cloth.tornMask.every((bits) => bits === 0));
  cloth.dispose();
});

test('reset() mends the cloth; a tear is kept through set() and release()', () => {
  const cloth = pulledSheet(0.2);
  const torn = cloth.tornConstraints();
  assert.ok(torn > 0);
  cloth.set({ tearStrain: 0 });
  for (let particle = 0; particle < cloth.particleCount; particle++) cloth.release(particle);
  cloth.stepFixed(10);
  assert.equal(cloth.tornConstraints(), torn);
  cloth.reset();
  assert.equal(cloth.tornConstraints(), 0);
  assert.ok(cloth.tornMask.every((bits) => bits === 0));
  cloth.dispose();
});

test('tornConstraints refuses what is not a mask of this cloth', () => {
  const cloth = nuno.createCloth({ columns: 4, rows: 4 });
  for (const bad of [new Uint8Array(15), new Uint32Array(16), [0, 0], 'mask']) {
    assert.throws(() => cloth.tornConstraints(/** @type {any} */ (bad)), (error) =>
      error instanceof TypeError && /'torn'/.test(error.message) && /Uint8Array of 16/.test(error.message));
  }
  cloth.dispose();
});
