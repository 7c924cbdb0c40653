// The CPU cloth in a Web Worker (nuno.createWorkerCloth) in Chromium: it computes exactly what
// the CPU cloth computes on the page (mesh colliders and tearing included), step() returns before the worker has stepped (the main
// thread never waits), every call is checked at once with the core's errors, the renderer draws
// it, and dispose() ends the worker.
import { expect, test } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';
import { swingOntoGround } from '../engines/scenes.js';

test('the worker cloth computes what the CPU cloth computes, bit for bit, with holds, pins and colliders', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async (settings) => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const run = async (/** @type {any} */ cloth) => {
      const sphere = cloth.addCollider({ type: 'sphere', center: [0, 0.3, 0], radius: 0.2 });
      cloth.addCollider({ type: 'plane', point: [0, 0, 0], normal: [0, 1, 0] });
      cloth.stepFixed(30);
      cloth.hold(cloth.particleCount - 1, new Float32Array([0.6, 1.2, 0.4]));
      cloth.updateCollider(sphere, { center: [0.1, 0.35, 0] });
      // Frame by frame, each waited for: the worker cloth's step() lets a frame's time go only
      // while it is behind, which would make the two step counts differ.
      for (let i = 0; i < 30; i++) {
        cloth.step(1 / 60);
        await cloth.readPositions();
      }
      cloth.pin(cloth.columns * (cloth.rows - 1));
      cloth.release(cloth.particleCount - 1);
      cloth.set({ solver: 'pbd', substeps: 8 });
      cloth.stepFixed(30);
      const end = await cloth.readPositions();
      const summary = { end: Array.from(end), steps: cloth.stepsTaken, seconds: cloth.simulatedSeconds, ids: cloth.colliders.length };
      cloth.dispose();
      return summary;
    };
    const inWorker = await run(await nuno.createWorkerCloth(settings));
    const onPage = await run(nuno.createCloth(settings));
    const differing = inWorker.end.filter((value, i) => value !== onPage.end[i]).length;
    return { differing, inWorker: { ...inWorker, end: undefined }, onPage: { ...onPage, end: undefined }, fell: onPage.end[onPage.end.length - 2] };
  }, swingOntoGround.settings);
  expect(result.differing, 'coordinates that differ between the worker and the page').toBe(0);
  expect(result.inWorker).toEqual(result.onPage);
  expect(result.inWorker.steps).toBe(90);
  expect(complaints).toEqual([]);
});

test('the worker cloth collides with a mesh and tears as the page\'s cloth does, bit for bit, and says what tore', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const { sphereMesh } = await import('/web/demo/mesh-shapes.js');
    const nuno = await loadNuno();
    const ball = sphereMesh(0.25, 24, 12);
    const settings = { columns: 20, rows: 20, orientation: /** @type {const} */ ('horizontal'), center: /** @type {[number, number, number]} */ ([0, 0.8, 0]), pins: /** @type {const} */ ('none'), tearStrain: 0.3 };
    const run = async (/** @type {any} */ cloth) => {
      // A mesh ball under the sheet's middle, typed arrays as given; a corner dragged away tears it.
      cloth.addCollider({ type: 'mesh', vertices: ball.vertices, indices: ball.indices, center: [0, 0.3, 0], resolution: 24 });
      cloth.stepFixed(40);
      for (let step = 1; step <= 20; step++) {
        cloth.hold(0, [-0.5 - 0.05 * step, 0.6, -0.5 - 0.05 * step]);
        cloth.stepFixed(1);
      }
      const positions = await cloth.readPositions();
      const torn = await cloth.readTorn();
      const counted = cloth.tornConstraints();
      const strain = cloth.strain('structural', positions, torn).max;
      cloth.reset();
      const mended = (await cloth.readTorn()).every((/** @type {number} */ bits) => bits === 0) ? cloth.tornConstraints() : -1;
      cloth.dispose();
      return { positions: Array.from(positions), torn: Array.from(torn), counted, strain, mended, middleY: positions[3 * 210 + 1] };
    };
    const inWorker = await run(await nuno.createWorkerCloth(settings));
    const onPage = await run(nuno.createCloth(settings));
    return {
      positionsDiffer: inWorker.positions.filter((value, i) => value !== onPage.positions[i]).length,
      tornDiffer: inWorker.torn.filter((bits, i) => bits !== onPage.torn[i]).length,
      inWorker: { ...inWorker, positions: undefined, torn: undefined }, onPage: { ...onPage, positions: undefined, torn: undefined },
    };
  });
  console.log(`metric: worker_mesh_tearing = ${result.inWorker.counted} torn in the worker, ${result.onPage.counted} on the page; middle at ${result.onPage.middleY.toFixed(3)} m`);
  expect(result.positionsDiffer, 'coordinates that differ between the worker and the page').toBe(0);
  expect(result.tornDiffer, 'particles whose torn bits differ').toBe(0);
  expect(result.inWorker).toEqual(result.onPage);
  // The ball holds the sheet's middle up (its top 0.55 m, the margin 5 mm), and the drag tore it.
  expect(result.onPage.middleY).toBeGreaterThan(0.5);
  expect(result.onPage.counted).toBeGreaterThan(0);
  expect(result.inWorker.mended, 'reset() mended the worker\'s cloth and the page heard').toBe(0);
  expect(complaints).toEqual([]);
});

test("the worker cloth's step() never waits, its errors come at once by name, it draws, and dispose() ends it", async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const { loadNuno, ClothRenderer } = await import('/web/index.js');
    const nuno = await loadNuno();
    const errorOf = (/** @type {() => unknown} */ action) => {
      try {
        action();
        return 'no error';
      } catch (error) {
        return /** @type {Error} */ (error).message;
      }
    };
    const badSettings = await nuno.createWorkerCloth({ substeps: 0 }).then(() => 'no error', (error) => error.message);
    const cloth = await nuno.createWorkerCloth({ columns: 24, rows: 24, orientation: 'horizontal', pins: 'top-edge' });
    const rest = Float32Array.from(cloth.positions);
    // Asked for, not taken: the page goes on at once, and the worker answers later.
    // A long frame: the clock's clamp (maxFrameSeconds 0.1 s) makes it 6 steps.
    const asked = cloth.step(0.5);
    cloth.stepFixed(30);
    const takenRightAway = cloth.stepsTaken;
    const positionsRightAway = Float32Array.from(cloth.positions);
    const moved = await cloth.readPositions();
    const stepsAfterRead = cloth.stepsTaken;
    let drop = 0;
    for (let i = 1; i < rest.length; i += 3) drop = Math.max(drop, rest[i] - moved[i]);
    const errors = {
      pin: errorOf(() => cloth.pin(24 * 24)),
      set: errorOf(() => cloth.set({ columns: 8 })),
      hold: errorOf(() => cloth.hold(0, [0, Number.NaN, 0])),
      collider: errorOf(() => cloth.addCollider({ type: 'sphere', center: [0, 0, 0], radius: -1 })),
    };
    // The renderer draws what the worker sent: cloth-coloured pixels.
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
    const renderer = new ClothRenderer(gl, cloth, { color: [1, 0, 0], background: [0, 0, 0] });
    const camera = {
      viewMatrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.5, -3, 1]),
      projectionMatrix: new Float32Array([1.8, 0, 0, 0, 0, 2.4, 0, 0, 0, 0, -1.02, -1, 0, 0, -0.2, 0]),
    };
    renderer.render(camera);
    const pixels = new Uint8Array(canvas.width * canvas.height * 4);
    gl.readPixels(0, 0, canvas.width, canvas.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    let red = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] > 40 && pixels[i] > 2 * pixels[i + 1]) red += 1;
    // reset() shows the rest shape without a step; frames that come faster than the worker
    // steps let their time go once steps already wait.
    cloth.reset();
    await cloth.readPositions();
    const afterReset = Float32Array.from(cloth.positions);
    const framesTaken = [cloth.step(0.1), cloth.step(0.1), cloth.step(0.1)];
    await cloth.readPositions();
    const afterTheWorkerCaughtUp = cloth.step(0.1);
    renderer.dispose();
    cloth.dispose();
    const afterDispose = errorOf(() => cloth.stepFixed(1));
    const readAfterDispose = await cloth.readPositions().then(() => 'no error', (error) => error.message);
    return { badSettings, asked, takenRightAway, framesTaken, afterTheWorkerCaughtUp,
      stillRestRightAway: positionsRightAway.length === rest.length && positionsRightAway.every((value, i) => value === rest[i]),
      resetShown: afterReset.length === rest.length && afterReset.every((value, i) => value === rest[i]),
      stepsAfterRead, drop, errors, red, afterDispose, readAfterDispose, inWorker: cloth.inWorker };
  });
  expect(result.badSettings).toMatch(/'substeps' must be an integer in \[1, 100\], got 0/);
  expect(result.asked).toBe(6);
  expect(result.stepsAfterRead).toBe(36);
  expect(result.takenRightAway, 'step() returned before the worker stepped').toBe(0);
  expect(result.stillRestRightAway, 'and positions were still the rest shape').toBe(true);
  expect(result.resetShown, 'reset() shows the rest shape without a step').toBe(true);
  expect(result.framesTaken, 'a third frame while steps wait lets its time go').toEqual([6, 6, 0]);
  expect(result.afterTheWorkerCaughtUp).toBe(6);
  expect(result.drop, 'the steps were taken in the worker').toBeGreaterThan(0.3);
  expect(result.errors.pin).toMatch(/'particle' must be an integer in \[0, 575\], got 576/);
  expect(result.errors.set).toMatch(/'columns' shapes the grid/);
  expect(result.errors.hold).toMatch(/'position'/);
  expect(result.errors.collider).toMatch(/'radius'/);
  expect(result.red, 'cloth pixels drawn from the worker positions').toBeGreaterThan(500);
  expect(result.afterDispose).toBe('nuno: this cloth was disposed');
  expect(result.readAfterDispose).toBe('nuno: this cloth was disposed');
  expect(result.inWorker).toBe(true);
  expect(complaints).toEqual([]);
});

test('a grid the worker\'s CPU cloth could not keep is refused on the page, at once, by name and before a worker starts', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const nuno = await loadNuno();
    const messageOf = async (/** @type {() => Promise<unknown>} */ action) => {
      try {
        await action();
        return 'no error';
      } catch (error) {
        return /** @type {Error} */ (error).message;
      }
    };
    let workersStarted = 0;
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      /** @param {ConstructorParameters<typeof Worker>} args */
      constructor(...args) {
        super(...args);
        workersStarted += 1;
      }
    };
    const grid = await messageOf(() => nuno.createWorkerCloth({ columns: 2048, rows: 2048 }));
    const small = await nuno.createWorkerCloth({ columns: 8, rows: 8 });
    small.dispose();
    window.Worker = PageWorker;
    return { grid, workersStarted };
  });
  expect(result.grid).toMatch(/^nuno: 'columns \* rows' must be at most about \d+ particles \(a cloth keeps about 345 bytes per particle/);
  expect(result.workersStarted, 'a worker for the small cloth, none for the refused one').toBe(1);
  expect(complaints).toEqual([]);
});

test('a worker behind lets frames go even when a call (attach, updateCollider) sends its steps each frame, and keeps each stepFixed() a call of its own', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(async () => {
    const { loadNuno } = await import('/web/index.js');
    const { poleOnACircle, poleTargets } = await import('/tests/engines/scenes.js');
    const nuno = await loadNuno();
    const cloth = await nuno.createWorkerCloth(poleOnACircle.settings);
    const rest = Float32Array.from(cloth.restPositions);
    // 200 frames in one go, as ClothMesh.step() makes them (a call, then step): the worker
    // answers nothing meanwhile, so every frame after the second must be let go.
    let asked = 0;
    for (let frame = 1; frame <= 200; frame++) {
      const { particles, targets } = poleTargets(rest, frame);
      cloth.attach(particles, targets);
      asked += cloth.step(1 / 60);
    }
    await cloth.readPositions();
    const framesStepped = cloth.stepsTaken;
    // Two stepFixed() calls queued behind a busy worker stay two calls: the edge moved by the
    // first reaches its target in the first call's steps, as on the page's cloth.
    const page = nuno.createCloth(poleOnACircle.settings);
    /** @type {Float32Array[]} */
    const ends = [];
    for (const c of [cloth, page]) {
      c.reset();
      c.stepFixed(3);
      const { particles, targets } = poleTargets(rest, 5);
      c.attach(particles, targets);
      c.stepFixed(2);
      c.stepFixed(4);
      ends.push(await c.readPositions());
    }
    const differing = ends[0].filter((value, i) => value !== ends[1][i]).length;
    cloth.dispose();
    page.dispose();
    return { asked, framesStepped, differing };
  });
  expect(result.asked, 'the steps asked for before the worker answered').toBeLessThanOrEqual(3);
  expect(result.framesStepped).toBe(result.asked);
  expect(result.differing, 'the worker and the page end bit for bit the same').toBe(0);
  expect(complaints).toEqual([]);
});
