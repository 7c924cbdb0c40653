#version 300 es
// Ground plane collider, fragment stage: a lit floor with an anti-aliased grid, darkened under
// each sphere collider (analytic sky occlusion and a soft sun shadow), fading into the
// background with distance so the finite square reads as an endless floor.
precision highp float;

const int kMaxSpheres = 4;
const float kGamma = 2.2;
const float kGridSpacing = 0.5; // metres between grid lines

in vec3 vWorldPosition;
in vec2 vPlanar;

uniform vec3 uNormal;           // unit plane normal
uniform vec3 uColor;            // sRGB
uniform vec3 uLineColor;        // sRGB
uniform vec3 uBackground;       // sRGB, the clear colour the floor fades into
uniform vec3 uLightDirection;   // unit, from the surface toward the light
uniform vec3 uSkyColor;         // sRGB
uniform float uHalfExtent;      // metres
uniform vec4 uSpheres[kMaxSpheres]; // xyz centre, w radius, metres
uniform int uSphereCount;

out vec4 fragColor;

// How much of the sky a sphere hides from this point (Quilez's closed form for one sphere).
float sphereOcclusion(vec4 sphere) {
  vec3 toCenter = sphere.xyz - vWorldPosition;
  float distanceSquared = dot(toCenter, toCenter);
  float cosine = dot(uNormal, toCenter) * inversesqrt(distanceSquared);
  return max(cosine, 0.0) * sphere.w * sphere.w / distanceSquared;
}

// 0 where a sphere blocks the sun, 1 clear of it, with a soft edge around the sphere's outline.
float sunVisibility(vec4 sphere) {
  vec3 toCenter = sphere.xyz - vWorldPosition;
  float along = dot(toCenter, uLightDirection);
  if (along <= 0.0) return 1.0;
  float missDistance = length(toCenter - along * uLightDirection);
  return smoothstep(0.6 * sphere.w, 1.2 * sphere.w, missDistance);
}

void main() {
  vec2 cell = vPlanar / kGridSpacing;
  // Line width in cells per pixel keeps lines one pixel wide at any distance, without aliasing.
  vec2 lineDistance = abs(fract(cell - 0.5) - 0.5) / fwidth(cell);
  float line = 1.0 - min(min(lineDistance.x, lineDistance.y), 1.0);

  float visibleSky = 1.0;
  float visibleSun = 1.0;
  for (int i = 0; i < kMaxSpheres; ++i) {
    if (i >= uSphereCount) break;
    visibleSky *= 1.0 - sphereOcclusion(uSpheres[i]);
    visibleSun *= sunVisibility(uSpheres[i]);
  }

  vec3 albedo = pow(mix(uColor, uLineColor, line * 0.35), vec3(kGamma));
  float diffuse = max(dot(uNormal, uLightDirection), 0.0);
  vec3 lit = albedo * (0.6 * diffuse * visibleSun + pow(uSkyColor, vec3(kGamma))) * visibleSky;

  float fade = smoothstep(0.45 * uHalfExtent, uHalfExtent, length(vPlanar));
  vec3 linear = mix(lit, pow(uBackground, vec3(kGamma)), fade);
  fragColor = vec4(pow(linear, vec3(1.0 / kGamma)), 1.0);
}
