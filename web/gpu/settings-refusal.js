// What the GPU backends cannot run, said once for both: the WebGL2 cloth (gpu-cloth.js) and the
// WebGPU cloth (web/webgpu/webgpu-cloth.js) solve in red-black order only.

/** @typedef {import('../index.js').ClothSettings} ClothSettings */

/** The GPU passes are the red-black colouring; other orderings exist on the CPU only. */
export const gpuOrdering = 'red-black';

/**
 * Why a GPU backend cannot run these settings (all of them, or the changes given to set()), or
 * null when it can.
 * @param {Partial<ClothSettings>} settings
 * @param {'gpu' | 'webgpu'} backend
 * @returns {string | null}
 */
export function settingsRefusal(settings, backend) {
  const name = backend === 'gpu' ? 'GPU' : 'WebGPU';
  if ('ordering' in settings && settings.ordering !== gpuOrdering) {
    return `nuno: the ${name} backend solves with ordering '${gpuOrdering}' only, got '${String(settings.ordering)}'; ` +
      "use ordering: 'red-black', or backend: 'cpu' for 'gauss-seidel' and 'jacobi'";
  }
  return null;
}
