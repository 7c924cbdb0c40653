// The demo page: a cloth falling onto a ball, drawn every animation frame. The address picks
// the solver's home: ?backend=auto|gpu|cpu (default auto: the GPU where the device can run it),
// ?precision=auto|float|half, and ?debug=1 to check for WebGL errors after every frame.
import { ClothRenderer, loadNuno } from 'nuno';
import { OrbitCamera } from './orbit-camera.js';
import { backgroundColor, cameraStart, clothColor, clothSettings, colliders } from './scene.js';
import { StatsOverlay } from './stats-overlay.js';

// Phones report a pixel ratio of 3 or more; 2 looks as sharp and costs far fewer pixels.
const maxPixelRatio = 2;

const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
const message = /** @type {HTMLElement} */ (document.getElementById('message'));
const gl = canvas.getContext('webgl2', { antialias: true });

if (gl) {
  try {
    await run(gl);
  } catch (error) {
    show(`The demo stopped: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
} else {
  show('This demo needs WebGL 2, which this browser or device does not offer. ' +
    'Try a current Chrome, Firefox or Safari, or turn on hardware acceleration.');
}

/** @param {WebGL2RenderingContext} gl */
async function run(gl) {
  const query = new URLSearchParams(location.search);
  const nuno = await loadNuno();
  const cloth = nuno.createCloth(gl, {
    ...clothSettings,
    backend: /** @type {any} */ (query.get('backend') ?? 'auto'),
    precision: /** @type {any} */ (query.get('precision') ?? 'auto'),
  });
  for (const collider of colliders) cloth.addCollider(collider);

  const renderer = new ClothRenderer(gl, cloth, { color: clothColor, background: backgroundColor, debug: query.has('debug') });
  renderer.setColliders(colliders);
  const camera = new OrbitCamera(canvas, cameraStart);
  // On the GPU, timing step() measures handing the passes to the driver, not running them.
  const where = cloth.backend === 'gpu' ? `GPU ${cloth.precision} (ms: submitting passes)` : 'CPU';
  const stats = new StatsOverlay(/** @type {HTMLElement} */ (document.getElementById('stats')),
    `${cloth.particleCount} particles · ${cloth.settings.solver} · ${where}`);
  // Test hook, read by tests/browser: the backend in use and the frames drawn; not an API.
  const testHook = { frames: 0, backend: cloth.backend, precision: cloth.backend === 'gpu' ? cloth.precision : 'float' };
  Object.assign(window, { nunoDemo: testHook });

  let paused = false;
  window.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // leave the browser's shortcuts alone
    const key = event.key.toLowerCase();
    if (key === 'r') cloth.reset();
    if (key === 'w') renderer.wireframe = !renderer.wireframe;
    if (key === 'p') paused = !paused;
  });

  /** @type {number | undefined} */
  let previousFrameMs;
  /** @param {number} nowMs */
  const frame = (nowMs) => {
    const frameSeconds = previousFrameMs === undefined ? 0 : (nowMs - previousFrameMs) / 1000;
    previousFrameMs = nowMs;

    const stepStartMs = performance.now();
    // While paused no time reaches the accumulator, so resuming does not jump.
    const steps = paused ? 0 : cloth.step(frameSeconds);
    stats.recordFrame(steps, performance.now() - stepStartMs);

    fitDrawingBuffer();
    camera.update(canvas.width / canvas.height);
    renderer.render(camera);
    testHook.frames += 1;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Matches the drawing buffer to the canvas's on-screen size in device pixels. */
function fitDrawingBuffer() {
  const pixelRatio = Math.min(window.devicePixelRatio, maxPixelRatio);
  const width = Math.max(1, Math.round(canvas.clientWidth * pixelRatio));
  const height = Math.max(1, Math.round(canvas.clientHeight * pixelRatio));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
}

/** @param {string} text */
function show(text) {
  message.textContent = text;
  message.hidden = false;
  canvas.hidden = true;
  /** @type {HTMLElement} */ (document.getElementById('overlay')).hidden = true;
}
