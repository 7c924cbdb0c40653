// The one list of a cloth's settings. Everything else is derived from it: the ClothSettings
// struct and its defaults (settings.hpp), validate() (settings.cpp), the readers of JS objects
// and JSON documents (setting_source.cpp), the JS writer (bindings/embind.cpp), the grid-only
// checks of Cloth::configure (cloth.cpp), settingsSchema(), and documentedSettingsSchema() and through
// it the ClothSettings part of web/index.d.ts (tools/settings_typescript.cpp, run by scripts/build.sh).
//
// X(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note)
//   Type, field    the C++ member; key is its name in JS and JSON (only 'positions' differs)
//   low, high      the allowed range: of the value (int, float), of each component (Vec3), or
//                  0, 0 where the type itself says what is allowed (choices, pins, points,
//                  families). A bound may be another setting, written s.name.
//   ends           Closed, or Open: both ends excluded
//   scope          Grid (shapes the grid: fixed once the cloth is built) or RunTime (set() takes it)
//   unit           as the documentation writes it, "" for counts and choices
//   summary, note  the documentation: "summary, unit, range. Default d. note"
// Each comes out in this order (in the struct, in validate(), in settings() and in index.d.ts).
#pragma once

#define NUNO_SETTINGS(X)                                                                                               \
    X(int, columns, "columns", 32, 2, kMaxGridSide, Closed, Grid, "", "Particles along a row",                        \
      "A cloth keeps about 345 bytes per particle (357 with `positions`) and may keep 1 GiB, half the 2 GiB the "    \
      "WebAssembly heap can grow to (building it briefly takes more: 1.3 GiB of wasm memory at the limit): columns " \
      "* rows up to about 3.11 million, 1764 x 1764 at most for a square. A larger grid throws an Error naming "     \
      "'columns * rows', the memory it would need and the limit.")                                                   \
    X(int, rows, "rows", 32, 2, kMaxGridSide, Closed, Grid, "", "Particles along a column", "")                       \
    /* Patches: the grid cut into tiles with no constraint between them (a sea of papers).                         \
       validate() also asks that a patch side of 2 or more divides the grid's. */                                  \
    X(int, patchColumns, "patchColumns", 0, 0, s.columns, Closed, Grid, "",                                       \
      "Particles along a row of one patch; 0: the grid is one patch across",                                        \
      "Otherwise at least 2, dividing columns: the grid is then independent patches with no constraint between "    \
      "them (see createPatches).")                                                                                   \
    X(int, patchRows, "patchRows", 0, 0, s.rows, Closed, Grid, "",                                             \
      "Particles along a column of one patch; 0: the grid is one patch down", "Otherwise at least 2, dividing rows.") \
    /* With these lower ends and the density's, a particle's mass, density * width * height /                      \
       (columns * rows), is at least 1e-6 * 1e-3 * 1e-3 / 16384^2 = 3.7e-21 kg, a normal float32 with a            \
       finite inverse. Below that it rounded to a denormal or zero, 1/m to inf, and the first step to NaN. */      \
    X(float, width, "width", 1.0f, 1e-3f, 1000.0f, Closed, Grid, "metres", "Length along the columns", "")          \
    X(float, height, "height", 1.0f, 1e-3f, 1000.0f, Closed, Grid, "metres", "Length along the rows", "")           \
    X(Orientation, orientation, "orientation", Orientation::Vertical, 0, 0, Closed, Grid, "",                        \
      "A vertical sheet spans x and y (row 0 on top); a horizontal one spans x and z (row 0 at -z)", "")             \
    X(Vec3, center, "center", (Vec3{0.0f, 1.0f, 0.0f}), -kMaxCoordinateMetres, kMaxCoordinateMetres, Closed, Grid,  \
      "metres", "Centre of the sheet", "")                                                                           \
    /* When given it replaces the flat sheet, and rest lengths come from it, so a curved or folded                 \
       cloth keeps its shape. */                                                                                   \
    X(std::vector<Vec3>, initialPositions, "positions", {}, -kMaxCoordinateMetres, kMaxCoordinateMetres, Closed,    \
      Grid, "metres", "Starting shape, x y z per particle (columns * rows of them, row-major)",                      \
      "Rest lengths come from it, so a curved or folded cloth keeps its shape. None: a flat sheet placed by center " \
      "and orientation.")                                                                                            \
    X(std::vector<Vec3>, initialVelocities, "velocities", {}, -kMaxSpeed, kMaxSpeed, Closed, Grid, "m/s",            \
      "Starting velocity, x y z per particle (columns * rows of them, row-major)",                                    \
      "reset() starts from it again; pinned particles start still. None: the cloth starts at rest.")               \
    X(float, density, "density", 0.2f, 1e-6f, 1000.0f, Closed, Grid, "kg/m^2", "Areal density",                      \
      "Each particle carries an equal share of the mass. With the lower ends of width and height this keeps a particle's mass a normal float32, so its inverse is "   \
      "finite.")                                                                                                     \
    X(PinPreset, pins, "pins", PinPreset::TopEdge, 0, 0, Closed, RunTime, "",                                        \
      "A preset, or the indices of the particles to hold in place", "")                                              \
    X(SolverKind, solver, "solver", SolverKind::Xpbd, 0, 0, Closed, RunTime, "",                                     \
      "The constraint model: mass-spring, PBD or XPBD", "")                                                          \
    X(Ordering, ordering, "ordering", Ordering::RedBlack, 0, 0, Closed, RunTime, "",                                 \
      "The order constraints are visited in", "The GPUs run red-black; WebGL2 also Jacobi.")                         \
    X(float, jacobiRelaxation, "jacobiRelaxation", 1.0f, 0.0f, 2.0f, Open, RunTime, "",                              \
      "Scales the averaged Jacobi correction", "")                                                                   \
    X(int, substeps, "substeps", 10, 1, 100, Closed, RunTime, "", "Substeps per fixed step", "")                     \
    X(int, iterations, "iterations", 1, 1, 100, Closed, RunTime, "", "Constraint sweeps per substep", "")            \
    X(float, stepSeconds, "stepSeconds", 1.0f / 60.0f, 1e-4f, 0.1f, Closed, RunTime, "seconds",                      \
      "The fixed step the accumulator hands to the solver", "")                                \
    X(float, maxFrameSeconds, "maxFrameSeconds", 0.1f, s.stepSeconds, 1.0f, Closed, RunTime, "seconds",              \
      "The most time one step() call advances: a longer frame counts as this long, so a stall cannot explode the "  \
      "cloth", "")                                   \
    X(Vec3, gravity, "gravity", (Vec3{0.0f, -9.81f, 0.0f}), -1000.0f, 1000.0f, Closed, RunTime, "m/s^2",             \
      "Acceleration of every free particle", "")                                                                     \
    /* Damping and drag decay the velocity exponentially over a substep (see predict.hpp), which is stable at    \
       any rate and step; their upper ends only say what is physically sensible. */                                \
    X(float, damping, "damping", 0.1f, 0.0f, 50.0f, Closed, RunTime, "1/s", "Rate the velocity decays at",           \
      "A substep of h keeps exp(-damping h) of it.")                                                                 \
    X(Vec3, wind, "wind", (Vec3{0.0f, 0.0f, 0.0f}), -1000.0f, 1000.0f, Closed, RunTime, "m/s", "Air velocity", "")   \
    X(float, windNormalDrag, "windNormalDrag", 2.0f, 0.0f, 100.0f, Closed, RunTime, "1/s",                           \
      "Rate the part of the relative air velocity (wind - velocity) across the surface decays at",                   \
      "A substep of h takes up 1 - exp(-windNormalDrag h) of it.")                                                   \
    X(float, windTangentialDrag, "windTangentialDrag", 0.2f, 0.0f, 100.0f, Closed, RunTime, "1/s",                   \
      "The same as windNormalDrag, along the surface", "")                                                           \
    X(float, windGustSpeed, "windGustSpeed", 0.0f, 0.0f, 100.0f, Closed, RunTime, "m/s",                              \
      "Root-mean-square speed of the gusts added to the wind; 0: the wind is uniform",                              \
      "Gusts are a few travelling waves of air (wind_gusts.hpp), carried along by the wind, the same on every backend.") \
    X(float, windGustWavelength, "windGustWavelength", 4.0f, 0.01f, 1e4f, Closed, RunTime, "metres",                 \
      "Length of the longest gust wave", "")                                                                           \
    X(int, windGustSeed, "windGustSeed", 1, 0, 1000000, Closed, RunTime, "",                                       \
      "Chooses the gust waves' directions and phases", "")                                                            \
    X(float, springConstant, "springConstant", 100.0f, 0.0f, 1e9f, Closed, RunTime, "N/m",                           \
      "Mass-spring Hooke constant", "")                                                                              \
    X(float, collisionMargin, "collisionMargin", 0.005f, 0.0f, 1.0f, Closed, RunTime, "metres",                      \
      "Distance kept between the cloth and every collider", "")                                                      \
    X(float, depenetrationSpeed, "depenetrationSpeed", 1.0f, 1e-3f, kMaxSpeed, Closed, RunTime, "m/s",             \
      "Fastest a particle that began a substep inside a collider is pushed out of it",                                \
      "A cloth made, reset or moved into a collider, or a collider made around it, comes out this fast rather than " \
      "at once, so the contact gives it no more speed than this. A collider moved onto the cloth still pushes it "   \
      "the whole way.")                                                                                              \
    X(float, selfCollisionThickness, "selfCollisionThickness", 0.0f, 0.0f, 0.1f, Closed, RunTime, "metres",          \
      "Distance the cloth keeps between its own particles; 0 turns self-collision off",                              \
      "At most 4 particle spacings. Pairs closer than this at rest are neighbours, never pushed apart. On the CPU "  \
      "a step in which layers would close by more than half of it in a substep takes more substeps (up to 4x).")   \
    X(float, selfCollisionFriction, "selfCollisionFriction", 0.3f, 0.0f, 1.0f, Closed, RunTime, "",                  \
      "Share of the sliding between two touching parts of the cloth removed per substep", "")                        \
    X(float, tearStrain, "tearStrain", 0.0f, 0.0f, 10.0f, Closed, RunTime, "",                                      \
      "Strain past which a structural or shear constraint breaks for good; 0: the cloth never tears",                \
      "Checked at the end of every fixed step: a constraint longer than (1 + tearStrain) times its rest length "    \
      "tears, and the bending constraints across it go with it. reset() mends the cloth.")                          \
    X(FamilyStiffness, structural, "structural", (FamilyStiffness{0.0f, 1.0f, 1.0f, 1.0f}), 0, 0, Closed, RunTime,  \
      "", "Stiffness of the structural constraints (right, down)", "")                                               \
    X(FamilyStiffness, shear, "shear", (FamilyStiffness{1e-6f, 0.5f, 0.5f, 0.5f}), 0, 0, Closed, RunTime, "",        \
      "Stiffness of the shear constraints (both diagonals)", "")                                                     \
    X(FamilyStiffness, bending, "bending", (FamilyStiffness{1e-3f, 0.1f, 0.2f, 0.1f}), 0, 0, Closed, RunTime, "",   \
      "Stiffness of the bending constraints (skip-one right, skip-one down)", "")

// The fields of each family, read as 'shear.compliance' and so on. All are numbers.
// X(field, defaultValue, low, high, unit, summary)
#define NUNO_FAMILY_FIELDS(X)                                                                              \
    X(compliance, 0.0f, 0.0f, 1.0f, "m/N", "XPBD: inverse stiffness (0 is perfectly stiff)")               \
    X(stiffness, 1.0f, 0.0f, 1.0f, "", "PBD: share of the violation removed per projection")              \
    X(stretch, 1.0f, 0.0f, 1.0f, "",                                                                       \
      "Mass-spring: factor on the spring force while the spring is longer than its rest length")          \
    X(shrink, 1.0f, 0.0f, 1.0f, "",                                                                        \
      "Mass-spring: factor on the spring force while the spring is shorter than its rest length")
