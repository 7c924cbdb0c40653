// The Emscripten module factory that the wasm builds write to dist/nuno-core.mjs and
// dist/nuno-core-threads.mjs. Its classes
// are wrapped by web/backends/cpu/cloth.js and web/cloth-model.js, whose declarations
// (web/index.d.ts) are the public types.
export default function createNunoCore(options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (file: string) => string;
  /** nuno-core-threads only: the helper threads (Web Workers) to start before it resolves. */
  nunoHelperThreads?: number;
}): Promise<any>;
