// requestCloth's trial of WebGPU against WebGL2 (web/backends/gpu/step-trial.js), on a clock the
// test keeps: each contender's steps take what it says, so the figures are exact. The browser
// test (webgpu.spec.js, "keeps whichever of WebGPU and WebGL2 stepped the cloth faster") times
// the real backends.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { msPerStep } from '../../web/backends/gpu/step-trial.js';

/** The clock the trial reads, moved only by the contenders' steps and waits. */
let nowMs = 0;
Object.defineProperty(globalThis, 'performance', { value: { now: () => nowMs }, configurable: true });

/**
 * A contender whose GPU takes `stepMs(call)` a step in its `call`th stepFixed, the time passing
 * by its `finished`, which itself takes `waitMs` (a fence polled by a timer). Its calls go to
 * `log` too, named, so the order of the turns shows.
 * @param {string} name
 * @param {(call: number) => number} stepMs
 * @param {{ waitMs?: number, log?: string[] }} [options]
 */
function contender(name, stepMs, { waitMs = 0, log = [] } = {}) {
  const calls = /** @type {number[]} */ ([]);
  let owedMs = 0;
  return {
    calls,
    cloth: {
      stepFixed: (/** @type {number} */ count) => {
        owedMs += count * stepMs(calls.length);
        calls.push(count);
        log.push(`${name} ${count}`);
      },
    },
    finished: async () => { nowMs += owedMs + waitMs; owedMs = 0; },
  };
}

test('batches double until they last 20 ms (at most 128 steps); one backend over twice as slow is decided by them', async () => {
  const fast = contender('fast', () => 0.5);
  const slow = contender('slow', () => 30);
  const tiny = contender('tiny', () => 2 ** -10);
  assert.deepEqual(await msPerStep([fast, slow, tiny]), [0.5, 30, 2 ** -10]);
  // An untimed first step, then the doubling batches, and no turns.
  assert.deepEqual(fast.calls, [1, 1, 2, 4, 8, 16, 32, 64]);
  assert.deepEqual(slow.calls, [1, 1]);
  assert.deepEqual(tiny.calls, [1, 1, 2, 4, 8, 16, 32, 64, 128]);
});

test('close backends take three alternating turns each, the median kept: not a slow first step, a busy turn, nor the quickest', async () => {
  const log = /** @type {string[]} */ ([]);
  // By call: the first step builds pipelines, five sizing batches (1 to 16 steps), then turns of 16 steps at 9, 2 and 1.5 ms.
  const perCallMs = [500, 2, 2, 2, 2, 2, 9, 2, 1.5];
  const varying = contender('varying', (call) => perCallMs[call], { log });
  const other = contender('other', () => 3, { log });
  assert.deepEqual(await msPerStep([varying, other]), [2, 3]);
  assert.deepEqual(log, [
    'varying 1', 'varying 1', 'varying 2', 'varying 4', 'varying 8', 'varying 16',
    'other 1', 'other 1', 'other 2', 'other 4', 'other 8',
    'varying 16', 'other 8', 'varying 16', 'other 8', 'varying 16', 'other 8',
  ]);
});

test("the wait that closes a turn is spread over the turn's steps: a quick GPU's steps are not read as the wait", async () => {
  // 0.25 ms steps behind a 3 ms wait: one step reads 3.25 ms, 128 of them 35 (0.27 a step).
  const [quick, steady] = await msPerStep([contender('quick', () => 0.25, { waitMs: 3 }), contender('steady', () => 0.3, { waitMs: 3 })]);
  assert.ok(quick < 1.2 * 0.25, `quick read as ${quick} ms a step`);
  assert.ok(steady < 1.2 * 0.3, `steady read as ${steady} ms a step`);
  assert.ok(quick < steady);
});
