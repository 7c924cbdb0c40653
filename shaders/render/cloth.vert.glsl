// Cloth, vertex stage: fetches each particle's position from the position texture (the GPU
// solver's state, or the CPU positions uploaded once a frame), takes its smooth normal from its
// grid neighbours (normals.glsl, put in front with the #version line and TEARING 1 by the
// renderer: no neighbour across a torn edge) and moves it into clip space. gl_VertexID is the
// particle index: row * columns + column. Its grid place goes on to the fragment stage, which
// leaves out the triangles with a torn edge.
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D uPositions;          // xyz in rgb, columns x rows texels
uniform sampler2D uPositionResiduals;  // the half path's low parts, added to uPositions
uniform bool uHasResiduals;
uniform highp usampler2D uTorn;        // bit d: the constraint the particle starts in direction d has torn
uniform ivec2 uPatchSize;              // columns, rows of one patch (the grid's for one cloth)
uniform bool uPatchColors;
uniform mat4 uView;
uniform mat4 uProjection;

out vec3 vWorldPosition;
out vec3 vNormal;
out vec3 vPatchTint;  // multiplies the cloth's colours: white, or a shade of its own per patch
out vec2 vGrid;       // column, row: inside a triangle, where in its cell the fragment lies

vec3 positionAt(ivec2 texel) {
  vec3 position = texelFetch(uPositions, texel, 0).xyz;
  return uHasResiduals ? position + texelFetch(uPositionResiduals, texel, 0).xyz : position;
}

uint tornBitsAt(ivec2 texel) { return texelFetch(uTorn, texel, 0).r; }

void main() {
  ivec2 gridSize = textureSize(uPositions, 0);
  ivec2 texel = ivec2(gl_VertexID % gridSize.x, gl_VertexID / gridSize.x);
  vWorldPosition = positionAt(texel);
  vGrid = vec2(texel);
  // Unit per particle before interpolation, exactly as the core's computeNormals, so the shading
  // does not lean toward the more stretched neighbourhoods; a collapsed one gets zero.
  vNormal = gridNormal(texel, uPatchSize);
  // Patches numbered row-major over the layout; the golden ratio spreads neighbours' hues apart.
  int patchIndex = (texel.y / uPatchSize.y) * (gridSize.x / uPatchSize.x) + texel.x / uPatchSize.x;
  float hue = fract(float(patchIndex) * 0.618034);
  vPatchTint = uPatchColors ? 0.65 + 0.35 * cos(6.2831853 * (hue + vec3(0.0, 0.333, 0.667))) : vec3(1.0);
  gl_Position = uProjection * uView * vec4(vWorldPosition, 1.0);
}
