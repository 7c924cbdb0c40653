// untornTriangles (web/untorn-triangles.js, exported by the package): a cloth's triangles less those with a torn edge, on
// a hand-made 3 x 3 grid (each direction's bit on its own), on a sea of patches (the cells
// between patches drawn by none), and on a CPU cloth torn for real, checked against the torn
// edges found independently, as particle pairs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadNuno, untornTriangles } from '../../web/index.js';

const nuno = await loadNuno();

// The 3 x 3 grid's particles:   0 1 2
//                               3 4 5
//                               6 7 8
// Its cells' triangles, T1 = (TL, BL, TR) then T2 = (TR, BL, BR), as triangleIndicesOf gives them.
const grid = Uint32Array.from([
  0, 3, 1, 1, 3, 4, // cell (0, 0)
  1, 4, 2, 2, 4, 5, // cell (1, 0)
  3, 6, 4, 4, 6, 7, // cell (0, 1)
  4, 7, 5, 5, 7, 8, // cell (1, 1)
]);
const [right, down, diagonalDown, diagonalUp] = [1, 2, 4, 8];

/**
 * The triangles left, as 'a b c' strings, when `bits` are set at `particle`.
 * @param {number} particle
 * @param {number} bits
 */
function leftWith(particle, bits) {
  const torn = new Uint8Array(9);
  torn[particle] = bits;
  const kept = untornTriangles(grid, torn);
  return Array.from({ length: kept.length / 3 }, (_, k) => kept.slice(3 * k, 3 * k + 3).join(' '));
}

const all = ['0 3 1', '1 3 4', '1 4 2', '2 4 5', '3 6 4', '4 6 7', '4 7 5', '5 7 8'];
/** @param {string[]} gone */
const allBut = (gone) => all.filter((triangle) => !gone.includes(triangle));

test('an untorn mask keeps every triangle, in order', () => {
  assert.deepEqual(leftWith(4, 0), all);
  assert.deepEqual(Array.from(untornTriangles(grid, new Uint8Array(9))), Array.from(grid));
});

test('Right (c, r) drops the triangles above and below it', () => {
  // Right (1, 1) is the edge 4-5: T2 of cell (1, 0) above it, T1 of cell (1, 1) below it.
  assert.deepEqual(leftWith(4, right), allBut(['2 4 5', '4 7 5']));
  // Right (0, 0) is the top edge 0-1: T1 of cell (0, 0) only.
  assert.deepEqual(leftWith(0, right), allBut(['0 3 1']));
});

test('Down (c, r) drops the triangles left and right of it', () => {
  // Down (1, 1) is the edge 4-7: T2 of cell (0, 1) on its left, T1 of cell (1, 1) on its right.
  assert.deepEqual(leftWith(4, down), allBut(['4 6 7', '4 7 5']));
  // Down (2, 0) is the right-hand edge 2-5: T2 of cell (1, 0) only.
  assert.deepEqual(leftWith(2, down), allBut(['2 4 5']));
});

test('DiagonalUp (c, r) drops both triangles of the cell it cuts; DiagonalDown drops none', () => {
  // DiagonalUp (0, 1) is 3-1, the diagonal of cell (0, 0).
  assert.deepEqual(leftWith(3, diagonalUp), allBut(['0 3 1', '1 3 4']));
  // DiagonalUp (1, 2) is 7-5, the diagonal of cell (1, 1).
  assert.deepEqual(leftWith(7, diagonalUp), allBut(['4 7 5', '5 7 8']));
  // DiagonalDown is no drawn edge (its constraint tears, the picture does not show it).
  assert.deepEqual(leftWith(0, diagonalDown), all);
  assert.deepEqual(leftWith(4, diagonalDown), all);
});

test('several bits at once, and written into the index itself', () => {
  const torn = new Uint8Array(9);
  torn[4] = right | down;
  torn[3] = diagonalUp;
  const into = grid.slice();
  const kept = untornTriangles(into, torn, into);
  assert.equal(kept.buffer, into.buffer);
  assert.deepEqual(Array.from(kept), [1, 4, 2, 3, 6, 4, 5, 7, 8]);
});

test('bad arguments are refused by name', () => {
  assert.throws(() => untornTriangles(/** @type {any} */ ([0, 3, 1, 1, 3, 4]), new Uint8Array(9)), /'triangleIndices'/);
  assert.throws(() => untornTriangles(grid.subarray(0, 3), new Uint8Array(9)), /'triangleIndices'/);
  assert.throws(() => untornTriangles(grid, /** @type {any} */ (new Uint32Array(9))), /'torn'/);
  assert.throws(() => untornTriangles(grid, new Uint8Array(8)), /'torn' of 8 bytes/);
  assert.throws(() => untornTriangles(grid, new Uint8Array(9), new Uint32Array(6)), /'into'/);
});

/**
 * The triangles of `triangleIndices` with an edge among `edges` ('a b', a < b), found by vertices.
 * @param {Uint32Array} triangleIndices
 * @param {Set<string>} edges
 */
function trianglesOnEdges(triangleIndices, edges) {
  const pair = (/** @type {number} */ a, /** @type {number} */ b) => (a < b ? `${a} ${b}` : `${b} ${a}`);
  let count = 0;
  for (let t = 0; t < triangleIndices.length; t += 3) {
    const [a, b, c] = triangleIndices.subarray(t, t + 3);
    if (edges.has(pair(a, b)) || edges.has(pair(b, c)) || edges.has(pair(a, c))) count += 1;
  }
  return count;
}

/**
 * The torn constraints of a mask as particle pairs ('a b', a < b).
 * @param {Uint8Array} torn
 * @param {number} columns
 */
function tornEdges(torn, columns) {
  const offsets = [[1, 0], [0, 1], [1, 1], [1, -1]];
  const edges = new Set();
  torn.forEach((bits, particle) => {
    for (let d = 0; d < 4; d++) {
      if (!((bits >> d) & 1)) continue;
      const other = particle + offsets[d][1] * columns + offsets[d][0];
      edges.add(particle < other ? `${particle} ${other}` : `${other} ${particle}`);
    }
  });
  return edges;
}

test('on a sea of patches: the same cells as triangleIndices, less those torn', () => {
  const papers = nuno.createPatches({ patchesAcross: 2, patchesDown: 2, patchColumns: 3, patchRows: 3 });
  const { columns, triangleIndices } = papers;
  // 2 x 2 patches of 2 x 2 cells: 32 triangles; the cells between patches are drawn by none.
  assert.equal(triangleIndices.length, 32 * 3);
  const torn = new Uint8Array(papers.particleCount);
  // In the bottom-right patch (columns 3-5, rows 3-5): Right (3, 3) and Down (4, 4).
  torn[3 * columns + 3] = right;
  torn[4 * columns + 4] = down;
  const kept = untornTriangles(triangleIndices, torn);
  assert.equal(kept.length, (32 - 3) * 3);
  assert.equal(trianglesOnEdges(kept, tornEdges(torn, columns)), 0);
  papers.dispose();
});

test('on a CPU cloth torn for real: exactly the triangles on a torn edge go', () => {
  const side = 16;
  const cloth = nuno.createCloth({ columns: side, rows: side, tearStrain: 0.05 });
  const particle = (side - 1) * side + side / 2;
  const [x, y, z] = cloth.positions.slice(particle * 3, particle * 3 + 3);
  for (let step = 1; step <= 60; step++) {
    cloth.hold(particle, [x, y - 0.8 * Math.min(step, 30) / 30, z]);
    cloth.stepFixed(1);
  }
  const torn = cloth.tornMask;
  assert.ok(cloth.tornConstraints() > 10, `it tore (${cloth.tornConstraints()} constraints)`);
  const edges = tornEdges(torn, side);
  const kept = untornTriangles(cloth.triangleIndices, torn);
  assert.equal(trianglesOnEdges(kept, edges), 0, 'no triangle kept has a torn edge');
  assert.equal(kept.length / 3, cloth.triangleIndices.length / 3 - trianglesOnEdges(cloth.triangleIndices, edges),
    'every triangle without a torn edge kept');
  cloth.dispose();
});
