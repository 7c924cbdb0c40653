// nuno in three.js scenes drawn by WebGLRenderer: a THREE.Mesh that draws the CPU, worker and
// WebGL2 cloths with any three material.
//
// The WebGL2 cloth keeps its positions in its state textures on three's own context: the mesh
// hands the current one to three as an ExternalTexture and the material's vertex stage reads
// each vertex's particle from it (gl_VertexID is the particle, as in nuno's own renderer) and
// its normal from its grid neighbours, never across a torn edge (its torn-mask texture), so
// nothing is copied on the CPU. Shadows use depth materials patched the same way.
// A namespace: an older three, without ExternalTexture, gets requireCloth()'s named error
// rather than a module that fails to link.
import * as THREE from 'three';
import { normals as gridNormalGlsl } from '../../dist/shaders.js';
import { ClothMeshBase, claimMaterial, patchSizeOf, requireCloth } from './cloth-mesh-base.js';

/** @typedef {import('three').Material} Material */
/** @typedef {import('./cloth-mesh-base.js').AnyCloth} AnyCloth */
/** @typedef {import('./cloth-mesh-base.js').GpuStateReading} GpuStateReading */

/** The vertex stage's reading of the cloth's state: put in front of three's own vertex shader. */
const stateReading = `
#define TEARING 1
uniform highp sampler2D nunoPositions;
uniform highp usampler2D nunoTorn;
uniform highp sampler2D nunoResiduals;
uniform bool nunoHasResiduals;
uniform ivec2 nunoPatchSize;
vec3 positionAt(ivec2 texel) {
  vec3 position = texelFetch(nunoPositions, texel, 0).xyz;
  return nunoHasResiduals ? position + texelFetch(nunoResiduals, texel, 0).xyz : position;
}
uint tornBitsAt(ivec2 texel) { return texelFetch(nunoTorn, texel, 0).r; }
${gridNormalGlsl.replace(/^vec3 positionAt\(ivec2 texel\);$/m, '').replace(/^uint tornBitsAt\(ivec2 texel\);$/m, '')}
ivec2 nunoTexel() {
  int columns = textureSize(nunoPositions, 0).x;
  return ivec2(gl_VertexID % columns, gl_VertexID / columns);
}
`;

/**
 * Makes a material's vertex stage take each vertex from the cloth's state textures; returns
 * what puts the material back as it was.
 * @param {Material} material
 * @param {Record<string, { value: unknown }>} uniforms shared by the mesh's materials
 * @returns {() => void}
 */
function readStateIn(material, uniforms) {
  const letGo = claimMaterial(material, 'WebGLRenderer');
  const before = material.onBeforeCompile;
  const keyBefore = material.customProgramCacheKey;
  material.onBeforeCompile = (shader, renderer) => {
    before.call(material, shader, renderer);
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = stateReading + shader.vertexShader
      .replace('#include <beginnormal_vertex>', 'vec3 objectNormal = gridNormal(nunoTexel(), nunoPatchSize);')
      .replace('#include <begin_vertex>', 'vec3 transformed = positionAt(nunoTexel());');
  };
  material.customProgramCacheKey = () => `nuno-cloth-state ${keyBefore.call(material)}`;
  material.needsUpdate = true;
  return () => {
    material.onBeforeCompile = before;
    material.customProgramCacheKey = keyBefore;
    material.needsUpdate = true;
    letGo();
  };
}

/**
 * The WebGL2 cloth's state handed to three as ExternalTextures, read by the mesh's material and
 * by depth materials for its shadows.
 * @param {ClothMeshBase} mesh
 * @param {AnyCloth} cloth
 * @param {import('three').WebGLRenderer} renderer
 * @returns {GpuStateReading}
 */
function readWebGl2State(mesh, cloth, renderer) {
  const positions = new THREE.ExternalTexture(cloth.positionTexture);
  const residuals = new THREE.ExternalTexture(cloth.positionResidualTexture ?? cloth.positionTexture);
  // Ping-ponged by the tear pass: looked up again at every update(), as the positions are.
  const torn = new THREE.ExternalTexture(cloth.tornTexture);
  const uniforms = {
    nunoTorn: { value: torn },
    nunoPositions: { value: positions },
    nunoResiduals: { value: residuals },
    nunoHasResiduals: { value: Boolean(cloth.positionResidualTexture) },
    nunoPatchSize: { value: patchSizeOf(cloth) },
  };
  const unpatchMaterial = readStateIn(/** @type {Material} */ (mesh.material), uniforms);
  mesh.customDepthMaterial = new THREE.MeshDepthMaterial({ depthPacking: THREE.RGBADepthPacking });
  mesh.customDistanceMaterial = new THREE.MeshDistanceMaterial();
  readStateIn(mesh.customDepthMaterial, uniforms);
  readStateIn(mesh.customDistanceMaterial, uniforms);
  return {
    update() {
      positions.sourceTexture = /** @type {WebGLTexture} */ (cloth.positionTexture);
      residuals.sourceTexture = cloth.positionResidualTexture ?? /** @type {WebGLTexture} */ (cloth.positionTexture);
      torn.sourceTexture = /** @type {WebGLTexture} */ (cloth.tornTexture);
    },
    // nuno's passes and uploads change bindings three's state cache keeps.
    afterClothCalls: () => renderer.resetState(),
    dispose() {
      unpatchMaterial();
      /** @type {THREE.Material} */ (mesh.customDepthMaterial).dispose();
      /** @type {THREE.Material} */ (mesh.customDistanceMaterial).dispose();
      positions.dispose();
      residuals.dispose();
      torn.dispose();
    },
  };
}

export class ClothMesh extends ClothMeshBase {
  /**
   * @param {AnyCloth} cloth any nuno cloth but a WebGPU one; it stays the caller's to step and dispose
   * @param {{ material?: Material, renderer?: import('three').WebGLRenderer, readBack?: boolean }} [options]
   *   `material`: any three mesh material (default: a MeshStandardMaterial lit on both faces);
   *   `renderer`: the WebGLRenderer whose context a WebGL2 cloth was made on (needed for it);
   *   `readBack`: a WebGL2 cloth's positions read back into the geometry after each update(),
   *   never waiting, so three can cull and raycast it (a frame or a few behind)
   */
  constructor(cloth, { material, renderer, readBack = false } = {}) {
    const given = requireCloth(cloth);
    if (given.backend === 'webgpu') {
      throw new Error("nuno/three: a WebGPU cloth is drawn by WebGPURenderer: use ClothMesh from 'nuno/three/webgpu' " +
        "(or make the cloth with backend: 'gpu' on renderer.getContext(), or on the CPU)");
    }
    const onGpu = given.backend === 'gpu';
    if (onGpu) requireRendererOf(given, renderer);
    super(given, {
      material: material ?? new THREE.MeshStandardMaterial({ side: THREE.DoubleSide, color: 0xd05a4e }),
      ownsMaterial: material === undefined,
      readBack,
    }, onGpu ? (mesh) => readWebGl2State(mesh, given, /** @type {import('three').WebGLRenderer} */ (renderer)) : null);
  }
}

/**
 * @param {AnyCloth} cloth a WebGL2 cloth
 * @param {import('three').WebGLRenderer | undefined} renderer
 */
function requireRendererOf(cloth, renderer) {
  if (!renderer || typeof renderer.getContext !== 'function') {
    throw new TypeError("nuno/three: a WebGL2 cloth needs { renderer }: the WebGLRenderer whose context it was made on");
  }
  const gl = renderer.getContext();
  if (!gl.isTexture(/** @type {WebGLTexture} */ (cloth.positionTexture))) {
    throw new Error('nuno/three: this WebGL2 cloth was made on another WebGL context than the renderer\'s; make it with ' +
      'nuno.createCloth(renderer.getContext(), ...)');
  }
}
