// nuno.requestCloth in Node, which has neither WebGPU nor WebGL2: 'auto' ends on the CPU and
// says why at each step down, 'webgpu' refuses, and the other backends are createCloth's; and
// createWorkerCloth, which needs Web Workers, says so.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { GpuUnsupportedError, loadNuno } from '../../web/index.js';

const nuno = await loadNuno();
const settings = { columns: 8, rows: 8, orientation: /** @type {const} */ ('horizontal'), pins: /** @type {const} */ ('top-edge') };

test("requestCloth's 'auto' without WebGPU or a canvas runs on the CPU and says why", async () => {
  const cloth = await nuno.requestCloth(null, settings);
  assert.equal(cloth.backend, 'cpu');
  assert.equal(cloth.fallbackReason,
    'nuno: this browser offers no WebGPU (navigator.gpu is missing: WebGPU needs a browser that has it and a secure context, ' +
    'https or http://127.0.0.1); then nuno: no WebGL2 context or canvas was given');
  const before = Float32Array.from(cloth.positions);
  cloth.stepFixed(10);
  assert.ok(cloth.positions[cloth.positions.length - 2] < before[before.length - 2] - 0.01, 'the free edge falls');
  cloth.dispose();
});

test("requestCloth's 'webgpu' without WebGPU throws a GpuUnsupportedError; 'cpu' is createCloth's", async () => {
  await assert.rejects(nuno.requestCloth(null, { ...settings, backend: 'webgpu' }),
    (error) => error instanceof GpuUnsupportedError && /offers no WebGPU.*use backend: 'gpu' \(WebGL2\) or 'cpu'$/.test(error.message));
  await assert.rejects(nuno.requestCloth(null, { ...settings, backend: 'gpu' }), /backend 'gpu' \(WebGL2\) needs a WebGL2 context or canvas/);
  await assert.rejects(nuno.requestCloth(null, { ...settings, columns: 1 }), /'columns' must be/);
  const cloth = await nuno.requestCloth(null, { ...settings, backend: 'cpu' });
  assert.equal(cloth.backend, 'cpu');
  assert.equal(cloth.fallbackReason, null);
  cloth.dispose();
});

test('requestCloth checks the backend by name and leaves the GPU options out of a CPU cloth', async () => {
  await assert.rejects(nuno.requestCloth(null, { ...settings, backend: /** @type {any} */ ('bogus') }),
    /^Error: nuno: 'backend' must be one of 'auto', 'webgpu', 'gpu', 'cpu', got 'bogus'$/);
  const cloth = await nuno.requestCloth(null, { ...settings, backend: 'cpu', precision: 'half', debug: true });
  assert.equal(cloth.backend, 'cpu');
  cloth.dispose();
});

test('createWorkerCloth without Web Workers rejects saying so', async () => {
  await assert.rejects(nuno.createWorkerCloth(settings),
    /^Error: nuno: createWorkerCloth needs Web Workers, which this environment lacks; use createCloth\(settings\)$/);
});
