// Wasm memory: no leak over thousands of cloths, and views that survive memory growth.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadNuno } from '../../web/index.js';
import { metric } from './metric.js';

const nuno = await loadNuno();

test('2,000 create/step/dispose cycles, and 2,000 rejected settings, leave the heap as it was', () => {
  const cycle = () => {
    const cloth = nuno.createCloth({ columns: 16, rows: 12 });
    cloth.addCollider({ type: 'sphere', center: [0, 0.5, 0], radius: 0.3 });
    cloth.stepFixed(1);
    void cloth.positions;
    cloth.dispose();
    assert.throws(() => nuno.createCloth({ columns: 16, rows: 12, substeps: 0 }));
  };
  cycle(); // the first cycle may grow allocator bookkeeping once
  const before = nuno.heapBytesInUse();
  for (let i = 0; i < 2000; i++) cycle();
  const after = nuno.heapBytesInUse();
  metric('heap_growth_after_2000_cycles', after - before, 'bytes');
  assert.equal(after, before);
});

test('position views survive wasm memory growth', () => {
  const small = nuno.createCloth({ columns: 8, rows: 8 });
  small.stepFixed(5);
  const view = small.positions;
  const copy = Float32Array.from(view);
  const bufferBefore = view.buffer;
  // 1024 x 1024 particles need far more than the initial 16 MB: memory grows, the old buffer detaches.
  const large = nuno.createCloth({ columns: 1024, rows: 1024 });
  assert.equal(view.length, 0, 'the old view was detached by the growth');
  assert.notEqual(small.positions.buffer, bufferBefore);
  assert.deepEqual(Array.from(small.positions), Array.from(copy));
  large.dispose();
  small.stepFixed(1);
  assert.equal(small.positions.length, 8 * 8 * 3);
  small.dispose();
});
