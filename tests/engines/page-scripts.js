// Functions that run inside the page under test. Each driver sends a function's source text to
// the browser, so none may use anything from this module's scope: only its argument and the
// page's globals.

/**
 * Runs a scene on two backends in the test harness page (tests/browser/harness.html) and
 * measures how far apart the particles end.
 * @param {{ scene: { settings: object, colliders: object[], steps: number, patches?: object }, first: object, second: object }} input
 *   first and second: createCloth options besides the settings; with backend 'webgpu' the
 *   cloth gets a WebGPU device of its own instead of the canvas's WebGL2 context, with 'cpu'
 *   it is made from the settings alone (so WebGPU against the CPU runs without a page too, in
 *   Node: tests/hardware/dawn.mjs). `fused: true` with 'webgpu': the device has the adapter's
 *   limits for the tiles (as requestCloth asks), the tiled substeps are on, and the fused step's
 *   pipeline is made before the first step, so every step runs fused where the scene fits
 * @returns {Promise<{ maxDeviationMm: number, drop: number, moved: number, glError: number | null, webGpuErrors: string[], precisions: string[], dispatchesPerStep: (number | null)[] }>}
 *   drop: the most any particle of the first went down, moved: the farthest one went (metres);
 *   precisions: the GPU cloth's precision, else the backend ('cpu', 'webgpu'); glError: null
 *   without a page; dispatchesPerStep: each WebGPU cloth's as it stepped (null for the others)
 */
export async function compareBackendsInPage({ scene, first, second }) {
  const entry = '/web/index.js'; // the page's address for the package, not a path on disk
  const { loadNuno } = await import(entry);
  const nuno = await loadNuno();
  const canvas = /** @type {HTMLCanvasElement | undefined} */ (globalThis.document?.getElementById('view'));
  const gl = canvas ? /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2')) : null;
  /** @type {string[]} WebGPU validation and out-of-memory errors */
  const webGpuErrors = [];
  const run = async (/** @type {{backend?: string, fused?: boolean}} */ { fused = false, ...options }) => {
    let target = /** @type {any} */ (gl);
    if (options.backend === 'webgpu') {
      const adapter = /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter());
      const limits = fused ? (await import('/web/backends/webgpu/tile-substep.js')).tiledSubstepLimits(adapter) : {};
      target = await adapter.requestDevice({ requiredLimits: limits });
      target.addEventListener('uncapturederror', (/** @type {any} */ event) => webGpuErrors.push(event.error.message));
    }
    // A scene with `patches` is a sea of patches: its layout and poses, then its settings.
    const { backend, ...cpuOptions } = options;
    const settings = /** @type {any} */ ({ ...scene.patches, ...scene.settings, ...(backend === 'cpu' ? cpuOptions : options) });
    const cloth = backend === 'cpu'
      ? (scene.patches ? nuno.createPatches(settings) : nuno.createCloth(settings))
      : (scene.patches ? nuno.createPatches(target, settings) : nuno.createCloth(target, settings));
    for (const collider of scene.colliders) cloth.addCollider(/** @type {any} */ (collider));
    if (fused) {
      cloth.tiledSubsteps = true;
      await cloth.pipelinesMade();
    }
    const start = await cloth.readPositions();
    cloth.stepFixed(scene.steps);
    const dispatchesPerStep = cloth.backend === 'webgpu' ? cloth.dispatchesPerStep : null;
    const end = await cloth.readPositions();
    const precision = cloth.backend === 'gpu' ? cloth.precision : cloth.backend;
    cloth.dispose();
    if (options.backend === 'webgpu') target.destroy();
    return { start, end, precision, dispatchesPerStep };
  };
  const a = await run(first);
  const b = await run(second);
  let maxDeviation = 0;
  let drop = 0;
  let moved = 0;
  for (let i = 0; i < a.end.length; i += 3) {
    maxDeviation = Math.max(maxDeviation, Math.hypot(a.end[i] - b.end[i], a.end[i + 1] - b.end[i + 1], a.end[i + 2] - b.end[i + 2]));
    drop = Math.max(drop, a.start[i + 1] - a.end[i + 1]);
    moved = Math.max(moved, Math.hypot(a.end[i] - a.start[i], a.end[i + 1] - a.start[i + 1], a.end[i + 2] - a.start[i + 2]));
  }
  return {
    maxDeviationMm: maxDeviation * 1000, drop, moved, glError: gl ? gl.getError() : null, webGpuErrors, precisions: [a.precision, b.precision],
    dispatchesPerStep: [a.dispatchesPerStep, b.dispatchesPerStep],
  };
}

/**
 * Asks `nuno.requestCloth` for the best backend for the harness page's canvas, steps the cloth
 * it gives and reports where it runs, why, and how far it fell.
 * @returns {Promise<{ backend: string, fallbackReason: string | null, drop: number }>}
 */
export async function bestBackendInPage() {
  const entry = '/web/index.js';
  const { loadNuno } = await import(entry);
  const nuno = await loadNuno();
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const cloth = await nuno.requestCloth(canvas, { columns: 16, rows: 16, orientation: 'horizontal', pins: 'top-edge' });
  const start = await cloth.readPositions();
  cloth.stepFixed(30);
  const end = await cloth.readPositions();
  let drop = 0;
  for (let i = 1; i < start.length; i += 3) drop = Math.max(drop, start[i] - end[i]);
  const result = { backend: cloth.backend, fallbackReason: cloth.fallbackReason, drop };
  cloth.dispose();
  return result;
}

/**
 * The same scene on the CPU cloth in a Web Worker and on the page: how many coordinates differ
 * after the steps (0: bit for bit), and how far the sheet fell.
 * @param {{ settings: object, steps: number }} scene
 * @returns {Promise<{ differing: number, drop: number, stepsTaken: number }>}
 */
export async function workerMatchesPageInPage({ settings, steps }) {
  const entry = '/web/index.js';
  const { loadNuno } = await import(entry);
  const nuno = await loadNuno();
  const inWorker = await nuno.createWorkerCloth(settings);
  const onPage = nuno.createCloth(settings);
  const start = Float32Array.from(onPage.positions);
  inWorker.stepFixed(steps);
  onPage.stepFixed(steps);
  const [a, b] = [await inWorker.readPositions(), await onPage.readPositions()];
  let drop = 0;
  for (let i = 1; i < start.length; i += 3) drop = Math.max(drop, start[i] - b[i]);
  const result = { differing: a.filter((value, i) => value !== b[i]).length, drop, stepsTaken: inWorker.stepsTaken };
  inWorker.dispose();
  onPage.dispose();
  return result;
}

/**
 * The CPU cloth loaded with two threads and with one, stepped alike: where the page is cross-
 * origin isolated the first runs the threaded module; elsewhere it falls back to one thread.
 * @param {{ settings: object, steps: number }} input
 * @returns {Promise<{ isolated: boolean, sharedMemory: boolean, threadCount: number, clothThreads: number, reason: string | null, differing: number, drop: number }>}
 */
export async function threadsMatchOneInPage({ settings, steps }) {
  const entry = '/web/index.js';
  const { loadNuno } = await import(entry);
  const threaded = await loadNuno({ threads: 2 });
  const single = await loadNuno({ threads: 1 });
  const run = (/** @type {any} */ nuno) => {
    const cloth = nuno.createCloth(settings);
    const start = Float32Array.from(cloth.positions);
    cloth.addCollider({ type: 'sphere', center: [0, 0.6, 0.15], radius: 0.25 });
    cloth.stepFixed(steps);
    const end = Float32Array.from(cloth.positions);
    const clothThreads = cloth.threadCount;
    cloth.dispose();
    let drop = 0;
    for (let i = 1; i < start.length; i += 3) drop = Math.max(drop, start[i] - end[i]);
    return { end, clothThreads, drop };
  };
  const two = run(threaded);
  const one = run(single);
  return {
    isolated: globalThis.crossOriginIsolated === true, sharedMemory: typeof SharedArrayBuffer === 'function',
    threadCount: threaded.threadCount, clothThreads: two.clothThreads,
    reason: threaded.singleThreadReason, differing: two.end.filter((value, i) => !Object.is(value, one.end[i])).length, drop: one.drop,
  };
}

/**
 * The fields the checks read from the demo's test hook (web/demo/main.js), which also holds
 * live objects that cannot be sent out of the page; null before the demo has set it up.
 * @returns {Promise<{ frames: number, steps: number, backend: string, precision: string } | null>}
 *   steps: fixed steps the cloth has taken
 */
export async function demoHook() {
  const hook = /** @type {any} */ (window).nunoDemo;
  return hook
    ? { frames: hook.frames, steps: hook.cloth.stepsTaken, backend: hook.backend, precision: hook.precision, particles: hook.cloth.particleCount }
    : null;
}

/**
 * What a demo page that has drawn nothing shows of itself, for the failure message: whether it
 * loaded, is visible, has its test hook and its WebGL context, said why it stopped, whether an
 * animation frame comes at all within 3 s, and which files it has fetched (with milliseconds).
 * @returns {Promise<object>}
 */
export async function demoDiagnosis() {
  const hook = /** @type {any} */ (window).nunoDemo;
  const animationFrame = await Promise.race([
    new Promise((resolve) => requestAnimationFrame(() => resolve('comes'))),
    new Promise((resolve) => setTimeout(() => resolve('none within 3 s'), 3000)),
  ]);
  return {
    readyState: document.readyState,
    visibilityState: document.visibilityState,
    hasFocus: document.hasFocus(),
    hookFrames: hook ? hook.frames : 'no hook',
    contextLost: /** @type {HTMLCanvasElement | null} */ (document.getElementById('view'))?.getContext('webgl2')?.isContextLost() ?? 'no context',
    message: document.getElementById('message')?.textContent ?? '',
    stats: document.getElementById('stats')?.textContent ?? '',
    animationFrame,
    fetched: performance.getEntriesByType('resource')
      .map((entry) => `${entry.name.replace(location.origin, '')} ${Math.round(entry.duration)} ms`),
  };
}

/**
 * The page's viewport in CSS pixels.
 * @returns {Promise<{ width: number, height: number }>}
 */
export async function viewportSize() {
  return { width: innerWidth, height: innerHeight };
}

/**
 * The consumer app's status (tests/consumer/app/main.ts), or null before it has set it up.
 * @returns {Promise<{ frames: number, backend: string, precision: string, color: number[] } | null>}
 */
export async function consumerAppHook() {
  const status = /** @type {any} */ (window).nunoConsumer;
  return status ? {
    frames: status.frames, backend: status.backend, precision: status.precision, color: [...status.color],
    cpu: status.cpu ?? null, cores: navigator.hardwareConcurrency,
  } : null;
}

/**
 * Issue 30's contacts on one backend, measured through the public API: the fastest particle of an
 * 8 x 8 cloth made half inside a wall (no gravity, damping or drag), over its first step and 5 s
 * after the wall is removed (pushed out at once, it flew off at about 20 m/s); and the lowest and
 * highest particle of a 32 x 32 cloth lying on the ground while a sphere comes up through it at
 * 5 and at 20 m/s (the sphere lifts it at 5 m/s; at 20 m/s, visited after the ground, it pushed
 * the cloth 128 mm under it); and how far a sheet that stood on the ground falls in the step after
 * the ground is taken away.
 * @param {{ backend: 'gpu' | 'webgpu' | 'cpu' }} options
 */
export async function contactsInPage({ backend }) {
  const { loadNuno } = await import('/web/index.js');
  const nuno = await loadNuno();
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  let target = /** @type {any} */ (canvas.getContext('webgl2'));
  if (backend === 'webgpu') target = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
  const make = (/** @type {object} */ settings) => (backend === 'cpu' ? nuno.createCloth(settings) : nuno.createCloth(target, { ...settings, backend }));
  const fastest = (/** @type {Float32Array} */ before, /** @type {Float32Array} */ after, /** @type {number} */ seconds) => {
    let most = 0;
    for (let i = 0; i < after.length; i += 3) most = Math.max(most, Math.hypot(after[i] - before[i], after[i + 1] - before[i + 1], after[i + 2] - before[i + 2]));
    return most / seconds;
  };

  const halfInside = make({ columns: 8, rows: 8, pins: 'none', gravity: [0, 0, 0], damping: 0, windNormalDrag: 0, windTangentialDrag: 0 });
  const stepSeconds = halfInside.settings.stepSeconds;
  const wall = halfInside.addCollider({ type: 'plane', normal: [1, 0, 0], friction: 0 });
  const made = await halfInside.readPositions();
  halfInside.stepFixed(1);
  const firstStepSpeed = fastest(made, await halfInside.readPositions(), stepSeconds);
  halfInside.stepFixed(59);
  const clearance = halfInside.colliderClearance(await halfInside.readPositions());
  halfInside.removeCollider(wall);
  halfInside.stepFixed(299);
  const before = await halfInside.readPositions();
  halfInside.stepFixed(1);
  const speedAfter = fastest(before, await halfInside.readPositions(), stepSeconds);
  halfInside.dispose();

  /** @type {Record<string, { lowest: number, highest: number, sphereTop: number }>} */
  const risingSphere = {};
  for (const speed of [5, 20]) {
    const cloth = make({ columns: 32, rows: 32, width: 1, height: 1, orientation: 'horizontal', center: [0, 0.01, 0], pins: 'none' });
    cloth.addCollider({ type: 'plane', point: [0, 0, 0], normal: [0, 1, 0] });
    cloth.stepFixed(60);
    const center = [0, -0.5, 0];
    const id = cloth.addCollider({ type: 'sphere', center, radius: 0.3 });
    let [lowest, highest] = [Infinity, -Infinity];
    while (center[1] < 0.6) {
      center[1] += speed * stepSeconds;
      cloth.updateCollider(id, { center });
      cloth.stepFixed(1);
      const positions = await cloth.readPositions();
      for (let i = 1; i < positions.length; i += 3) [lowest, highest] = [Math.min(lowest, positions[i]), Math.max(highest, positions[i])];
    }
    risingSphere[speed] = { lowest, highest, sphereTop: center[1] + 0.3 };
    cloth.dispose();
  }

  // A 16 x 16 sheet standing on its edge on the ground for 1 s, then the ground taken away: in
  // the next step its bottom row falls as far as gravity and the sheet's own weight take it from
  // rest (2.52 mm), and farther if it stored a velocity while it stood (it kept -0.245 m/s: 3.15 mm).
  const standing = make({ columns: 16, rows: 16, pins: 'none', center: [0, 0.505, 0] });
  const ground = standing.addCollider({ type: 'plane', point: [0, 0, 0], normal: [0, 1, 0] });
  standing.stepFixed(60);
  const stood = await standing.readPositions();
  standing.removeCollider(ground);
  standing.stepFixed(1);
  const fell = await standing.readPositions();
  let bottomRowDrop = 0;
  for (let i = 15 * 16; i < 16 * 16; i++) bottomRowDrop = Math.max(bottomRowDrop, stood[3 * i + 1] - fell[3 * i + 1]);
  standing.dispose();

  if (backend === 'webgpu') target.destroy();
  return { firstStepSpeed, clearance, speedAfter, risingSphere, bottomRowDrop };
}

/**
 * Each stage alone on the three backends (tests/browser/stages.spec.js, and the hardware tier):
 * per stage of one substep's schedule, how far (mm) each GPU backend's positions end from the
 * CPU's after the schedule's first k stages, k = 1 ... n, then after one more substep's predict
 * (which reads the velocities collide left), all from the same state. The scene gives every
 * stage work: a wavy sheet with velocities of its own (so predict's moves stretch its
 * constraints), wind and gusts, XPBD with two iterations, self-collision, a sphere it sinks into
 * and the ground; with `jacobi`, one iteration of Jacobi sweeps in place of the red-black
 * passes (WebGL2 only: WebGPU refuses them). `mutate` reads both GPU twins' rest length 1% long,
 * to see the comparison name the constrain stage.
 * @param {{ mutate: boolean, gpu: boolean, webgpu: boolean, jacobi?: boolean }} options which GPU backends run
 * @returns {Promise<{ stages: {stage: string, movedMm: number, gpuMm: number | null, webgpuMm: number | null}[],
 *   backends: string[], precision: string | null, mutated: {glsl: boolean, wgsl: boolean}, countError: string, stageCount: number }>}
 */
export async function compareStagesInPage({ mutate, gpu, webgpu, jacobi = false }) {
  const entry = '/web/index.js'; // the page's address for the package, not a path on disk
  const { loadNuno } = await import(entry);
  const nuno = await loadNuno();
  const side = 12;
  const positions = [];
  const velocities = [];
  for (let row = 0; row < side; row++) {
    for (let column = 0; column < side; column++) {
      const [across, down] = [column / (side - 1), row / (side - 1)];
      positions.push(0.8 * across - 0.4, 0.5 + 0.03 * Math.sin(5 * across) * Math.cos(4 * down), 0.8 * down - 0.4);
      velocities.push(0.3 * Math.sin(7 * across + 3 * down), -0.2 * Math.cos(5 * down), 0.25 * Math.sin(11 * across * down));
    }
  }
  const spacing = 0.8 / (side - 1);
  const settings = {
    columns: side, rows: side, positions, velocities, pins: /** @type {const} */ ('top-corners'), solver: /** @type {const} */ ('xpbd'),
    substeps: 4, iterations: 2, structural: { compliance: 1e-6 }, wind: [1.2, 0, 0.6], windGustSpeed: 1.5,
    selfCollisionThickness: spacing, depenetrationSpeed: 2, ...(jacobi ? { ordering: /** @type {const} */ ('jacobi'), iterations: 1 } : {}),
  };
  const colliders = [
    { type: /** @type {const} */ ('sphere'), center: [0.1, 0.3, 0.05], radius: 0.22, friction: 0.4 },
    { type: /** @type {const} */ ('plane'), point: [0, 0.46, 0], normal: [0, 1, 0] },
  ];
  const glsl = ['return lengths[int(stage.direction) % REST_LENGTH_CHANNELS];', 'return lengths[int(stage.direction) % REST_LENGTH_CHANNELS] * 1.01;'];
  const wgsl = ['let restLength = restLengths[first * REST_LENGTHS_PER_PARTICLE + stage.direction];',
    'let restLength = restLengths[first * REST_LENGTHS_PER_PARTICLE + stage.direction] * 1.01;'];

  /** The mutations found in the shaders: a mutation that no longer matches must fail the test. */
  const mutated = { glsl: false, wgsl: false };
  /** @type {Record<string, any>} the CPU's, then each GPU backend's that runs */
  const cloths = { cpu: nuno.createCloth(settings) };
  /** @type {GPUDevice | null} */
  let device = null;
  if (gpu) {
    const gl = /** @type {WebGL2RenderingContext} */ (document.createElement('canvas').getContext('webgl2'));
    if (mutate) {
      const shaderSource = gl.shaderSource.bind(gl);
      gl.shaderSource = (shader, source) => {
        mutated.glsl ||= source.includes(glsl[0]);
        shaderSource(shader, source.replace(glsl[0], glsl[1]));
      };
    }
    cloths.gpu = nuno.createCloth(gl, { ...settings, backend: 'gpu', precision: 'float' });
  }
  if (webgpu) {
    device = await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
    if (mutate) {
      const createShaderModule = device.createShaderModule.bind(device);
      device.createShaderModule = (descriptor) => {
        mutated.wgsl ||= descriptor.code.includes(wgsl[0]);
        return createShaderModule({ ...descriptor, code: descriptor.code.replace(wgsl[0], wgsl[1]) });
      };
    }
    cloths.webgpu = nuno.createCloth(device, { ...settings, backend: 'webgpu' });
  }
  for (const cloth of Object.values(cloths)) colliders.forEach((collider) => cloth.addCollider(collider));
  const schedule = cloths.cpu.substepSchedule();
  const names = schedule.map((stage) => (stage.kind === 'constrain'
    ? `constrain (direction ${stage.direction}, colour ${stage.colour}, iteration ${stage.iteration})` : stage.kind));
  names.push('predict of the next substep (the velocities collide left)');

  /** @param {any} cloth @param {number} stageCount */
  async function positionsAfter(cloth, stageCount) {
    cloth.reset();
    if (stageCount <= schedule.length) {
      cloth.stepStages(stageCount);
    } else {
      cloth.stepStages(schedule.length);
      cloth.stepStages(1);
    }
    return cloth.readPositions();
  }
  /** @type {{stage: string, gpuMm: number | null, webgpuMm: number | null, movedMm: number}[]} */
  const stages = [];
  let before = await positionsAfter(cloths.cpu, 0);
  for (let count = 1; count <= schedule.length + 1; count++) {
    const cpu = await positionsAfter(cloths.cpu, count);
    const deviation = (/** @type {Float32Array} */ other) => {
      let largest = 0;
      for (let i = 0; i < cpu.length; i += 3) largest = Math.max(largest, Math.hypot(other[i] - cpu[i], other[i + 1] - cpu[i + 1], other[i + 2] - cpu[i + 2]));
      return largest * 1000;
    };
    const movedMm = deviation(before);
    stages.push({
      stage: names[count - 1], movedMm,
      gpuMm: cloths.gpu ? deviation(await positionsAfter(cloths.gpu, count)) : null,
      webgpuMm: cloths.webgpu ? deviation(await positionsAfter(cloths.webgpu, count)) : null,
    });
    before = cpu;
  }
  const precision = cloths.gpu ? (cloths.gpu.backend === 'gpu' ? cloths.gpu.precision : cloths.gpu.backend) : null;
  let countError = '';
  try { (cloths.gpu ?? cloths.webgpu ?? cloths.cpu).stepStages(schedule.length + 1); } catch (error) { countError = /** @type {Error} */ (error).message; }
  for (const cloth of Object.values(cloths)) cloth.dispose();
  device?.destroy();
  return { stages, backends: Object.values(cloths).map((cloth) => cloth.backend), precision, mutated, countError, stageCount: schedule.length };
}
