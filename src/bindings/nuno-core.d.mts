// The Emscripten module factory that the wasm build writes to dist/nuno-core.mjs. Its classes
// are wrapped by web/cloth.js, whose declarations (web/index.d.ts) are the public types.
export default function createNunoCore(options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (file: string) => string;
}): Promise<any>;
