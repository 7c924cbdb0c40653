// What the GPU backends cannot run, said once for both: the WebGL2 cloth (gpu-cloth.js) solves
// in red-black order or by Jacobi sweeps (without XPBD multipliers kept over iterations), the
// WebGPU cloth (web/backends/webgpu/webgpu-cloth.js) in red-black order.

/** @typedef {import('../../index.js').ClothSettings} ClothSettings */

/** The orderings each GPU backend has passes for; Gauss-Seidel's sweep is sequential, the CPU's alone. */
const gpuOrderings = { gpu: ['red-black', 'jacobi'], webgpu: ['red-black'] };

/**
 * Why a GPU backend cannot run these settings, or null when it can. `settings` are all of them,
 * or for set() the settings in force with the changes over them.
 * @param {Partial<ClothSettings>} settings
 * @param {'gpu' | 'webgpu'} backend
 * @returns {string | null}
 */
export function settingsRefusal(settings, backend) {
  const name = backend === 'gpu' ? 'GPU' : 'WebGPU';
  const orderings = gpuOrderings[backend];
  if ('ordering' in settings && !orderings.includes(/** @type {string} */ (settings.ordering))) {
    const others = backend === 'gpu' ? "backend: 'cpu' for 'gauss-seidel'" : "backend: 'gpu' (WebGL2) for 'jacobi', or 'cpu'";
    return `nuno: the ${name} backend solves with ordering ${orderings.map((ordering) => `'${ordering}'`).join(' or ')} only, ` +
      `got '${String(settings.ordering)}'; use ordering: 'red-black', or ${others}`;
  }
  if (backend === 'gpu' && settings.ordering === 'jacobi' && settings.solver === 'xpbd' && (settings.iterations ?? 1) > 1) {
    return `nuno: the GPU backend's Jacobi sweep keeps no XPBD multipliers between iterations, so 'iterations' must be 1 ` +
      `with solver 'xpbd' and ordering 'jacobi' there, got ${settings.iterations}; use more substeps, ordering 'red-black', or backend: 'cpu'`;
  }
  return null;
}
