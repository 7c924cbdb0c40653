// The triangles of a torn cloth that are still drawn: a cloth's `triangleIndices` less every
// triangle with a torn edge (tearing's contract, DRAWING), for renderers that draw from an index
// (nuno/three) rather than discarding fragments (ClothRenderer).
//
// `triangleIndices` (src/topology.cpp's triangleIndicesOf) gives each drawn grid cell (c, r) two
// triangles, one after the other: T1 = (TL, BL, TR) and T2 = (TR, BL, BR). T1's edges are
// Down (c, r) and Right (c, r), both starting at TL, and DiagonalUp (c, r + 1), starting at BL;
// T2's are DiagonalUp (c, r + 1) and Right (c, r + 1), both starting at BL, and Down (c + 1, r),
// starting at TR. DiagonalDown is no drawn edge. So each triangle reads two particles' bits.

/** Bit d of a particle's byte: its constraint in direction d torn (src/topology.hpp's Direction). */
const right = 1 << 0;
const down = 1 << 1;
const diagonalUp = 1 << 3;

/**
 * The untorn triangles of `triangleIndices` (a cloth's, cell by cell, T1 then T2), in their order.
 * @param {Uint32Array} triangleIndices the cloth's `triangleIndices`
 * @param {Uint8Array} torn the cloth's torn mask (`tornMask`, `await readTorn()`): a byte per particle
 * @param {Uint32Array} [into] written from its start, at least as long as `triangleIndices` (it
 *   may be `triangleIndices` itself); a new array when omitted
 * @returns {Uint32Array} the untorn triangles' indices: `into` from its start, as a view
 */
export function untornTriangles(triangleIndices, torn, into = new Uint32Array(triangleIndices.length)) {
  if (!(triangleIndices instanceof Uint32Array) || triangleIndices.length % 6 !== 0) {
    throw new TypeError(`nuno: untornTriangles() needs 'triangleIndices' as a cloth gives them (a Uint32Array, 6 a grid cell), got ${describe(triangleIndices)}`);
  }
  if (!(torn instanceof Uint8Array)) {
    throw new TypeError(`nuno: untornTriangles() needs 'torn' from a cloth's tornMask or readTorn() (a Uint8Array, a byte per particle), got ${describe(torn)}`);
  }
  if (!(into instanceof Uint32Array) || into.length < triangleIndices.length) {
    throw new TypeError(`nuno: untornTriangles() needs 'into' as a Uint32Array of at least ${triangleIndices.length}, got ${describe(into)}`);
  }
  let kept = 0;
  for (let i = 0; i < triangleIndices.length; i += 6) {
    const topLeft = triangleIndices[i];
    const bottomLeft = triangleIndices[i + 1];
    const topRight = triangleIndices[i + 2];
    const bottomRight = triangleIndices[i + 5];
    if (bottomRight >= torn.length) {
      throw new RangeError(`nuno: untornTriangles() was given 'torn' of ${torn.length} bytes for triangles up to particle ${bottomRight}`);
    }
    // Read before writing: `into` may be `triangleIndices`, and a kept triangle moves only back.
    const firstTorn = (torn[topLeft] & (right | down)) !== 0 || (torn[bottomLeft] & diagonalUp) !== 0;
    const secondTorn = (torn[bottomLeft] & (right | diagonalUp)) !== 0 || (torn[topRight] & down) !== 0;
    if (!firstTorn) {
      into[kept++] = topLeft;
      into[kept++] = bottomLeft;
      into[kept++] = topRight;
    }
    if (!secondTorn) {
      into[kept++] = topRight;
      into[kept++] = bottomLeft;
      into[kept++] = bottomRight;
    }
  }
  return into.subarray(0, kept);
}

/**
 * What a bad argument was, for the message.
 * @param {unknown} value
 */
function describe(value) {
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of ${/** @type {Uint8Array} */ (value).length}`;
  return value === null ? 'null' : typeof value;
}
