// Geometry that never changes after upload (the collider shapes): a vertex buffer at location
// 0, normals at location 1 where the mesh has them, an index buffer, and the vertex array tying
// them together.

/**
 * @typedef {object} StaticMesh
 * @property {() => void} draw issues the indexed triangle draw; the caller binds the program
 * @property {() => void} dispose frees the buffers and the vertex array
 */

/**
 * @param {WebGL2RenderingContext} gl
 * @param {Float32Array} vertices `componentsPerVertex` floats per vertex
 * @param {number} componentsPerVertex 1 to 4
 * @param {Uint16Array | Uint32Array} indices triangles
 * @param {Float32Array} [normals] xyz per vertex
 * @returns {StaticMesh}
 */
export function createStaticMesh(gl, vertices, componentsPerVertex, indices, normals) {
  const vertexArray = gl.createVertexArray();
  const vertexBuffer = gl.createBuffer();
  const normalBuffer = normals ? gl.createBuffer() : null;
  const indexBuffer = gl.createBuffer();
  const indexType = indices instanceof Uint32Array ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT;

  gl.bindVertexArray(vertexArray);
  gl.bindBuffer(gl.ARRAY_BUFFER, vertexBuffer);
  gl.bufferData(gl.ARRAY_BUFFER, vertices, gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, componentsPerVertex, gl.FLOAT, false, 0, 0);
  if (normals) {
    gl.bindBuffer(gl.ARRAY_BUFFER, normalBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, normals, gl.STATIC_DRAW);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 3, gl.FLOAT, false, 0, 0);
  }
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indexBuffer);
  gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, indices, gl.STATIC_DRAW);
  gl.bindVertexArray(null);

  return {
    draw() {
      gl.bindVertexArray(vertexArray);
      gl.drawElements(gl.TRIANGLES, indices.length, indexType, 0);
      gl.bindVertexArray(null);
    },
    dispose() {
      gl.deleteVertexArray(vertexArray);
      gl.deleteBuffer(vertexBuffer);
      gl.deleteBuffer(normalBuffer);
      gl.deleteBuffer(indexBuffer);
    },
  };
}
