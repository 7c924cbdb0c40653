// createPatches through the public API in Node: the layout and poses it builds, its errors by
// name, how many patches fit, independence between patches, and no leak.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadNuno } from '../../web/index.js';
import { metric } from './metric.js';

const nuno = await loadNuno();
const layout = { patchesAcross: 3, patchesDown: 2, patchColumns: 6, patchRows: 4, patchWidth: 0.1, patchHeight: 0.12 };

/**
 * @param {() => unknown} action
 * @param {RegExp} expected
 */
function assertError(action, expected) {
  assert.throws(action, (error) => error instanceof Error && expected.test(error.message));
}

test('createPatches lays the patches out as tiles of one grid, each a flat rectangle turned and moved', () => {
  const papers = nuno.createPatches({ ...layout, seed: 4, scatterSpeed: 1, scatterSpin: 2, pins: 'none' });
  try {
    assert.equal(papers.columns, 18);
    assert.equal(papers.rows, 8);
    assert.equal(papers.patchCount, 6);
    assert.deepEqual([papers.patchOf(0), papers.patchOf(6), papers.patchOf(17), papers.patchOf(4 * 18)], [0, 1, 2, 3]);
    assert.equal(papers.settings.patchColumns, 6);
    const positions = papers.positions;
    const spacing = 0.1 / 5;
    let largestError = 0;
    for (let row = 0; row < 8; row++) {
      for (let column = 0; column < 17; column++) {
        if (column % 6 === 5) continue; // the next particle is another patch's
        const [a, b] = [row * 18 + column, row * 18 + column + 1];
        const length = Math.hypot(positions[3 * b] - positions[3 * a], positions[3 * b + 1] - positions[3 * a + 1], positions[3 * b + 2] - positions[3 * a + 2]);
        largestError = Math.max(largestError, Math.abs(length - spacing));
      }
    }
    assert.ok(largestError < 1e-6, `row spacing off by ${largestError} m`);
    assert.ok(papers.velocities.some((speed) => Math.abs(speed) > 0.5), 'the scatter gave the patches their speed');
    // Given poses replace the scatter's: patch 1 at a point, the others where the seed put them.
    const placed = nuno.createPatches({ ...layout, seed: 4, patchPositions: [0, 1, 0, 5, 6, 7, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0] });
    const centre = [0, 1, 2].map((axis) => {
      let sum = 0;
      for (let i = 0; i < placed.particleCount; i++) if (placed.patchOf(i) === 1) sum += placed.positions[3 * i + axis];
      return sum / 24;
    });
    centre.forEach((value, axis) => assert.ok(Math.abs(value - [5, 6, 7][axis]) < 1e-5, `patch 1's centre ${centre}`));
    placed.dispose();
  } finally {
    papers.dispose();
  }
});

test('createPatches refuses bad layouts, poses and grid keys by name', () => {
  assertError(() => nuno.createPatches({ columns: 4 }), /^nuno: 'columns' is set by createPatches from the layout/);
  assertError(() => nuno.createPatches({ positions: [0, 0, 0] }), /^nuno: 'positions' is set by createPatches/);
  assertError(() => nuno.createPatches({ patchColumns: 1 }), /^nuno: 'patchColumns' must be an integer in \[2, 16384\], got 1$/);
  assertError(() => nuno.createPatches({ patchColumns: 8, patchesAcross: 2049 }), /^nuno: 'patchesAcross' must be an integer in \[1, 2048\], got 2049$/);
  assertError(() => nuno.createPatches({ patchWidth: 0 }), /^nuno: 'patchWidth' must be a number in \[0.001, 1000\], got 0$/);
  assertError(() => nuno.createPatches({ seed: -1 }), /^nuno: 'seed' must be an integer in \[0, 1000000\], got -1$/);
  assertError(() => nuno.createPatches({ scatterExtent: [1, -1, 1] }), /^nuno: 'scatterExtent' must be three numbers, each in \[0, 10000\]/);
  assertError(() => nuno.createPatches({ ...layout, patchPositions: [0, 1] }), /^nuno: 'patchPositions' must be 3 numbers per patch \(18\), got 2 numbers$/);
  assertError(() => nuno.createPatches({ ...layout, patchRotations: new Array(24).fill(0) }), /^nuno: 'patchRotations' must be a non-zero quaternion/);
  assertError(() => nuno.createPatches({ ...layout, patchVelocities: new Array(18).fill(500) }), /^nuno: 'patchVelocities' must be finite numbers, each in \[-100, 100\], got 500$/);
  assertError(() => nuno.createPatches({ ...layout, substeps: 0 }), /^nuno: 'substeps' must be an integer in \[1, 100\], got 0$/);
  assertError(() => nuno.createPatches({ ...layout, bogus: 1 }), /^nuno: unknown setting 'bogus'; createPatches takes patchesAcross, .*, and the cloth settings bending, /);
  // A layout within the grid's side but not the heap is refused by its own names before its
  // 256 million particles are placed (that ended in std::bad_alloc).
  const heapBeyond = /^nuno: 'patchesAcross \* patchesDown' must be at most about (\d+) patches of 8 x 8 particles \(a cloth keeps about (\d+) bytes per particle and may take 1024 MiB of the 2 GiB WebAssembly heap\), got 4000000, which needs about (\d+) MiB$/;
  let message = '';
  try {
    nuno.createPatches({ patchColumns: 8, patchRows: 8, patchesAcross: 2000, patchesDown: 2000 });
  } catch (error) {
    message = /** @type {Error} */ (error).message;
  }
  const [, mostPatches, bytesPerParticle] = /** @type {RegExpExecArray} */ (heapBeyond.exec(message) ?? assert.fail(message));
  assert.ok(Math.abs(Number(mostPatches) * 64 * Number(bytesPerParticle) / 2 ** 30 - 1) < 0.01, `${mostPatches} patches of 64 particles fill 1 GiB`);
});

test('patchCapacity: how many patches of a size the core\'s grid holds', () => {
  assert.deepEqual(nuno.patchCapacity(8, 8), { patchesAcross: 2048, patchesDown: 2048, patches: 2048 * 2048, gridSide: 16384 });
  assert.deepEqual(nuno.patchCapacity(5, 7), { patchesAcross: 3276, patchesDown: 2340, patches: 3276 * 2340, gridSide: 16384 });
  assertError(() => nuno.patchCapacity(1, 8), /^nuno: 'patchColumns' must be an integer of at least 2, got 1$/);
  assertError(() => nuno.patchCapacity(8, 2.5), /^nuno: 'patchRows' must be an integer of at least 2, got 2.5$/);
});

test('dragging one patch never moves another, bit for bit, under every ordering', () => {
  for (const ordering of ['red-black', 'gauss-seidel', 'jacobi']) {
    const settings = { ...layout, seed: 9, scatterSpin: 3, ordering, windGustSpeed: 2, wind: [1, 0, 0], pins: 'none' };
    const [still, dragged] = [nuno.createPatches(settings), nuno.createPatches(settings)];
    for (const cloth of [still, dragged]) cloth.addCollider({ type: 'plane', point: [0, 1.5, 0] });
    const held = 4 * 18 + 6 + 2; // patch 4: tile (1, 1)
    for (let step = 0; step < 40; step++) {
      dragged.hold(held, [Math.sin(step / 5), 2.5, 0]);
      still.stepFixed(1);
      dragged.stepFixed(1);
    }
    let moved = 0;
    for (let i = 0; i < still.particleCount; i++) {
      const same = [0, 1, 2].every((axis) => still.positions[3 * i + axis] === dragged.positions[3 * i + axis]);
      if (dragged.patchOf(i) === 4) moved += same ? 0 : 1;
      else assert.ok(same, `${ordering}: particle ${i} of patch ${dragged.patchOf(i)} moved`);
    }
    assert.equal(moved, 24, `${ordering}: the dragged patch moves`);
    still.dispose();
    dragged.dispose();
  }
});

test('1,000 createPatches/step/dispose cycles leave the heap as it was', () => {
  const cycle = () => {
    const papers = nuno.createPatches({ ...layout, seed: 2, windGustSpeed: 1 });
    papers.stepFixed(1);
    papers.dispose();
    assert.throws(() => nuno.createPatches({ ...layout, patchPositions: [1] }));
  };
  cycle();
  const before = nuno.heapBytesInUse();
  for (let i = 0; i < 1000; i++) cycle();
  const after = nuno.heapBytesInUse();
  metric('heap_growth_after_1000_patch_cycles', after - before, 'bytes');
  assert.equal(after, before);
});

/**
 * How many times a side of one paper passes through another paper, over every pair of papers,
 * read from the public positions: a paper is flat, so its corner particles span it, and two
 * papers cross exactly where a side of one passes through the other's two triangles.
 * @param {import('../../web/index.js').Cloth} papers
 * @param {number} patchColumns
 * @param {number} patchRows
 */
function papersCrossings(papers, patchColumns, patchRows) {
  const { columns, positions, patchCount } = papers;
  const across = columns / patchColumns;
  /** @param {number} index @returns {number[]} */
  const point = (index) => [positions[3 * index], positions[3 * index + 1], positions[3 * index + 2]];
  // Each paper's corners, in order around it.
  const corners = Array.from({ length: patchCount }, (_, patch) => {
    const [column, row] = [(patch % across) * patchColumns, Math.floor(patch / across) * patchRows];
    const at = (/** @type {number} */ c, /** @type {number} */ r) => point((row + r) * columns + column + c);
    return [at(0, 0), at(patchColumns - 1, 0), at(patchColumns - 1, patchRows - 1), at(0, patchRows - 1)];
  });
  /** @param {number[]} a @param {number[]} b */
  const minus = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  /** @param {number[]} a @param {number[]} b @param {number[]} c */
  const volume = (a, b, c) => a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
  // The segment p-q passes through triangle abc: p and q on either side of its plane, and the
  // line through them on the same side of all three edges.
  /** @param {number[]} p @param {number[]} q @param {number[]} a @param {number[]} b @param {number[]} c */
  const crosses = (p, q, a, b, c) => {
    const [ap, aq] = [minus(p, a), minus(q, a)];
    const [ab, ac] = [minus(b, a), minus(c, a)];
    if (Math.sign(volume(ab, ac, ap)) * Math.sign(volume(ab, ac, aq)) >= 0) return false;
    const pq = minus(q, p);
    const sides = [volume(pq, minus(a, p), minus(b, p)), volume(pq, minus(b, p), minus(c, p)), volume(pq, minus(c, p), minus(a, p))];
    return sides.every((side) => side > 0) || sides.every((side) => side < 0);
  };
  const centres = corners.map((c) => [0, 1, 2].map((axis) => (c[0][axis] + c[2][axis]) / 2));
  const reach = Math.hypot(...minus(corners[0][2], corners[0][0]));
  let crossings = 0;
  for (let a = 0; a < patchCount; a++) {
    for (let b = 0; b < patchCount; b++) {
      if (a === b || Math.hypot(...minus(centres[a], centres[b])) > reach) continue;
      const [p, q] = [corners[a], corners[b]];
      for (let side = 0; side < 4; side++) {
        const [from, to] = [p[side], p[(side + 1) % 4]];
        if (crosses(from, to, q[0], q[1], q[2]) || crosses(from, to, q[0], q[2], q[3])) crossings++;
      }
    }
  }
  return crossings;
}

const demoSea = { patchesAcross: 64, patchesDown: 64, patchColumns: 8, patchRows: 8, patchWidth: 0.1, patchHeight: 0.14, scatterCenter: [0, 2.6, 0], scatterExtent: [3.5, 2.4, 3.5], scatterSpin: 2, seed: 3 };

// Before, 1874 sides of a paper passed through another at the start.
test('the demo\'s sea of papers (seed 3) starts with no paper through or near another', () => {
  const started = performance.now();
  const papers = nuno.createPatches(demoSea);
  metric('papers_sea_create_ms', performance.now() - started, 'ms', '64 x 64 papers, the demo\'s scatter, through createPatches');
  try {
    assert.equal(papersCrossings(papers, 8, 8), 0);
    // Half a particle spacing apart: no two particles of different papers are counted through
    // each other at a thickness of one spacing (the demo's, with self-collision on).
    assert.equal(papers.selfIntersections(0.1 / 7), 0);
    // The same poses as the native build's (tests/native/patches_test.cpp): the last paper's centre.
    const last = 4095;
    const centre = [0, 1, 2].map((axis) => {
      let sum = 0;
      for (let i = 0; i < papers.particleCount; i++) if (papers.patchOf(i) === last) sum += papers.positions[3 * i + axis];
      return sum / 64;
    });
    [-0.153818816, 3.41712451, 0.784770608].forEach((value, axis) => assert.ok(Math.abs(centre[axis] - value) < 1e-5, `the last paper's centre ${centre}`));
  } finally {
    papers.dispose();
  }
});

test('a scatter box that cannot hold the papers apart is refused by name, unless the positions are given', () => {
  assertError(() => nuno.createPatches({ ...demoSea, scatterExtent: [0.5, 0.5, 0.5] }),
    /^nuno: 'scatterExtent' must be large enough to hold 4096 patches of 0.1 x 0.14 m at least 0.007142857 m apart \(half a particle spacing; patch \d+ found no room in 1000 tries\), got \[0.5, 0.5, 0.5\]$/);
  const together = { ...layout, patchesAcross: 2, patchesDown: 1, scatterExtent: [0, 0, 0] };
  assertError(() => nuno.createPatches(together), /^nuno: 'scatterExtent' must be large enough to hold 2 patches .*patch 2 found no room/);
  nuno.createPatches({ ...together, patchPositions: [0, 1, 0, 1, 1, 0] }).dispose();
});
