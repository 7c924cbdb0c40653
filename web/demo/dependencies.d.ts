// The types of dependencies.js, which imports the packages by file path: gl-matrix declares its
// types for its package name only, and lil-gui's minified module has none beside it.
export { ClothRenderer, WebGpuClothRenderer, loadNuno } from '../index.js';
export { mat4, vec3 } from 'gl-matrix';
export { default as GUI } from 'lil-gui';
