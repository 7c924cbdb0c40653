// Threads where there are none: Node has no Web Workers, so the core loads single-threaded and
// says why; a thread count out of range is refused by name before anything loads.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadNuno } from '../../web/index.js';

test('in Node one thread steps the cloth, and the reason says why', async () => {
  for (const threads of [undefined, 'auto', 4]) {
    const nuno = await loadNuno({ threads });
    assert.equal(nuno.threadCount, 1);
    assert.match(String(nuno.singleThreadReason), /^nuno: one thread steps the CPU cloth: this environment has no Web Workers/);
    const cloth = nuno.createCloth({ columns: 64, rows: 64 });
    cloth.stepFixed(2);
    assert.ok(cloth.positions.every(Number.isFinite));
    cloth.dispose();
  }
  const one = await loadNuno({ threads: 1 });
  assert.equal(one.threadCount, 1);
  assert.equal(one.singleThreadReason, null, 'one thread asked for is no fallback');
});

test('a thread count out of range is refused by name', async () => {
  for (const threads of [0, 17, 2.5, -1, Number.NaN]) {
    await assert.rejects(loadNuno({ threads }), { message: `nuno: 'threads' must be an integer in [1, 16], got ${threads}` });
  }
  for (const threads of ['2', null, {}]) {
    await assert.rejects(loadNuno({ threads: /** @type {any} */ (threads) }), /^Error: nuno: 'threads' must be 'auto' or an integer in \[1, 16\], got /);
  }
});
