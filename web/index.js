// nuno: real-time cloth for the web. The public entry point of the package.
import createNunoCore from '../dist/nuno-core.mjs';
import { Cloth } from './cloth.js';

export { Cloth } from './cloth.js';
export { ClothRenderer } from './render/cloth-renderer.js';

/**
 * @typedef {object} LoadOptions
 * @property {URL | string} [wasmUrl] Where nuno-core.wasm is, when a bundler or server moved it.
 * @property {ArrayBuffer | Uint8Array} [wasmBinary] The module's bytes, when the caller has them.
 */

/**
 * Loads the WebAssembly core. In browsers and workers the wasm is fetched from beside this
 * module (bundlers copy it because of the `new URL(..., import.meta.url)` form); in Node it is
 * read from disk.
 * @param {LoadOptions} [options]
 * @returns {Promise<Nuno>}
 */
export async function loadNuno(options = {}) {
  const wasmUrl = new URL(options.wasmUrl ?? new URL('../dist/nuno-core.wasm', import.meta.url), import.meta.url);
  const wasmBinary = options.wasmBinary ?? (wasmUrl.protocol === 'file:' ? await readFileBytes(wasmUrl) : undefined);
  const core = await createNunoCore({
    wasmBinary,
    locateFile: (file) => (file.endsWith('.wasm') ? wasmUrl.href : file),
  });
  return new Nuno(core);
}

/** The loaded core: makes cloths. */
export class Nuno {
  /** @type {any} */
  #core;

  /** @param {any} core the Emscripten module */
  constructor(core) {
    this.#core = core;
  }

  /**
   * A cloth simulated on the CPU (WebAssembly).
   * @param {import('./index.js').ClothSettings} [settings]
   * @returns {Cloth}
   */
  createCloth(settings = {}) {
    return new Cloth(this.#core, settings);
  }

  /** Bytes of the wasm heap in use by the core (a diagnostic: dispose() returns them). */
  heapBytesInUse() {
    return this.#core.heapBytesInUse();
  }
}

/** @param {URL} url */
async function readFileBytes(url) {
  // Kept out of bundlers' sight: only Node reaches this branch.
  const fsModule = 'node:fs/promises';
  const { readFile } = await import(/* @vite-ignore */ fsModule);
  return readFile(url);
}
