#version 300 es
// Sphere collider, vertex stage: scales and moves a unit sphere to the collider's centre and
// radius; on a unit sphere the vertex position is also its normal.

layout(location = 0) in vec3 aUnitPosition;

uniform mat4 uView;
uniform mat4 uProjection;
uniform vec3 uCenter;  // metres
uniform float uRadius; // metres

out vec3 vWorldPosition;
out vec3 vNormal;

void main() {
  vNormal = aUnitPosition;
  vWorldPosition = uCenter + uRadius * aUnitPosition;
  gl_Position = uProjection * uView * vec4(vWorldPosition, 1.0);
}
