// The demo page: the CPU cloth falling onto a ball, drawn every animation frame.
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
  const nuno = await loadNuno();
  const cloth = nuno.createCloth(clothSettings);
  for (const collider of colliders) cloth.addCollider(collider);

  const renderer = new ClothRenderer(gl, cloth, { color: clothColor, background: backgroundColor });
  renderer.setColliders(colliders);
  const camera = new OrbitCamera(canvas, cameraStart);
  const stats = new StatsOverlay(/** @type {HTMLElement} */ (document.getElementById('stats')),
    `${cloth.particleCount} particles · ${cloth.settings.solver}`);

  window.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // leave the browser's shortcuts alone
    if (event.key === 'r' || event.key === 'R') cloth.reset();
    if (event.key === 'w' || event.key === 'W') renderer.wireframe = !renderer.wireframe;
  });

  // Test hook, read by tests/browser to wait for drawn frames; not part of any API.
  const testHook = { frames: 0 };
  Object.assign(window, { nunoDemo: testHook });

  /** @type {number | undefined} */
  let previousFrameMs;
  /** @param {number} nowMs */
  const frame = (nowMs) => {
    const frameSeconds = previousFrameMs === undefined ? 0 : (nowMs - previousFrameMs) / 1000;
    previousFrameMs = nowMs;

    const stepStartMs = performance.now();
    const steps = cloth.step(frameSeconds);
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
