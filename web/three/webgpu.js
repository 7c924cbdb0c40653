// nuno/three/webgpu: nuno's cloths in three.js scenes drawn by WebGPURenderer ('three/webgpu').
export { ClothDragger } from './cloth-dragger.js';
export { ClothMesh, webGpuDeviceOf } from './webgpu-cloth-mesh.js';
