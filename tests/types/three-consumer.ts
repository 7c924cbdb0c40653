// The nuno/three and nuno/three/webgpu declarations against real use and misuse (each @ts-expect-error must be an error).
import { Mesh, Object3D, PerspectiveCamera, Scene, SphereGeometry, WebGLRenderer, MeshPhysicalMaterial } from 'three';
import { MeshStandardNodeMaterial, WebGPURenderer } from 'three/webgpu';
import { loadNuno, type Cloth, type GpuCloth, type WebGpuCloth, type WorkerCloth } from 'nuno';
import { ClothDragger, ClothMesh, ClothMeshBase } from 'nuno/three';
import { ClothMesh as WebGpuClothMesh, webGpuDeviceOf } from 'nuno/three/webgpu';

async function scene(renderer: WebGLRenderer, gpuCloth: GpuCloth, webGpuCloth: WebGpuCloth): Promise<void> {
  const nuno = await loadNuno();
  const cloth = nuno.createCloth({ columns: 32, rows: 32 });
  const mesh = new ClothMesh(cloth, { material: new MeshPhysicalMaterial({ sheen: 1 }) });
  mesh.castShadow = true;
  new Scene().add(mesh);
  const steps: number = mesh.step(1 / 60);
  mesh.update();
  const ball: number = mesh.collideWith(new Mesh(new SphereGeometry(0.2)), { friction: 0.3 });
  const pole = new Object3D();
  mesh.attachTo(pole, [0, 1, 2]);
  const detached: boolean = mesh.detach(pole);
  mesh.stopColliding(pole);
  void [ball, detached];
  // @ts-expect-error: particles are indices
  mesh.attachTo(pole, 'top');
  // @ts-expect-error: friction is a number
  mesh.collideWith(pole, { friction: 'high' });
  const onGpu = new ClothMesh(gpuCloth, { renderer });
  const worker = new ClothMesh(await nuno.createWorkerCloth({ columns: 8, rows: 8 }));
  // createCloth(gl) may fall back to the CPU: either is drawn, given the renderer.
  const either = new ClothMesh(nuno.createCloth(renderer.getContext() as WebGL2RenderingContext, { columns: 8, rows: 8 }), { renderer });
  const base: ClothMeshBase = either;
  void base;
  void [steps, onGpu, worker];
  // @ts-expect-error: a WebGL2 cloth needs the renderer whose context it was made on
  new ClothMesh(gpuCloth);
  // @ts-expect-error: WebGPU cloths are drawn by nuno/three/webgpu's ClothMesh
  new ClothMesh(webGpuCloth, { renderer });
  // @ts-expect-error: frame time in seconds
  mesh.step('1/60');
  // @ts-expect-error: the cloth is read-only on the mesh
  mesh.cloth = cloth;
  const dragger = new ClothDragger(mesh, new PerspectiveCamera(), document.createElement('canvas'), { reach: 0.04 });
  dragger.addEventListener('grab', (event) => { const particle: number = event.particle; void particle; });
  const dragging: boolean = dragger.dragging;
  void dragging;
  // @ts-expect-error: no such event
  dragger.addEventListener('drop', () => {});
  dragger.dispose();
  mesh.dispose();
}
void scene;

// nuno/three/webgpu: the same mesh drawn by WebGPURenderer.
async function webGpuScene(webGpuCloth: WebGpuCloth, gpuCloth: GpuCloth): Promise<void> {
  const renderer = new WebGPURenderer();
  await renderer.init();
  const nuno = await loadNuno();
  const onDevice = nuno.createCloth(webGpuDeviceOf(renderer), { columns: 16, rows: 16 });
  const mesh = new WebGpuClothMesh(onDevice, { renderer, material: new MeshStandardNodeMaterial({ roughness: 0.8 }) });
  const onCpu = new WebGpuClothMesh(nuno.createCloth({ columns: 8, rows: 8 }));
  const steps: number = mesh.step(1 / 60);
  mesh.attachTo(new Object3D(), [0]);
  const dragger = new ClothDragger(mesh, new PerspectiveCamera(), document.createElement('canvas'));
  const drawn: WebGpuCloth | Cloth | WorkerCloth = mesh.cloth;
  void [steps, onCpu, dragger, drawn, new WebGpuClothMesh(webGpuCloth, { renderer, readBack: true })];
  // @ts-expect-error: a WebGPU cloth needs the WebGPURenderer whose device it was made on
  new WebGpuClothMesh(webGpuCloth);
  // @ts-expect-error: a WebGL2 cloth is drawn by nuno/three's ClothMesh
  new WebGpuClothMesh(gpuCloth, { renderer });
  // @ts-expect-error: the renderer is a WebGPURenderer
  new WebGpuClothMesh(webGpuCloth, { renderer: new WebGLRenderer() });
  // @ts-expect-error: a WebGLRenderer has no WebGPU device
  webGpuDeviceOf(new WebGLRenderer());
  // @ts-expect-error: the base is made by a renderer's ClothMesh only
  new ClothMeshBase();
}
void webGpuScene;
