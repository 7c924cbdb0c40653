// Which particle a pointer means: the one nearest the ray through the pointer.
import { requireNumber, requireNumbers } from './arguments.js';

/**
 * The particle closest to a ray: among those within `maxDistance` of the ray (and in front of
 * its origin), the one nearest along it, so a click hits the front layer of a folded cloth.
 * @param {Float32Array} positions xyz per particle
 * @param {ArrayLike<number>} origin the ray's start, metres
 * @param {ArrayLike<number>} direction need not be unit length
 * @param {number} maxDistance metres from the ray
 * @returns {number} the particle index, or -1 when none is that close
 */
export function nearestParticleToRay(positions, origin, direction, maxDistance) {
  const length = Math.hypot(direction[0], direction[1], direction[2]);
  const [dx, dy, dz] = [direction[0] / length, direction[1] / length, direction[2] / length];
  let nearest = -1;
  let nearestAlong = Infinity;
  for (let i = 0; i < positions.length / 3; i++) {
    const x = positions[3 * i] - origin[0];
    const y = positions[3 * i + 1] - origin[1];
    const z = positions[3 * i + 2] - origin[2];
    const along = x * dx + y * dy + z * dz;
    if (along <= 0 || along >= nearestAlong) continue;
    const off = Math.hypot(x - along * dx, y - along * dy, z - along * dz);
    if (off <= maxDistance) {
      nearest = i;
      nearestAlong = along;
    }
  }
  return nearest;
}

/**
 * @typedef {object} Ray a pick's ray, checked
 * @property {[number, number, number]} origin metres
 * @property {[number, number, number]} direction unit length
 * @property {number} maxDistance metres from the ray
 */

/** @typedef {{ particle: number, position: Float32Array }} PickedParticle */

/** Metres: the reach of coordinates a ray may start at (the core's positions stay within 1e4). */
const maxCoordinate = 1e6;

/**
 * The arguments of `cloth.pickParticle`, checked by name.
 * @param {unknown} origin
 * @param {unknown} direction
 * @param {unknown} maxDistance
 * @returns {Ray}
 */
export function requireRay(origin, direction, maxDistance) {
  requireNumbers('origin', origin, 3);
  requireNumbers('direction', direction, 3);
  for (let axis = 0; axis < 3; axis++) {
    requireNumber(`origin[${axis}]`, origin[axis], -maxCoordinate, maxCoordinate);
    requireNumber(`direction[${axis}]`, direction[axis], -maxCoordinate, maxCoordinate);
  }
  const length = Math.hypot(direction[0], direction[1], direction[2]);
  if (!(length > 1e-12)) throw new Error(`nuno: 'direction' must not be of zero length, got [${Array.from(direction).join(', ')}]`);
  requireNumber('maxDistance', maxDistance, 0, maxCoordinate);
  return {
    origin: [origin[0], origin[1], origin[2]],
    direction: [direction[0] / length, direction[1] / length, direction[2] / length],
    maxDistance,
  };
}

/**
 * `pickParticle` over positions at hand (the CPU cloth's, or those a cloth read back).
 * @param {Float32Array} positions xyz per particle
 * @param {Ray} ray
 * @returns {PickedParticle | null}
 */
export function pickFrom(positions, { origin, direction, maxDistance }) {
  const particle = nearestParticleToRay(positions, origin, direction, maxDistance);
  return particle < 0 ? null : { particle, position: positions.slice(3 * particle, 3 * particle + 3) };
}

/**
 * `pickParticle` for a cloth without a picking pass of its own (the WebGL2 and worker cloths):
 * the ray checked now, then the positions read back and searched.
 * @param {{ readPositions(): Promise<Float32Array> }} cloth
 * @param {unknown} origin
 * @param {unknown} direction
 * @param {unknown} maxDistance
 * @returns {Promise<PickedParticle | null>}
 */
export function pickByReadingBack(cloth, origin, direction, maxDistance) {
  const ray = requireRay(origin, direction, maxDistance);
  return cloth.readPositions().then((positions) => pickFrom(positions, ray));
}
