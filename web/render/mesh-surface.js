// A mesh collider's triangles made ready to draw smooth: one normal a vertex, area-weighted, and
// every triangle wound the same way as its neighbours. The meshes come as the caller gave them
// to the core, which takes any winding and repeated seam vertices; drawn as they are, a seam
// would show as a crease and a flipped triangle would cancel its neighbours' normals.

/**
 * @typedef {object} MeshSurface
 * @property {Float32Array} positions xyz per vertex, the mesh's own
 * @property {Float32Array} normals xyz per vertex, unit, on the side each triangle's winding
 *   faces (a whole mesh may face inward: the solid shaders light the side in view)
 * @property {Uint32Array} indices three per triangle, wound like the neighbours they share an edge with
 */

/**
 * @param {ArrayLike<number>} vertices xyz per vertex
 * @param {ArrayLike<number>} indices three per triangle
 * @returns {MeshSurface}
 */
export function meshSurface(vertices, indices) {
  const positions = Float32Array.from(vertices);
  const corners = Uint32Array.from(indices);
  const vertexCount = positions.length / 3;
  // Vertices at the same point are one for the normals and the neighbours (a seam's repeats).
  /** @type {Map<string, number>} */
  const firstAt = new Map();
  const welded = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const key = `${positions[3 * v]} ${positions[3 * v + 1]} ${positions[3 * v + 2]}`;
    const first = firstAt.get(key);
    welded[v] = first ?? v;
    if (first === undefined) firstAt.set(key, v);
  }

  const flipped = windingsAgreed(corners, welded, vertexCount);
  const sums = new Float64Array(3 * vertexCount);
  for (let t = 0; t < corners.length / 3; t++) {
    if (flipped[t]) [corners[3 * t + 1], corners[3 * t + 2]] = [corners[3 * t + 2], corners[3 * t + 1]];
    const [a, b, c] = [0, 1, 2].map((k) => 3 * corners[3 * t + k]);
    const u = [0, 1, 2].map((axis) => positions[b + axis] - positions[a + axis]);
    const w = [0, 1, 2].map((axis) => positions[c + axis] - positions[a + axis]);
    // The cross product's length is twice the triangle's area: the weight comes with it.
    const normal = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    for (let k = 0; k < 3; k++) {
      const at = 3 * welded[corners[3 * t + k]];
      for (let axis = 0; axis < 3; axis++) sums[at + axis] += normal[axis];
    }
  }
  const normals = new Float32Array(3 * vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const at = 3 * welded[v];
    const length = Math.hypot(sums[at], sums[at + 1], sums[at + 2]);
    // A vertex of no triangle, or of only degenerate ones, is never lit: any unit vector will do.
    if (length === 0) normals[3 * v + 1] = 1;
    else for (let axis = 0; axis < 3; axis++) normals[3 * v + axis] = sums[at + axis] / length;
  }
  return { positions, normals, indices: corners };
}

/**
 * Which triangles to turn over so that each agrees with the first one reached through its edges
 * (walked breadth first from each part's first triangle): two triangles agree when they run
 * along the edge they share in opposite directions. A part that cannot agree everywhere (a
 * Moebius strip, an edge of three triangles) keeps what the walk chose.
 * @param {Uint32Array} corners three per triangle
 * @param {Uint32Array} welded each vertex's representative
 * @param {number} vertexCount
 * @returns {Uint8Array} 1 for a triangle to turn over
 */
function windingsAgreed(corners, welded, vertexCount) {
  const triangleCount = corners.length / 3;
  /** @type {Map<number, number[]>} per edge (its lower vertex first), each triangle along it, signed: ~t where it runs from the higher vertex */
  const alongEdge = new Map();
  // A triangle with two corners at one point has no side: it neither leads nor follows.
  const edgesOf = (/** @type {number} */ t) => {
    const [a, b, c] = [0, 1, 2].map((k) => welded[corners[3 * t + k]]);
    return a === b || b === c || c === a ? [] : [[a, b], [b, c], [c, a]];
  };
  for (let t = 0; t < triangleCount; t++) {
    for (const [from, to] of edgesOf(t)) {
      const key = Math.min(from, to) * vertexCount + Math.max(from, to);
      const entry = from < to ? t : ~t;
      const list = alongEdge.get(key);
      if (list) list.push(entry);
      else alongEdge.set(key, [entry]);
    }
  }
  const flipped = new Uint8Array(triangleCount);
  const reached = new Uint8Array(triangleCount);
  const queue = new Uint32Array(triangleCount);
  for (let start = 0; start < triangleCount; start++) {
    if (reached[start]) continue;
    reached[start] = 1;
    let [head, tail] = [0, 0];
    queue[tail++] = start;
    while (head < tail) {
      const t = queue[head++];
      for (const [from, to] of edgesOf(t)) {
        // Which way t runs along the edge once turned as chosen; a neighbour must run the other.
        const upward = (from < to) !== (flipped[t] === 1);
        for (const entry of /** @type {number[]} */ (alongEdge.get(Math.min(from, to) * vertexCount + Math.max(from, to)))) {
          const neighbour = entry < 0 ? ~entry : entry;
          if (reached[neighbour]) continue;
          reached[neighbour] = 1;
          flipped[neighbour] = (entry >= 0) === upward ? 1 : 0;
          queue[tail++] = neighbour;
        }
      }
    }
  }
  return flipped;
}
