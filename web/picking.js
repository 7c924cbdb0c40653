// Which particle a pointer means: the one nearest the ray through the pointer.

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
