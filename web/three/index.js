// nuno/three: nuno's cloths in three.js scenes (three is an optional peer dependency).
export { ClothDragger } from './cloth-dragger.js';
export { ClothMesh } from './cloth-mesh.js';
export { ClothMeshBase } from './cloth-mesh-base.js';
