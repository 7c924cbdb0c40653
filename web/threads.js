// How many threads step a CPU cloth, and why not more. Helper threads are Web Workers sharing
// the wasm memory (nuno-core-threads), which browsers allow only on cross-origin isolated pages
// (served with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy:
// require-corp); anywhere else the single-thread module runs and the reason says so.
import { requireInteger, shown } from './arguments.js';

/** The most threads the core's team takes (ThreadTeam::kMaxThreads). */
const maxThreads = 16;

/**
 * What 'auto' takes at most: a substep hands out 16 bands, so more threads mean less work per
 * hand-off (measured on 2 cores only: 1.4-1.9x on two threads from 128² up).
 */
const autoThreads = 4;

/** How long the helpers may take to start before the page goes on with one thread. */
const helperStartMilliseconds = 10_000;

/**
 * @typedef {object} ThreadPlan
 * @property {number} threadCount threads that step a cloth, the caller's included
 * @property {string | null} singleThreadReason why only one, when more were asked for or 'auto' found none
 */

/**
 * @param {string} reason
 * @returns {ThreadPlan}
 */
export function singleThread(reason) {
  return { threadCount: 1, singleThreadReason: `nuno: one thread steps the CPU cloth: ${reason}` };
}

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
  if (typeof Worker === 'undefined') return singleThread('this environment has no Web Workers (the threaded module runs in browsers)');
  if (globalThis.crossOriginIsolated !== true) {
    return singleThread('this page is not cross-origin isolated, and threads share memory only there; serve it with the headers ' +
      "'Cross-Origin-Opener-Policy: same-origin' and 'Cross-Origin-Embedder-Policy: require-corp'");
  }
  if (!sharesWasmMemory()) {
    return singleThread('this browser shares no WebAssembly memory between threads (no SharedArrayBuffer), though the page is cross-origin isolated');
  }
  if (modulePlaced) return singleThread('wasmUrl or wasmBinary places the single-thread module nuno-core.wasm');
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  if (threads === 'auto') {
    const count = Math.min(cores, autoThreads);
    return count > 1 ? { threadCount: count, singleThreadReason: null } : singleThread('this device reports one core');
  }
  return { threadCount: threads, singleThreadReason: null };
}

/** Whether shared WebAssembly memory exists here (WebKitGTK isolates pages but has none). */
function sharesWasmMemory() {
  if (typeof SharedArrayBuffer !== 'function') return false;
  try {
    return new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer instanceof SharedArrayBuffer;
  } catch {
    return false;
  }
}

// The threaded module's three files, named in the `new URL(..., import.meta.url)` form so that
// bundlers copy them as they are. Emscripten's own `new Worker(new URL(...))` would make a
// bundler build the worker script, which imports the module, and Vite refuses that split in a
// classic worker; with locateFile given, the module takes these addresses instead.
const threadedModule = new URL('../dist/nuno-core-threads.mjs', import.meta.url);
const threadedWasm = new URL('../dist/nuno-core-threads.wasm', import.meta.url);
// Vite inlines a file this small as a data: URL, whose worker would have no origin to import the
// module from (and a strict Content-Security-Policy refuses it): `?no-inline` stops that, and
// other bundlers and servers pass the query by.
const threadedWorker = new URL('../dist/nuno-core-threads.worker.js?no-inline', import.meta.url);

/**
 * The threaded core with `threadCount - 1` helpers, started (loaded) before it resolves. It
 * rejects, its workers ended, when it fails or its helpers have not started within
 * helperStartMilliseconds: Emscripten waits for every helper to load, and one whose script
 * cannot load (a host that lost the file) would keep it waiting for good.
 * @param {number} threadCount
 * @returns {Promise<any>}
 */
export async function loadThreadedCore(threadCount) {
  const { default: createThreadedCore } = await import(/* @vite-ignore */ threadedModule.href);
  // Emscripten makes this object the module, so its workers can be ended from here.
  /** @type {any} */
  const moduleObject = {
    nunoHelperThreads: threadCount - 1,
    // What each helper imports to run the module.
    mainScriptUrlOrBlob: threadedModule.href,
    locateFile: (/** @type {string} */ file) => (file.endsWith('.wasm') ? threadedWasm.href : threadedWorker.href),
  };
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`its helper threads did not start within ${helperStartMilliseconds / 1000} s`)), helperStartMilliseconds);
  });
  try {
    const core = await Promise.race([createThreadedCore(moduleObject), late]);
    core.useThreads(threadCount);
    return core;
  } catch (error) {
    moduleObject.PThread?.terminateAllThreads();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
