// Gusts: the air's velocity beyond the uniform wind at a point, a sum of GUST_WAVES travelling
// plane waves, amplitude * cos(wavevector . x + phase). The core makes the waves (seeded
// directions, phases at this substep's moment: src/wind_gusts.hpp) and hands them over as two
// vec4s each in the Substep struct (gustWaves), so this is the same sum the CPU solver
// takes.

vec3 gustAt(vec3 position) {
    vec3 gust = vec3(0.0);
    for (int k = 0; k < GUST_WAVES; ++k) {
        vec4 wave = substep.gustWaves[2 * k];
        gust += substep.gustWaves[2 * k + 1].xyz * cos(dot(wave.xyz, position) + wave.w);
    }
    return gust;
}
