#version 300 es
// Cloth, vertex stage: fetches each particle's position from the position texture (the GPU
// solver's state, or the CPU positions uploaded once a frame), takes its smooth normal from its
// grid neighbours (central differences, one-sided at the edges, as the core computes normals)
// and moves it into clip space. gl_VertexID is the particle index: row * columns + column.
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D uPositions;          // xyz in rgb, columns x rows texels
uniform sampler2D uPositionResiduals;  // the half path's low parts, added to uPositions
uniform bool uHasResiduals;
uniform mat4 uView;
uniform mat4 uProjection;

out vec3 vWorldPosition;
out vec3 vNormal;

vec3 positionAt(ivec2 texel) {
  vec3 position = texelFetch(uPositions, texel, 0).xyz;
  return uHasResiduals ? position + texelFetch(uPositionResiduals, texel, 0).xyz : position;
}

void main() {
  ivec2 gridSize = textureSize(uPositions, 0);
  ivec2 texel = ivec2(gl_VertexID % gridSize.x, gl_VertexID / gridSize.x);
  ivec2 last = gridSize - 1;
  vec3 alongRow = positionAt(ivec2(min(texel.x + 1, last.x), texel.y)) - positionAt(ivec2(max(texel.x - 1, 0), texel.y));
  vec3 alongColumn = positionAt(ivec2(texel.x, min(texel.y + 1, last.y))) - positionAt(ivec2(texel.x, max(texel.y - 1, 0)));
  vWorldPosition = positionAt(texel);
  // Unit per particle before interpolation, exactly as the core's computeNormals, so the shading
  // does not lean toward the more stretched neighbourhoods; a collapsed one gets zero.
  vec3 normal = cross(alongColumn, alongRow);
  float lengthSquared = dot(normal, normal);
  vNormal = lengthSquared > 1e-20 ? normal * inversesqrt(lengthSquared) : vec3(0.0);
  gl_Position = uProjection * uView * vec4(vWorldPosition, 1.0);
}
