// The shapes colliders are drawn with, as plain arrays: a unit sphere and a unit square.
// Sizes and placement come from uniforms, so one mesh serves every sphere and every plane.

/**
 * A sphere of radius 1 around the origin, in latitude bands from the north pole (+y) down.
 * Every vertex is its own unit normal.
 * @param {number} latitudeBands at least 2
 * @param {number} longitudeBands at least 3
 * @returns {{ positions: Float32Array, indices: Uint16Array }} xyz per vertex; triangles wound
 *   counter-clockwise seen from outside
 */
export function unitSphere(latitudeBands, longitudeBands) {
  const ringSize = longitudeBands + 1; // the seam vertex repeats so each ring closes
  const positions = new Float32Array((latitudeBands + 1) * ringSize * 3);
  let written = 0;
  for (let band = 0; band <= latitudeBands; ++band) {
    const polarRadians = (band / latitudeBands) * Math.PI;
    for (let segment = 0; segment <= longitudeBands; ++segment) {
      const azimuthRadians = (segment / longitudeBands) * 2 * Math.PI;
      positions[written++] = Math.sin(polarRadians) * Math.cos(azimuthRadians);
      positions[written++] = Math.cos(polarRadians);
      positions[written++] = -Math.sin(polarRadians) * Math.sin(azimuthRadians);
    }
  }

  const indices = new Uint16Array(latitudeBands * longitudeBands * 6);
  written = 0;
  for (let band = 0; band < latitudeBands; ++band) {
    for (let segment = 0; segment < longitudeBands; ++segment) {
      const topLeft = band * ringSize + segment;
      const bottomLeft = topLeft + ringSize;
      indices.set([topLeft, bottomLeft, topLeft + 1, topLeft + 1, bottomLeft, bottomLeft + 1], written);
      written += 6;
    }
  }
  return { positions, indices };
}

/**
 * The square [-1, 1]^2 as two triangles, wound counter-clockwise seen from +z (the side the
 * plane's normal points to once its tangent and bitangent replace x and y).
 * @returns {{ corners: Float32Array, indices: Uint16Array }} xy per corner
 */
export function unitSquare() {
  return {
    corners: new Float32Array([-1, -1, 1, -1, 1, 1, -1, 1]),
    indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
  };
}

/**
 * A right-handed orthonormal basis for a plane: tangent x bitangent = normal.
 * @param {ArrayLike<number>} planeNormal any length but zero
 * @returns {{ normal: number[], tangent: number[], bitangent: number[] }} unit vectors
 */
export function planeBasis(planeNormal) {
  const normal = normalize([planeNormal[0], planeNormal[1], planeNormal[2]]);
  // Cross with the world axis least aligned with the normal, so the result is never tiny.
  const helper = Math.abs(normal[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const tangent = normalize(cross(helper, normal));
  return { normal, tangent, bitangent: cross(normal, tangent) };
}

/** @param {number[]} a @param {number[]} b */
function cross(a, b) {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** @param {number[]} v */
function normalize(v) {
  const length = Math.hypot(v[0], v[1], v[2]);
  return v.map((component) => component / length);
}
