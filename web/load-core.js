// Loads the WebAssembly core: the page's (web/index.js) and the cloth worker's
// (web/backends/worker/cloth-worker.js), which needs the core and the CPU cloth and nothing of the GPUs.
import createNunoCore from '../dist/nuno-core.mjs';
import { loadThreadedCore, singleThread, threadPlan } from './threads.js';

/** @typedef {import('./index.js').LoadOptions} LoadOptions */

/**
 * In browsers and workers the wasm is fetched from beside this module (bundlers copy it because
 * of the `new URL(..., import.meta.url)` form); in Node it is read from disk. With more than one
 * thread the threaded module (nuno-core-threads) is loaded instead, and its helper threads started.
 * @param {LoadOptions} options
 * @returns {Promise<{core: any, load: LoadOptions, plan: import('./threads.js').ThreadPlan}>} the
 *   Emscripten module, how it was loaded (for a worker to do the same), and the threads it runs
 */
export async function loadCore(options) {
  let plan = threadPlan(options.threads, { modulePlaced: options.wasmUrl !== undefined || options.wasmBinary !== undefined });
  const wasmUrl = new URL(options.wasmUrl ?? new URL('../dist/nuno-core.wasm', import.meta.url), import.meta.url);
  if (plan.threadCount > 1) {
    try {
      return { core: await loadThreadedCore(plan.threadCount), load: { threads: plan.threadCount }, plan };
    } catch (error) {
      plan = singleThread(`nuno-core-threads failed to load (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const wasmBinary = options.wasmBinary ?? (wasmUrl.protocol === 'file:' ? await readFileBytes(wasmUrl) : undefined);
  const core = await createNunoCore({
    wasmBinary,
    locateFile: (/** @type {string} */ file) => (file.endsWith('.wasm') ? wasmUrl.href : file),
  });
  const load = { wasmUrl: wasmUrl.href, ...(options.wasmBinary && { wasmBinary: options.wasmBinary }), threads: 1 };
  return { core, load, plan };
}

/** @param {URL} url */
async function readFileBytes(url) {
  // Kept out of bundlers' sight: only Node reaches this branch.
  const fsModule = 'node:fs/promises';
  const { readFile } = await import(/* @vite-ignore */ fsModule);
  return readFile(url);
}
