// The nuno/three declarations against real use and misuse (each @ts-expect-error must be an error).
import { Scene, WebGLRenderer, MeshPhysicalMaterial } from 'three';
import { loadNuno, type GpuCloth, type WebGpuCloth } from 'nuno';
import { ClothMesh } from 'nuno/three';

async function scene(renderer: WebGLRenderer, gpuCloth: GpuCloth, webGpuCloth: WebGpuCloth): Promise<void> {
  const nuno = await loadNuno();
  const cloth = nuno.createCloth({ columns: 32, rows: 32 });
  const mesh = new ClothMesh(cloth, { material: new MeshPhysicalMaterial({ sheen: 1 }) });
  mesh.castShadow = true;
  new Scene().add(mesh);
  const steps: number = mesh.step(1 / 60);
  mesh.update();
  const onGpu = new ClothMesh(gpuCloth, { renderer });
  const worker = new ClothMesh(await nuno.createWorkerCloth({ columns: 8, rows: 8 }));
  void [steps, onGpu, worker];
  // @ts-expect-error: a WebGL2 cloth needs the renderer whose context it was made on
  new ClothMesh(gpuCloth);
  // @ts-expect-error: WebGPU cloths are not drawn by ClothMesh
  new ClothMesh(webGpuCloth, { renderer });
  // @ts-expect-error: frame time in seconds
  mesh.step('1/60');
  // @ts-expect-error: the cloth is read-only on the mesh
  mesh.cloth = cloth;
  mesh.dispose();
}
void scene;
