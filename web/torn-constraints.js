// The torn state every backend shares (src/tearing.hpp): a byte per particle, bit d set when the
// constraint starting there in direction d (right, down, diagonal down, diagonal up) is torn.
// Counting it is the same for the CPU, worker, WebGL2 and WebGPU cloths.
import { shown } from './arguments.js';

/** The bits a particle's byte may have set: the four tearable directions. */
const tearableBits = 0b1111;

/**
 * `torn` as a mask of a cloth of `particleCount` particles: a Uint8Array, a byte per particle.
 * @param {string} method that takes it, as the error names it: 'tornConstraints', 'strain'
 * @param {unknown} torn from `await cloth.readTorn()`
 * @param {number} particleCount
 * @returns {Uint8Array}
 */
export function requireTornMask(method, torn, particleCount) {
  if (!(torn instanceof Uint8Array) || torn.length !== particleCount) {
    throw new TypeError(`nuno: ${method}() needs 'torn' from \`await cloth.readTorn()\` ` +
      `(a Uint8Array of ${particleCount}, one byte per particle), got ${shown(torn)}`);
  }
  return torn;
}

/**
 * The torn structural and shear constraints in `torn`.
 * @param {unknown} torn from `await cloth.readTorn()`
 * @param {number} particleCount
 * @returns {number}
 */
export function countTornConstraints(torn, particleCount) {
  let count = 0;
  for (const bits of requireTornMask('tornConstraints', torn, particleCount)) {
    for (let rest = bits & tearableBits; rest !== 0; rest &= rest - 1) count++;
  }
  return count;
}
