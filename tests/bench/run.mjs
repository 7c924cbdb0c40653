// Times the CPU solver natively (build/native/nuno_bench) and as WebAssembly under Node on the
// same cases, prints the machine and a markdown table, and writes build/bench/results.json.
// Then times the GPU solver and the wasm CPU solver in headless Chromium (browser-bench.mjs)
// on the same scene, prints a second table and adds it to results.json under `browser`.
// The cases are written to build/bench/cases.json and nuno_bench reads them from there, so the
// two sides cannot drift apart.
// A report, not a test: nothing asserts timings. Run after scripts/build.sh (`npm run bench`).
// `npm run bench -- --against <commit>` also steps that commit's wasm core beside dist's, in turn
// in this process (compare-builds.mjs), and prints each case's speed-up: issue 12's goals are
// ratios to its start, b3212fd.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadNuno } from '../../web/index.js';
import { runBrowserBench, runThreadsBench } from './browser-bench.mjs';
import { runThreeExampleBench } from './three-example-bench.mjs';
import { coreOfCommit } from './commit-core.mjs';
import { compareBuilds } from './compare-builds.mjs';
import { MESHES, RESOLUTIONS, timeFieldBuilds, timeMeshStep } from './mesh-bench.mjs';
import { TEARING_RESOLUTION, timeTearing } from './tearing-bench.mjs';
import { MADE_CLOTHS } from './made-cloths.js';
import { JACOBI_SETTINGS, PAPERS_COLLIDERS, SCENE_COLLIDERS, SCENE_SETTINGS, benchSettings, papersSettings } from './scene.js';

/** @typedef {import('../../web/index.js').ClothSettings} ClothSettings */
/** @typedef {import('../../web/index.js').ColliderDescription} ColliderDescription */
/** @typedef {import('../../web/index.js').Nuno} Nuno */

/**
 * A scenario in the tests/fixtures format, which nuno_bench reads with runScenario: its `steps`
 * are the warm-up. `grid` and `config` only label the table.
 * @typedef {object} BenchCase
 * @property {string} grid
 * @property {string} config
 * @property {ClothSettings & {substeps: number, iterations: number}} settings
 * @property {ColliderDescription[]} colliders
 * @property {number} steps
 * @property {number} timedSteps single fixed steps timed after the warm-up
 */

/**
 * @typedef {object} Timing
 * @property {number} constraints
 * @property {number} medianMs median milliseconds of one stepFixed(1)
 */

// Enough for the cloth to leave its flat start and reach the sphere, and for caches and V8's
// tiers to settle; the cloth then hangs nearly still, so every timed step does the same work.
const WARMUP_STEPS = 20;

// Timed steps per size, so that each case takes about 1-3 s on a 2-core machine.
const GRIDS = [
  { size: 32, timedSteps: 2500 },
  { size: 64, timedSteps: 600 },
  { size: 128, timedSteps: 150 },
  { size: 256, timedSteps: 40 },
];

// The same projections per step spent two ways: many cheap substeps, or one substep iterated;
// then the first with self-collision on, its thickness one grid spacing (its cost is the ratio
// of the two rows; the cloth swings, so the pair list is rebuilt every few substeps).
const CONFIGS = [
  { label: 'XPBD 10 substeps × 1 iteration', substeps: 10, iterations: 1, selfCollision: false },
  { label: 'XPBD 1 substep × 10 iterations', substeps: 1, iterations: 10, selfCollision: false },
  { label: 'XPBD 10 × 1, self-collision', substeps: 10, iterations: 1, selfCollision: true },
];


// The browser table: default substeps and iterations (XPBD, 10 x 1), on the GPU and the CPU.
const BROWSER_SIZES = [64, 128, 256];
const BROWSER_HALF_PRECISION_SIZES = [128];
const JACOBI_STRAIN_SIZES = [64, 128];
// The CPU cloth on one thread and on two in Chromium (the threaded wasm module): grid sides.
const THREADS_SIZES = [64, 128, 256];
// ... and again while as many other programs as there are cores keep them busy.
const THREADS_BUSY_SIZES = [128];
const BENCH_THREADS = 2;
// The sea of papers (createPatches) in the browser: papers per side of the layout. 64 is the
// demo's desktop default, 262,144 particles.
const PAPERS_PER_SIDE = [16, 64];

const FAMILIES = /** @type {const} */ (['structural', 'shear', 'bending']);

const NATIVE_BENCH = fileURLToPath(new URL('../../build/native/nuno_bench', import.meta.url));
const OUT_DIR = fileURLToPath(new URL('../../build/bench/', import.meta.url));
const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The commit named by --against, built before anything is timed so a bad name fails at once. */
function againstCommit() {
  const at = process.argv.indexOf('--against');
  if (at < 0) return undefined;
  const commit = process.argv[at + 1];
  if (!commit) throw new Error('nuno bench: --against needs a commit, e.g. --against b3212fd');
  return { commit, dist: coreOfCommit(commit) };
}

/** @returns {BenchCase[]} */
function benchCases() {
  return GRIDS.flatMap(({ size, timedSteps }) =>
    CONFIGS.map(({ label, substeps, iterations, selfCollision }) => ({
      grid: `${size}x${size}`,
      config: label,
      settings: {
        ...SCENE_SETTINGS, columns: size, rows: size, substeps, iterations,
        selfCollisionThickness: selfCollision ? Math.min(SCENE_SETTINGS.width, SCENE_SETTINGS.height) / (size - 1) : 0,
      },
      colliders: SCENE_COLLIDERS,
      steps: WARMUP_STEPS,
      timedSteps,
    })),
  );
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * All cases in one native process, reading the very cases the wasm side runs.
 * @param {BenchCase[]} cases
 * @returns {Timing[]} in the order of the cases
 */
function timeNative(cases) {
  const casesPath = `${OUT_DIR}cases.json`;
  writeFileSync(casesPath, JSON.stringify(cases, null, 2));
  return JSON.parse(execFileSync(NATIVE_BENCH, [casesPath], { encoding: 'utf8' }));
}

/**
 * Mirrors nuno_bench: build, add the colliders, warm up, then time each step alone.
 * @param {Nuno} nuno
 * @param {BenchCase} benchCase
 * @returns {Timing}
 */
function timeWasm(nuno, benchCase) {
  const cloth = nuno.createCloth(benchCase.settings);
  try {
    for (const collider of benchCase.colliders) cloth.addCollider(collider);
    cloth.stepFixed(benchCase.steps);
    const milliseconds = [];
    for (let i = 0; i < benchCase.timedSteps; i++) {
      const start = performance.now();
      cloth.stepFixed(1);
      milliseconds.push(performance.now() - start);
    }
    const constraints = FAMILIES.reduce((sum, family) => sum + cloth.constraintCount(family), 0);
    return { constraints, medianMs: median(milliseconds) };
  } finally {
    cloth.dispose();
  }
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string | undefined>} [env]
 */
function firstLineOf(command, args, env = process.env) {
  return execFileSync(command, args, { encoding: 'utf8', env }).split('\n')[0].trim();
}

function machine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  return {
    cpu: /^model name\s*:\s*(.*)$/m.exec(cpuinfo)?.[1] ?? 'unknown',
    cores: os.availableParallelism(),
    node: process.version,
    gxx: firstLineOf('g++', ['--version']),
    // Debian's Emscripten runs its JS tools with the system node, which needs Debian's modules.
    emcc: firstLineOf('emcc', ['--version'], { ...process.env, NODE_PATH: '/usr/share/nodejs' }),
  };
}

/**
 * Millions of constraint projections per second.
 * @param {BenchCase} benchCase
 * @param {Timing} timing
 */
function mprojPerSecond(benchCase, timing) {
  const { substeps, iterations } = benchCase.settings;
  return (timing.constraints * substeps * iterations) / (timing.medianMs * 1e3);
}

/** @param {string[][]} rows the first is the header; columns after the first two are numbers */
function markdownTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  /** @param {string[]} cells */
  const line = (cells) =>
    `| ${cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
  const rule = widths.map((width, column) => (column < 2 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`));
  return [line(rows[0]), line(rule), ...rows.slice(1).map(line)].join('\n');
}

const against = againstCommit();
const cases = benchCases();
mkdirSync(OUT_DIR, { recursive: true });
console.error(`nuno bench: ${cases.length} cases, native first, then wasm (progress on stderr)`);
const native = timeNative(cases);
const nuno = await loadNuno();
const wasm = cases.map((benchCase) => {
  console.error(`  wasm ${benchCase.grid} ${benchCase.config}`);
  return timeWasm(nuno, benchCase);
});

const results = cases.map((benchCase, i) => {
  // Both sides built the same grid, or the projections per second would not compare.
  if (native[i].constraints !== wasm[i].constraints) {
    throw new Error(`${benchCase.grid}: native has ${native[i].constraints} constraints, wasm ${wasm[i].constraints}`);
  }
  return {
    grid: benchCase.grid,
    config: benchCase.config,
    constraints: native[i].constraints,
    timedSteps: benchCase.timedSteps,
    nativeMsPerStep: native[i].medianMs,
    wasmMsPerStep: wasm[i].medianMs,
    wasmOverNative: wasm[i].medianMs / native[i].medianMs,
    nativeMprojPerSecond: mprojPerSecond(benchCase, native[i]),
    wasmMprojPerSecond: mprojPerSecond(benchCase, wasm[i]),
  };
});

const host = machine();
/** @type {Record<string, unknown>} */
const report = { machine: host, warmupSteps: WARMUP_STEPS, results };
const resultsPath = `${OUT_DIR}results.json`;
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);

console.log(`Machine: ${host.cpu}, ${host.cores} cores; Node ${host.node}; ${host.gxx}; ${host.emcc}`);
console.log(`
CPU solver on one thread; a 1 m cloth pinned at its top edge, draped over one sphere, red-black ordering.
- ms/step: median over single \`cloth.stepFixed(1)\` calls (one 1/60 s step each), timed one by one
  after ${WARMUP_STEPS} warm-up steps (${GRIDS.map((grid) => grid.timedSteps).join('/')} calls per case by grid size).
- wasm/native: wasm ms/step over native ms/step (above 1: wasm is slower).
- native: build/native/nuno_bench (g++ -O3), timed with std::chrono::steady_clock.
- wasm: dist/nuno-core.wasm (em++ -O3) through web/index.js under Node, timed with performance.now().
- Mproj/s: millions of constraint projections per second = constraints × substeps × iterations / seconds per step.
`);
console.log(
  markdownTable([
    ['grid', 'config', 'constraints', 'native ms/step', 'wasm ms/step', 'wasm/native', 'native Mproj/s', 'wasm Mproj/s'],
    ...results.map((row) => [
      row.grid,
      row.config,
      String(row.constraints),
      row.nativeMsPerStep.toFixed(3),
      row.wasmMsPerStep.toFixed(3),
      `${row.wasmOverNative.toFixed(2)}×`,
      row.nativeMprojPerSecond.toFixed(1),
      row.wasmMprojPerSecond.toFixed(1),
    ]),
  ]),
);

if (against) {
  console.error(`nuno bench: ${against.commit} and dist side by side (wasm, Node)`);
  console.log(`
## Against ${against.commit}: the wasm core of that commit and of dist, side by side

Both builds in this Node process, stepping the same cloth in turn (15 rounds of 8 single steps; medians), so the
ratio does not depend on how busy the machine was. The CPU solver on one thread.
`);
  report.against = { commit: against.commit, cases: await compareBuilds(against.dist, DIST_DIR) };
  writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
}

// How long a cloth takes to make, through the package's API (the core's topology and red-black
// lanes, and for papers their placement and the poses handed over): the median of three.
console.error('nuno bench: making cloths (wasm)');
const madeRows = MADE_CLOTHS.map((made) => {
  const milliseconds = [0, 1, 2].map(() => {
    const start = performance.now();
    const cloth = made.patches ? nuno.createPatches(made.settings) : nuno.createCloth(made.settings);
    const elapsed = performance.now() - start;
    cloth.dispose();
    return elapsed;
  });
  return { label: made.label, medianMs: median(milliseconds) };
});
report.madeCloths = madeRows;
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`
## Making a cloth

\`nuno.createCloth\` / \`nuno.createPatches\` under Node (wasm), median of three, ms.
`);
console.log(markdownTable([['made', 'ms'], ...madeRows.map((row) => [row.label, row.medianMs.toFixed(0)])]));

console.error('nuno bench: mesh colliders (wasm)');
const fieldRows = timeFieldBuilds(nuno);
const meshStep = timeMeshStep(nuno);
report.meshColliders = { fieldBuilds: fieldRows, step: meshStep };
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`
## Mesh colliders

Building a mesh collider's distance field (\`addCollider\`) under Node (wasm), median of three, ms, by
the mesh and the samples along its longest side:
`);
console.log(markdownTable([['mesh', ...RESOLUTIONS.map(String)], ...MESHES.map(({ label }) => [
  label, ...RESOLUTIONS.map((resolution) => fieldRows.find((row) => row.mesh === label && row.resolution === resolution)?.medianMs.toFixed(0) ?? ''),
])]));
console.log(`
The 64 x 64 bench cloth stepped bare, with its sphere, and with that sphere as a 4,096-triangle mesh
(resolution 64), in turn (medians of 40 blocks of 8 steps): ${meshStep.bareMs.toFixed(3)} / ${meshStep.sphereMs.toFixed(3)} /
${meshStep.meshMs.toFixed(3)} ms a step, so the mesh's collide stage costs ${meshStep.collideRatio.toFixed(2)}x the sphere's.
`);

console.error('nuno bench: tearing (wasm)');
const tearing = timeTearing(nuno);
report.tearing = tearing;
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`
## Tearing

The demo's tearing curtain (${TEARING_RESOLUTION} x ${TEARING_RESOLUTION}, pinned along its top, 6 m/s gusty wind) under Node
(wasm), with tearStrain ${tearing.tearStrain} and with 0, stepped in turn for ${tearing.steps} steps (medians after the first
second): ${tearing.tearingMs.toFixed(3)} / ${tearing.wholeMs.toFixed(3)} ms a step (${tearing.ratio.toFixed(2)}x), ${tearing.torn} constraints torn
(${tearing.tornWhole} with tearStrain 0).
`);

// Red-black against Jacobi sweeps, by the strain they leave: the CPU (wasm) runs the same
// arithmetic the GPU passes do (bit for bit on SwiftShader, the browser tests), so its strain
// is theirs. Passes and bytes are the WebGL2 cloth's per step.
console.error('nuno bench: red-black and Jacobi sweeps, strain (wasm)');
const strainRows = JACOBI_STRAIN_SIZES.flatMap((size) => ['xpbd', 'pbd'].flatMap((solver) =>
  [{ label: 'red-black 10 x 1', settings: { ordering: 'red-black', substeps: 10 }, passesPerSubstep: 14 },
    { label: 'jacobi 30 x 1, relaxation 1.5', settings: JACOBI_SETTINGS, passesPerSubstep: 3 }].map(({ label, settings, passesPerSubstep }) => {
    const cloth = nuno.createCloth({ ...benchSettings(size), solver: /** @type {'xpbd' | 'pbd'} */ (solver), ...settings });
    for (const collider of SCENE_COLLIDERS) cloth.addCollider(collider);
    let max = 0;
    let meanSum = 0;
    // After the first second's swing, over two more: the steps the cloth hangs and sways.
    for (let step = 0; step < 180; step++) {
      cloth.stepFixed(1);
      if (step < 60) continue;
      const strain = cloth.strain('structural');
      max = Math.max(max, strain.max);
      meanSum += strain.mean;
    }
    cloth.dispose();
    // Float state: 16 B per vector; predict and collide write two, each other pass one.
    const bytesPerSubstep = 16 * (2 * 2 + (passesPerSubstep - 2));
    const substeps = /** @type {number} */ (settings.substeps);
    return { grid: `${size}x${size}`, solver, label, max, mean: meanSum / 120, passesPerStep: passesPerSubstep * substeps, passesPerSubstep, bytesPerSubstep, bytesPerStep: bytesPerSubstep * substeps };
  })));
report.jacobiStrain = strainRows;
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`
## Fewer GPU passes: Jacobi sweeps against red-black

The same scene, XPBD and PBD, structural strain over steps 60-180 (max, and the mean of each step's mean), in wasm.
Red-black draws 14 passes a substep (predict, 6 directions x 2 colours, collide); a Jacobi sweep
moves every particle by all its pairs at once, 3 passes a substep. B written: render-target bytes
per particle (float state).
`);
console.log(
  markdownTable([
    ['grid', 'solver', 'ordering', 'max strain', 'mean strain', 'passes/substep', 'passes/step', 'B written/particle/substep', 'B written/particle/step'],
    ...strainRows.map((row) => [
      row.grid, row.solver, row.label, `${(100 * row.max).toFixed(2)} %`, `${(100 * row.mean).toFixed(3)} %`,
      String(row.passesPerSubstep), String(row.passesPerStep), String(row.bytesPerSubstep), String(row.bytesPerStep),
    ]),
  ]),
);

console.error('nuno bench: the GPU and CPU solvers in headless Chromium (progress on stderr)');
const browser = await runBrowserBench({
  sizes: BROWSER_SIZES,
  halfPrecisionSizes: BROWSER_HALF_PRECISION_SIZES,
  selfCollisionSizes: BROWSER_SIZES,
  webGpu: true,
  jacobi: JACOBI_SETTINGS,
  settingsFor: benchSettings,
  colliders: SCENE_COLLIDERS,
  progress: (line) => console.error(line),
});
report.browser = browser;
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);

const { gpuPlan, cpuPlan } = browser;
const submitTimes = browser.rows.map((row) => row.gpu.submitMedianMs);
const submitRange = `${Math.min(...submitTimes).toFixed(1)}-${Math.max(...submitTimes).toFixed(1)}`;
/** @param {number} count */
const grouped = (count) => count.toLocaleString('en-US');
console.log(`
## In the browser: GPU (WebGL2 and WebGPU) and CPU (wasm) solvers

The browser's GPU here is SwiftShader: software emulation on the CPU. These timings say nothing about a real GPU; compare ratios within one run.

Chromium ${browser.chromium} (headless, ${browser.executablePath}, the launch arguments of tests/browser/chromium-flags.js's chromiumArgs: WebGPU with Dawn's robustness on, as in users' browsers); WebGL renderer: ${browser.webgl.renderer}.
Same scene as above, XPBD 10 substeps × 1 iteration; browser part took ${browser.seconds.toFixed(1)} s.
- GPU ms/step: median over batches of (batch ms / steps in the batch). A batch is \`stepFixed(n)\` followed by a
  synchronous one-texel \`readPixels\` of the position texture, which returns only after the GPU has run every pass,
  so the GPU's work is timed, not just command submission (the read alone adds ~${median(browser.rows.map((row) => row.gpu.syncReadMs)).toFixed(2)} ms per batch;
  \`stepFixed\` itself returned after ${submitRange} ms per step, which is all that timing it alone would show).
  Up to ${gpuPlan.warmupSteps} warm-up steps first (fewer when they would pass ${gpuPlan.warmupBudgetMs / 1000} s; the first compiles the shaders), then batches of
  up to ${gpuPlan.maxStepsPerBatch} steps (about ${gpuPlan.batchTargetMs} ms each) for about ${gpuPlan.timedBudgetMs / 1000} s: see "GPU timed" (warm-up steps; batches × steps per batch).
- CPU ms/step: \`createCloth(gl, { backend: 'cpu' })\`, the wasm core in the page; median of single \`stepFixed(1)\` calls
  after ${cpuPlan.warmupSteps} warm-up steps (${cpuPlan.minSteps}-${cpuPlan.maxSteps} calls, about ${cpuPlan.timedBudgetMs / 1000} s; "CPU timed"). The page's clock has 0.1 ms resolution.
- GPU state 'webgpu': the WebGPU backend (compute passes over storage buffers, WebGPU on SwiftShader's Vulkan here) on a
  device of its own in the same page; a batch ends with \`await device.queue.onSubmittedWorkDone()\` instead of the read.
- GPU/CPU: GPU ms/step over CPU ms/step (above 1: the GPU backend is slower). The half and webgpu rows reuse the float row's CPU
  time; the jacobi and self-collision rows have their own (the CPU running the same settings).
- draw calls/step: \`gpu.drawCallsPerStep\` = a pass per stage of the core's substep schedule × substeps (2 + 12 × iterations per substep
  red-black, 2 + iterations for Jacobi sweeps: the 'jacobi' row runs 30 substeps, relaxation 1.5); for webgpu, \`dispatchesPerStep\`,
  the same schedule as compute dispatches (each pass shades every texel; a WebGPU constrain dispatch runs an invocation per
  particle, of which those starting a pair of the colour work); B written/particle/step: \`gpu.bytesWrittenPerParticlePerStep\`,
  render-target bytes (WebGL2 only); GPU B/particle: \`gpu.gpuBytesPerParticle\`, texture (WebGPU: buffer) memory per particle.
`);
console.log(
  markdownTable([
    ['grid', 'GPU state', 'particles', 'GPU ms/step', 'CPU ms/step', 'GPU/CPU', 'draw calls/step', 'B written/particle/step', 'GPU B/particle', 'GPU timed', 'CPU timed'],
    ...browser.rows.map((row) => [
      row.grid,
      row.precision,
      grouped(row.particles),
      row.gpuMsPerStep.toFixed(1),
      row.cpuMsPerStep.toFixed(2),
      `${row.gpuOverCpu.toFixed(2)}×`,
      String(row.drawCallsPerStep),
      row.gpu.bytesWrittenPerParticlePerStep === null ? '-' : grouped(row.gpu.bytesWrittenPerParticlePerStep),
      String(row.gpuBytesPerParticle),
      `${row.gpu.warmupSteps}; ${row.gpu.batches} × ${row.gpu.stepsPerBatch}`,
      `${row.cpu.warmupSteps}; ${row.cpu.timedSteps} × 1`,
    ]),
  ]),
);

console.error(`nuno bench: the CPU cloth on 1 and ${BENCH_THREADS} threads in headless Chromium (progress on stderr)`);
const threads = await runThreadsBench({
  sizes: THREADS_SIZES,
  busySizes: THREADS_BUSY_SIZES,
  settingsFor: benchSettings,
  colliders: SCENE_COLLIDERS,
  threads: BENCH_THREADS,
  progress: (line) => console.error(line),
});
report.threads = threads;
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`
## The CPU cloth on ${threads.threads} threads (wasm threads in Chromium)

The same scene, XPBD 10 substeps × 1 iteration, on this machine's ${host.cores} cores. One thread: nuno-core.wasm; ${threads.threads} threads:
nuno-core-threads.wasm (\`loadNuno({ threads: ${threads.threads} })\` on a cross-origin isolated page), whose helper is a Web Worker
sharing the wasm memory; both end on the same bits (tests/browser/threads.spec.js). Each ms/step is the median of ${threads.rounds}
rounds, the two taking turns, each round's figure the median of single \`stepFixed(1)\` calls as above. No GPU work: these are CPU timings.
'Busy programs': that many other processes spinning meanwhile, one per core.
`);
console.log(
  markdownTable([
    ['grid', 'particles', 'busy programs', '1 thread ms/step', `${threads.threads} threads ms/step`, 'speed-up'],
    ...threads.rows.map((row) => [
      row.grid, grouped(row.particles), String(row.busyPrograms), row.oneThreadMsPerStep.toFixed(2), row.threadsMsPerStep.toFixed(2),
      `${row.speedup.toFixed(2)}×`,
    ]),
  ]),
);

console.error('nuno bench: the sea of papers in headless Chromium (progress on stderr)');
const papers = await runBrowserBench({
  sizes: PAPERS_PER_SIDE,
  gridLabel: (perSide) => `${perSide}x${perSide} papers`,
  webGpu: true,
  settingsFor: papersSettings,
  colliders: PAPERS_COLLIDERS,
  progress: (line) => console.error(line),
});
report.papers = papers;
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`
## The sea of papers: independent patches (createPatches)

SwiftShader again: software emulation, for ratios within this run only. The demo's scene: papers of 8 x 8 particles
(10 x 14 cm) scattered over 3.5 x 2.4 x 3.5 m, tumbling down through gusts (windGustSpeed 1.5 m/s) onto a ball and the
floor, XPBD 10 substeps x 1 iteration, timed as above from the scatter (the papers are falling and landing).
- particles/ms: particles / ms per step, for the GPU and the CPU (wasm in the page).
- passes/substep: draw calls per step / substeps; GPU B/particle: texture memory per particle (the state of every patch
  in one set of textures).
`);
console.log(
  markdownTable([
    ['papers', 'GPU', 'particles', 'GPU ms/step', 'CPU ms/step', 'GPU particles/ms', 'CPU particles/ms', 'passes/substep', 'GPU B/particle'],
    ...papers.rows.map((row) => [
      row.grid,
      row.precision === 'webgpu' ? 'WebGPU' : 'WebGL2',
      grouped(row.particles),
      row.gpuMsPerStep.toFixed(1),
      row.cpuMsPerStep.toFixed(2),
      grouped(Math.round(row.particles / row.gpuMsPerStep)),
      grouped(Math.round(row.particles / row.cpuMsPerStep)),
      String(row.drawCallsPerStep / 10),
      String(row.gpuBytesPerParticle),
    ]),
  ]),
);
console.error('nuno bench: the three.js example in headless Chromium (progress on stderr)');
const threeExample = await runThreeExampleBench({ progress: (line) => console.error(line) });
report.threeExample = threeExample;
writeFileSync(resultsPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`
## The three.js example: frame time with and without its cloths

examples/three/ at 960 x 600 in headless Chromium, SwiftShader (software emulation: read the ratio): a flag of 40 x 25
particles in gusting wind and a 32 x 32 sheet with self-collision over a box and a ball, drawn by three with shadows.
Each frame stepped (1/60 s), drawn and waited for; the median of 9. Without: the same frame, the cloths hidden and not
stepped. WebGL2, CPU and worker cloths under WebGLRenderer; the WebGPU cloth under WebGPURenderer.
`);
console.log(
  markdownTable([
    ['cloths on', 'ms/frame with the cloths', 'ms/frame without', 'ratio'],
    ...threeExample.map((row) => [row.backend, row.withClothsMs.toFixed(1), row.withoutClothsMs.toFixed(1), `${(row.withClothsMs / row.withoutClothsMs).toFixed(2)}×`]),
  ]),
);
console.log('');
console.log(`Written to ${resultsPath}`);
