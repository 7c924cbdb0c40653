// The wasm module's size budget: every page that uses nuno downloads it.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { metric } from './metric.js';

/** Bytes nuno-core.wasm may have (issue 12: 200 KB, every feature kept). */
const budgetBytes = 200_000;

test(`nuno-core.wasm stays within ${budgetBytes.toLocaleString('en')} bytes`, () => {
  const bytes = statSync(fileURLToPath(new URL('../../dist/nuno-core.wasm', import.meta.url))).size;
  metric('wasm_bytes', bytes, 'bytes', `budget ${budgetBytes}`);
  assert.ok(bytes <= budgetBytes, `nuno-core.wasm is ${bytes} bytes`);
});
