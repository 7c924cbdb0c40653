// The app a nuno user writes, in place of create-vite's src/main.ts: load the core, make a
// cloth on the GPU where the device can run it, and step and draw it every frame. A curtain in
// gusting wind, so it never comes to rest.
import { mat4 } from 'gl-matrix';
import { ClothRenderer, loadNuno } from 'nuno';

const canvas = document.createElement('canvas');
canvas.style.cssText = 'position: fixed; inset: 0; width: 100%; height: 100%';
document.body.append(canvas);
canvas.width = Math.round(canvas.clientWidth * devicePixelRatio);
canvas.height = Math.round(canvas.clientHeight * devicePixelRatio);
const gl = canvas.getContext('webgl2');
if (!gl) throw new Error('this app needs WebGL2');

const nuno = await loadNuno();
const cloth = nuno.createCloth(gl, { columns: 32, rows: 32, width: 1.2, height: 1.2, center: [0, 1, 0], pins: 'top-edge', backend: 'auto' });

// A CPU cloth large enough for threads, stepped once: on a cross-origin isolated host it runs
// on the threaded module, whose files the bundler had to carry.
const cpuCloth = nuno.createCloth({ columns: 64, rows: 64 });
const cornerHeight = cpuCloth.positions[cpuCloth.positions.length - 2];
cpuCloth.stepFixed(10);
const cpuCheck = { threads: cpuCloth.threadCount, fell: cornerHeight - cpuCloth.positions[cpuCloth.positions.length - 2] };
cpuCloth.dispose();
const renderer = new ClothRenderer(gl, cloth);

const viewMatrix = new Float32Array(16);
const projectionMatrix = new Float32Array(16);
mat4.lookAt(viewMatrix, [1.2, 1.1, 2.4], [0, 0.8, 0], [0, 1, 0]);
mat4.perspective(projectionMatrix, Math.PI / 4, canvas.width / canvas.height, 0.1, 50);

// Read by tests/consumer: what the app runs on, its cloth's colour, the frames it has drawn,
// and the CPU cloth's threads and fall.
const status = {
  frames: 0,
  backend: cloth.backend,
  precision: cloth.backend === 'gpu' ? cloth.precision : 'float',
  color: renderer.color,
  cpu: cpuCheck,
};
Object.assign(window, { nunoConsumer: status });

let previousMs: number | undefined;
function frame(nowMs: number): void {
  const seconds = previousMs === undefined ? 0 : (nowMs - previousMs) / 1000;
  previousMs = nowMs;
  cloth.set({ wind: [1, 0, 3 + 3 * Math.sin(nowMs / 300)] });
  cloth.step(seconds);
  renderer.render({ viewMatrix, projectionMatrix });
  status.frames += 1;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
