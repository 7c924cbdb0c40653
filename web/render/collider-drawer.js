// Draws the colliders a cloth is hitting: shaded solids (spheres, capsules, boxes) and a gridded
// floor for each plane.
import { groundFrag, groundVert, quaternion, solidFrag, solidVert } from '../../dist/shaders.js';
import { normalize, planeBasis, turnFromYTo, unitCube, unitCylinder, unitSphere, unitSquare } from './collider-meshes.js';
import { createProgram } from '../gl/program.js';
import { setViewUniforms } from './view-uniforms.js';
import { createStaticMesh } from './static-mesh.js';

/** @typedef {import('./view-uniforms.js').Rgb} Rgb */
/** @typedef {{ type: 'sphere', center: ArrayLike<number>, radius: number }} DrawnSphere */
/** @typedef {{ type: 'plane', point: ArrayLike<number>, normal: ArrayLike<number> }} DrawnPlane */
/** @typedef {{ type: 'capsule', start: ArrayLike<number>, end: ArrayLike<number>, radius: number }} DrawnCapsule */
/** @typedef {{ type: 'box', center: ArrayLike<number>, halfExtents: ArrayLike<number>, rotation?: ArrayLike<number> }} DrawnBox */
/** @typedef {DrawnSphere | DrawnPlane | DrawnCapsule | DrawnBox} DrawnCollider same fields as `cloth.addCollider` takes */
/** @typedef {import('./view-uniforms.js').View} View */

/** Spheres beyond this many are drawn but cast no shade on the floor (ground.frag.glsl's limit). */
const maxShadingSpheres = 4;
/** Metres from a plane's anchor point to the edge of its drawn square (it fades out before). */
const planeHalfExtentMetres = 8;
/** @type {Rgb} */
const solidColor = [0.62, 0.66, 0.72];
const noTurn = [0, 0, 0, 1];
/** @type {Rgb} */
const floorColor = [0.3, 0.32, 0.36];
/** @type {Rgb} */
const floorLineColor = [0.5, 0.53, 0.58];

export class ColliderDrawer {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #solidProgram;
  #groundProgram;
  #sphereMesh;
  #cubeMesh;
  #cylinderMesh;
  #squareMesh;

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
  }

  /**
   * @param {readonly DrawnCollider[]} colliders
   * @param {View} view
   * @param {Rgb} background the clear colour floors fade into
   */
  draw(colliders, view, background) {
    const solids = colliders.filter((collider) => collider.type !== 'plane');
    const planes = /** @type {DrawnPlane[]} */ (colliders.filter((collider) => collider.type === 'plane'));
    const spheres = /** @type {DrawnSphere[]} */ (colliders.filter((collider) => collider.type === 'sphere'));
    if (solids.length > 0) this.#drawSolids(solids, view);
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
  }

  /**
   * @param {(DrawnSphere | DrawnCapsule | DrawnBox)[]} solids
   * @param {View} view
   */
  #drawSolids(solids, view) {
    const gl = this.#gl;
    const { program, uniforms } = this.#solidProgram;
    gl.useProgram(program);
    setViewUniforms(gl, uniforms, view);
    gl.uniform3fv(uniforms.uColor, solidColor);
    gl.enable(gl.CULL_FACE);
    /**
     * @param {import('./static-mesh.js').StaticMesh} mesh
     * @param {ArrayLike<number>} center
     * @param {ArrayLike<number>} scale
     * @param {ArrayLike<number>} rotation
     */
    const draw = (mesh, center, scale, rotation) => {
      gl.uniform3f(uniforms.uCenter, center[0], center[1], center[2]);
      gl.uniform3f(uniforms.uScale, scale[0], scale[1], scale[2]);
      gl.uniform4f(uniforms.uRotation, rotation[0], rotation[1], rotation[2], rotation[3]);
      mesh.draw();
    };
    for (const solid of solids) {
      if (solid.type === 'sphere') {
        draw(this.#sphereMesh, solid.center, [solid.radius, solid.radius, solid.radius], noTurn);
      } else if (solid.type === 'box') {
        draw(this.#cubeMesh, solid.center, solid.halfExtents, normalize(Array.from(solid.rotation ?? noTurn)));
      } else {
        const { start, end, radius } = solid;
        const ball = [radius, radius, radius];
        draw(this.#sphereMesh, start, ball, noTurn);
        draw(this.#sphereMesh, end, ball, noTurn);
        const axis = [0, 1, 2].map((i) => end[i] - start[i]);
        const length = Math.hypot(...axis);
        if (length > 0) {
          const middle = [0, 1, 2].map((i) => (start[i] + end[i]) / 2);
          draw(this.#cylinderMesh, middle, [radius, length / 2, radius], turnFromYTo(axis));
        }
      }
    }
    gl.disable(gl.CULL_FACE);
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
