// The hardware tier's page in Node, on the WebGPU adapter Dawn finds: `run.py --dawn` launches
// this in place of Chromium, so WebGPU is checked and timed where no browser is at hand (or where
// a browser offers WebGPU only on SwiftShader). It runs hardware.js itself, with navigator.gpu
// from the `webgpu` package (Dawn's dawn.node) and no document: WebGPU against the CPU (wasm),
// each stage of a substep, tearing, the piles, and the WebGPU and CPU timings, reported to run.py's server
// as the page reports them.
//   node tests/hardware/dawn.mjs PAGE_ADDRESS [DAWN_OPTION ...]
// PAGE_ADDRESS: run.py's http://127.0.0.1:PORT/tests/hardware/hardware.html?... (its query is
// the page's parameters); DAWN_OPTION: one of create()'s, e.g. backend=vulkan. Dawn finds the
// GPU through the Vulkan loader: VK_DRIVER_FILES=.../nvidia_icd.json picks a driver, and
// Chromium's SwiftShader (/usr/lib/chromium/vk_swiftshader_icd.json) is a software one.
import * as nodeModule from 'node:module';
import { create, globals } from 'webgpu';

const [address, ...dawnOptions] = process.argv.slice(2);
if (!address) {
  console.error('usage: node tests/hardware/dawn.mjs PAGE_ADDRESS [DAWN_OPTION ...] (run.py --dawn passes them)');
  process.exit(2);
}
// The page's own addresses are mapped onto the repository by a module hook (page-paths.mjs).
if (typeof nodeModule.register !== 'function') {
  console.error(`tests/hardware/dawn.mjs needs Node 18.19 or 20.6 and later (module.register); this is Node ${process.versions.node}`);
  process.exit(2);
}
nodeModule.register('./page-paths.mjs', import.meta.url);
// GPUBufferUsage, GPUShaderStage and the rest, as a page has them.
Object.assign(globalThis, globals);
// Held by navigator for the whole run: Dawn aborts once the object create() returns is collected.
const gpu = create(dawnOptions);
if (globalThis.navigator) Object.defineProperty(globalThis.navigator, 'gpu', { value: gpu });
else Object.defineProperty(globalThis, 'navigator', { value: { gpu } });
Object.defineProperty(globalThis, 'location', { value: new URL(address) });
// The page's module: its top-level await runs every check and timing, and posts /done.
await import('./hardware.js');
// Dawn's threads would keep Node alive.
process.exit(0);
