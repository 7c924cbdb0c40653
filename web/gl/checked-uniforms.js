// Uniform locations for the names a program's user declares it sets. WebGL ignores a uniform
// call on a missing location, so a misspelt name would leave its uniform at the last value
// without a word: here a declared name the program lacks throws when the program is made, and
// in debug mode a name that was never declared throws where it is looked up.

/** @typedef {Record<string, WebGLUniformLocation | null>} UniformLocations */

/**
 * @param {import('./program.js').GlProgram} program
 * @param {string} label names the program in errors, e.g. 'solver predict'
 * @param {readonly string[]} declared every uniform and sampler the caller sets
 * @param {readonly string[]} optional those of `declared` this variant of the program does not
 *   read, so its compiler may have dropped them (their location is then null: a no-op to set)
 * @param {boolean} debug throw on a look-up of an undeclared name, not just at construction
 * @returns {UniformLocations}
 */
export function checkedUniforms(program, label, declared, optional, debug) {
  /** @type {UniformLocations} */
  const locations = {};
  for (const name of declared) {
    const location = program.uniforms[name] ?? null;
    if (location === null && !optional.includes(name)) {
      throw new Error(`nuno: the ${label} program has no active uniform '${name}' (misspelt, or not read by its GLSL)`);
    }
    locations[name] = location;
  }
  if (!debug) return locations;
  return new Proxy(locations, {
    get(target, name) {
      if (typeof name === 'string' && !Object.hasOwn(target, name)) {
        throw new Error(`nuno: the ${label} program sets uniform '${name}', which it does not declare ` +
          `(declared: ${declared.join(', ')})`);
      }
      return Reflect.get(target, name);
    },
  });
}
