// nuno/three's scene links without a browser: a mesh collider whose new triangles the cloth
// refuses is sent again at the next step, not taken as sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Group, Mesh, TorusKnotGeometry } from 'three';

import { SceneLinks } from '../../web/three/scene-links.js';

test('a refused rebuild of a mesh collider is tried again at the next step', () => {
  const frame = new Group();
  const knot = new Mesh(new TorusKnotGeometry(0.3, 0.08, 32, 6));
  frame.add(knot);
  /** @type {object[]} */
  const updates = [];
  let refuse = false;
  const cloth = /** @type {any} */ ({
    addCollider: () => 1,
    updateCollider: (/** @type {number} */ _id, /** @type {object} */ changes) => {
      if (refuse && 'vertices' in changes) throw new Error('nuno: refused');
      updates.push(changes);
    },
  });
  const links = new SceneLinks();
  links.collideWith(cloth, frame, knot, {});
  frame.updateMatrixWorld(true);
  links.follow(cloth, frame);
  assert.ok(!('vertices' in updates[0]), 'the triangles sent with addCollider are not sent again');
  knot.scale.setScalar(2);
  frame.updateMatrixWorld(true);
  refuse = true;
  assert.throws(() => links.follow(cloth, frame), /refused/);
  refuse = false;
  links.follow(cloth, frame);
  assert.ok('vertices' in updates[1], 'the scaled triangles are sent again after the refusal');
  links.follow(cloth, frame);
  assert.ok(!('vertices' in updates[2]), 'and then not again');
});
