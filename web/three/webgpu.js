// nuno/three/webgpu: nuno's cloths in three.js scenes drawn by WebGPURenderer ('three/webgpu').
export { ClothDragger } from './cloth-dragger.js';
export { ClothMeshBase } from './cloth-mesh-base.js';
export { ClothMesh, webGpuDeviceOf } from './webgpu-cloth-mesh.js';
