// Compiled with `tsc --noEmit` by the test run: the shipped declarations must accept real use
// and reject misuse (each @ts-expect-error line must really be an error, or tsc fails).
import { ClothRenderer, GpuCloth, WebGpuCloth, WebGpuClothRenderer, WorkerCloth, loadNuno, untornTriangles, type Cloth, type ClothSettings, type PickedParticle, type SubstepFactors } from 'nuno';

const settings: ClothSettings = {
  columns: 64,
  rows: 48,
  orientation: 'horizontal',
  pins: [0, 63],
  solver: 'xpbd',
  shear: { compliance: 1e-6 },
};

async function run(): Promise<number> {
  const nuno = await loadNuno({ wasmUrl: new URL('./nuno-core.wasm', 'https://example.invalid/') });
  const threaded = await loadNuno({ threads: 'auto' });
  const threadCount: number = threaded.threadCount;
  const singleThreadReason: string | null = (await loadNuno({ threads: 2 })).singleThreadReason;
  // @ts-expect-error: a thread count is a number or 'auto'
  void loadNuno({ threads: 'many' });
  const cloth: Cloth = nuno.createCloth(settings);
  const clothThreads: number = cloth.threadCount;
  void [threadCount, singleThreadReason, clothThreads];
  const sphere: number = cloth.addCollider({ type: 'sphere', center: [0, 0.5, 0], radius: 0.4 });
  cloth.updateCollider(sphere, { center: [0.1, 0.5, 0] });
  const rail: number = cloth.addCollider({ type: 'capsule', start: [-1, 0.3, 0], end: [1, 0.3, 0], radius: 0.05 });
  cloth.updateCollider(rail, { end: [1, 0.4, 0] });
  cloth.addCollider({ type: 'box', center: [0, 0.2, 0], halfExtents: [0.3, 0.2, 0.3], rotation: [0, 0.26, 0, 0.97] });
  const clearance: number = cloth.colliderClearance();
  const stages: string[] = cloth.substepSchedule().map((stage) => stage.kind);
  void [clearance, stages];
  const steps: number = cloth.step(1 / 60);
  const positions: Float32Array = cloth.positions;
  const strain: { max: number; mean: number } = cloth.strain('bending');
  const solver: 'mass-spring' | 'pbd' | 'xpbd' = cloth.settings.solver;
  cloth.set({ wind: [2, 0, 1], structural: { stretch: 0.9 } });
  const recoveries: number = cloth.nonFiniteRecoveries;
  const { keep, normalDragShare, tangentialDragShare }: SubstepFactors = cloth.substepFactors();
  void [recoveries, keep, normalDragShare, tangentialDragShare];
  const gl = document.createElement('canvas').getContext('webgl2');
  if (gl) {
    const renderer = new ClothRenderer(gl, cloth, { color: [0.8, 0.3, 0.3], wireframe: true });
    renderer.setColliders([{ type: 'sphere', center: [0, 0.5, 0], radius: 0.4 }]);
    renderer.render({ viewMatrix: new Float32Array(16), projectionMatrix: new Float32Array(16) });
    renderer.dispose();
  }
  cloth.dispose();

  const canvas = document.createElement('canvas');
  const either = nuno.createCloth(canvas, { ...settings, backend: 'gpu', precision: 'half' });
  if (either instanceof GpuCloth) {
    const texture: WebGLTexture = either.positionTexture;
    const residual: WebGLTexture | null = either.positionResidualTexture;
    const read: Float32Array = await either.readPositions();
    if (gl) new ClothRenderer(gl, either, { debug: true }).dispose();
    void [texture, residual, read, either.drawCallsPerStep, either.lost];
  } else {
    const reason: string | null = either.fallbackReason;
    void reason;
  }
  // A renderer of one's own that draws from an index leaves out the torn triangles.
  const drawn: Uint32Array = untornTriangles(either.triangleIndices, await either.readTorn());
  void drawn;
  // @ts-expect-error the torn mask is a Uint8Array, a byte a particle
  void untornTriangles(either.triangleIndices, [0, 1]);
  // Every backend picks: the WebGPU cloth on the GPU, the others over their positions.
  const picked: PickedParticle | null = await either.pickParticle([0, 1, 2], [0, 0, -1], 0.02);
  if (picked) void [picked.particle satisfies number, picked.position satisfies Float32Array];
  // @ts-expect-error the ray's direction is three numbers
  void either.pickParticle([0, 1, 2], 'down', 0.02);
  either.dispose();

  // The best backend here: the faster of WebGPU and WebGL2 in the canvas, timed, else the one there is, else the CPU.
  const best = await nuno.requestCloth(canvas, { ...settings, selfCollisionThickness: 0.01 });
  const trial: { webgpu: number; gpu: number } | null = best.trialMsPerStep;
  void trial;
  if (best instanceof WebGpuCloth) {
    const buffer: GPUBuffer = best.positionBuffer;
    const device: GPUDevice = best.device;
    const mirror: Float32Array = best.positions;
    if (best.lost) best.restore(device);
    if (gl) new ClothRenderer(gl, best).dispose();
    void [buffer, mirror, best.dispatchesPerStep, best.precision satisfies 'float'];
  }
  const why: string | null = best.fallbackReason;
  best.dispose();
  void why;
  const adapter = await navigator.gpu?.requestAdapter();
  if (adapter) {
    const device = await adapter.requestDevice();
    const onDevice: Cloth | WebGpuCloth = nuno.createCloth(device, { backend: 'webgpu', columns: 8, rows: 8 });
    const context = document.createElement('canvas').getContext('webgpu') as GPUCanvasContext;
    // A WebGPU cloth is drawn on its own device; a CPU cloth (the fallback) on the one given.
    const drawn = new WebGpuClothRenderer(context, onDevice, { device, patchColors: true });
    drawn.render({ viewMatrix: new Float32Array(16), projectionMatrix: new Float32Array(16) });
    drawn.dispose();
    if (onDevice instanceof WebGpuCloth) new WebGpuClothRenderer(context, onDevice).dispose();
    // @ts-expect-error: a CPU cloth needs the device to draw with
    new WebGpuClothRenderer(context, nuno.createCloth(settings));
    // @ts-expect-error: a WebGL2 cloth is ClothRenderer's
    if (either instanceof GpuCloth) new WebGpuClothRenderer(context, either, { device });
    onDevice.dispose();
    // @ts-expect-error: a lost device is replaced by a device, not restored in place
    (onDevice as WebGpuCloth).restore();
  }

  // Off the main thread: steps are asked for, not awaited.
  const worker: WorkerCloth = await nuno.createWorkerCloth(settings);
  const asked: number = worker.step(1 / 60);
  const sent: Float32Array = worker.positions;
  const finished: number = worker.stepsTaken;
  if (gl) new ClothRenderer(gl, worker).dispose();
  worker.dispose();
  void [asked, sent, finished, worker.strain('shear').max, worker.inWorker satisfies true];

  const papers = nuno.createPatches(canvas, { patchesAcross: 4, patchColumns: 8, scatterCenter: [0, 2, 0], windGustSpeed: 1, backend: 'auto' });
  const paper: number = papers.patchOf(0) + papers.patchCount;
  const capacity: number = nuno.patchCapacity(8, 8).patches;
  if (gl) new ClothRenderer(gl, papers, { patchColors: true }).dispose();
  papers.dispose();
  void [paper, capacity];
  // @ts-expect-error: the layout sets the grid's size
  nuno.createPatches({ columns: 64 });
  // @ts-expect-error: a scatter centre is a point
  nuno.createPatches({ scatterCenter: 2 });
  // @ts-expect-error: precisions are named
  nuno.createCloth(canvas, { precision: 'double' });
  // @ts-expect-error: the GPU options need a context or canvas
  nuno.createCloth({ backend: 'gpu' });

  // @ts-expect-error: solvers are named, not free strings
  nuno.createCloth({ solver: 'verlet' });
  // @ts-expect-error: a vector has three components
  cloth.set({ gravity: [0, -9.81] });
  // @ts-expect-error: colliders need a type
  cloth.addCollider({ radius: 1 });
  // @ts-expect-error: a box's rotation is a quaternion of four numbers
  cloth.addCollider({ type: 'box', rotation: [0, 1, 0] });
  // @ts-expect-error: positions are read-only
  cloth.positions = new Float32Array(3);
  // @ts-expect-error: the recovery count is the core's to keep
  cloth.nonFiniteRecoveries = 0;
  // @ts-expect-error: a renderer needs a WebGL2 context
  new ClothRenderer(document.createElement('canvas').getContext('2d'), cloth);
  // @ts-expect-error: the constructor is not public; use nuno.createCloth
  new (await import('nuno')).Cloth();

  return steps + positions.length + strain.max + solver.length;
}

void run;
