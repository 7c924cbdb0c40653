// The hardware tier's page: on whatever GPU the browser has, the same agreement checks the
// browser tests run on SwiftShader (GPU float = CPU, split half = float), what 'auto' picks on a
// device without float render targets and where WebGPU and WebGL2 both run (requestCloth's
// trial), whether WebGPU is exposed (and, where it is, WebGPU = CPU and its timings beside
// WebGL2's), each stage of a substep on this device's GPU against the CPU's (stepStages), and
// the benchmark. Served and launched by run.py, which
// takes the results (POST /result) and prints them; `run.py --dawn` runs this same module in Node
// instead (dawn.mjs: no document, so WebGPU through Dawn and the CPU only); address parameters:
//   sizes=64,128,...   grids to time (default 64,128,256,512,1024)
//   halfSizes=...      grids to time with split half state too (default: the same)
//   cpuMax=256         time the wasm CPU cloth up to this size
//   solvers=xpbd,...   solvers of the agreement checks (default: all three)
//   batchMs=50         about this long per timed batch of GPU steps
//   papers=64,128      seas of papers to time, papers per side (createPatches; default 64,128)
//   webgl=0            skip the WebGL2 checks and timings (to try WebGPU under flags that lose WebGL)
//   piles=48,64,64h    piles to drop (pile-scene.js's names; none: skip), pileSeconds=8 for how long
import { CPU_PLAN, GPU_PLAN, pageDescribeWebgl, pageTimeCpu, pageTimeGpu } from '../bench/page-timing.js';
import { JACOBI_SETTINGS, PAPERS_COLLIDERS, SCENE_COLLIDERS, benchSettings, papersSettings } from '../bench/scene.js';
import { namedPileSettings, pageDropPile } from '../browser/pile-scene.js';
import { compareBackendsInPage, compareStagesInPage } from '../engines/page-scripts.js';
import {
  comparedStages, firstStageAstray, gpuCpuToleranceMm, halfFloatToleranceMm, minDropMetres, papersInGusts, solvers,
  stageToleranceMm, swingOntoGround, swingOverMesh, swingOverShapes,
} from '../engines/scenes.js';

const parameters = new URLSearchParams(location.search);
/** @param {string} name @param {string} fallback */
const numbers = (name, fallback) => (parameters.get(name) ?? fallback).split(',').filter(Boolean).map(Number);
const sizes = numbers('sizes', '64,128,256,512,1024');
const halfSizes = parameters.has('halfSizes') ? numbers('halfSizes', '') : sizes;
const cpuMax = Number(parameters.get('cpuMax') ?? 256);
const checkedSolvers = (parameters.get('solvers') ?? solvers.join(',')).split(',');
const paperSides = numbers('papers', '64,128');
const onWebgl = parameters.get('webgl') !== '0';
const pileNames = (parameters.get('piles') ?? '48,64,64h').split(',').filter(Boolean);
const pileSeconds = Number(parameters.get('pileSeconds') ?? 8);
// A real GPU steps a small cloth in about a millisecond: batches of many steps, so each timed
// batch is long against the one-texel read that closes it.
const gpuPlan = { ...GPU_PLAN, batchTargetMs: Number(parameters.get('batchMs') ?? 50), maxStepsPerBatch: 200 };

/** @type {{ webgl?: object, webgpu?: {adapter: string | null, reason: string | null, fallback?: boolean}, checks: object[], piles: object[], auto?: object, autoChoices: object[], gpu: object[], cpu: object[], papers: object[], refused: {label: string, message: string}[], errors: string[], done?: boolean }} */
const results = { checks: [], piles: [], autoChoices: [], gpu: [], cpu: [], papers: [], refused: [], errors: [] };

/** @param {string} route @param {string} body */
const post = (route, body) => fetch(new URL(route, location.href), { method: 'POST', body });
const save = () => post('/result', JSON.stringify(results));
/** @param {string} line */
const log = (line) => post('/log', line);

/**
 * One agreement check: two backends on a scene (swinging onto the ground unless given), the
 * worst particle apart.
 * @param {string} name
 * @param {string} solver
 * @param {object} first
 * @param {object} second
 * @param {number | null} toleranceMm null: reported, not checked
 * @param {{ settings: object, colliders: object[], steps: number, patches?: object }} [baseScene]
 * @param {number} [minDrop] metres the cloth must fall for the check to count (the hanging
 *   papers swing rather than fall)
 * @param {number | null} [fusedDispatches] the dispatches a step the first (a WebGPU cloth with
 *   `fused: true`) must have stepped with: its fused step's, so that a check of the fused step
 *   fails where the cloth ran the passes instead
 * @returns {Promise<{maxDeviationMm: number}>}
 */
async function check(name, solver, first, second, toleranceMm, baseScene = swingOntoGround, minDrop = minDropMetres, fusedDispatches = null) {
  const scene = { ...baseScene, settings: { ...baseScene.settings, solver } };
  const outcome = await compareBackendsInPage({ scene, first, second });
  // A WebGL error counts only where WebGL2 ran (WebGPU flags may lose the context).
  const usedWebgl = [first, second].some((options) => /** @type {{backend?: string}} */ (options).backend === 'gpu');
  const ranFused = fusedDispatches === null || outcome.dispatchesPerStep[0] === fusedDispatches;
  const passed = toleranceMm === null ||
    (outcome.maxDeviationMm < toleranceMm && outcome.drop > minDrop && (!usedWebgl || outcome.glError === 0) && ranFused);
  results.checks.push({ name, solver, toleranceMm, passed, steps: scene.steps, ...outcome });
  const dispatches = fusedDispatches === null ? '' : `, ${outcome.dispatchesPerStep[0]} dispatches a step (${fusedDispatches} fused)`;
  await log(`${name} (${solver}): ${outcome.maxDeviationMm.toPrecision(3)} mm apart after ${scene.steps} steps ` +
    `[${outcome.precisions.join(' vs ')}${dispatches}]${toleranceMm === null ? '' : passed ? ' ok' : ' FAILED'}`);
  return outcome;
}

/** The float after x, away from zero: x's last bit changed by one. */
function oneFloatStepAway(/** @type {number} */ x) {
  const bits = new Uint32Array(new Float32Array([x]).buffer);
  bits[0] += 1;
  return new Float32Array(bits.buffer)[0];
}

/** What 'auto' makes of this device when it has no float render targets, as many phones do. */
async function phoneLikeAuto() {
  const { loadNuno } = await import('/web/index.js');
  const nuno = await loadNuno();
  const gl = /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'));
  const cloth = nuno.createCloth(gl, { columns: 32, rows: 32, ignoreFloatRenderTargets: true });
  const auto = { backend: cloth.backend, precision: cloth.backend === 'gpu' ? cloth.precision : null, fallbackReason: cloth.fallbackReason ?? null };
  cloth.dispose();
  return auto;
}

/** The WebGPU adapter this page gets, described, or why there is none. */
async function describeWebGpu() {
  if (!navigator.gpu) return { adapter: null, reason: 'navigator.gpu is missing' };
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter) return { adapter: null, reason: 'requestAdapter() gave no adapter' };
  const { vendor, architecture, device, description, isFallbackAdapter } = adapter.info;
  return { adapter: [vendor, architecture, device, description].filter(Boolean).join(', ') || 'unnamed adapter', reason: null, fallback: Boolean(isFallbackAdapter) };
}

async function main() {
  // Flags tried for WebGPU can leave the page without WebGL2: say so and go on.
  results.webgl = typeof document === 'undefined' ? { renderer: 'no WebGL2 (no page: Node)' }
    : await pageDescribeWebgl().catch((error) => ({ renderer: `no WebGL2 (${error})` }));
  await log(`renderer: ${results.webgl.renderer}`);
  results.webgpu = await describeWebGpu();
  await log(`WebGPU: ${JSON.stringify(results.webgpu)}`);
  const onWebGpu = results.webgpu.adapter !== null;
  if (onWebGpu) {
    const swingAllowance = await swingAllowanceMm(checkedSolvers[0]);
    await check('WebGPU vs CPU', checkedSolvers[0], { backend: 'webgpu' }, { backend: 'cpu' }, swingAllowance);
    // The fused steps on this device, each pipeline made before the first step: the swing in tiled
    // substeps (a dispatch a substep) and the papers in the patch step (one dispatch a step). The
    // swing is 33 x 33, more particles than a workgroup of 1024 holds (an H200's 32 x 32 swing runs
    // as one patch step), and has an allowance of its own. SwiftShader runs the tiles' barriers
    // slowly (a 32 x 32 swing's 120 steps took 130 s): on a fallback adapter the tiled swing takes
    // 10 steps, enough to catch a wrong step, too few to count its drop.
    const tiledSwing = { ...swingOntoGround, settings: { ...swingOntoGround.settings, columns: 33, rows: 33, substeps: 10 } };
    const tiledAllowance = await swingAllowanceMm(checkedSolvers[0], tiledSwing);
    const fallback = results.webgpu.fallback === true;
    await check('WebGPU tiled substeps vs CPU, 33x33', checkedSolvers[0], { backend: 'webgpu', fused: true }, { backend: 'cpu' }, tiledAllowance,
      { ...tiledSwing, steps: fallback ? 10 : tiledSwing.steps }, fallback ? -Infinity : minDropMetres, tiledSwing.settings.substeps);
    await check('WebGPU patch step vs CPU, 12 patches in gusts', checkedSolvers[0], { backend: 'webgpu', fused: true }, { backend: 'cpu' },
      gpuCpuToleranceMm, papersInGusts, -Infinity, 1);
    await check('WebGPU vs CPU over a capsule and a box', checkedSolvers[0], { backend: 'webgpu' }, { backend: 'cpu' }, gpuCpuToleranceMm, swingOverShapes);
    await check('WebGPU vs CPU over a mesh', checkedSolvers[0], { backend: 'webgpu' }, { backend: 'cpu' }, gpuCpuToleranceMm, swingOverMesh);
  }
  if (onWebgl) await checkWebgl();
  /** @type {('gpu' | 'webgpu')[]} */
  const gpuBackends = [...(onWebgl ? /** @type {const} */ (['gpu']) : []), ...(onWebGpu ? /** @type {const} */ (['webgpu']) : [])];
  for (const backend of gpuBackends) await checkTearing(backend);
  if (gpuBackends.length > 0) await checkStages(onWebGpu);
  for (const backend of gpuBackends) await checkPiles(backend);
  await timeEverything(onWebGpu);
}

/**
 * Self-collision on this device's GPU (issue 25): the demo's piles dropped (pile-scene.js), their
 * crossings through themselves counted every quarter second, 0 at every one to pass. A real GPU
 * steps faster than the page can look, so the added substeps follow an approach read back
 * sooner than on SwiftShader, where the browser tests hold the piles: the same guarantee, on
 * another schedule.
 * @param {'gpu' | 'webgpu'} backend
 */
async function checkPiles(backend) {
  for (const name of pileNames) {
    const settings = namedPileSettings(name);
    const run = await pageDropPile({ settings, backend, quarters: Math.round(pileSeconds * 4) });
    const most = Math.max(...run.crossings);
    const passed = most === 0 && run.glError === 0 && run.webGpuErrors.length === 0;
    const pile = `${settings.columns}x${settings.rows}, ${(settings.selfCollisionThickness * 1000).toFixed(1)} mm thick`;
    results.piles.push({ backend, pile, seconds: pileSeconds, crossings: run.crossings, glError: run.glError, webGpuErrors: run.webGpuErrors, passed, runSeconds: run.seconds });
    await log(`pile ${pile} on ${backend}: at most ${most} crossings over ${pileSeconds} s (${run.seconds.toFixed(1)} s)${passed ? ' ok' : ' FAILED'}`);
  }
  await save();
}

/**
 * Tearing on this device's GPU against the CPU (tests/browser/tearing-scene.js's sheet): pulled
 * down by one particle until it shreds, and pulled apart by its bottom row. A real GPU's square
 * root and division may round otherwise than IEEE's, so a constraint within a rounding of the
 * threshold may tear a step apart and the rip run on from there: the counts must agree to 2 % of
 * the CPU's (at least 2), as on SwiftShader, where they agree to the bit.
 * @param {'gpu' | 'webgpu'} backend
 */
async function checkTearing(backend) {
  const { loadNuno } = await import('/web/index.js');
  const { sheet, pullDown, pullApart, tornCount, tornDifference } = await import('/tests/browser/tearing-scene.js');
  const nuno = await loadNuno();
  const context = backend === 'gpu'
    ? /** @type {WebGL2RenderingContext} */ (/** @type {HTMLCanvasElement} */ (document.getElementById('view')).getContext('webgl2'))
    : await /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter()).requestDevice();
  const name = backend === 'gpu' ? 'GPU float' : 'WebGPU';
  for (const [scene, pull, steps] of /** @type {const} */ ([['pulled down by one particle', pullDown, 60], ['pulled apart by its bottom row', pullApart, 10]])) {
    const outcomes = [];
    for (const cloth of [nuno.createCloth(/** @type {any} */ (sheet)), nuno.createCloth(/** @type {any} */ (context), { ...sheet, backend, ...(backend === 'gpu' ? { precision: 'float' } : {}) })]) {
      for (let step = 1; step <= steps; step++) {
        /** @type {(cloth: any, step: number) => void} */ (pull)(cloth, step);
        cloth.stepFixed(1);
      }
      outcomes.push({ torn: await cloth.readTorn(), positions: await cloth.readPositions() });
      cloth.dispose();
    }
    const [cpu, gpu] = outcomes;
    const [cpuCount, gpuCount] = [tornCount(cpu.torn), tornCount(gpu.torn)];
    const bound = Math.max(2, Math.ceil(0.02 * cpuCount));
    const passed = Math.abs(gpuCount - cpuCount) <= bound && gpu.positions.every(Number.isFinite);
    const maxDeviationMm = 1000 * Math.max(...Array.from(gpu.positions, (value, i) => Math.abs(value - cpu.positions[i])));
    results.checks.push({
      name: `${name} vs CPU, tearing: the sheet ${scene}`, solver: 'xpbd', toleranceMm: bound, passed, maxDeviationMm,
      after: `after ${steps} steps: ${gpuCount} torn on the GPU, ${cpuCount} on the CPU, ${tornDifference(cpu.torn, gpu.torn)} constraints torn on one alone`,
      limit: `the counts within ${bound}`,
    });
    await log(`${name} vs CPU, tearing (${scene}): ${gpuCount} vs ${cpuCount} torn${passed ? ' ok' : ' FAILED'}`);
  }
  if (backend === 'webgpu') /** @type {GPUDevice} */ (context).destroy();
  await save();
}

/**
 * Each stage of one substep on this device's GPU backends against the CPU, from the same state
 * (compareStagesInPage): the worst stage, and the first past the tolerance, per backend.
 * @param {boolean} onWebGpu
 */
async function checkStages(onWebGpu) {
  const outcome = await compareStagesInPage({ mutate: false, gpu: onWebgl, webgpu: onWebGpu });
  for (const [backend, name] of /** @type {const} */ ([['gpuMm', 'GPU float'], ['webgpuMm', 'WebGPU']])) {
    if (outcome.stages[0][backend] === null) continue;
    const compared = comparedStages(outcome.stages, backend);
    const worst = compared.reduce((a, b) => (b.deviationMm > a.deviationMm ? b : a));
    const astray = firstStageAstray(outcome.stages, backend, stageToleranceMm);
    results.checks.push({
      name: `${name} vs CPU, each stage of one substep`, solver: 'xpbd', toleranceMm: stageToleranceMm, passed: astray === null,
      maxDeviationMm: worst.deviationMm, after: `at its worst stage (${worst.stage})${astray ? `, the first astray ${astray}` : ''}`,
      stages: compared,
    });
    await log(`${name} vs CPU, each stage: worst ${worst.deviationMm.toPrecision(3)} mm (${worst.stage})${astray ? ` FAILED from ${astray}` : ' ok'}`);
  }
  await save();
}

/** @type {Map<string, number>} per solver, swingAllowanceMm's answer */
const swingAllowances = new Map();

/**
 * How far a GPU cloth may stray from the CPU on the swing onto the ground: twice as far as the
 * swing carries a difference in the last bit on the CPU alone (gravity one float step
 * stronger, reported as its own check), and at least the fixed tolerance. A real GPU's division
 * and square root need not round as IEEE's do (GLSL allows 2.5 ulp for a division; WGSL's
 * division is as loose), so the GPU may stray as far as the swing grows such differences: for
 * XPBD that one step alone ends 1.2-1.4 mm apart after 120 steps (nuno 665c76b; 0.4 mm with the
 * two-division projection before it), past the fixed 1 mm. WebGPU on an H100 measured 1.001 mm.
 * @param {string} solver
 * @param {typeof swingOntoGround} [scene] a swing of another grid
 */
async function swingAllowanceMm(solver, scene = swingOntoGround) {
  const grid = scene === swingOntoGround ? '' : `, ${scene.settings.columns}x${scene.settings.rows}`;
  const key = `${solver}${grid}`;
  if (!swingAllowances.has(key)) {
    const gravity = -9.81;
    const growth = await check(`CPU vs CPU with gravity one float step stronger${grid}`, solver, { backend: 'cpu', gravity: [0, gravity, 0] },
      { backend: 'cpu', gravity: [0, oneFloatStepAway(gravity), 0] }, null, scene);
    swingAllowances.set(key, Math.max(gpuCpuToleranceMm, 2 * growth.maxDeviationMm));
  }
  return /** @type {number} */ (swingAllowances.get(key));
}

/** The WebGL2 agreement checks, and what 'auto' picks without float render targets. */
async function checkWebgl() {
  for (const solver of checkedSolvers) {
    await check('GPU float vs CPU', solver, { backend: 'gpu', precision: 'float' }, { backend: 'cpu' }, await swingAllowanceMm(solver));
    await check('GPU half vs GPU float', solver, { backend: 'gpu', precision: 'half' }, { backend: 'gpu', precision: 'float' }, halfFloatToleranceMm);
    await check('GPU unsplit half vs GPU float', solver, { backend: 'gpu', precision: 'half-unsplit' }, { backend: 'gpu', precision: 'float' }, null);
  }
  // The Jacobi sweep, a particle's corrections added in the core's order, on this device's float
  // arithmetic. Over the crate and rail, the calm scene: swinging onto the ground at 30 substeps
  // two CPU runs started 2e-7 m apart end 2.7 mm apart after 60 steps (0.025 mm here after 120),
  // and an H100 measured 2.2 mm there: rounding grown by the swing, not the sweep's maths.
  await check('GPU float vs CPU over a capsule and a box, Jacobi sweeps 30 x 1', checkedSolvers[0], { backend: 'gpu', precision: 'float' },
    { backend: 'cpu' }, gpuCpuToleranceMm, { ...swingOverShapes, settings: { ...swingOverShapes.settings, ...JACOBI_SETTINGS } });
  // Every collider kind's contact on this device's float arithmetic (capsule, box; plane above).
  await check('GPU float vs CPU over a capsule and a box', checkedSolvers[0], { backend: 'gpu', precision: 'float' },
    { backend: 'cpu' }, gpuCpuToleranceMm, swingOverShapes);
  // A mesh collider: the field's 3D texture and its contact on this device.
  await check('GPU float vs CPU over a mesh', checkedSolvers[0], { backend: 'gpu', precision: 'float' },
    { backend: 'cpu' }, gpuCpuToleranceMm, swingOverMesh);
  // Patches in gusts: every patch kept to its tile, and the gust waves' cosines on this device.
  await check('GPU float vs CPU, 12 patches in gusts', checkedSolvers[0], { backend: 'gpu', precision: 'float' },
    { backend: 'cpu' }, gpuCpuToleranceMm, papersInGusts, -Infinity);
  await check('GPU half vs GPU float, 12 patches in gusts', checkedSolvers[0], { backend: 'gpu', precision: 'half' },
    { backend: 'gpu', precision: 'float' }, halfFloatToleranceMm, papersInGusts, -Infinity);
  results.auto = await phoneLikeAuto();
  await log(`auto without float render targets: ${JSON.stringify(results.auto)}`);
  await save();
}

/**
 * The timings: each grid on WebGL2 (float, half where asked), WebGPU where there is an adapter,
 * and the wasm CPU cloth; then the seas of papers.
 * @param {boolean} onWebGpu
 */
async function timeEverything(onWebGpu) {
  const webglStates = (/** @type {number} */ size) => (onWebgl ? ['float', ...(halfSizes.includes(size) ? ['half'] : [])] : []);
  /** @param {string} label @param {Record<string, unknown>} options pageTimeGpu's */
  const timeGpu = (label, options) => timedUnlessRefused(label, () => pageTimeGpu({ colliders: SCENE_COLLIDERS, plan: gpuPlan, ...options }));
  for (const size of sizes) {
    for (const precision of [...webglStates(size), ...(onWebGpu ? ['webgpu'] : [])]) {
      const timing = await timeGpu(`GPU ${precision} ${size}x${size}`, { settings: benchSettings(size), precision });
      if (!timing) continue;
      results.gpu.push({ size, ...timing });
      await log(`GPU ${precision} ${size}x${size}: ${timing.medianMs.toPrecision(3)} ms/step, ${timing.drawCallsPerStep} draw calls/step`);
      // Tiled (a dispatch a substep): the passes it replaces, timed beside it.
      const passes = precision === 'webgpu' && timing.drawCallsPerStep === timing.substeps &&
        await timeGpu(`GPU webgpu, passes ${size}x${size}`, { settings: benchSettings(size), precision, tiledSubsteps: false });
      if (passes) {
        results.gpu.push({ size, ...passes, precision: 'webgpu, passes' });
        await log(`GPU webgpu, passes ${size}x${size}: ${passes.medianMs.toPrecision(3)} ms/step, ${passes.drawCallsPerStep} draw calls/step`);
      }
    }
    // Jacobi sweeps at three times the substeps: 3 passes a substep against 14.
    const jacobi = onWebgl && await timeGpu(`GPU float, jacobi 30 x 1 ${size}x${size}`, { settings: { ...benchSettings(size), ...JACOBI_SETTINGS }, precision: 'float' });
    if (jacobi) {
      results.gpu.push({ size, ...jacobi, precision: 'float, jacobi 30 x 1' });
      await log(`GPU float, jacobi 30 x 1 ${size}x${size}: ${jacobi.medianMs.toPrecision(3)} ms/step, ${jacobi.drawCallsPerStep} draw calls/step`);
    }
    // Self-collision at one grid spacing: its bucket passes and the separation (in WebGL2's
    // collide pass, WebGPU's separate pass), the approach read back and the untangling's looks.
    const settings = { ...benchSettings(size), selfCollisionThickness: 1 / (size - 1) };
    for (const precision of size <= 256 ? [...(onWebgl ? ['float'] : []), ...(onWebGpu ? ['webgpu'] : [])] : []) {
      const selfCollision = await timeGpu(`GPU ${precision}, self-collision ${size}x${size}`, { settings, precision });
      if (!selfCollision) continue;
      results.gpu.push({ size, ...selfCollision, precision: `${precision}, self-collision` });
      await log(`GPU ${precision}, self-collision ${size}x${size}: ${selfCollision.medianMs.toPrecision(3)} ms/step, ${selfCollision.drawCallsPerStep} draw calls/step`);
    }
    if (onWebgl && onWebGpu) {
      const choice = await autoChoice(size);
      results.autoChoices.push(choice);
      const trial = choice.trialMsPerStep;
      await log(`requestCloth 'auto' ${size}x${size}: ${choice.backend}` +
        (trial ? ` (its trial: WebGPU ${trial.webgpu.toPrecision(3)}, WebGL2 ${trial.gpu.toPrecision(3)} ms/step)` : '') + `, ${choice.requestMs.toFixed(0)} ms`);
    }
    const cpu = size <= cpuMax &&
      await timedUnlessRefused(`CPU (wasm) ${size}x${size}`, () => pageTimeCpu({ settings: benchSettings(size), colliders: SCENE_COLLIDERS, plan: CPU_PLAN }));
    if (cpu) {
      results.cpu.push({ size, ...cpu });
      await log(`CPU (wasm) ${size}x${size}: ${cpu.medianMs.toPrecision(3)} ms/step`);
    }
    await save();
  }
  // The sea of papers the demo shows, falling and landing: papers of 8 x 8 particles.
  for (const perSide of paperSides) {
    for (const precision of [...(onWebgl ? ['float'] : []), ...(onWebGpu ? ['webgpu'] : [])]) {
      const timing = await timeGpu(`GPU ${precision} ${perSide}x${perSide} papers`, { settings: papersSettings(perSide), colliders: PAPERS_COLLIDERS, precision });
      if (!timing) continue;
      results.papers.push({ perSide, ...timing });
      await log(`GPU ${precision} ${perSide}x${perSide} papers (${timing.particles} particles): ${timing.medianMs.toPrecision(3)} ms/step`);
      await save();
    }
  }
}

/**
 * What requestCloth's 'auto' picks for the bench's cloth here, where both WebGPU and WebGL2 could
 * take it: the backend, what its trial timed, and how long the request took, trial included.
 * @param {number} size
 */
async function autoChoice(size) {
  const { loadNuno } = await import('/web/index.js');
  const nuno = await loadNuno();
  const start = performance.now();
  const cloth = await nuno.requestCloth(document.createElement('canvas'), benchSettings(size));
  const choice = { size, backend: cloth.backend, trialMsPerStep: cloth.trialMsPerStep, requestMs: performance.now() - start };
  cloth.dispose();
  return choice;
}

/**
 * One timing, or null where nuno refuses the cloth as too large for this device or the core (a
 * GpuUnsupportedError, or a grid past a limit: "... must be at most ..."): the refusal is
 * reported and the other timings go on. Any other error (a lost context or device) ends the run.
 * @template T
 * @param {string} label
 * @param {() => Promise<T>} time
 * @returns {Promise<T | null>}
 */
async function timedUnlessRefused(label, time) {
  try {
    return await time();
  } catch (error) {
    const message = String(/** @type {Error} */ (error)?.message ?? error);
    const refused = /** @type {Error} */ (error)?.name === 'GpuUnsupportedError' || /^nuno: .* must be at most /.test(message);
    if (!refused) throw error;
    results.refused.push({ label, message });
    await log(`${label}: refused (${message})`);
    return null;
  }
}

try {
  await main();
} catch (error) {
  results.errors.push(String(/** @type {Error} */ (error)?.stack ?? error));
}
results.done = true;
await save();
await post('/done', '');
