// Draws the colliders a cloth is hitting: shaded spheres and a gridded floor for each plane.
import { groundFrag, groundVert, sphereFrag, sphereVert } from '../../dist/shaders.js';
import { planeBasis, unitSphere, unitSquare } from './collider-meshes.js';
import { createProgram } from '../gl/program.js';
import { setViewUniforms } from './view-uniforms.js';
import { createStaticMesh } from './static-mesh.js';

/** @typedef {import('./view-uniforms.js').Rgb} Rgb */
/** @typedef {{ type: 'sphere', center: ArrayLike<number>, radius: number }} DrawnSphere */
/** @typedef {{ type: 'plane', point: ArrayLike<number>, normal: ArrayLike<number> }} DrawnPlane */
/** @typedef {DrawnSphere | DrawnPlane} DrawnCollider same fields as `cloth.addCollider` takes */
/** @typedef {import('./view-uniforms.js').View} View */

/** Spheres beyond this many are drawn but cast no shade on the floor (ground.frag.glsl's limit). */
const maxShadingSpheres = 4;
/** Metres from a plane's anchor point to the edge of its drawn square (it fades out before). */
const planeHalfExtentMetres = 8;
/** @type {Rgb} */
const sphereColor = [0.62, 0.66, 0.72];
/** @type {Rgb} */
const floorColor = [0.3, 0.32, 0.36];
/** @type {Rgb} */
const floorLineColor = [0.5, 0.53, 0.58];

export class ColliderDrawer {
  /** @type {WebGL2RenderingContext} */
  #gl;
  #sphereProgram;
  #groundProgram;
  #sphereMesh;
  #squareMesh;

  /** @param {WebGL2RenderingContext} gl */
  constructor(gl) {
    this.#gl = gl;
    this.#sphereProgram = createProgram(gl, 'sphere', sphereVert, sphereFrag);
    this.#groundProgram = createProgram(gl, 'ground', groundVert, groundFrag);
    const sphere = unitSphere(24, 48);
    this.#sphereMesh = createStaticMesh(gl, sphere.positions, 3, sphere.indices);
    const square = unitSquare();
    this.#squareMesh = createStaticMesh(gl, square.corners, 2, square.indices);
  }

  /**
   * @param {readonly DrawnCollider[]} colliders
   * @param {View} view
   * @param {Rgb} background the clear colour floors fade into
   */
  draw(colliders, view, background) {
    const spheres = colliders.filter((collider) => collider.type === 'sphere');
    const planes = colliders.filter((collider) => collider.type === 'plane');
    if (spheres.length > 0) this.#drawSpheres(spheres, view);
    if (planes.length > 0) this.#drawPlanes(planes, spheres, view, background);
  }

  dispose() {
    const gl = this.#gl;
    gl.deleteProgram(this.#sphereProgram.program);
    gl.deleteProgram(this.#groundProgram.program);
    this.#sphereMesh.dispose();
    this.#squareMesh.dispose();
  }

  /**
   * @param {DrawnSphere[]} spheres
   * @param {View} view
   */
  #drawSpheres(spheres, view) {
    const gl = this.#gl;
    const { program, uniforms } = this.#sphereProgram;
    gl.useProgram(program);
    setViewUniforms(gl, uniforms, view);
    gl.uniform3fv(uniforms.uColor, sphereColor);
    gl.enable(gl.CULL_FACE);
    for (const sphere of spheres) {
      gl.uniform3f(uniforms.uCenter, sphere.center[0], sphere.center[1], sphere.center[2]);
      gl.uniform1f(uniforms.uRadius, sphere.radius);
      this.#sphereMesh.draw();
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
