// The GPU passes' uniform structs (in WGSL for WebGPU, in GLSL for WebGL2), laid
// out by the core's table (src/tools/gpu_uniforms.cpp) and written by name
// (web/backends/gpu/uniform-layout.js). That WebGL2 sets each GLSL member from where the layout
// put it is checked in the browser (webgl2-state.spec.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { uniformStructsGlsl, uniformLayouts, uniformsWgsl } from '../../dist/gpu-uniforms.js';
import { loadNuno } from '../../web/index.js';
import { writeStage, writeSubstep, writeUniforms } from '../../web/backends/gpu/uniform-layout.js';

const nuno = await loadNuno();

test('the structs follow WGSL\'s uniform layout rules: vec3f and arrays on 16 bytes, vec2i on 8, the size a multiple of 16', () => {
  for (const [block, layout] of Object.entries(uniformLayouts)) {
    assert.equal(layout.bytes % 16, 0, block);
    for (const [name, field] of Object.entries(layout.fields)) {
      const alignment = field.length > 0 || field.components >= 3 ? 16 : field.components === 2 ? 8 : 4;
      assert.equal(field.offset % alignment, 0, `${block}.${name} at ${field.offset}`);
      assert.match(uniformsWgsl, new RegExp(`\\b${name}: `), `${name} is in the WGSL`);
      const glsl = uniformStructsGlsl[/** @type {'Substep' | 'Stage'} */ (block === 'substep' ? 'Substep' : 'Stage')];
      assert.match(glsl, new RegExp(`highp \\w+ ${name}(\\[\\d+\\])?;`), `${name} is in the GLSL struct`);
    }
  }
  const fields = Object.values(uniformLayouts.substep.fields).sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < fields.length; i++) {
    const previous = fields[i - 1];
    const previousBytes = previous.length > 0 ? 16 * previous.length : 4 * previous.components;
    assert.ok(fields[i].offset >= previous.offset + previousBytes, 'no two fields overlap');
  }
});

test('the fields marked as settings are named as the settings name them', () => {
  const cloth = nuno.createCloth({ columns: 4, rows: 4 });
  const settings = cloth.settings;
  cloth.dispose();
  const settingFields = Object.entries(uniformLayouts.substep.fields).filter(([, field]) => field.setting).map(([name]) => name);
  assert.ok(settingFields.length >= 5);
  for (const name of settingFields) assert.ok(name in settings, `'${name}' is a setting`);
});

test('a substep and a stage are written where the layout says, by name; a field the block lacks throws', () => {
  const { substep, stage } = uniformLayouts;
  const bytes = new ArrayBuffer(substep.bytes + stage.bytes);
  const settings = { gravity: [0, -9.8, 0], wind: [1, 2, 3], collisionMargin: 0.005, selfCollisionThickness: 0.02, selfCollisionFriction: 0.25 };
  const colliders = { count: 1, kinds: Int32Array.of(2), shapes: new Float32Array(12).fill(7), frictions: Float32Array.of(0.5), travels: Float32Array.of(0) };
  writeSubstep(bytes, 0, substep, {
    settings: /** @type {any} */ (settings), factors: { keep: 0.9, normalDragShare: 0.1, tangentialDragShare: 0.2 }, substepSeconds: 0.01, last: true,
    gridSize: [5, 6], patchSize: [5, 3], gustWaves: new Float32Array(32).fill(4), colliders, depenetration: Float32Array.of(0.125),
  });
  const floats = new Float32Array(bytes);
  const integers = new Int32Array(bytes);
  const at = (/** @type {string} */ name) => substep.fields[name].offset / 4;
  assert.deepEqual(Array.from(floats.subarray(at('gravity'), at('gravity') + 3)), [0, Math.fround(-9.8), 0]);
  assert.equal(floats[at('selfCollisionFriction')], 0.25);
  assert.deepEqual(Array.from(integers.subarray(at('gridSize'), at('gridSize') + 2)), [5, 6]);
  assert.equal(integers[at('particleCount')], 30);
  assert.equal(integers[at('gusts')], 1);
  assert.equal(integers[at('readsApproach')], 1);
  assert.equal(floats[at('gustWaves') + 31], 4);
  assert.deepEqual(Array.from(floats.subarray(at('colliderKindFrictionDepenetration'), at('colliderKindFrictionDepenetration') + 4)), [2, 0.5, 0.125, 0]);
  assert.equal(floats[at('colliderShapes') + 11], 7);

  writeStage(bytes, substep.bytes, stage, {
    direction: { offset: [1, -1], family: 'shear', colourAxis: 'row', colourPeriod: 2 }, directionIndex: 3, colour: 1, solverKind: 2,
    rule: { alphaTilde: 1, stiffness: 2, stretchGain: 3, shrinkGain: 4 }, firstIteration: true,
  });
  const stageAt = (/** @type {string} */ name) => (substep.bytes + stage.fields[name].offset) / 4;
  assert.deepEqual(Array.from(integers.subarray(stageAt('offset'), stageAt('offset') + 2)), [1, -1]);
  assert.deepEqual([integers[stageAt('colourAxis')], integers[stageAt('colourPeriod')], integers[stageAt('firstIteration')]], [1, 2, 1]);
  assert.deepEqual(Array.from(floats.subarray(stageAt('rule'), stageAt('rule') + 4)), [1, 2, 3, 4]);

  assert.throws(() => writeUniforms(bytes, 0, stage, { margin: 1 }), /the uniform struct has no field 'margin'/);
  assert.throws(() => writeUniforms(bytes, 0, stage, { rule: [1, 2, 3, 4, 5] }), /uniform 'rule' holds 4 numbers, got 5/);
});
