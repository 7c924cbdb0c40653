// How many threads step a CPU cloth, and why not more. Helper threads are Web Workers sharing
// the wasm memory (nuno-core-threads), which browsers allow only on cross-origin isolated pages
// (served with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy:
// require-corp); anywhere else the single-thread module runs and the reason says so.
import { requireInteger, shown } from './arguments.js';

/** The most threads the core's team takes (ThreadTeam::kMaxThreads). */
export const maxThreads = 16;

/** What 'auto' takes at most: the passes of a 256² cloth stop gaining beyond about this. */
const autoThreads = 4;

/**
 * @typedef {object} ThreadPlan
 * @property {number} threadCount threads that step a cloth, the caller's included
 * @property {string | null} singleThreadReason why only one, when more were asked for or 'auto' found none
 */

/**
 * @param {number | 'auto' | undefined} threads as loadNuno was given it
 * @param {{ modulePlaced: boolean }} load whether the caller placed the single-thread module (wasmUrl or wasmBinary)
 * @returns {ThreadPlan}
 */
export function threadPlan(threads = 'auto', { modulePlaced }) {
  if (threads !== 'auto') {
    if (typeof threads !== 'number') throw new Error(`nuno: 'threads' must be 'auto' or an integer in [1, ${maxThreads}], got ${shown(threads)}`);
    requireInteger('threads', threads, 1, maxThreads);
    if (threads === 1) return { threadCount: 1, singleThreadReason: null };
  }
  const single = (/** @type {string} */ reason) => ({ threadCount: 1, singleThreadReason: `nuno: one thread steps the CPU cloth: ${reason}` });
  if (typeof Worker === 'undefined') return single('this environment has no Web Workers (the threaded module runs in browsers)');
  if (globalThis.crossOriginIsolated !== true) {
    return single('this page is not cross-origin isolated, and threads share memory only there; serve it with the headers ' +
      "'Cross-Origin-Opener-Policy: same-origin' and 'Cross-Origin-Embedder-Policy: require-corp'");
  }
  if (modulePlaced) return single('wasmUrl or wasmBinary places the single-thread module nuno-core.wasm');
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  if (threads === 'auto') {
    const count = Math.min(cores, autoThreads);
    return count > 1 ? { threadCount: count, singleThreadReason: null } : single('this device reports one core');
  }
  return { threadCount: threads, singleThreadReason: null };
}

/**
 * The threaded core with `threadCount - 1` helpers, started (loaded) before it resolves. Its wasm
 * and its workers' script sit beside its module, where bundlers put them
 * (`new URL(..., import.meta.url)` in Emscripten's output).
 * @param {number} threadCount
 * @returns {Promise<any>}
 */
export async function loadThreadedCore(threadCount) {
  const { default: createThreadedCore } = await import('../dist/nuno-core-threads.mjs');
  const core = await createThreadedCore({ nunoHelperThreads: threadCount - 1 });
  core.useThreads(threadCount);
  return core;
}
