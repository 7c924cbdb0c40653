// requestCloth's trial of WebGPU against WebGL2 (web/backends/gpu/step-trial.js), on a clock the
// test keeps: each contender's steps take what it says, so the medians are exact. The browser
// test (webgpu.spec.js, "keeps whichever of WebGPU and WebGL2 stepped the cloth faster") times
// the real backends.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { msPerStep } from '../../web/backends/gpu/step-trial.js';

/** The clock the trial reads, moved only by the contenders' steps. */
let nowMs = 0;
Object.defineProperty(globalThis, 'performance', { value: { now: () => nowMs }, configurable: true });

/**
 * A contender whose GPU takes `stepMs(call)` per step of its `call`th stepFixed, the time
 * passing by its `finished`.
 * @param {(call: number) => number} stepMs
 */
function contender(stepMs) {
  const calls = /** @type {number[]} */ ([]);
  let owedMs = 0;
  return {
    calls,
    cloth: { stepFixed: (/** @type {number} */ count) => { owedMs += count * stepMs(calls.length); calls.push(count); } },
    finished: async () => { nowMs += owedMs; owedMs = 0; },
  };
}

test('each contender is timed over turns of enough steps to last 20 ms (at most 64), its median kept', async () => {
  const fast = contender(() => 0.5);
  const slow = contender(() => 30);
  const tiny = contender(() => 2 ** -10);
  assert.deepEqual(await msPerStep([fast, slow, tiny]), [0.5, 30, 2 ** -10]);
  // A warm-up step, a step to size the turns, then three turns.
  assert.deepEqual(fast.calls, [1, 1, 40, 40, 40]);
  assert.deepEqual(slow.calls, [1, 1, 1, 1, 1]);
  assert.deepEqual(tiny.calls, [1, 1, 64, 64, 64]);
});

test('the median of the turns is kept: not a slow warm-up, nor a turn on a busy machine, nor the quickest', async () => {
  // By call: the warm-up builds pipelines, the sizing step, then turns of 10 steps at 9, 2 and 1.5 ms.
  const perCallMs = [500, 2, 9, 2, 1.5];
  const varying = contender((call) => perCallMs[call]);
  const other = contender(() => 3);
  assert.deepEqual(await msPerStep([varying, other]), [2, 3]);
  assert.deepEqual(varying.calls, [1, 1, 10, 10, 10]);
});
