// Where the demo's modules come from, named once. The page runs under a strict
// Content-Security-Policy (scripts from this origin only, nothing inline), which rules out an
// inline import map, and an external one is not supported by most browsers: so the demo names
// its dependencies by path, relative to this file as served from the repository's root.
export { ClothRenderer, WebGpuClothRenderer, loadNuno } from '../index.js';
export { mat4, vec3 } from '../../node_modules/gl-matrix/esm/index.js';
export { default as GUI } from '../../node_modules/lil-gui/dist/lil-gui.esm.min.js';
