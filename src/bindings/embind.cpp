// The JS face of the core: a Cloth class (stepped here) and a ClothModel class (the set-up of a
// cloth stepped elsewhere), each built from a plain settings object.
//
// Every entry point runs inside guarded() (js_values.hpp), which turns a C++ exception into a JS
// Error carrying its message, so JS callers never see a raw wasm exception. Positions, normals
// and triangle indices are handed out as typed-array views straight over wasm memory (no copy);
// the arrays behind them never reallocate while the cloth lives, and the JS wrapper re-fetches a
// view when memory growth detaches it.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <string>

#include "cloth.hpp"
#include "js_setting_source.hpp"
#include "js_values.hpp"
#include "untangle.hpp"

namespace nuno {
namespace {

using emscripten::val;

// The module's helper threads, shared by every cloth (the page steps one cloth at a time),
// started once, by web/threads.js as it loads the module: the helpers take the workers the
// module started, and there are no more. Only the threaded build can start any.
std::shared_ptr<ThreadTeam>& moduleTeam() {
    static std::shared_ptr<ThreadTeam> team;
    return team;
}

void useThreads(int threadCount) {
    guarded([&] {
        if (moduleTeam()) throw std::logic_error("nuno: the core's threads are started once, as it loads");
        moduleTeam() = std::make_shared<ThreadTeam>(threadCount);
    });
}

// What a CPU cloth (JsCloth) and a cloth's model (JsClothModel: the set-up of a GPU or worker
// cloth) answer alike, bound once. The calls that change a CPU cloth's particles too go through
// the few virtual functions the two implement.
class JsClothFace {
public:
    virtual ~JsClothFace() = default;

    // Both for a step cut into `substeps` (web/cloth-face.js checks the count).
    val familyRules(int substeps) const {
        val rules = val::array();
        for (const FamilyRule& rule : model().familyRules(substeps)) {
            val object = val::object();
            object.set("alphaTilde", rule.alphaTilde);
            object.set("stiffness", rule.stiffness);
            object.set("stretchGain", rule.stretchGain);
            object.set("shrinkGain", rule.shrinkGain);
            rules.call<void>("push", object);
        }
        return rules;
    }
    val substepFactors(int substeps) const {
        const SubstepFactors factors = model().substepFactors(substeps);
        val object = val::object();
        object.set("keep", factors.keep);
        object.set("normalDragShare", factors.normalDragShare);
        object.set("tangentialDragShare", factors.tangentialDragShare);
        return object;
    }
    int substepsFor(float fastestApproach) const { return model().substepsFor(fastestApproach); }
    // [{kind: 'predict'}, {kind: 'constrain', iteration, direction, colour}, ..., {kind: 'collide'}]:
    // direction indexes directions(); sweeps ({kind: 'sweep', iteration}) for the CPU-only orderings.
    val substepSchedule() const {
        val list = val::array();
        for (const Stage& stage : model().substepSchedule()) {
            val entry = val::object();
            entry.set("kind", val(stageName(stage.kind)));
            if (stage.kind == StageKind::Constrain || stage.kind == StageKind::Sweep) entry.set("iteration", stage.iteration);
            if (stage.kind == StageKind::Constrain) {
                entry.set("direction", static_cast<int>(stage.direction));
                entry.set("colour", stage.colour);
            }
            list.call<void>("push", entry);
        }
        return list;
    }
    void resetFace() { reset(); }
    int advanceClock(double frameSeconds) { return guarded([&] { return advanceClockBy(frameSeconds); }); }

    void set(const val& changes) {
        guarded([&] {
            ClothSettings next = model().settings();
            applySettings(JsSettingSource(changes, "changes"), next);
            configure(next);
        });
    }
    val settings() const { return settingsToJs(model().settings()); }

    void pin(double particle) { guarded([&] { pinParticle(particleIndex(particle)); }); }
    void unpin(double particle) { guarded([&] { unpinParticle(particleIndex(particle)); }); }
    bool isPinned(double particle) const { return guarded([&] { return model().isPinned(particleIndex(particle)); }); }
    void hold(double particle, const val& position) {
        guarded([&] {
            const std::vector<float> xyz = emscripten::convertJSArrayToNumberVector<float>(position);
            if (xyz.size() != 3) throw std::invalid_argument("nuno: 'position' must be an array of 3 numbers");
            holdParticle(particleIndex(particle), Vec3(xyz[0], xyz[1], xyz[2]));
        });
    }
    void release(double particle) { guarded([&] { releaseParticle(particleIndex(particle)); }); }
    // Returns whether the set of attached particles changed (attachments.hpp).
    bool attach(const val& particles, const val& targets) {
        return guarded([&] {
            return attachParticles(emscripten::convertJSArrayToNumberVector<double>(particles),
                                   emscripten::convertJSArrayToNumberVector<double>(targets));
        });
    }

    std::uint32_t addCollider(const val& description) {
        return guarded([&] { return addColliderOf(readCollider(JsSettingSource(description, "collider"))); });
    }
    void updateCollider(std::uint32_t id, const val& changes) {
        guarded([&] {
            const Collider& current = model().collider(id);
            updateColliderOf(id, readCollider(JsSettingSource(changes, "collider"), &current));
        });
    }
    void removeCollider(std::uint32_t id) { guarded([&] { removeColliderOf(id); }); }
    // Plain descriptions, in the order collisions are resolved: {id, type, center, radius} or
    // {id, type, normal, offset} (the plane dot(normal, x) = offset), plus friction.
    val colliderList() const {
        val list = val::array();
        const ColliderSet& set = model().colliders();
        for (std::size_t i = 0; i < set.size(); ++i) list.call<void>("push", colliderToJs(set.ids()[i], set.all()[i]));
        return list;
    }

    // Measures of the CPU cloth's own positions (positions undefined), or of positions read back
    // from a GPU (xyz per particle).
    float colliderClearance(const val& positions) const {
        return guarded([&] {
            std::vector<Vec3> given;
            return model().colliderClearance(positionsOf(positions, given));
        });
    }
    // Pairs closer than thickness / 2 that were farther than thickness apart at rest.
    double selfIntersections(double thickness, const val& positions) const {
        return guarded([&] {
            if (!(thickness > 0.0 && thickness <= 1.0)) failInput("thickness", "a number in (0, 1]", {thickness});
            std::vector<Vec3> given;
            return static_cast<double>(model().selfIntersections(positionsOf(positions, given), static_cast<float>(thickness)));
        });
    }
    // Structural edges through triangles of the cloth that share no particle with them
    // (self_crossings.hpp).
    double selfCrossings(const val& positions) const {
        return guarded([&] {
            std::vector<Vec3> given;
            return static_cast<double>(model().selfCrossings(positionsOf(positions, given)));
        });
    }
    // Of the constraints still solved: by the torn bits given (a byte per particle), or the CPU
    // cloth's own.
    val strain(const std::string& family, const val& positions, const val& torn) const {
        return guarded([&] {
            std::vector<Vec3> given;
            std::vector<std::uint8_t> givenTorn;
            const std::vector<std::uint8_t>* tornBits = ownTorn();
            if (!torn.isUndefined()) {
                givenTorn = emscripten::convertJSArrayToNumberVector<std::uint8_t>(torn);
                if (givenTorn.size() != model().particleCount()) {
                    failInput("torn", {"a byte per particle (", static_cast<double>(model().particleCount()), ")"},
                              {static_cast<double>(givenTorn.size()), " bytes"});
                }
                tornBits = &givenTorn;
            }
            const Strain strain = model().strain(parseFamily(family), positionsOf(positions, given), tornBits);
            val result = val::object();
            result.set("max", strain.max);
            result.set("mean", strain.mean);
            return result;
        });
    }

    val restPositions() const { return floatView(model().restPositions()); }
    std::size_t constraintCount(const std::string& family) const {
        return guarded([&] { return model().constraintCount(parseFamily(family)); });
    }
    double simulatedSeconds() const { return model().simulatedSeconds(); }
    int patchCount() const { return model().grid().patchCount(); }
    int patchOf(double particle) const {
        return guarded([&] { return model().grid().patchOf(particleIndex(particle)); });
    }
    std::size_t particleCount() const { return model().particleCount(); }
    int columns() const { return model().settings().columns; }
    int rows() const { return model().settings().rows; }
    double carriedSeconds() const { return model().carriedSeconds(); }

protected:
    virtual const ClothModel& model() const = 0;
    virtual std::uint32_t addColliderOf(const Collider& collider) = 0;
    virtual void updateColliderOf(std::uint32_t id, const Collider& collider) = 0;
    virtual void removeColliderOf(std::uint32_t id) = 0;
    // The cloth's own positions and torn bits; null for a model, which measures only those given.
    virtual const std::vector<Vec3>* ownPositions() const = 0;
    virtual const std::vector<std::uint8_t>* ownTorn() const = 0;
    virtual int advanceClockBy(double frameSeconds) = 0;
    virtual void configure(const ClothSettings& next) = 0;
    virtual void reset() = 0;
    virtual void pinParticle(std::uint32_t particle) = 0;
    virtual void unpinParticle(std::uint32_t particle) = 0;
    virtual void holdParticle(std::uint32_t particle, const Vec3& position) = 0;
    virtual void releaseParticle(std::uint32_t particle) = 0;
    virtual bool attachParticles(const std::vector<double>& particles, const std::vector<double>& targets) = 0;

    static val floatView(const std::vector<Vec3>& points) {
        return val(emscripten::typed_memory_view(points.size() * 3, &points.data()->x));
    }
    std::uint32_t particleIndex(double particle) const {
        const std::size_t count = model().particleCount();
        if (!(particle >= 0 && particle < static_cast<double>(count)) ||
            particle != static_cast<double>(static_cast<std::uint32_t>(particle))) {
            failInput("particle", {"an integer in [0, ", count - 1, "]"}, {particle});
        }
        return static_cast<std::uint32_t>(particle);
    }

    // The positions given, copied into `given`, or the CPU cloth's own when none are.
    const std::vector<Vec3>& positionsOf(const val& positions, std::vector<Vec3>& given) const {
        const std::size_t count = model().particleCount();
        if (positions.isUndefined()) {
            if (const std::vector<Vec3>* own = ownPositions()) return *own;
            failWith({"'positions' must be given: x, y, z for each of the ", count,
                      " particles, read back from where the cloth steps"});
        }
        const std::vector<float> flat = emscripten::convertJSArrayToNumberVector<float>(positions);
        if (flat.size() != count * 3) {
            failWith({"'positions' must hold x, y, z for each of the ", count, " particles"});
        }
        given.resize(count);
        for (std::size_t i = 0; i < count; ++i) given[i] = Vec3(flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]);
        return given;
    }
};

// The face's calls made on a Cloth or a ClothModel, which spell them alike.
template <class Owner>
class JsFaceOf : public JsClothFace {
public:
    template <class... Limits>
    explicit JsFaceOf(const val& settings, Limits... limits) : owner_(settingsFrom(settings), limits...) {}

protected:
    std::uint32_t addColliderOf(const Collider& collider) override { return owner_.addCollider(collider); }
    void updateColliderOf(std::uint32_t id, const Collider& collider) override { owner_.updateCollider(id, collider); }
    void removeColliderOf(std::uint32_t id) override { owner_.removeCollider(id); }
    int advanceClockBy(double frameSeconds) override { return owner_.advanceClock(frameSeconds); }
    void configure(const ClothSettings& next) override { owner_.configure(next); }
    void reset() override { owner_.reset(); }
    void pinParticle(std::uint32_t particle) override { owner_.pin(particle); }
    void unpinParticle(std::uint32_t particle) override { owner_.unpin(particle); }
    void holdParticle(std::uint32_t particle, const Vec3& position) override { owner_.hold(particle, position); }
    void releaseParticle(std::uint32_t particle) override { owner_.release(particle); }
    bool attachParticles(const std::vector<double>& particles, const std::vector<double>& targets) override {
        return owner_.attach(particles, targets);
    }

    Owner owner_;
};

class JsCloth : public JsFaceOf<Cloth> {
public:
    explicit JsCloth(const val& settings) : JsFaceOf(settings) { owner_.useThreads(moduleTeam()); }

    int threadCount() const { return owner_.threadCount(); }
    int step(double frameSeconds) { return guarded([&] { return owner_.step(frameSeconds); }); }
    void stepFixed(int count) { guarded([&] { owner_.stepFixed(count); }); }
    void stepStages(int count) { guarded([&] { owner_.stepStages(count); }); }
    // Views over the cloth's arrays.
    val positions() const { return floatView(owner_.positions()); }
    val normals() { return floatView(owner_.normals()); }
    val velocities() const { return floatView(owner_.particles().velocities); }
    val inverseMasses() const {
        const auto& masses = owner_.particles().inverseMasses;
        return val(emscripten::typed_memory_view(masses.size(), masses.data()));
    }
    val triangleIndices() const {
        const auto& indices = owner_.topology().triangleIndices;
        return val(emscripten::typed_memory_view(indices.size(), indices.data()));
    }
    // A byte per particle: its torn constraints' bits (tearing.hpp).
    val tornMask() const {
        const auto& bits = owner_.torn().bits();
        return val(emscripten::typed_memory_view(bits.size(), bits.data()));
    }
    double tornConstraints() const { return static_cast<double>(owner_.torn().count()); }
    double kineticEnergy() const { return owner_.kineticEnergy(); }
    float lowestPoint() const { return owner_.lowestPoint(); }
    double stepsTaken() const { return static_cast<double>(owner_.stepsTaken()); }
    double nonFiniteRecoveries() const { return static_cast<double>(owner_.nonFiniteRecoveries()); }

protected:
    const ClothModel& model() const override { return owner_.model(); }
    const std::vector<Vec3>* ownPositions() const override { return &owner_.positions(); }
    const std::vector<std::uint8_t>* ownTorn() const override { return &owner_.torn().bits(); }
};

// What a cloth that steps elsewhere uploads and advances: copies JS owns, views, and the clock
// and colliders' bookkeeping.
class JsClothModel : public JsFaceOf<ClothModel> {
public:
    // cpuLimits: the model of a CPU cloth that steps elsewhere (the worker cloth), held to the
    // memory the CPU stepper will keep, so the page refuses what the worker could not make.
    JsClothModel(const val& settings, bool cpuLimits)
        : JsFaceOf(settings, cpuLimits ? &Cloth::memoryBytes : &ClothModel::memoryBytes),
          changeCheck_(cpuLimits ? &Cloth::requireChangeFitsInMemory : nullptr) {}

    val inverseMasses() const { return typedArrayOf(owner_.inverseMasses()); }
    float inverseMassOf(double particle) const {
        return guarded([&] { return owner_.inverseMassOf(particleIndex(particle)); });
    }
    val triangleIndices() const { return typedArrayOf(triangleIndicesOf(owner_.grid())); }
    // The velocities reset() starts from: the caller's, or zero.
    val initialVelocities() const {
        const std::vector<Vec3>& given = owner_.settings().initialVelocities;
        return given.empty() ? val::global("Float32Array").new_(3 * owner_.particleCount()) : floatView(given);
    }
    // At the start of a call's steps, what the GPU's attach pass reads, 8 floats per attached
    // particle: where it was when the call's motion began (x, y, z), its column, its target
    // (x, y, z), its row. The model then takes every particle to be at its target, as the call's
    // steps will leave it.
    val takeAttachedCall() {
        std::vector<float> packed;
        packed.reserve(8 * owner_.attachments().list().size());
        const auto columns = static_cast<std::uint32_t>(owner_.grid().columns);
        for (const Attachment& a : owner_.attachments().list()) {
            packed.insert(packed.end(), {a.from.x, a.from.y, a.from.z, static_cast<float>(a.particle % columns), a.to.x,
                                         a.to.y, a.to.z, static_cast<float>(a.particle / columns)});
        }
        owner_.arriveAttachments();
        return typedArrayOf(packed);
    }
    val attachedMotion(int step, int substep, int substeps, int steps) const {
        const AttachedMotion motion = owner_.attachedMotion(step, substep, substeps, steps);
        val object = val::object();
        object.set("progress", motion.progress);
        object.set("inverseSeconds", motion.inverseSeconds);
        return object;
    }
    val restLengthsByDirection() const {
        const auto& lengths = owner_.restLengthsByDirection();
        return val(emscripten::typed_memory_view(lengths.size(), lengths.data()));
    }
    // After a step's first substep the colliders' travel is swept.
    void forgetColliderTravel() { owner_.forgetColliderTravel(); }
    // The colliders as the GPU collide pass reads them, in resolution order: {count, kinds (a code
    // each), shapes (kColliderShapeVec4s vec4s each, packForGpu), frictions, travels (metres each
    // moved since the cloth last stepped)}.
    val packedColliders() const {
        const ColliderSet& set = owner_.colliders();
        std::vector<int> kinds;
        std::vector<float> shapes;
        std::vector<float> frictions;
        const std::vector<int> layers = meshFieldLayers(set.all());
        for (std::size_t c = 0; c < set.size(); ++c) {
            const Collider& collider = set.all()[c];
            kinds.push_back(static_cast<int>(collider.shape.index()));
            const PackedShape packed = packForGpu(collider.shape, layers[c]);
            shapes.insert(shapes.end(), packed.begin(), packed.end());
            frictions.push_back(collider.friction);
        }
        val object = val::object();
        object.set("count", static_cast<int>(set.size()));
        object.set("kinds", typedArrayOf(kinds));
        object.set("shapes", typedArrayOf(shapes));
        object.set("frictions", typedArrayOf(frictions));
        object.set("travels", typedArrayOf(set.travels()));
        object.set("meshFieldVersion", set.meshFieldVersion());
        return object;
    }
    // Every mesh collider's field in one grid, as the GPU cloths upload it (MeshFieldAtlas):
    // {width, height, depth, values}.
    val meshFieldAtlas() const {
        const MeshFieldAtlas atlas = nuno::meshFieldAtlas(owner_.colliders().all());
        val object = val::object();
        object.set("width", atlas.width);
        object.set("height", atlas.height);
        object.set("depth", atlas.depth);
        object.set("values", typedArrayOf(atlas.values));
        return object;
    }
    // {width, height, depth} of meshFieldAtlas(), without its samples.
    val meshFieldAtlasSize() const {
        const glm::ivec3 size = nuno::meshFieldAtlasSize(owner_.colliders().all());
        val object = val::object();
        object.set("width", size.x);
        object.set("height", size.y);
        object.set("depth", size.z);
        return object;
    }
    // The gust waves now, as the GPU predict pass reads them (two vec4s a wave: (wavevector,
    // phase) and (amplitude, 0)), then the gust clock moved on by a substep of a step cut into
    // `substeps` (web/cloth-model.js checks it). A view over a table this object keeps, valid
    // until the next call.
    val gustWavesForSubstep(int substeps) {
        const GustWaves waves = owner_.gustWavesForSubstep(substeps);
        for (std::size_t k = 0; k < waves.size(); ++k) {
            const GustWave& wave = waves[k];
            const float packed[8] = {wave.wavevector.x, wave.wavevector.y, wave.wavevector.z, wave.phase,
                                     wave.amplitude.x,  wave.amplitude.y,  wave.amplitude.z,  0.0f};
            std::copy(std::begin(packed), std::end(packed), gustTable_.begin() + static_cast<std::ptrdiff_t>(8 * k));
        }
        return val(emscripten::typed_memory_view(gustTable_.size(), gustTable_.data()));
    }

    // The untangling of a cloth that steps elsewhere (src/untangle.hpp), which looks at positions
    // read back some steps later (web/backends/gpu/untangling.js): whether this step is one to
    // look in (counting it), and the look, as the GPU separate pass reads it
    // (Untangling::writeTangles: an Int32Array view valid until the next look, empty while
    // nothing went through).
    bool untanglingLookDue() { return untangling_.lookDue(); }
    val untangle(const val& positions) {
        return guarded([&] {
            std::vector<Vec3> given;
            untangling_.look(positionsOf(positions, given), owner_.grid());
            untangling_.writeTangles(owner_.particleCount(), tangles_);
            return val(emscripten::typed_memory_view(tangles_.size(), tangles_.data()));
        });
    }

protected:
    const ClothModel& model() const override { return owner_; }
    const std::vector<Vec3>* ownPositions() const override { return nullptr; }
    const std::vector<std::uint8_t>* ownTorn() const override { return nullptr; }
    void configure(const ClothSettings& next) override { owner_.configure(next, changeCheck_); }
    void reset() override {
        owner_.reset();
        untangling_ = Untangling();
    }

private:
    ClothModel::ChangeCheck changeCheck_;
    Untangling untangling_;
    std::vector<std::int32_t> tangles_;
    std::array<float, 8 * kGustWaves> gustTable_{};
};

// Construction goes through a factory so a bad setting becomes a JS Error before anything is
// allocated for the cloth.
template <class Face, class... Options>
Face* create(const val& settings, Options... options) {
    return guarded([&] { return new Face(settings, options...); });
}

// Bytes of the wasm heap in use: lets tests prove that create/dispose cycles leak nothing.
double heapBytesInUse() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace
}  // namespace nuno

EMSCRIPTEN_BINDINGS(nuno) {
    using namespace emscripten;
    using nuno::JsCloth;
    using nuno::JsClothFace;
    using nuno::JsClothModel;
    class_<JsClothFace>("ClothFace")
        .function("familyRules", &JsClothFace::familyRules)
        .function("substepFactors", &JsClothFace::substepFactors)
        .function("substepsFor", &JsClothFace::substepsFor)
        .function("substepSchedule", &JsClothFace::substepSchedule)
        .function("reset", &JsClothFace::resetFace)
        .function("advanceClock", &JsClothFace::advanceClock)
        .function("set", &JsClothFace::set)
        .function("settings", &JsClothFace::settings)
        .function("pin", &JsClothFace::pin)
        .function("unpin", &JsClothFace::unpin)
        .function("isPinned", &JsClothFace::isPinned)
        .function("hold", &JsClothFace::hold)
        .function("release", &JsClothFace::release)
        .function("attach", &JsClothFace::attach)
        .function("addCollider", &JsClothFace::addCollider)
        .function("updateCollider", &JsClothFace::updateCollider)
        .function("removeCollider", &JsClothFace::removeCollider)
        .function("colliders", &JsClothFace::colliderList)
        .function("colliderClearance", &JsClothFace::colliderClearance)
        .function("selfIntersections", &JsClothFace::selfIntersections)
        .function("selfCrossings", &JsClothFace::selfCrossings)
        .function("strain", &JsClothFace::strain)
        .function("restPositions", &JsClothFace::restPositions)
        .function("constraintCount", &JsClothFace::constraintCount)
        .function("simulatedSeconds", &JsClothFace::simulatedSeconds)
        .function("patchCount", &JsClothFace::patchCount)
        .function("patchOf", &JsClothFace::patchOf)
        .function("particleCount", &JsClothFace::particleCount)
        .function("columns", &JsClothFace::columns)
        .function("rows", &JsClothFace::rows)
        .function("carriedSeconds", &JsClothFace::carriedSeconds);
    class_<JsCloth, base<JsClothFace>>("Cloth")
        .constructor(&nuno::create<JsCloth>, allow_raw_pointers())
        .function("step", &JsCloth::step)
        .function("stepFixed", &JsCloth::stepFixed)
        .function("stepStages", &JsCloth::stepStages)
        .function("threadCount", &JsCloth::threadCount)
        .function("positions", &JsCloth::positions)
        .function("normals", &JsCloth::normals)
        .function("velocities", &JsCloth::velocities)
        .function("inverseMasses", &JsCloth::inverseMasses)
        .function("triangleIndices", &JsCloth::triangleIndices)
        .function("tornMask", &JsCloth::tornMask)
        .function("tornConstraints", &JsCloth::tornConstraints)
        .function("kineticEnergy", &JsCloth::kineticEnergy)
        .function("lowestPoint", &JsCloth::lowestPoint)
        .function("stepsTaken", &JsCloth::stepsTaken)
        .function("nonFiniteRecoveries", &JsCloth::nonFiniteRecoveries);
    class_<JsClothModel, base<JsClothFace>>("ClothModel")
        .constructor(&nuno::create<JsClothModel, bool>, allow_raw_pointers())
        .function("inverseMasses", &JsClothModel::inverseMasses)
        .function("inverseMassOf", &JsClothModel::inverseMassOf)
        .function("triangleIndices", &JsClothModel::triangleIndices)
        .function("initialVelocities", &JsClothModel::initialVelocities)
        .function("takeAttachedCall", &JsClothModel::takeAttachedCall)
        .function("attachedMotion", &JsClothModel::attachedMotion)
        .function("restLengthsByDirection", &JsClothModel::restLengthsByDirection)
        .function("forgetColliderTravel", &JsClothModel::forgetColliderTravel)
        .function("packedColliders", &JsClothModel::packedColliders)
        .function("meshFieldAtlas", &JsClothModel::meshFieldAtlas)
        .function("meshFieldAtlasSize", &JsClothModel::meshFieldAtlasSize)
        .function("gustWavesForSubstep", &JsClothModel::gustWavesForSubstep)
        .function("untanglingLookDue", &JsClothModel::untanglingLookDue)
        .function("untangle", &JsClothModel::untangle);
    function("useThreads", &nuno::useThreads);
    function("heapBytesInUse", &nuno::heapBytesInUse);
    function("directions", &nuno::directions);
    function("settingsSchema", &nuno::settingsSchemaToJs);
    function("placePatches", &nuno::placePatchesToJs);
}
