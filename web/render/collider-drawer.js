// Draws the colliders a cloth is hitting: shaded solids (spheres, capsules, boxes, meshes) and a
// gridded floor for each plane.
import { groundFrag, groundVert, quaternion, solidFrag, solidVert } from '../../dist/shaders.js';
import { colliderLook, planeBasis, solidParts, unitCube, unitCylinder, unitSphere, unitSquare } from './collider-meshes.js';
import { createProgram } from '../gl/program.js';
import { setViewUniforms } from './view-uniforms.js';
import { createStaticMesh } from './static-mesh.js';
import { MeshUploads } from './mesh-uploads.js';

/** @typedef {import('./view-uniforms.js').Rgb} Rgb */
/** @typedef {{ type: 'sphere', center: ArrayLike<number>, radius: number }} DrawnSphere */
/** @typedef {{ type: 'plane', point: ArrayLike<number>, normal: ArrayLike<number> }} DrawnPlane */
/** @typedef {{ type: 'capsule', start: ArrayLike<number>, end: ArrayLike<number>, radius: number }} DrawnCapsule */
/** @typedef {{ type: 'box', center: ArrayLike<number>, halfExtents: ArrayLike<number>, rotation?: ArrayLike<number> }} DrawnBox */
/**
 * @typedef {{ type: 'mesh', vertices: ArrayLike<number>, indices: ArrayLike<number>, center?: ArrayLike<number>, rotation?: ArrayLike<number> }} DrawnMesh
 *   its triangles are uploaded once for as long as frames draw the same `vertices` array (mesh-uploads.js)
 */
/** @typedef {DrawnSphere | DrawnPlane | DrawnCapsule | DrawnBox | DrawnMesh} DrawnCollider same fields as `cloth.addCollider` takes */
/** @typedef {import('./view-uniforms.js').View} View */
/** @typedef {import('./static-mesh.js').StaticMesh} StaticMesh */

const { solidColor, floorColor, floorLineColor, planeHalfExtentMetres, maxShadingSpheres } = colliderLook;

export class ColliderDrawer {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #solidProgram;
  #groundProgram;
  #sphereMesh;
  #cubeMesh;
  #cylinderMesh;
  #squareMesh;
  /** @type {MeshUploads<StaticMesh>} */
  #meshUploads;

  /** @param {WebGL2RenderingContext} gl */
  constructor(gl) {
    this.#gl = gl;
    this.#solidProgram = createProgram(gl, 'solid', ['#version 300 es', quaternion, solidVert].join('\n'), solidFrag);
    this.#groundProgram = createProgram(gl, 'ground', groundVert, groundFrag);
    const sphere = unitSphere(24, 48);
    this.#sphereMesh = createStaticMesh(gl, sphere.positions, 3, sphere.indices, sphere.positions);
    const cube = unitCube();
    this.#cubeMesh = createStaticMesh(gl, cube.positions, 3, cube.indices, cube.normals);
    const cylinder = unitCylinder(48);
    this.#cylinderMesh = createStaticMesh(gl, cylinder.positions, 3, cylinder.indices, cylinder.normals);
    const square = unitSquare();
    this.#squareMesh = createStaticMesh(gl, square.corners, 2, square.indices);
    this.#meshUploads = new MeshUploads(
      ({ positions, normals, indices }) => createStaticMesh(gl, positions, 3, indices, normals),
      (mesh) => mesh.dispose());
  }

  /**
   * @param {readonly DrawnCollider[]} colliders
   * @param {View} view
   * @param {Rgb} background the clear colour floors fade into
   */
  draw(colliders, view, background) {
    const parts = solidParts(colliders);
    // Every frame, so a mesh no longer drawn is freed even when no solid is left.
    const uploads = this.#meshUploads.forFrame(parts);
    const planes = /** @type {DrawnPlane[]} */ (colliders.filter((collider) => collider.type === 'plane'));
    const spheres = /** @type {DrawnSphere[]} */ (colliders.filter((collider) => collider.type === 'sphere'));
    if (parts.length > 0) this.#drawSolids(parts, uploads, view);
    if (planes.length > 0) this.#drawPlanes(planes, spheres, view, background);
  }

  dispose() {
    const gl = this.#gl;
    gl.deleteProgram(this.#solidProgram.program);
    gl.deleteProgram(this.#groundProgram.program);
    this.#sphereMesh.dispose();
    this.#cubeMesh.dispose();
    this.#cylinderMesh.dispose();
    this.#squareMesh.dispose();
    this.#meshUploads.clear();
  }

  /**
   * @param {ReturnType<typeof solidParts>} parts
   * @param {Map<DrawnMesh, StaticMesh>} uploads the mesh colliders' triangles
   * @param {View} view
   */
  #drawSolids(parts, uploads, view) {
    const gl = this.#gl;
    const { program, uniforms } = this.#solidProgram;
    gl.useProgram(program);
    setViewUniforms(gl, uniforms, view);
    gl.uniform3fv(uniforms.uColor, solidColor);
    const units = { sphere: this.#sphereMesh, cube: this.#cubeMesh, cylinder: this.#cylinderMesh };
    // Both faces drawn: a mesh collider may wind its triangles either way (the shader lights the
    // side in view), and the unit meshes' far sides lie behind their near ones.
    for (const { mesh, center, scale, rotation } of parts) {
      gl.uniform3f(uniforms.uCenter, center[0], center[1], center[2]);
      gl.uniform3f(uniforms.uScale, scale[0], scale[1], scale[2]);
      gl.uniform4f(uniforms.uRotation, rotation[0], rotation[1], rotation[2], rotation[3]);
      (typeof mesh === 'string' ? units[mesh] : /** @type {StaticMesh} */ (uploads.get(mesh))).draw();
    }
  }

  /**
   * @param {DrawnPlane[]} planes
   * @param {DrawnSphere[]} spheres shade the floor beneath them
   * @param {View} view
   * @param {Rgb} background
   */
  #drawPlanes(planes, spheres, view, background) {
    const gl = this.#gl;
    const { program, uniforms } = this.#groundProgram;
    gl.useProgram(program);
    setViewUniforms(gl, uniforms, view);
    gl.uniform3fv(uniforms.uColor, floorColor);
    gl.uniform3fv(uniforms.uLineColor, floorLineColor);
    gl.uniform3fv(uniforms.uBackground, background);
    gl.uniform1f(uniforms.uHalfExtent, planeHalfExtentMetres);

    const shading = spheres.slice(0, maxShadingSpheres);
    const sphereData = new Float32Array(maxShadingSpheres * 4);
    shading.forEach(({ center, radius }, index) => sphereData.set([center[0], center[1], center[2], radius], index * 4));
    gl.uniform4fv(uniforms.uSpheres, sphereData);
    gl.uniform1i(uniforms.uSphereCount, shading.length);

    // Cloth resting on the floor sits only the collision margin above it: push the floor back
    // in depth so the cloth always wins instead of flickering through.
    gl.enable(gl.POLYGON_OFFSET_FILL);
    gl.polygonOffset(1, 4);
    for (const plane of planes) {
      const { normal, tangent, bitangent } = planeBasis(plane.normal);
      gl.uniform3f(uniforms.uPoint, plane.point[0], plane.point[1], plane.point[2]);
      gl.uniform3fv(uniforms.uNormal, normal);
      gl.uniform3fv(uniforms.uTangent, tangent);
      gl.uniform3fv(uniforms.uBitangent, bitangent);
      this.#squareMesh.draw();
    }
    gl.disable(gl.POLYGON_OFFSET_FILL);
  }
}
