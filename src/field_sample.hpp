// A mesh collider's field read at a point, written once for one point (float, Vec3: the core's
// sampleField in mesh_field.cpp) and for four at a time (Float4, Float4x3: the collide stage).
// The operations and their order are the same for both, and the GPU passes repeat them
// (shaders/webgl2/collide-contact.glsl, shaders/webgpu/collide.wgsl), so all of them find the
// same distance and normal to the bit where the float arithmetic is IEEE.
#pragma once

#include <cmath>
#include <cstddef>

#include "mesh_field.hpp"

namespace nuno {

// Where a point lies in the field's grid: the cell whose eight samples surround it (its lowest
// corner, in samples, and that corner's place in `distances`), the share of the way across the
// cell along each axis, and the metres it lies beyond the grid's box along each axis. The cell
// is worked out in float, as the GPU does; every number in it is whole and below 2^23
// (kMaxMeshFieldSamples), so exact.
template <class Real, class Vector>
struct GridPlaceOf {
    Real firstSample;
    Vector share;
    Vector beyond;
};

template <class Real, class Vector>
[[gnu::always_inline]] inline GridPlaceOf<Real, Vector> gridPlace(const DistanceField& field, const Vector& local) {
    const Real voxelMetres(field.voxelMetres);
    const Vector grid = (local - Vector(field.origin)) / voxelMetres;
    const Vector inGrid = clamp(grid, Vector(Vec3(0.0f)), Vector(Vec3(field.size) - 1.0f));
    const Vec3 lastCell = Vec3(field.size - 2);
    const Vector cell(min(floorOfSmall(inGrid.x), Real(lastCell.x)), min(floorOfSmall(inGrid.y), Real(lastCell.y)),
                      min(floorOfSmall(inGrid.z), Real(lastCell.z)));
    const Real row(static_cast<float>(field.size.x));
    const Real layer(static_cast<float>(field.size.x * field.size.y));
    return {cell.x + row * cell.y + layer * cell.z, inGrid - cell, (grid - inGrid) * voxelMetres};
}

// The eight samples of the cell whose lowest corner is sample `firstSample`, in trilinearSample's
// order (c000, c100, c010, c110, c001, c101, c011, c111: x, y, z offsets), `stride` floats apart.
[[gnu::always_inline]] inline void readCell(const DistanceField& field, std::size_t firstSample, float* corners,
                                            std::size_t stride) {
    const std::size_t row = static_cast<std::size_t>(field.size.x);
    const std::size_t layer = row * static_cast<std::size_t>(field.size.y);
    const float* first = &field.distances[firstSample];
    for (std::size_t corner = 0; corner < 8; ++corner) {
        corners[corner * stride] = first[(corner & 1) + row * ((corner >> 1) & 1) + layer * (corner >> 2)];
    }
}

template <class Real>
[[gnu::always_inline]] inline Real fieldLerp(Real from, Real to, Real share) {
    return from + (to - from) * share;
}

// The trilinear of the eight samples c at the share f across the cell, plus the length of
// `beyond`; the normal is the trilinear's own gradient there, or up where the cell is flat.
template <class Real, class Vector>
[[gnu::always_inline]] inline FieldSampleOf<Real, Vector> trilinearSample(const Real (&c)[8], const Vector& f,
                                                                         const Vector& beyond) {
    const Real c00 = fieldLerp(c[0], c[1], f.x);
    const Real c10 = fieldLerp(c[2], c[3], f.x);
    const Real c01 = fieldLerp(c[4], c[5], f.x);
    const Real c11 = fieldLerp(c[6], c[7], f.x);
    const Real distance = fieldLerp(fieldLerp(c00, c10, f.y), fieldLerp(c01, c11, f.y), f.z) + lengthOf(beyond);
    const Vector gradient(
        fieldLerp(fieldLerp(c[1] - c[0], c[3] - c[2], f.y), fieldLerp(c[5] - c[4], c[7] - c[6], f.y), f.z),
        fieldLerp(fieldLerp(c[2] - c[0], c[3] - c[1], f.x), fieldLerp(c[6] - c[4], c[7] - c[5], f.x), f.z),
        fieldLerp(fieldLerp(c[4] - c[0], c[5] - c[1], f.x), fieldLerp(c[6] - c[2], c[7] - c[3], f.x), f.y));
    const Real steepness = lengthOf(gradient);
    return {distance, select(steepness > Real(0.0f), gradient / steepness, Vector(Vec3(0.0f, 1.0f, 0.0f)))};
}

}  // namespace nuno
