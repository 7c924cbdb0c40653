// The wasm build must compute exactly what the native build computes: same scenarios, same bytes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { loadNuno } from '../../web/index.js';
import { metric } from './metric.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scenariosPath = join(root, 'tests/fixtures/scenarios.json');
const referenceTool = join(root, 'build/native/nuno_reference_positions');

/** @param {Uint8Array} bytes */
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

test('positions after 200 steps are bit-identical to the native build', async (t) => {
  const outDir = mkdtempSync(join(tmpdir(), 'nuno-reference-'));
  t.after(() => rmSync(outDir, { recursive: true, force: true }));
  execFileSync(referenceTool, [scenariosPath, outDir]);

  const nuno = await loadNuno();
  const scenarios = JSON.parse(readFileSync(scenariosPath, 'utf8'));
  assert.ok(scenarios.length >= 3);
  for (const scenario of scenarios) {
    const cloth = nuno.createCloth(scenario.settings);
    for (const collider of scenario.colliders ?? []) cloth.addCollider(collider);
    cloth.stepFixed(scenario.steps);
    const wasm = new Uint8Array(cloth.positions.buffer, cloth.positions.byteOffset, cloth.positions.byteLength);
    const native = readFileSync(join(outDir, `${scenario.name}.f32`));
    metric('positions_sha256', sha256(wasm).slice(0, 16), 'sha256-prefix', `wasm, ${scenario.name}`);
    metric('positions_sha256', sha256(native).slice(0, 16), 'sha256-prefix', `native, ${scenario.name}`);
    assert.equal(sha256(wasm), sha256(native), `${scenario.name}: wasm and native differ`);
    cloth.dispose();
  }
});
