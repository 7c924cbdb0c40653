#!/usr/bin/env bash
# Builds everything the tests, the demo and the package need:
#   build/native  the core, its unit tests and tools (g++)
#   web/model.d.ts  its settings part, from the schema (nuno_settings_dts)
#   build/wasm    the core as WebAssembly -> dist/nuno-core.{mjs,wasm} (Emscripten)
#   build/wasm-threads  the same with helper threads -> dist/nuno-core-threads.{mjs,wasm,worker.js}
#   dist/shaders.js  the shaders of shaders/{webgl2,webgpu,render}/ as ES module strings
#   dist/gpu-uniforms.js  the WebGPU passes' uniform structs and layout (nuno_gpu_uniforms)
#   build/demo    the demo as a folder any static host can serve (scripts/build-demo.mjs)
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Emscripten runs its JS tools with the system node, which needs Debian's node modules.
export NODE_PATH=/usr/share/nodejs
jobs=$(nproc)

cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release --log-level=WARNING
cmake --build build/native -j "$jobs"
# The settings part of web/model.d.ts comes from src/settings_schema.hpp (a unit test checks it).
build/native/nuno_settings_dts web/model.d.ts
mkdir -p dist
build/native/nuno_gpu_uniforms dist/gpu-uniforms.js

emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release --log-level=WARNING > /dev/null
cmake --build build/wasm -j "$jobs"
# Growable shared memory makes Emscripten warn that JS reads of the heap are slower; the cloth's
# views are taken once, so the warning is expected.
emcmake cmake -S . -B build/wasm-threads -DCMAKE_BUILD_TYPE=Release -DNUNO_WASM_THREADS=ON --log-level=WARNING > /dev/null
cmake --build build/wasm-threads -j "$jobs"

node scripts/bundle-shaders.mjs
node scripts/build-demo.mjs
