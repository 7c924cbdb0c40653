#version 300 es
// Cloth, fragment stage: lights both faces of the sheet. The back face gets the flipped normal
// and its own tint, and diffuse light wraps a little past the terminator, as it does through fabric.
precision highp float;

in vec3 vWorldPosition;
in vec3 vNormal;
in vec3 vPatchTint;

uniform vec3 uFrontColor;     // sRGB
uniform vec3 uBackColor;      // sRGB
uniform vec3 uEye;            // camera position, metres
uniform vec3 uLightDirection; // unit, from the surface toward the light
uniform vec3 uSkyColor;       // sRGB, ambient light from above
uniform vec3 uGroundColor;    // sRGB, ambient light bounced from below

out vec4 fragColor;

const float kWrap = 0.3;
const float kGamma = 2.2;

void main() {
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
