// The wasm modules' size budgets: every page that uses nuno downloads one of them.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { metric } from './metric.js';

/**
 * Bytes each module may have: nuno-core.wasm issue 29's 240 KB, with its mesh colliders and tearing;
 * the threaded one, which isolated pages load instead, that and 10% for the shared-memory runtime. Issue 12 held every feature within
 * 200 KB (199,322 B); issues 25 and 30 then added the crossing measure (selfCrossings, 8 KB at
 * -Os), length-checked readers and messages (3 KB), the papers' scatter kept apart and the
 * contacts' depenetration, passes and travel (14 KB together): 224,881 B; then self-collision's
 * face contacts, which keep particles on their side of the cloth's triangles (10 KB): 234,631 B;
 * then issue 26's ClothModel, the set-up of the GPU and worker cloths bound as a class of its own
 * beside Cloth (7 KB): 242,048 B; then stepStages, which runs a prefix of a substep's stages so
 * each stage can be compared across backends, with its range check and message (1.8 KB): 243,868 B;
 * then issue 25's untangling (the crossings listed, the grid cut along them into pieces, the
 * particles of the smaller pieces sent back) and the substeps added where layers close fast
 * (6.0 KB): 249,819 B; then the substeps the GPU cloths add where their layers close fast
 * (`substepsFor`, and the rules and factors of any substep count bound for them, 0.37 KB): 250,192 B;
 * then the GPU cloths' untangling (the core's look at positions read back, bound for them, and
 * its records for their separate passes, 1.2 KB): 251,395 B; then attachments (issue 27's
 * particles that follow targets moved every frame: their checks and messages, the model's
 * bookkeeping, the substep's placement, the GPU's packing, 4.6 KB): 256,027 B. Then, toward issue
 * 29's 240 KB with its mesh colliders and tearing: numbers written without printf (settings.cpp's
 * own digits, 7.2 KB), the link's optimiser for size at -Oz and the wasm features every browser
 * with SIMD has (bulk memory, sign extension, non-trapping float-to-int: 3.1 KB): 245,717 B; the
 * threaded module keeps printf for libc++'s thread errors (1.0 KB less). Then the settings'
 * documentation left to the generator of web/model.d.ts (10.3 KB), error messages put together
 * where they are thrown rather than from temporary strings each check cleaned up (7.0 KB), and the
 * readers' map filled from a table (1.7 KB): 226,676 B; the threaded module's helpers on POSIX
 * threads, without libc++'s system errors and their printf (13.2 KB more): 244,212 B. Then issue
 * 29's mesh colliders (the distance field's build, its sampling and contact, the mesh reader and
 * its messages, the atlas for the GPUs, and the shared field in the collider variant: 21.5 KB):
 * 248,157 B, threads 265,657 B. Then toward tearing's room: wasm-opt -Oz once more after the
 * link's dead code elimination (1.1 KB), error messages from pieces where they were still joined
 * strings (7.1 KB), one choiceIndex() for every choice (1.6 KB), the collider set without
 * std::vector<bool> and std::vector::insert (3.1 KB), one constantsSource() for both shader
 * languages (0.9 KB), one try and catch for every binding (runGuarded, 1.9 KB) and smaller
 * pieces (0.9 KB): 231,456 B, threads 247,424 B. Then issue 29's tearing (the torn bits, the
 * lanes' look for stretched constraints and their rest lengths set, the sweeps' skip, normals
 * beside a tear, the strain of the solved constraints, tornMask and its count bound: 6.8 KB):
 * 238,211 B, threads 254,170 B. Then the collide stage's mesh contact four lanes at once (its
 * samples read lane by lane, the arithmetic and the further steps of a deep point four-wide, the
 * one-point contact it replaced gone: 1.1 KB, for a mesh's collide stage from 2.2-2.4x a sphere's
 * to 1.5-1.9x): 239,325 B, threads 255,284 B. Then the normals beside tears built for speed
 * with the other normals rather than for size with tearing's bookkeeping (0.5 KB, for a torn
 * curtain's step from 1.26x a whole one's to 1.12x): 239,817 B, threads 255,776 B. Then torn
 * triangles left out of self-collision's face pairs (0.1 KB): 239,921 B, threads 255,880 B,
 * within issue 29's 240 KB. Then the hash's walk over neighbouring runs written once for every
 * visitor of pairs rather than once each (0.9 KB) and self-collision's face pairs met through the
 * corner nearest their particle, each triangle's cover held within its bounds (0.4 KB more):
 * 239,466 B, threads 255,403 B.
 */
const budgets = [
  { file: 'nuno-core.wasm', metricName: 'wasm_bytes', budgetBytes: 239_500 },
  { file: 'nuno-core-threads.wasm', metricName: 'wasm_threads_bytes', budgetBytes: 255_450 },
];

for (const { file, metricName, budgetBytes } of budgets) {
  test(`${file} stays within ${budgetBytes.toLocaleString('en')} bytes`, () => {
    const bytes = statSync(fileURLToPath(new URL(`../../dist/${file}`, import.meta.url))).size;
    metric(metricName, bytes, 'bytes', `budget ${budgetBytes}`);
    assert.ok(bytes <= budgetBytes, `${file} is ${bytes} bytes`);
  });
}
