// nuno/three in Chromium: ClothMesh draws the CPU, worker and WebGL2 (float and half) cloths in
// a three.js scene drawn by WebGLRenderer (three-webgpu.spec.js: the same scene drawn by
// WebGPURenderer) (tests/browser/three-scene.js) with a MeshPhysicalMaterial (map, normal map), lit,
// casting a shadow on the ground, fogged and tone mapped, while a textured box, a blended sphere
// and a plane showing a render target drawn every frame look exactly as they do in a frame
// drawn without the cloth: nuno's passes, run between three's frames on three's own context,
// leave three's state as three believes it to be.
import { expect, test } from '@playwright/test';
import { expectClothSceneDrawn } from '../engines/checks.js';
import { collectComplaints } from '../engines/playwright-driver.js';
import { expectCornerDragged, expectPapersAsOnCpu, expectSheetOnKnot } from './three-checks.js';

test.describe.configure({ timeout: 120_000 });

const backends = [
  { label: 'CPU', backend: 'cpu' },
  { label: 'worker', backend: 'worker' },
  { label: 'WebGL2 float', backend: 'gpu', precision: 'float' },
  { label: 'WebGL2 half', backend: 'gpu', precision: 'half' },
];

for (const { label, backend, precision } of backends) {
  test(`a ClothMesh draws the ${label} cloth textured, lit and shadowed among three objects it leaves alone`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto('/tests/browser/three.html');
    const result = await page.evaluate(async (options) => {
      return /** @type {any} */ (window).nunoThreeScene.measureClothScene(options);
    }, { backend, precision, frames: 30 });
    await page.locator('#view').screenshot({ path: test.info().outputPath('three-scene.png') });
    expectClothSceneDrawn(result, `chromium, ${label}`, backend);
    expect(complaints).toEqual([]);
  });
}

test('a ClothMesh refuses what it cannot draw by name, and frees only what it made', async ({ page }) => {
  await page.goto('/tests/browser/three.html');
  const result = await page.evaluate(async () => {
    const THREE = await import('three');
    const { loadNuno } = await import('/web/index.js');
    const { ClothMesh } = await import('/web/three/index.js');
    const nuno = await loadNuno();
    const renderer = new THREE.WebGLRenderer({ canvas: /** @type {HTMLCanvasElement} */ (document.getElementById('view')) });
    const errorOf = (/** @type {() => unknown} */ action) => {
      try {
        action();
        return '(accepted)';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    const settings = { columns: 8, rows: 8 };
    const disposed = nuno.createCloth(settings);
    disposed.dispose();
    const otherContext = /** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2'));
    const elsewhere = nuno.createCloth(otherContext, { ...settings, backend: 'gpu' });
    const onRenderer = nuno.createCloth(renderer.getContext(), { ...settings, backend: 'gpu' });
    const device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    const onWebGpu = nuno.createCloth(device, { ...settings, backend: 'webgpu' });
    const errors = {
      notCloth: errorOf(() => new ClothMesh(/** @type {any} */ ({ columns: 8 }))),
      disposed: errorOf(() => new ClothMesh(disposed)),
      webgpu: errorOf(() => new ClothMesh(/** @type {any} */ (onWebGpu))),
      noRenderer: errorOf(() => new ClothMesh(onRenderer)),
      otherContext: errorOf(() => new ClothMesh(elsewhere, { renderer })),
    };
    const shared = new THREE.MeshStandardMaterial();
    const first = new ClothMesh(onRenderer, { renderer, material: shared });
    const second = nuno.createCloth(renderer.getContext(), { ...settings, backend: 'gpu' });
    const reused = errorOf(() => new ClothMesh(second, { renderer, material: shared }));
    first.dispose();
    const afterDispose = errorOf(() => new ClothMesh(second, { renderer, material: shared }).dispose());
    second.dispose();
    const meshOnCpu = new ClothMesh(nuno.createCloth(settings));
    Object.assign(errors, {
      reused,
      afterDispose,
      duplicate: errorOf(() => meshOnCpu.attachTo(new THREE.Object3D(), [4, 4])),
      points: errorOf(() => meshOnCpu.collideWith(new THREE.Points(new THREE.TorusGeometry()))),
      lines: errorOf(() => meshOnCpu.collideWith(new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.TorusGeometry())))),
      instanced: errorOf(() => meshOnCpu.collideWith(new THREE.InstancedMesh(new THREE.TorusGeometry(), undefined, 4))),
      positionless: errorOf(() => meshOnCpu.collideWith(new THREE.Mesh(new THREE.BufferGeometry()))),
      flat: errorOf(() => meshOnCpu.collideWith(new THREE.Mesh(new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute(6, 2))))),
      group: errorOf(() => meshOnCpu.collideWith(new THREE.Group())),
      particle: errorOf(() => meshOnCpu.attachTo(new THREE.Object3D(), [0, 64])),
      twice: (() => {
        // Particle 11: in the second row, under the pinned top edge.
        meshOnCpu.attachTo(new THREE.Object3D(), [11]);
        return errorOf(() => meshOnCpu.attachTo(new THREE.Object3D(), [10, 11]));
      })(),
    });
    // What the mesh put on the cloth goes with it.
    meshOnCpu.collideWith(new THREE.Mesh(new THREE.SphereGeometry(0.1)));
    meshOnCpu.step(1 / 60);
    const linked = { colliders: meshOnCpu.cloth.colliders.length, attachedInverseMass: /** @type {any} */ (meshOnCpu.cloth).inverseMasses[11] };
    meshOnCpu.dispose();
    const unlinked = { colliders: meshOnCpu.cloth.colliders.length, attachedInverseMass: /** @type {any} */ (meshOnCpu.cloth).inverseMasses[11] };
    meshOnCpu.cloth.dispose();
    // Ownership: the mesh frees its geometry and its own materials; the cloth and a given material stay.
    const cloth = nuno.createCloth(settings);
    const material = new THREE.MeshStandardMaterial();
    let materialDisposed = false;
    material.addEventListener('dispose', () => { materialDisposed = true; });
    const mesh = new ClothMesh(cloth, { material });
    let geometryDisposed = false;
    mesh.geometry.addEventListener('dispose', () => { geometryDisposed = true; });
    // A depth material the app set on a CPU cloth's mesh is the app's too.
    mesh.customDepthMaterial = new THREE.MeshDepthMaterial();
    mesh.customDepthMaterial.addEventListener('dispose', () => { materialDisposed = true; });
    mesh.dispose();
    cloth.step(1 / 60);
    const clothSteps = cloth.stepsTaken;
    const afterClothDisposed = (() => {
      const again = new ClothMesh(cloth);
      cloth.dispose();
      return errorOf(() => again.update());
    })();
    for (const c of [elsewhere, onRenderer, onWebGpu]) c.dispose();
    device.destroy();
    renderer.dispose();
    return { errors, materialDisposed, geometryDisposed, clothSteps, afterClothDisposed, linked, unlinked };
  });
  expect(result.errors.notCloth).toMatch(/^nuno\/three: ClothMesh needs a nuno cloth/);
  expect(result.errors.disposed).toBe('nuno/three: ClothMesh was given a disposed cloth');
  expect(result.errors.webgpu).toMatch(/^nuno\/three: a WebGPU cloth is drawn by WebGPURenderer: use ClothMesh from 'nuno\/three\/webgpu'/);
  expect(result.errors.noRenderer).toMatch(/a WebGL2 cloth needs \{ renderer \}/);
  expect(result.errors.otherContext).toMatch(/made on another WebGL context than the renderer's/);
  expect(result.errors.points).toBe('nuno/three: a collider is made from a mesh of triangles, got a Points of a TorusGeometry');
  expect(result.errors.lines).toBe('nuno/three: a collider is made from a mesh of triangles, got a LineSegments of an EdgesGeometry');
  expect(result.errors.instanced).toMatch(/^nuno\/three: a collider is made from one mesh, got an InstancedMesh of a TorusGeometry: collide with a Mesh per instance/);
  expect(result.errors.positionless).toBe("nuno/three: a mesh collider is made from a geometry's 'position' attribute of x, y, z per vertex, got a Mesh of a BufferGeometry without one");
  expect(result.errors.flat).toMatch(/got a Mesh of a BufferGeometry whose positions have 2 components$/);
  expect(result.errors.group).toBe('nuno/three: a collider is made from a mesh of triangles, got a Group');
  expect(result.errors.particle).toBe("nuno/three: 'particles' must be integers in [0, 63], got 64");
  expect(result.errors.twice).toBe('nuno/three: particle 11 is attached to another object already');
  expect(result.errors.duplicate).toBe("nuno/three: 'particles' must name each particle once, got 4 twice");
  expect(result.errors.reused).toMatch(/^nuno\/three: this material already draws another GPU cloth with WebGLRenderer/);
  expect(result.errors.afterDispose, 'a disposed mesh gives its material back').toBe('(accepted)');
  expect(result.linked).toEqual({ colliders: 1, attachedInverseMass: 0 });
  expect(result.unlinked.colliders, 'dispose() takes the mesh\'s collider off the cloth').toBe(0);
  expect(result.unlinked.attachedInverseMass, 'and lets its attached particles go').toBeGreaterThan(0);
  expect(result.geometryDisposed).toBe(true);
  expect(result.materialDisposed, 'a material given (and a depth material set) stays the caller\'s').toBe(false);
  expect(result.clothSteps, 'the cloth stays the caller\'s').toBe(1);
  expect(result.afterClothDisposed).toMatch(/the cloth of this ClothMesh was disposed/);
});

for (const backend of ['cpu', 'gpu']) {
  test(`a ClothMesh keeps a ${backend === 'gpu' ? 'WebGL2' : 'CPU'} cloth on a moving object and out of a moving ball`, async ({ page }) => {
    const complaints = collectComplaints(page);
    await page.goto('/tests/browser/three.html');
    const result = await page.evaluate(async (backend) => {
      const THREE = await import('three');
      const { loadNuno } = await import('/web/index.js');
      const { ClothMesh } = await import('/web/three/index.js');
      const nuno = await loadNuno();
      const renderer = new THREE.WebGLRenderer({ canvas: /** @type {HTMLCanvasElement} */ (document.getElementById('view')) });
      const settings = { columns: 16, rows: 16, width: 0.6, height: 0.6, center: /** @type {[number, number, number]} */ ([0, 0.8, 0]), pins: /** @type {'none'} */ ('none') };
      const cloth = backend === 'gpu' ? nuno.createCloth(renderer.getContext(), { ...settings, backend: 'gpu' }) : nuno.createCloth(settings);
      const scene = new THREE.Scene();
      const camera = new THREE.PerspectiveCamera(45, 4 / 3, 0.1, 10);
      camera.position.set(0, 0.8, 2.5);
      // The pole under a turned, moved parent: world matrices, not local ones, must carry it.
      const rig = new THREE.Group();
      rig.rotation.y = 0.5;
      rig.position.set(0.1, 0, -0.05);
      const pole = new THREE.Object3D();
      pole.position.set(0, 1.1, 0);
      rig.add(pole);
      const ball = new THREE.Mesh(new THREE.SphereGeometry(0.12, 16, 8), new THREE.MeshBasicMaterial());
      ball.position.set(0, 0.75, 0.4);
      const mesh = new ClothMesh(cloth, backend === 'gpu' ? { renderer } : {});
      // The mesh under a turned, moved parent too: the cloth lives in the mesh's frame.
      const holder = new THREE.Group();
      holder.position.set(0.05, 0.02, -0.03);
      holder.rotation.y = 0.4;
      holder.add(mesh);
      scene.add(rig, ball, holder);
      mesh.attachTo(pole, Array.from({ length: 16 }, (_, column) => column));
      mesh.collideWith(ball, { friction: 0 });
      const rest = Float32Array.from(cloth.restPositions);
      // The offsets ClothMesh takes: each particle's rest position in the pole's frame now.
      scene.updateMatrixWorld(true);
      const offsets = Array.from({ length: 16 }, (_, p) => pole.worldToLocal(mesh.localToWorld(new THREE.Vector3().fromArray(rest, 3 * p))));
      for (let i = 1; i <= 40; i++) {
        pole.position.x = 0.2 * Math.sin(0.1 * i);
        pole.rotation.y = 0.02 * i;
        ball.position.z = 0.4 - 0.012 * i;
        mesh.step(1 / 60);
        renderer.render(scene, camera);
      }
      const positions = await cloth.readPositions();
      // step() sent the targets before its steps: the pole as it was then, which it still is.
      scene.updateMatrixWorld(true);
      let offTargetMm = 0;
      offsets.forEach((offset, p) => {
        const target = pole.localToWorld(offset.clone());
        offTargetMm = Math.max(offTargetMm, 1000 * target.distanceTo(mesh.localToWorld(new THREE.Vector3().fromArray(positions, 3 * p))));
      });
      const collider = /** @type {any} */ (cloth.colliders[0]);
      const ballCentreOffMm = 1000 * mesh.worldToLocal(ball.getWorldPosition(new THREE.Vector3())).distanceTo(new THREE.Vector3(...collider.center));
      const clearance = cloth.colliderClearance(positions);
      let backmost = Infinity;
      for (let i = 2; i < positions.length; i += 3) backmost = Math.min(backmost, positions[i]);
      const topBefore = positions[1];
      mesh.detach(pole);
      for (let i = 0; i < 20; i++) mesh.step(1 / 60);
      const letGo = await cloth.readPositions();
      const summary = { offTargetMm, ballCentreOffMm, radius: collider.radius, clearance, backmost, fell: topBefore - letGo[1], steps: cloth.stepsTaken };
      mesh.dispose();
      cloth.dispose();
      renderer.dispose();
      return summary;
    }, backend);
    console.log(`metric: three_attached_off_target_mm = ${result.offTargetMm.toPrecision(3)} mm (${backend}); ` +
      `ball clearance ${(result.clearance * 1000).toFixed(2)} mm, the cloth pushed back to z = ${result.backmost.toFixed(3)} m`);
    expect(result.steps).toBeGreaterThan(50);
    expect(result.offTargetMm, 'the top edge on its moving pole').toBeLessThan(0.01);
    expect(result.ballCentreOffMm, 'the collider where the ball is').toBeLessThan(0.001);
    expect(result.radius).toBeCloseTo(0.12, 6);
    expect(result.backmost, 'the ball, passing the cloth\'s plane to z = -0.08, pushed it back').toBeLessThan(-0.1);
    expect(result.clearance, 'no particle inside the ball (beyond rounding)').toBeGreaterThan(-1e-4);
    expect(result.fell, 'let go, the edge falls').toBeGreaterThan(0.01);
    expect(complaints).toEqual([]);
  });
}

for (const backend of /** @type {const} */ (['cpu', 'gpu'])) {
  test(`a ClothMesh drops a ${backend === 'gpu' ? 'WebGL2' : 'CPU'} cloth onto a torus knot mesh that holds it up as it moves, turns and grows`, async ({ page }) => {
    await expectSheetOnKnot(page, backend, 'webgl');
  });
}

for (const backend of ['cpu', 'gpu']) {
  test(`a ClothDragger grabs the ${backend === 'gpu' ? 'WebGL2' : 'CPU'} cloth's corner under the pointer, drags it and lets it go`, async ({ page }) => {
    await expectCornerDragged(page, backend, 'webgl');
  });
}

test('a WebGL2 ClothMesh with readBack gets bounds that follow it and is hit by three\'s Raycaster', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/three.html');
  const result = await page.evaluate(async () => {
    const THREE = await import('three');
    const { loadNuno } = await import('/web/index.js');
    const { ClothMesh } = await import('/web/three/index.js');
    const nuno = await loadNuno();
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    const renderer = new THREE.WebGLRenderer({ canvas });
    const camera = new THREE.PerspectiveCamera(45, canvas.width / canvas.height, 0.1, 10);
    camera.position.set(0, 0.8, 2.2);
    const settings = { columns: 16, rows: 16, width: 0.6, height: 0.6, center: /** @type {[number, number, number]} */ ([0, 0.8, 0]) };
    const hitsOf = async (/** @type {boolean} */ readBack) => {
      const cloth = nuno.createCloth(renderer.getContext(), { ...settings, backend: 'gpu' });
      const mesh = new ClothMesh(cloth, { renderer, readBack });
      const scene = new THREE.Scene().add(mesh);
      // The sheet swings toward the camera (a held corner pulled out): bounds must follow it.
      cloth.hold(cloth.particleCount - 1, [0.3, 0.5, 0.6]);
      for (let i = 0; i < 40; i++) {
        mesh.step(1 / 60);
        renderer.render(scene, camera);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      const raycaster = new THREE.Raycaster();
      raycaster.setFromCamera(new THREE.Vector2(0, 0), camera);
      const hits = raycaster.intersectObject(mesh);
      const bounds = mesh.geometry.boundingBox;
      const summary = { hits: hits.length, culled: mesh.frustumCulled, boundsFront: bounds ? bounds.max.z : null };
      mesh.dispose();
      cloth.dispose();
      return summary;
    };
    return { readBack: await hitsOf(true), none: await hitsOf(false) };
  });
  expect(result.readBack.hits, 'the ray through the view\'s centre hits the sheet').toBeGreaterThan(0);
  expect(result.readBack.culled).toBe(true);
  expect(Number(result.readBack.boundsFront), 'bounds reaching the corner pulled out to z = 0.6').toBeGreaterThan(0.6);
  expect(result.none, 'without readBack three sees no positions: never culled, never hit').toEqual({ hits: 0, culled: false, boundsFront: null });
  expect(complaints).toEqual([]);
});

test('a three older than the release nuno/three needs is refused by name, by both ClothMeshes', async ({ page }) => {
  // three 0.187 as an app on an older release would see it: its core saying REVISION '160'.
  await page.route('**/node_modules/three/build/three.core.js', async (route) => {
    const core = await (await route.fetch()).text();
    await route.fulfill({ contentType: 'text/javascript', body: core.replace(/const REVISION = '\d+';/, "const REVISION = '160';") });
  });
  await page.goto('/tests/browser/three.html');
  const errors = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const cloth = nuno.createCloth({ columns: 8, rows: 8 });
    const errorOf = async (/** @type {string} */ module) => {
      const { ClothMesh } = await import(module);
      try {
        new ClothMesh(cloth);
        return '(accepted)';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };
    return [await errorOf('/web/three/index.js'), await errorOf('/web/three/webgpu.js')];
  });
  expect(errors).toEqual(Array(2).fill('nuno/three needs three 0.187 or later (the release it is tested with); this app has three 0.160'));
});

test('a ClothMesh draws a WebGL2 sea of papers as it draws the same papers on the CPU', async ({ page }) => {
  await expectPapersAsOnCpu(page, 'webgl', 'chromium, WebGL2');
});
