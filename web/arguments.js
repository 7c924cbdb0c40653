// Checks of the arguments the public API takes, before Embind sees them: Embind would coerce
// ('5' -> 5, null -> 0, 2.9 -> 2) or throw its own TypeErrors. Each check throws as the core
// does:   nuno: 'name' must be <what it accepts>, got <value>

/** @typedef {'structural' | 'shear' | 'bending'} Family */

const families = ['structural', 'shear', 'bending'];
export const maxColliderId = 0xffffffff;

/**
 * What Object.prototype.toString names the value's kind ('Float32Array', 'DataView',
 * 'WebGL2RenderingContext', 'Object'...). Unlike instanceof it holds for a value made in another
 * realm (an iframe's, a Node vm context's).
 * @param {unknown} value
 * @returns {string}
 */
export function kindOf(value) {
  return Object.prototype.toString.call(value).slice('[object '.length, -1);
}

/**
 * The positions a GPU cloth's measurements take: those it read back (`await cloth.readPositions()`).
 * @param {string} clothKind 'GPU' or 'WebGPU', as the error names the cloth
 * @param {string} method
 * @param {unknown} positions
 * @returns {Float32Array}
 */
export function readBackPositions(clothKind, method, positions) {
  if (kindOf(positions) !== 'Float32Array') {
    throw new TypeError(`nuno: the ${clothKind} cloth's ${method}() needs 'positions' from \`await cloth.readPositions()\``);
  }
  return /** @type {Float32Array} */ (positions);
}

/**
 * A value as an error shows it.
 * @param {unknown} value
 * @returns {string}
 */
export function shown(value) {
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}...` : value}'`;
  if (typeof value === 'bigint') return `${value}n`;
  if (Array.isArray(value)) return value.length <= 4 ? `[${value.map(shown).join(', ')}]` : `an array of ${value.length}`;
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object' && value !== null) return ArrayBuffer.isView(value) ? `a ${kindOf(value)}` : 'an object';
  return String(value);
}

/**
 * @param {string} name
 * @param {string} allowed
 * @param {unknown} value
 * @returns {never}
 */
function fail(name, allowed, value) {
  throw new Error(`nuno: '${name}' must be ${allowed}, got ${shown(value)}`);
}

/**
 * @param {string} name
 * @param {unknown} value
 * @param {number} low
 * @param {number} high
 * @returns {asserts value is number}
 */
export function requireNumber(name, value, low, high) {
  if (typeof value !== 'number' || !(value >= low && value <= high)) fail(name, `a number in [${low}, ${high}]`, value);
}

/**
 * @param {string} name
 * @param {unknown} value
 * @param {number} low
 * @param {number} high
 * @returns {asserts value is number}
 */
export function requireInteger(name, value, low, high) {
  if (!Number.isInteger(value) || !(/** @type {number} */ (value) >= low && /** @type {number} */ (value) <= high)) {
    fail(name, `an integer in [${low}, ${high}]`, value);
  }
}

/**
 * An index into something of `count` elements.
 * @param {string} name
 * @param {unknown} value
 * @param {number} count
 * @returns {asserts value is number}
 */
export function requireIndex(name, value, count) {
  requireInteger(name, value, 0, count - 1);
}

/**
 * An array or typed array of numbers, of `length` when given. (Ranges are the core's to check.)
 * @param {string} name
 * @param {unknown} value
 * @param {number} [length]
 * @returns {asserts value is ArrayLike<number>}
 */
export function requireNumbers(name, value, length) {
  const what = length === undefined ? 'an array of numbers' : `an array of ${length} numbers`;
  const typed = ArrayBuffer.isView(value) && !['DataView', 'BigInt64Array', 'BigUint64Array'].includes(kindOf(value));
  if (!typed && !(Array.isArray(value) && value.every((element) => typeof element === 'number'))) fail(name, what, value);
  if (length !== undefined && /** @type {ArrayLike<number>} */ (value).length !== length) fail(name, what, value);
}

/**
 * @param {unknown} value
 * @returns {asserts value is Family}
 */
export function requireFamily(value) {
  if (typeof value !== 'string' || !families.includes(value)) fail('family', `one of ${families.map((f) => `'${f}'`).join(', ')}`, value);
}
