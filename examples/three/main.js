// nuno in a three.js app: a flag on a pole that sways and slides (its edge attached to the
// pole), and a sheet dropped over a turning box and a bobbing ball (colliders that follow the
// meshes), drawn with three's lights, shadows and materials by ClothMesh; either can be grabbed
// with the pointer (ClothDragger), which pauses the orbit controls meanwhile. The select switches
// every cloth between WebGL2 on three's own context, the CPU and a Web Worker, drawn by
// WebGLRenderer (nuno/three), and WebGPU on three's own device, drawn by WebGPURenderer
// (nuno/three/webgpu): a canvas keeps the kind of context it was given, so changing renderer
// reloads the page (?backend=).
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { loadNuno } from 'nuno';
import * as forWebGl from 'nuno/three';

const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
const backendSelect = /** @type {HTMLSelectElement} */ (document.getElementById('backend'));
const status = /** @type {HTMLElement} */ (document.getElementById('status'));

/** @typedef {'gpu' | 'cpu' | 'worker' | 'webgpu'} Backend */
const requested = new URLSearchParams(location.search).get('backend');
/** @type {Backend} */
const firstBackend = requested === 'cpu' || requested === 'worker' || requested === 'webgpu' ? requested : 'gpu';
const webGpuOption = /** @type {HTMLOptionElement} */ (backendSelect.querySelector('option[value="webgpu"]'));
if (!navigator.gpu) {
  webGpuOption.disabled = true;
  webGpuOption.textContent += ': this browser has no WebGPU';
}

/**
 * The renderer a backend's cloths are drawn by, the nuno adapter (nuno/three or
 * nuno/three/webgpu) whose ClothMesh draws with it, and what a GPU cloth is made on (three's own
 * WebGL2 context or GPUDevice).
 * @param {Backend} backend
 */
async function rendererFor(backend) {
  if (backend === 'webgpu') {
    const { WebGPURenderer } = await import('three/webgpu');
    const forWebGpu = await import('nuno/three/webgpu');
    const renderer = new WebGPURenderer({ canvas, antialias: true });
    await renderer.init();
    return { renderer, adapter: forWebGpu, gpu: forWebGpu.webGpuDeviceOf(renderer) };
  }
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
  return { renderer, adapter: forWebGl, gpu: renderer.getContext() };
}

const { renderer, adapter: { ClothDragger, ClothMesh }, gpu } = await rendererFor(firstBackend);
renderer.setPixelRatio(Math.min(devicePixelRatio, 2));
renderer.shadowMap.enabled = true;
renderer.toneMapping = THREE.ACESFilmicToneMapping;

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x1d2733);
scene.fog = new THREE.Fog(0x1d2733, 8, 18);
const camera = new THREE.PerspectiveCamera(45, 1, 0.1, 50);
camera.position.set(0.5, 2.2, 5.5);
const controls = new OrbitControls(camera, canvas);
controls.target.set(0, 1, 0);

scene.add(new THREE.HemisphereLight(0xcfe3ff, 0x3a3026, 0.8));
const sun = new THREE.DirectionalLight(0xffffff, 2.2);
sun.position.set(3, 6, 4);
sun.castShadow = true;
sun.shadow.mapSize.set(1024, 1024);
Object.assign(sun.shadow.camera, { left: -4, right: 4, top: 4, bottom: -4 });
scene.add(sun);
const ground = new THREE.Mesh(new THREE.PlaneGeometry(20, 20), new THREE.MeshStandardMaterial({ color: 0x59636e }));
ground.rotation.x = -Math.PI / 2;
ground.receiveShadow = true;
scene.add(ground);

const pole = new THREE.Mesh(new THREE.CapsuleGeometry(0.03, 2.4), new THREE.MeshStandardMaterial({ color: 0xb8b8b8, metalness: 0.6 }));
pole.castShadow = true;
const box = new THREE.Mesh(new THREE.BoxGeometry(0.7, 0.5, 0.7), new THREE.MeshStandardMaterial({ color: 0x3d7fb8 }));
box.position.set(1.4, 0.25, 0);
const ball = new THREE.Mesh(new THREE.SphereGeometry(0.3, 32, 16), new THREE.MeshStandardMaterial({ color: 0xe0a33a }));
for (const mesh of [box, ball]) mesh.castShadow = mesh.receiveShadow = true;
scene.add(pole, box, ball);

/** Three stripes and a disc, drawn once onto a canvas: the flag's map. */
function flagTexture() {
  const painting = document.createElement('canvas');
  painting.width = 256;
  painting.height = 160;
  const context = /** @type {CanvasRenderingContext2D} */ (painting.getContext('2d'));
  ['#1f4e9c', '#f2f2f2', '#c8322d'].forEach((colour, i) => {
    context.fillStyle = colour;
    context.fillRect(0, (i * painting.height) / 3, painting.width, painting.height / 3);
  });
  context.fillStyle = '#f2c230';
  context.beginPath();
  context.arc(90, 80, 34, 0, 2 * Math.PI);
  context.fill();
  const texture = new THREE.CanvasTexture(painting);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

const nuno = await loadNuno();
const flagMaterial = new THREE.MeshStandardMaterial({ map: flagTexture(), side: THREE.DoubleSide, roughness: 0.85 });
const sheetMaterial = new THREE.MeshStandardMaterial({ color: 0xd9d2c3, side: THREE.DoubleSide, roughness: 0.9 });

/** @type {{ flag: forWebGl.ClothMeshBase, sheet: forWebGl.ClothMeshBase } | null} */
let cloths = null;
/** @type {forWebGl.ClothDragger[]} */
let draggers = [];
let frames = 0;

/**
 * Makes both cloths on a backend the renderer draws, replacing those there were.
 * @param {Backend} backend
 */
async function useBackend(backend) {
  for (const dragger of draggers) dragger.dispose();
  for (const mesh of Object.values(cloths ?? {})) {
    scene.remove(mesh);
    mesh.dispose();
    mesh.cloth.dispose();
  }
  cloths = null;
  /** @param {import('nuno').ClothSettings} settings */
  const make = (settings) => (backend === 'worker' ? nuno.createWorkerCloth(settings)
    : backend === 'gpu' || backend === 'webgpu' ? nuno.createCloth(gpu, { ...settings, backend }) : nuno.createCloth(settings));
  const flagCloth = await make({
    columns: 40, rows: 25, width: 1.6, height: 1.0, center: [0.2, 1.9, 0], pins: 'none',
    wind: [5, 0, 1.5], windGustSpeed: 2,
  });
  const sheetCloth = await make({
    columns: 32, rows: 32, width: 1.8, height: 1.8, orientation: 'horizontal', center: [1.4, 1.6, 0],
    pins: 'none', selfCollisionThickness: 0.05,
  });
  // A ClothMesh on the GPU patches its material: each gets its own.
  const flag = new ClothMesh(flagCloth, { material: flagMaterial.clone(), renderer });
  const sheet = new ClothMesh(sheetCloth, { material: sheetMaterial.clone(), renderer });
  for (const mesh of [flag, sheet]) {
    mesh.castShadow = mesh.receiveShadow = true;
    scene.add(mesh);
  }
  placePole(0);
  flag.attachTo(pole, Array.from({ length: 25 }, (_, row) => row * 40));
  for (const object of [box, ball, ground]) sheet.collideWith(object, { friction: 0.4 });
  sheet.collideWith(pole);
  cloths = { flag, sheet };
  draggers = [flag, sheet].map((mesh) => {
    const dragger = new ClothDragger(mesh, camera, canvas);
    dragger.addEventListener('grab', () => { controls.enabled = false; });
    dragger.addEventListener('release', () => { controls.enabled = true; });
    return dragger;
  });
  backendSelect.value = backend;
}

/** @param {number} seconds since the start */
function placePole(seconds) {
  pole.position.set(-0.6 + 0.35 * Math.sin(0.5 * seconds), 1.2, 0.3 * Math.sin(0.8 * seconds));
  pole.rotation.z = 0.08 * Math.sin(1.3 * seconds);
}

await useBackend(firstBackend);
backendSelect.addEventListener('change', () => {
  const backend = /** @type {Backend} */ (backendSelect.value);
  if ((backend === 'webgpu') === (firstBackend === 'webgpu')) void useBackend(backend);
  else location.search = `?backend=${backend}`;
});

function resize() {
  const { clientWidth: width, clientHeight: height } = canvas;
  if (canvas.width === Math.floor(width * renderer.getPixelRatio())) return;
  renderer.setSize(width, height, false);
  camera.aspect = width / height;
  camera.updateProjectionMatrix();
}

const timer = new THREE.Timer();
renderer.setAnimationLoop((timestamp) => {
  resize();
  timer.update(timestamp);
  // At most 0.1 s a frame (a tab in the background), never below 0 (the first frame's
  // timestamp may come before the timer was made).
  const frameSeconds = Math.min(Math.max(timer.getDelta(), 0), 0.1);
  const seconds = timer.getElapsed();
  placePole(seconds);
  box.rotation.y = 0.6 * seconds;
  ball.position.set(0.95 + 0.25 * Math.sin(0.7 * seconds), 0.3 + 0.15 * Math.abs(Math.sin(1.4 * seconds)), 0.55);
  if (cloths) {
    cloths.flag.step(frameSeconds);
    cloths.sheet.step(frameSeconds);
    frames += 1;
    status.textContent = ` ${frames} frames`;
  }
  controls.update();
  renderer.render(scene, camera);
});

/**
 * For the tests: stops the animation, then measures how far the flag's attached edge lies from
 * the pole's axis, metres (0 where the attachments hold it).
 */
async function stopAndMeasureFlagEdge() {
  renderer.setAnimationLoop(null);
  if (!cloths) return Infinity;
  // The cloth's last step may be older than the pole's place: a frame shorter than a fixed step
  // takes none (the accumulator carries its time; a CPU flag ended 3.5 mm off in CI), and the
  // WebGPU cloth's step() lets frames go while the GPU is behind. One more, with the pole where
  // it stopped.
  cloths.flag.follow();
  cloths.flag.cloth.stepFixed(1);
  const positions = await cloths.flag.cloth.readPositions();
  const axis = new THREE.Vector3(0, 1, 0).applyQuaternion(pole.quaternion);
  let farthest = 0;
  for (let row = 0; row < 25; row++) {
    const fromPole = cloths.flag.localToWorld(new THREE.Vector3().fromArray(positions, 3 * row * 40)).sub(pole.position);
    farthest = Math.max(farthest, fromPole.sub(axis.clone().multiplyScalar(fromPole.dot(axis))).length());
  }
  return farthest;
}

/** Resolves once the GPU has drawn what was sent (and the worker cloths have stepped). */
async function drawn() {
  if (firstBackend === 'webgpu') {
    await /** @type {GPUDevice} */ (gpu).queue.onSubmittedWorkDone();
  } else {
    // A one-pixel read waits for the frame: WebGL has no other wait.
    const gl = /** @type {WebGL2RenderingContext} */ (gpu);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }
  if (firstBackend === 'worker' && cloths) await Promise.all([cloths.flag.cloth.readPositions(), cloths.sheet.cloth.readPositions()]);
}

/**
 * For the benchmark: stops the animation, then draws `count` frames one at a time, each waited
 * for, with the cloths stepping and drawn or hidden; returns the median milliseconds a frame.
 * @param {number} count
 * @param {boolean} withCloths
 */
async function measureFrameMs(count, withCloths) {
  renderer.setAnimationLoop(null);
  if (!cloths) return NaN;
  for (const mesh of [cloths.flag, cloths.sheet]) mesh.visible = withCloths;
  /** @type {number[]} */
  const times = [];
  await drawn();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    if (withCloths) {
      cloths.flag.step(1 / 60);
      cloths.sheet.step(1 / 60);
    }
    renderer.render(scene, camera);
    await drawn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(count / 2)];
}

// For the tests and the benchmark: what runs, how far it got, the flag's edge on its pole, frame times.
Object.assign(window, {
  nunoThreeExample: { get backend() { return backendSelect.value; }, get frames() { return frames; }, stopAndMeasureFlagEdge, measureFrameMs },
});
