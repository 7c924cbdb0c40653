#version 300 es
// Ground plane collider, vertex stage: stretches a unit square over the plane, around the
// plane's anchor point, and passes on the point's coordinates within the plane for the grid.

layout(location = 0) in vec2 aCorner; // in [-1, 1]^2

uniform mat4 uView;
uniform mat4 uProjection;
uniform vec3 uPoint;        // metres, a point of the plane
uniform vec3 uTangent;      // unit, in the plane
uniform vec3 uBitangent;    // unit, in the plane, across uTangent
uniform float uHalfExtent;  // metres from the anchor point to the square's edge

out vec3 vWorldPosition;
out vec2 vPlanar;  // metres along uTangent and uBitangent from uPoint

void main() {
  vPlanar = aCorner * uHalfExtent;
  vWorldPosition = uPoint + vPlanar.x * uTangent + vPlanar.y * uBitangent;
  gl_Position = uProjection * uView * vec4(vWorldPosition, 1.0);
}
