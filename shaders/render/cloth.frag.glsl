#version 300 es
// Cloth, fragment stage: lights both faces of the sheet. The back face gets the flipped normal
// and its own tint, and diffuse light wraps a little past the terminator, as it does through fabric.
// Where the cloth has torn, the triangles (or, in the wireframe, the edges) with a torn edge are
// left out, so the tear shows as a gap with no sliver across it.
precision highp float;
precision highp int;

in vec3 vWorldPosition;
in vec3 vNormal;
in vec3 vPatchTint;
in vec2 vGrid;                // column, row, interpolated across the triangle or edge

uniform highp usampler2D uTorn; // bit d: the constraint the particle starts in direction d has torn
uniform bool uEdges;          // drawing the wireframe's edges rather than the surface's triangles

uniform vec3 uFrontColor;     // sRGB
uniform vec3 uBackColor;      // sRGB
uniform vec3 uEye;            // camera position, metres
uniform vec3 uLightDirection; // unit, from the surface toward the light
uniform vec3 uSkyColor;       // sRGB, ambient light from above
uniform vec3 uGroundColor;    // sRGB, ambient light bounced from below

out vec4 fragColor;

const float kWrap = 0.3;
const float kGamma = 2.2;

// The directions of the drawn edges (src/topology.hpp's Direction): DiagonalDown is none.
const int kRight = 0;
const int kDown = 1;
const int kDiagonalUp = 3;
// How near a grid line (in cells) a wireframe fragment lies on it: far more than interpolation's
// error, far less than a pixel's share of a cell.
const float kOnGridLine = 1e-3;

bool tornAt(ivec2 first, int direction) {
  return ((texelFetch(uTorn, first, 0).r >> uint(direction)) & 1u) != 0u;
}

// Whether the fragment lies on a torn edge's triangle or, in the wireframe, on a torn edge. The
// cell (c, r) has two triangles (src/topology.cpp): T1 = (c, r), (c, r + 1), (c + 1, r), where
// x + y < 1 inside the cell, with edges Down (c, r), Right (c, r) and DiagonalUp (c, r + 1); and
// T2 = (c + 1, r), (c, r + 1), (c + 1, r + 1) with DiagonalUp (c, r + 1), Right (c, r + 1), Down (c + 1, r).
bool onTornEdge() {
  ivec2 size = textureSize(uTorn, 0);
  vec2 corner = clamp(floor(vGrid), vec2(0.0), vec2(size - 2));
  ivec2 cell = ivec2(corner);
  vec2 inCell = vGrid - corner;
  if (uEdges) {
    // An edge runs along a row (Right), along a column (Down) or across its cell (DiagonalUp).
    vec2 offLine = abs(vGrid - round(vGrid));
    bool onRow = offLine.y < kOnGridLine;
    bool onColumn = offLine.x < kOnGridLine;
    if (onRow && onColumn) return false;  // at a particle, which the edge's ends share with the others
    if (onRow) return tornAt(ivec2(cell.x, int(round(vGrid.y))), kRight);
    if (onColumn) return tornAt(ivec2(int(round(vGrid.x)), cell.y), kDown);
    return tornAt(cell + ivec2(0, 1), kDiagonalUp);
  }
  ivec2 bottomLeft = cell + ivec2(0, 1);
  if (tornAt(bottomLeft, kDiagonalUp)) return true;
  if (inCell.x + inCell.y < 1.0) return tornAt(cell, kDown) || tornAt(cell, kRight);
  return tornAt(bottomLeft, kRight) || tornAt(cell + ivec2(1, 0), kDown);
}

void main() {
  if (onTornEdge()) discard;
  bool front = gl_FrontFacing;
  // Interpolated normals are not unit length; a zero one (degenerate triangle) stays dark, not NaN.
  vec3 normal = vNormal * inversesqrt(max(dot(vNormal, vNormal), 1e-12));
  if (!front) normal = -normal;
  vec3 albedo = pow((front ? uFrontColor : uBackColor) * vPatchTint, vec3(kGamma));

  float diffuse = max((dot(normal, uLightDirection) + kWrap) / (1.0 + kWrap), 0.0);
  vec3 ambient = mix(pow(uGroundColor, vec3(kGamma)), pow(uSkyColor, vec3(kGamma)), 0.5 + 0.5 * normal.y);
  vec3 toEye = normalize(uEye - vWorldPosition);
  // A faint sheen at grazing angles reads as woven fibre rather than plastic.
  float sheen = pow(1.0 - max(dot(normal, toEye), 0.0), 4.0) * 0.15;

  vec3 linear = albedo * (diffuse + ambient) + sheen;
  fragColor = vec4(pow(linear, vec3(1.0 / kGamma)), 1.0);
}
