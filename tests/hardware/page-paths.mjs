// Node's module resolution for the hardware tier's page run outside a browser (dawn.mjs): the
// page's modules import nuno and the tests by their addresses on run.py's server ('/web/index.js',
// '/tests/browser/tearing-scene.js'), which in Node are these files of the repository.
const ROOT = new URL('../../', import.meta.url);
const SERVED = /^\/(web|dist|tests)\//;

/** @type {(specifier: string, context: object, nextResolve: Function) => Promise<object>} */
export async function resolve(specifier, context, nextResolve) {
  return nextResolve(SERVED.test(specifier) ? new URL(specifier.slice(1), ROOT).href : specifier, context);
}
