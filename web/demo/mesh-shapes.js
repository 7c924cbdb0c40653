// Triangle meshes made in JS for mesh colliders: the demo drapes cloth over a torus knot; the
// tests and benchmarks use the sphere and the knot at any triangle count.

/**
 * @typedef {object} TriangleMesh
 * @property {Float32Array} vertices x, y, z per vertex, metres
 * @property {Uint32Array} indices three per triangle, wound outward
 */

/**
 * A tube swept along a closed path: `around` vertices round the tube at each of `along` points
 * of the path (the seam's vertices repeated, which the core takes as they are).
 * @param {(t: number) => number[]} path a point of the path for t in [0, 1], metres
 * @param {number} tubeRadius metres
 * @param {number} along
 * @param {number} around
 * @returns {TriangleMesh}
 */
function tubeMesh(path, tubeRadius, along, around) {
  const vertices = new Float32Array((along + 1) * (around + 1) * 3);
  const step = 1e-4;
  let v = 0;
  for (let j = 0; j <= along; j++) {
    const t = j / along;
    const p = path(t);
    const ahead = path(t + step);
    const tangent = normalize(ahead.map((x, k) => x - p[k]));
    // A side direction off the tangent, then the third axis.
    const side = normalize(cross(tangent, Math.abs(tangent[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0]));
    const up = cross(tangent, side);  // side, up, tangent right-handed: the rings wind outward
    for (let i = 0; i <= around; i++) {
      const angle = (2 * Math.PI * i) / around;
      for (let k = 0; k < 3; k++) vertices[v++] = p[k] + tubeRadius * (Math.cos(angle) * side[k] + Math.sin(angle) * up[k]);
    }
  }
  return { vertices, indices: gridIndices(around, along) };
}

/**
 * Two triangles per cell of a grid of (around + 1) x (along + 1) vertices, rows along `along`.
 * @param {number} around
 * @param {number} along
 */
function gridIndices(around, along) {
  const indices = new Uint32Array(around * along * 6);
  const at = (/** @type {number} */ i, /** @type {number} */ j) => j * (around + 1) + i;
  let n = 0;
  for (let j = 0; j < along; j++) {
    for (let i = 0; i < around; i++) {
      indices.set([at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1)], n);
      n += 6;
    }
  }
  return indices;
}

/** @param {number[]} v */
function normalize(v) {
  const length = Math.hypot(...v);
  return v.map((x) => x / length);
}

/** @param {number[]} a @param {number[]} b */
function cross(a, b) {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/**
 * A (p, q) torus knot: the path winds p times round the axis and q times through the hole.
 * @param {{radius?: number, tubeRadius?: number, p?: number, q?: number, along?: number, around?: number}} [options]
 *   radius of the knot's ring (metres, default 0.3), its tube's (0.08), p = 2, q = 3, 200 rings of 16
 * @returns {TriangleMesh}
 */
export function torusKnotMesh({ radius = 0.3, tubeRadius = 0.08, p = 2, q = 3, along = 200, around = 16 } = {}) {
  const path = (/** @type {number} */ t) => {
    const angle = 2 * Math.PI * t;
    const ring = radius * (2 + Math.cos(q * angle)) / 3;
    return [ring * Math.cos(p * angle), (radius * Math.sin(q * angle)) / 3, ring * Math.sin(p * angle)];
  };
  return tubeMesh(path, tubeRadius, along, around);
}

/**
 * A UV sphere about the origin.
 * @param {number} radius metres
 * @param {number} around vertices round each latitude
 * @param {number} along latitudes from pole to pole
 * @returns {TriangleMesh}
 */
export function sphereMesh(radius, around, along) {
  const vertices = new Float32Array((along + 1) * (around + 1) * 3);
  let v = 0;
  for (let j = 0; j <= along; j++) {
    const latitude = (Math.PI * j) / along;
    for (let i = 0; i <= around; i++) {
      const longitude = (2 * Math.PI * i) / around;
      vertices.set([radius * Math.sin(latitude) * Math.cos(longitude), radius * Math.cos(latitude), radius * Math.sin(latitude) * Math.sin(longitude)], v);
      v += 3;
    }
  }
  return { vertices, indices: gridIndices(around, along) };
}
