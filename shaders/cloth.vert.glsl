#version 300 es
// Cloth, vertex stage: moves each particle's world position (uploaded from the CPU solver) into
// clip space and hands the world position and smooth normal on for per-pixel lighting.

layout(location = 0) in vec3 aPosition;  // metres, world space
layout(location = 1) in vec3 aNormal;    // unit, on the side the triangles wind counter-clockwise

uniform mat4 uView;
uniform mat4 uProjection;

out vec3 vWorldPosition;
out vec3 vNormal;

void main() {
  vWorldPosition = aPosition;
  vNormal = aNormal;
  gl_Position = uProjection * uView * vec4(aPosition, 1.0);
}
