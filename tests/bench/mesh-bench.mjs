// Mesh colliders in wasm under Node (issue 29's bench rows): how long a field takes to build by
// triangle count and resolution, and what a mesh costs a step against the sphere it stands for.

import { sphereMesh, torusKnotMesh } from '../../web/demo/mesh-shapes.js';
import { SCENE_COLLIDERS, benchSettings } from './scene.js';

/** @typedef {import('../../web/index.js').Nuno} Nuno */

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export const MESHES = [
  { label: 'sphere, 4,096 triangles', mesh: () => sphereMesh(0.5, 64, 32) },
  { label: 'torus knot, 20,000 triangles', mesh: () => torusKnotMesh({ along: 625, around: 16 }) },
  { label: 'torus knot, 100,000 triangles', mesh: () => torusKnotMesh({ along: 3125, around: 16 }) },
];
export const RESOLUTIONS = [32, 64, 128];

/**
 * Median of three builds (addCollider, which builds the field) for each mesh and resolution, ms.
 * @param {Nuno} nuno
 */
export function timeFieldBuilds(nuno) {
  const cloth = nuno.createCloth({ columns: 2, rows: 2 });
  const rows = MESHES.flatMap(({ label, mesh }) => {
    const { vertices, indices } = mesh();
    return RESOLUTIONS.map((resolution) => {
      const milliseconds = [0, 1, 2].map(() => {
        const start = performance.now();
        const id = cloth.addCollider({ type: 'mesh', vertices, indices, resolution });
        const elapsed = performance.now() - start;
        cloth.removeCollider(id);
        return elapsed;
      });
      return { mesh: label, resolution, medianMs: median(milliseconds) };
    });
  });
  cloth.dispose();
  return rows;
}

/**
 * The bench scene at 64 x 64 with no collider, with its sphere, and with that sphere as a mesh
 * (64 x 32 segments, resolution 64), stepped in turn (40 rounds of 8 steps timed together;
 * medians), so the collide stage's cost is each step's less the bare cloth's. Timed one step at a
 * time, the ratio of the two differences went from 1.3 to 3.9 between runs of the same build.
 * @param {Nuno} nuno
 */
export function timeMeshStep(nuno) {
  const sphere = /** @type {{center: [number, number, number], radius: number}} */ (SCENE_COLLIDERS[0]);
  const { vertices, indices } = sphereMesh(sphere.radius, 64, 32);
  /** @type {[string, import('../../web/index.js').ColliderDescription[]][]} */
  const scenes = [
    ['no collider', []],
    ['sphere', [{ type: 'sphere', ...sphere }]],
    ['mesh sphere', [{ type: 'mesh', vertices, indices, center: sphere.center, resolution: 64 }]],
  ];
  const cloths = scenes.map(([, colliders]) => {
    const cloth = nuno.createCloth(benchSettings(64));
    for (const collider of colliders) cloth.addCollider(collider);
    cloth.stepFixed(60);
    return cloth;
  });
  /** @type {number[][]} */
  const times = cloths.map(() => []);
  const stepsTimedTogether = 8;
  for (let round = 0; round < 40; round++) {
    cloths.forEach((cloth, c) => {
      const start = performance.now();
      cloth.stepFixed(stepsTimedTogether);
      times[c].push((performance.now() - start) / stepsTimedTogether);
    });
  }
  for (const cloth of cloths) cloth.dispose();
  const [bare, withSphere, withMesh] = times.map(median);
  return { bareMs: bare, sphereMs: withSphere, meshMs: withMesh, collideRatio: (withMesh - bare) / (withSphere - bare) };
}
