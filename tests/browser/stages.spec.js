// Each stage of a substep on the three backends at once: the CPU core, the WebGL2 passes and the
// WebGPU kernels run the first k stages of one substep (stepStages) from the same state, for
// every k, so a twin that drifts is named by the first stage where it parts from the CPU, not
// only seen in a whole scene's tolerance. The scene gives every stage work: a wavy sheet with
// velocities of its own (so predict's moves stretch its constraints), wind and gusts (predict's
// normals and waves), XPBD with two iterations (multipliers carried), self-collision, a sphere
// it sinks into and the ground. Each twin is then broken on purpose (its rest length read 1%
// long) to see that the comparison names the constrain stage. WebGL2 separates in its collide
// pass (its 'separate' stage only sorts the particles into buckets), so its separation is
// compared after 'collide', with the colliders'.
import { expect, test } from '@playwright/test';
import { collectComplaints } from '../engines/playwright-driver.js';

test.describe.configure({ timeout: 180_000 });

/**
 * Per stage of the schedule, how far (mm) each GPU backend's positions end from the CPU's after
 * the schedule's first k stages, k = 1 ... n, then after one more substep's predict (which
 * reads the velocities collide left). `mutate` breaks both GPU twins of the constrain stage.
 * @param {{ mutate: boolean }} options
 */
async function compareStagesInPage({ mutate }) {
  const { loadNuno } = await import('/web/index.js');
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
    selfCollisionThickness: spacing, depenetrationSpeed: 2,
  };
  const colliders = [
    { type: /** @type {const} */ ('sphere'), center: [0.1, 0.3, 0.05], radius: 0.22, friction: 0.4 },
    { type: /** @type {const} */ ('plane'), point: [0, 0.46, 0], normal: [0, 1, 0] },
  ];
  const glsl = ['return lengths[uDirection % REST_LENGTH_CHANNELS];', 'return lengths[uDirection % REST_LENGTH_CHANNELS] * 1.01;'];
  const wgsl = ['let restLength = restLengths[first * REST_LENGTHS_PER_PARTICLE + stage.direction];',
    'let restLength = restLengths[first * REST_LENGTHS_PER_PARTICLE + stage.direction] * 1.01;'];

  const canvas = document.createElement('canvas');
  const gl = /** @type {WebGL2RenderingContext} */ (canvas.getContext('webgl2'));
  const adapter = /** @type {GPUAdapter} */ (await navigator.gpu.requestAdapter());
  const device = await adapter.requestDevice();
  /** The mutations found in the shaders: a mutation that no longer matches must fail the test. */
  const mutated = { glsl: false, wgsl: false };
  if (mutate) {
    const shaderSource = gl.shaderSource.bind(gl);
    gl.shaderSource = (shader, source) => {
      mutated.glsl ||= source.includes(glsl[0]);
      shaderSource(shader, source.replace(glsl[0], glsl[1]));
    };
    const createShaderModule = device.createShaderModule.bind(device);
    device.createShaderModule = (descriptor) => {
      mutated.wgsl ||= descriptor.code.includes(wgsl[0]);
      return createShaderModule({ ...descriptor, code: descriptor.code.replace(wgsl[0], wgsl[1]) });
    };
  }
  const cloths = {
    cpu: nuno.createCloth(settings),
    gpu: nuno.createCloth(gl, { ...settings, backend: 'gpu', precision: 'float' }),
    webgpu: nuno.createCloth(device, { ...settings, backend: 'webgpu' }),
  };
  for (const cloth of Object.values(cloths)) colliders.forEach((collider) => cloth.addCollider(collider));
  const schedule = cloths.cpu.substepSchedule();
  const names = schedule.map((stage) => (stage.kind === 'constrain'
    ? `constrain (direction ${stage.direction}, colour ${stage.colour}, iteration ${stage.iteration})` : stage.kind));
  names.push('predict of the next substep (the velocities collide left)');

  /** @param {import('/web/index.js').Cloth | import('/web/index.js').GpuCloth | import('/web/index.js').WebGpuCloth} cloth */
  async function positionsAfter(cloth, /** @type {number} */ stageCount) {
    cloth.reset();
    if (stageCount <= schedule.length) {
      cloth.stepStages(stageCount);
    } else {
      cloth.stepStages(schedule.length);
      cloth.stepStages(1);
    }
    return cloth.readPositions();
  }
  /** @type {{stage: string, gpuMm: number, webgpuMm: number, movedMm: number}[]} */
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
      gpuMm: deviation(await positionsAfter(cloths.gpu, count)), webgpuMm: deviation(await positionsAfter(cloths.webgpu, count)),
    });
    before = cpu;
  }
  const precision = cloths.gpu.backend === 'gpu' ? cloths.gpu.precision : cloths.gpu.backend;
  let countError = '';
  try { cloths.gpu.stepStages(schedule.length + 1); } catch (error) { countError = /** @type {Error} */ (error).message; }
  for (const cloth of Object.values(cloths)) cloth.dispose();
  device.destroy();
  return { stages, backends: [cloths.gpu.backend, cloths.webgpu.backend], precision, mutated, countError, stageCount: schedule.length };
}

/** Stages a backend runs inside the next stage's pass: their positions are those before them. */
const fusedIntoNext = { gpuMm: ['separate'], webgpuMm: [] };

/**
 * The first stage where a backend strays past `toleranceMm`, or null.
 * @param {{stage: string, gpuMm: number, webgpuMm: number}[]} stages
 * @param {'gpuMm' | 'webgpuMm'} backend
 * @param {number} toleranceMm
 */
function firstStray(stages, backend, toleranceMm) {
  const compared = stages.filter(({ stage }) => !fusedIntoNext[backend].includes(stage));
  return compared.find((stage) => stage[backend] > toleranceMm)?.stage ?? null;
}

/**
 * How far a GPU twin may end from the CPU after any stage: the stages do the CPU's float
 * operations in its order, and SwiftShader ends at most a few float steps (of a metre) away;
 * the 1% rest-length mutation moves particles by tenths of a millimetre.
 */
const stageToleranceMm = 0.005;

test('every stage of a substep computes on WebGL2 and WebGPU what it computes on the CPU, and a drifted twin is named by its stage', async ({ page }) => {
  const complaints = collectComplaints(page);
  await page.goto('/tests/browser/harness.html');
  const result = await page.evaluate(compareStagesInPage, { mutate: false });
  for (const { stage, gpuMm, webgpuMm, movedMm } of result.stages) {
    console.log(`metric: stage_deviation_mm = webgl2 ${gpuMm.toExponential(2)}, webgpu ${webgpuMm.toExponential(2)} (${stage}; the CPU moved ${movedMm.toFixed(3)} mm)`);
  }
  expect(result.backends).toEqual(['gpu', 'webgpu']);
  expect(result.precision).toBe('float');
  const kinds = new Set(result.stages.map(({ stage }) => stage.split(' ')[0]));
  expect([...kinds].sort(), 'the scene runs every kind of stage').toEqual(['collide', 'constrain', 'predict', 'separate']);
  for (const { stage, movedMm } of result.stages) expect(movedMm, `${stage} moves the cloth`).toBeGreaterThan(0.01);
  expect(firstStray(result.stages, 'gpuMm', stageToleranceMm), 'WebGL2').toBeNull();
  expect(firstStray(result.stages, 'webgpuMm', stageToleranceMm), 'WebGPU').toBeNull();
  expect(result.countError).toBe(`nuno: 'count' must be an integer in [0, ${result.stageCount}], got ${result.stageCount + 1}`);

  const broken = await page.evaluate(compareStagesInPage, { mutate: true });
  const firstConstrain = /** @type {{gpuMm: number, webgpuMm: number}} */ (broken.stages.find(({ stage }) => stage.startsWith('constrain')));
  console.log(`metric: stage_deviation_mm = webgl2 ${firstConstrain.gpuMm.toFixed(3)}, webgpu ${firstConstrain.webgpuMm.toFixed(3)} (the first constrain stage, its rest length read 1% long)`);
  expect(broken.mutated, 'the mutation found its line in both shaders').toEqual({ glsl: true, wgsl: true });
  expect(firstStray(broken.stages, 'gpuMm', stageToleranceMm), 'WebGL2, rest length read 1% long').toMatch(/^constrain \(direction 0, colour 0/);
  expect(firstStray(broken.stages, 'webgpuMm', stageToleranceMm), 'WebGPU, rest length read 1% long').toMatch(/^constrain \(direction 0, colour 0/);
  expect(complaints).toEqual([]);
});
