// The torn state every backend shares (src/tearing.hpp): a byte per particle, bit d set when the
// constraint starting there in direction d (right, down, diagonal down, diagonal up) is torn.
// Counting it is the same for the CPU, worker, WebGL2 and WebGPU cloths.
import { shown } from './arguments.js';

/** The bits a particle's byte may have set: the four tearable directions. */
const tearableBits = 0b1111;

/**
 * The torn structural and shear constraints in `torn`, checked to be one particle's bits a byte.
 * @param {string} clothKind as the error names the cloth: 'CPU', 'GPU', 'WebGPU', 'worker'
 * @param {unknown} torn from `await cloth.readTorn()`
 * @param {number} particleCount
 * @returns {number}
 */
export function countTornConstraints(clothKind, torn, particleCount) {
  if (!(torn instanceof Uint8Array) || torn.length !== particleCount) {
    throw new TypeError(`nuno: the ${clothKind} cloth's tornConstraints() needs 'torn' from \`await cloth.readTorn()\` ` +
      `(a Uint8Array of ${particleCount}, one byte per particle), got ${shown(torn)}`);
  }
  let count = 0;
  for (const bits of torn) {
    for (let rest = bits & tearableBits; rest !== 0; rest &= rest - 1) count++;
  }
  return count;
}
