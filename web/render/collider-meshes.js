// The shapes colliders are drawn with, as plain arrays: a unit sphere, cube, open cylinder and
// square. Sizes, turns and placement come from uniforms, so one mesh serves every collider of a
// kind (a capsule is a cylinder between two spheres); a mesh collider is its own triangles,
// placed the same way. Shared by the WebGL2 and WebGPU renderers, with what they draw colliders
// in: the parts of each solid, and the colours.

/** @typedef {import('./view-uniforms.js').Rgb} Rgb */
/** @typedef {import('./collider-drawer.js').DrawnCollider} DrawnCollider */
/** @typedef {import('./collider-drawer.js').DrawnMesh} DrawnMesh */

/** The colours and sizes colliders are drawn in. */
export const colliderLook = {
  /** @type {Rgb} */
  solidColor: [0.62, 0.66, 0.72],
  /** @type {Rgb} */
  floorColor: [0.3, 0.32, 0.36],
  /** @type {Rgb} */
  floorLineColor: [0.5, 0.53, 0.58],
  /** Metres from a plane's anchor point to the edge of its drawn square (it fades out before). */
  planeHalfExtentMetres: 8,
  /** Spheres beyond this many are drawn but cast no shade on the floor (the ground shaders' limit). */
  maxShadingSpheres: 4,
};

const noTurn = [0, 0, 0, 1];
const unitScale = [1, 1, 1];
const origin = [0, 0, 0];

/**
 * The meshes that draw the solid colliders, each placed: a sphere, a box, and a capsule as two
 * spheres and the cylinder between them (unit meshes, named), and a mesh collider (itself).
 * @param {readonly DrawnCollider[]} colliders planes are left out
 * @returns {{ mesh: 'sphere' | 'cube' | 'cylinder' | DrawnMesh, center: ArrayLike<number>, scale: ArrayLike<number>, rotation: ArrayLike<number> }[]}
 */
export function solidParts(colliders) {
  /** @type {ReturnType<typeof solidParts>} */
  const parts = [];
  for (const solid of colliders) {
    if (solid.type === 'sphere') {
      parts.push({ mesh: 'sphere', center: solid.center, scale: [solid.radius, solid.radius, solid.radius], rotation: noTurn });
    } else if (solid.type === 'box') {
      parts.push({ mesh: 'cube', center: solid.center, scale: solid.halfExtents, rotation: normalize(Array.from(solid.rotation ?? noTurn)) });
    } else if (solid.type === 'capsule') {
      const { start, end, radius } = solid;
      const ball = [radius, radius, radius];
      parts.push({ mesh: 'sphere', center: start, scale: ball, rotation: noTurn }, { mesh: 'sphere', center: end, scale: ball, rotation: noTurn });
      const axis = [0, 1, 2].map((i) => end[i] - start[i]);
      const length = Math.hypot(...axis);
      if (length > 0) {
        parts.push({ mesh: 'cylinder', center: [0, 1, 2].map((i) => (start[i] + end[i]) / 2), scale: [radius, length / 2, radius], rotation: turnFromYTo(axis) });
      }
    } else if (solid.type === 'mesh') {
      parts.push({ mesh: solid, center: solid.center ?? origin, scale: unitScale, rotation: normalize(Array.from(solid.rotation ?? noTurn)) });
    }
  }
  return parts;
}

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
 * The cube [-1, 1]^3, four corners per face so each face has its own normal.
 * @returns {{ positions: Float32Array, normals: Float32Array, indices: Uint16Array }} triangles
 *   wound counter-clockwise seen from outside
 */
export function unitCube() {
  const positions = [];
  const normals = [];
  const indices = [];
  for (let axis = 0; axis < 3; ++axis) {
    for (const side of [-1, 1]) {
      // (u, v, normal) right-handed: u x v points out of the face, so its corners run anticlockwise.
      const normal = [0, 0, 0];
      normal[axis] = side;
      const u = [0, 0, 0];
      u[(axis + 1) % 3] = side;
      const v = [0, 0, 0];
      v[(axis + 2) % 3] = 1;
      const first = positions.length / 3;
      for (const [a, b] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
        positions.push(...normal.map((n, i) => n + a * u[i] + b * v[i]));
        normals.push(...normal);
      }
      indices.push(first, first + 1, first + 2, first, first + 2, first + 3);
    }
  }
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), indices: new Uint16Array(indices) };
}

/**
 * The side of a cylinder of radius 1 around the y axis from y = -1 to 1, with no caps (a
 * capsule's spheres close it).
 * @param {number} segments around, at least 3
 * @returns {{ positions: Float32Array, normals: Float32Array, indices: Uint16Array }} triangles
 *   wound counter-clockwise seen from outside
 */
export function unitCylinder(segments) {
  const positions = [];
  const normals = [];
  for (let segment = 0; segment <= segments; ++segment) {
    const azimuthRadians = (segment / segments) * 2 * Math.PI;
    const [x, z] = [Math.cos(azimuthRadians), -Math.sin(azimuthRadians)];
    positions.push(x, 1, z, x, -1, z);
    normals.push(x, 0, z, x, 0, z);
  }
  const indices = [];
  for (let segment = 0; segment < segments; ++segment) {
    const [top, bottom] = [2 * segment, 2 * segment + 1];
    indices.push(top, bottom, top + 2, top + 2, bottom, bottom + 2);
  }
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), indices: new Uint16Array(indices) };
}

/**
 * The unit quaternion [x, y, z, w] that turns +y onto a direction (the shortest turn).
 * @param {ArrayLike<number>} direction any length but zero
 * @returns {number[]}
 */
export function turnFromYTo(direction) {
  const [x, y, z] = normalize([direction[0], direction[1], direction[2]]);
  // Half-way between +y and the direction, as a quaternion: (y x d, 1 + y . d), normalised.
  if (y < -1 + 1e-9) return [1, 0, 0, 0];
  return normalize([z, 0, -x, 1 + y]);
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

/**
 * @param {number[]} v
 * @returns {number[]} v at unit length
 */
export function normalize(v) {
  const length = Math.hypot(...v);
  return v.map((component) => component / length);
}
