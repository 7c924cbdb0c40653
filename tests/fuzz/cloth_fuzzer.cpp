// libFuzzer target over nuno's public C++ API: the settings reader, the collider reader and the
// running cloth (step, stepFixed, set, pin, hold, attach, colliders, reset), built with ASan and UBSan.
//
// Each input is decoded (FuzzedDataProvider) into a structured sequence rather than parsed as
// text, so almost every input reaches the simulation: a settings document (the names of the
// core's settings schema with values of their kind, in and around their ranges, most of the
// time; junk names and wrong types some of the time), a
// cloth built from it, then up to kMaxOperations calls on that cloth, each from the same pools of
// values (huge, tiny, negative, NaN, infinite, arrays of the wrong length, nested families).
// One input in four makes its cloth as createPatches does (readPatchRequest, then placePatches),
// with per-patch pose arrays. Every array setting (positions, velocities, pins, the patch
// arrays, vectors and collider vectors) is sometimes given a NaN at some index, and sometimes a
// length at its limit, just under or just over it, or as long as a JS array may be: such arrays
// are described, not held (FuzzedSource), as JS hands the reader an array's length before
// its numbers.
//
// What counts as a failure (abort(), so libFuzzer saves the input as a crash artifact):
//   - any exception other than std::invalid_argument, from any call;
//   - a std::invalid_argument whose message does not start with "nuno: " or names nothing in
//     quotes: every rejection must say which input it rejects;
//   - a rejected call that changed the cloth (particles, settings, colliders, clock);
//   - an array longer than its setting takes copied by the reader before it was refused (a JS
//     array of 3e8 gave std::bad_alloc that way);
//   - a non-finite position or velocity after an accepted call, or a step the cloth had to undo
//     because it went non-finite (Cloth::nonFiniteRecoveries): no accepted input may give NaN;
//   - a non-finite normal, kinetic energy, strain or lowest point read from an accepted cloth;
//   - anything ASan or UBSan reports.
// Grids stay small by construction (at most kMaxSide particles a side, or sizes that validation
// must reject before allocating), and every input has a budget of solver work, so one input runs
// in about a millisecond.
//
// At exit the target prints its tally (inputs, cloths built, calls rejected by name, per name);
// scripts/fuzz.sh turns it into metric lines. NUNO_FUZZ_TRACE=1 prints each call as it runs,
// for reading a crash artifact: `NUNO_FUZZ_TRACE=1 build/fuzz/nuno_cloth_fuzzer crash-...`.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <typeinfo>
#include <variant>
#include <vector>

#include "cloth.hpp"
#include "json_setting_source.hpp"
#include "patches.hpp"

namespace {

using nlohmann::json;
using nuno::Cloth;
using nuno::ClothSettings;
using nuno::Collider;
using nuno::Vec3;

constexpr int kMaxSide = 24;             // columns and rows of grids the fuzzer means to build
constexpr int kMaxOperations = 24;       // calls on one cloth per input
constexpr int kMaxSettingKeys = 10;      // names in one settings or changes document
constexpr std::uint64_t kWorkBudget = 20000;  // particle x substep x iteration units per input

// ---------------------------------------------------------------------------------------------
// Tally, printed at exit.

struct Tally {
    std::uint64_t inputs = 0;
    std::uint64_t clothsBuilt = 0;           // from the fuzzed settings (not the fallback cloth)
    std::uint64_t callsAccepted = 0;
    std::uint64_t rejectedByName = 0;        // std::invalid_argument, "nuno: ..." naming a 'thing'
    std::uint64_t stepsRun = 0;
    std::map<std::string, std::uint64_t> rejectionsByName;  // the quoted name -> count
};

Tally tally;
bool tracing = false;
std::vector<std::string> trace;  // this input's calls, printed when it fails

void printTally() {
    std::fprintf(stderr, "fuzz: inputs %llu\n", static_cast<unsigned long long>(tally.inputs));
    std::fprintf(stderr, "fuzz: cloths built %llu\n", static_cast<unsigned long long>(tally.clothsBuilt));
    std::fprintf(stderr, "fuzz: calls accepted %llu\n", static_cast<unsigned long long>(tally.callsAccepted));
    std::fprintf(stderr, "fuzz: fixed steps run %llu\n", static_cast<unsigned long long>(tally.stepsRun));
    std::fprintf(stderr, "fuzz: rejected by name %llu\n", static_cast<unsigned long long>(tally.rejectedByName));
    // The names most rejected, which tell what the run reached; the fuzzer's junk names (control
    // characters, long strings) are many and say little, so only plain ones are listed.
    std::vector<std::pair<std::uint64_t, std::string>> plain;
    for (const auto& [name, count] : tally.rejectionsByName) {
        const bool readable = !name.empty() && name.size() <= 40 && std::all_of(name.begin(), name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '*' || c == ' ' || c == '_';
        });
        if (readable) plain.emplace_back(count, name);
    }
    std::sort(plain.rbegin(), plain.rend());
    if (plain.size() > 40) plain.resize(40);
    std::string names;
    for (const auto& [count, name] : plain) names += (names.empty() ? "" : ", ") + ("'" + name + "' " + std::to_string(count));
    std::fprintf(stderr, "fuzz: rejected names (%zu distinct, the most rejected plain ones): %s\n",
                 tally.rejectionsByName.size(), names.c_str());
}

void note(const std::string& call) {
    if (tracing) std::fprintf(stderr, "  %s\n", call.c_str());
    trace.push_back(call);
}

// Survey mode (NUNO_FUZZ_SURVEY=DIR): instead of stopping at the first failure, report each kind
// of failure once, write the input that first showed it to DIR, and go on with the next input.
// For listing what is wrong while it is being fixed; the fuzz runs themselves stop at the first.
const char* surveyFolder = nullptr;
const std::uint8_t* inputData = nullptr;
std::size_t inputSize = 0;
std::map<std::string, std::uint64_t> failuresByKind;
struct AbandonInput {};

void printSurvey() {
    for (const auto& [kind, count] : failuresByKind) {
        std::fprintf(stderr, "fuzz: failure x%llu: %s\n", static_cast<unsigned long long>(count), kind.c_str());
    }
}

// The call's name: what comes before its arguments.
std::string nameOf(const std::string& call) { return call.substr(0, call.find('(')); }

// kind: what went wrong, without the values (one line per kind in the survey); detail: the values.
[[noreturn]] void failure(const std::string& kind, const std::string& detail) {
    if (surveyFolder) {
        if (failuresByKind[kind]++ > 0) throw AbandonInput{};
    }
    std::fprintf(stderr, "\nnuno fuzz failure: %s\n  %s\ncalls of this input:\n", kind.c_str(), detail.c_str());
    for (const std::string& call : trace) std::fprintf(stderr, "  %s\n", call.c_str());
    std::fflush(stderr);
    if (surveyFolder) {
        std::string file = std::string(surveyFolder) + "/finding-" + std::to_string(failuresByKind.size());
        if (std::FILE* out = std::fopen(file.c_str(), "wb")) {
            std::fwrite(inputData, 1, inputSize, out);
            std::fclose(out);
            std::fprintf(stderr, "  input written to %s\n", file.c_str());
        }
        throw AbandonInput{};
    }
    std::abort();
}

// The name a rejection message quotes first, or nothing when it quotes none.
std::optional<std::string> quotedName(const std::string& message) {
    const std::size_t open = message.find('\'');
    if (open == std::string::npos) return std::nullopt;
    const std::size_t close = message.find('\'', open + 1);
    if (close == std::string::npos) return std::nullopt;
    return message.substr(open + 1, close - open - 1);
}

void acceptRejection(const std::string& call, const std::string& message) {
    const std::optional<std::string> name = quotedName(message);
    if (message.rfind("nuno: ", 0) != 0 || !name) {
        failure("a rejection of " + nameOf(call) + " names nothing in quotes or lacks 'nuno: '",
                call + " was rejected with \"" + message + "\"");
    }
    ++tally.rejectedByName;
    ++tally.rejectionsByName[*name];
    if (tracing) std::fprintf(stderr, "    rejected: %s\n", message.c_str());
}

// Thrown by the fuzzer itself for a call it chose not to make.
struct SkippedBigGrid {};

// Runs one call; true when accepted, false when rejected by name; aborts on anything else.
template <class Call>
bool attempt(const std::string& call, Call&& body) {
    note(call);
    try {
        body();
        ++tally.callsAccepted;
        return true;
    } catch (const std::invalid_argument& error) {
        acceptRejection(call, error.what());
        return false;
    } catch (const SkippedBigGrid&) {
        return false;
    } catch (const std::exception& error) {
        failure(nameOf(call) + " threw " + typeid(error).name() + ", not std::invalid_argument",
                call + " threw \"" + error.what() + "\"");
    } catch (...) {
        failure(nameOf(call) + " threw something that is not a std::exception", call);
    }
}

// A document as the reader sees a JS object, where an array may declare up to 2^32 - 1 elements:
// a value {kLongArray: length, "fill": x, "nanAt": i, "overLimit": b} stands for an array of
// that length, all x but a NaN at i (none when i is past the end), made only when the reader
// copies it. overLimit says it is longer than its setting takes, which the reader must refuse
// from length() before it copies anything. Everything else is read as JsonSettingSource reads it.
const char* const kLongArray = "nuno fuzzer: long array";  // longer than a fuzzed junk name (12)

class FuzzedSource final : public nuno::SettingSource {
public:
    explicit FuzzedSource(const json& document) : document_(document), json_(document) {}

    std::vector<std::string> keys() const override { return json_.keys(); }
    bool isText(const std::string& key) const override { return json_.isText(key); }
    double number(const std::string& key) const override { return json_.number(key); }
    std::string text(const std::string& key) const override { return json_.text(key); }
    std::unique_ptr<nuno::SettingSource> child(const std::string& key) const override { return json_.child(key); }
    std::size_t length(const std::string& key) const override {
        const json* array = longArray(key);
        return array ? array->at(kLongArray).get<std::size_t>() : json_.length(key);
    }
    std::vector<double> numbers(const std::string& key) const override {
        const json* array = longArray(key);
        if (!array) return json_.numbers(key);
        const std::size_t count = array->at(kLongArray).get<std::size_t>();
        if (array->at("overLimit").get<bool>()) {
            failure("an array longer than its setting takes was copied before it was refused",
                    "'" + key + "' of " + std::to_string(count) + " numbers");
        }
        std::vector<double> values(count, array->at("fill").get<double>());
        const std::size_t nanAt = array->at("nanAt").get<std::size_t>();
        if (nanAt < count) values[nanAt] = std::numeric_limits<double>::quiet_NaN();
        return values;
    }

private:
    const json* longArray(const std::string& key) const {
        const auto found = document_.find(key);
        return found != document_.end() && found->is_object() && found->contains(kLongArray) ? &*found : nullptr;
    }

    const json& document_;
    nuno::JsonSettingSource json_;
};

// ---------------------------------------------------------------------------------------------
// Values. Numbers are doubles, as JS hands them over; NaN and infinities are numbers there too.
//
// FuzzedDataProvider answers the lowest choice once the input's bytes run out, so every choice
// here puts the ordinary case first and the odd one last: a short input still builds a sensible
// cloth and makes sensible calls, and the mutations reach the odd values.

// True one time in n (never once the input is spent).
bool oneIn(FuzzedDataProvider& input, int n) { return input.ConsumeIntegralInRange(1, n) == n; }

const double kInfinity = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// Edges of the documented ranges and of float and int, and values known to be hard.
const double kInterestingNumbers[] = {
    0.0, -0.0, 1e-45, 1.4e-45, 1e-38, 1.2e-38, 1e-37, 1e-36, 1e-20, 1e-9, 1e-6, 1e-4, 9.9e-5, 1e-3,
    0.005, 0.01, 1.0 / 60.0, 0.05, 0.0999, 0.1, 0.1001, 0.25, 0.5, 0.999, 1.0, 1.0001, 1.5, 1.999,
    2.0, 2.5, 3.0, 9.81, 10.0, 20.0, 20.5, 49.9, 50.0, 50.1, 99.9, 100.0, 100.1, 1000.0, 1000.1,
    1e4, 1e4 + 1, 16384, 16385, 1e6, 1e9, 1e9 + 1, 2147483647.0, 2147483648.0, 4294967295.0,
    4294967296.0, 1e10, 1e15, 9007199254740993.0, 1e20, 3.4e38, 3.4028235e38, 3.5e38, 1e39, 1e300,
    1.7976931348623157e308, kInfinity, kNaN};

double interestingNumber(FuzzedDataProvider& input) {
    const double value = input.PickValueInArray(kInterestingNumbers);
    return input.ConsumeBool() ? -value : value;
}

double anyNumber(FuzzedDataProvider& input) {
    switch (input.ConsumeIntegralInRange(0, 3)) {
        case 0: return interestingNumber(input);
        case 1: return input.ConsumeIntegralInRange(-3, 40);
        case 2: return input.ConsumeFloatingPointInRange(-2.0, 2.0);
        default: {  // log-uniform over many decades, either sign
            const double magnitude = std::pow(10.0, input.ConsumeFloatingPointInRange(-40.0, 40.0));
            return input.ConsumeBool() ? -magnitude : magnitude;
        }
    }
}

// Mostly in [0, 1] (stiffness, compliance, friction live there), sometimes anything.
double unitNumber(FuzzedDataProvider& input) {
    return oneIn(input, 4) ? anyNumber(input) : input.ConsumeProbability<double>();
}

json numberValue(double value) { return json(value); }

const char* const kJunkNames[] = {"",        "Columns", "damping ", "__proto__", "constructor", "toString",
                                  "x",       "type",    "center",   "radius",    "friction",    "offset",
                                  "normal",  "point",   "settings", "count",     "0",           "structural.compliance",
                                  "a'b",     "\xff\xfe"};
const char* const kJunkTexts[] = {"", "NaN", "Infinity", "1", "0.5", "XPBD", "pbd ", "null", "true", "sphere", "plane", "capsule", "box",
                                  "\xc3\xa9", "red_black"};

std::string junkText(FuzzedDataProvider& input) {
    return input.ConsumeBool() ? std::string(input.PickValueInArray(kJunkTexts)) : input.ConsumeRandomLengthString(12);
}

// Any JSON value, nesting a little.
json anyValue(FuzzedDataProvider& input, int depth = 0) {
    switch (input.ConsumeIntegralInRange(0, depth < 2 ? 7 : 4)) {
        case 0: return nullptr;
        case 1: return input.ConsumeBool();
        case 2: return numberValue(anyNumber(input));
        case 3: return junkText(input);
        case 4: return input.ConsumeIntegral<std::int64_t>();
        case 5: {
            json array = json::array();
            const int length = input.ConsumeIntegralInRange(0, 5);
            for (int i = 0; i < length; ++i) array.push_back(anyValue(input, depth + 1));
            return array;
        }
        case 6: {
            json array = json::array();
            const int length = input.ConsumeIntegralInRange(0, 5);
            for (int i = 0; i < length; ++i) array.push_back(anyNumber(input));
            return array;
        }
        default: {
            json object = json::object();
            const int count = input.ConsumeIntegralInRange(0, 3);
            for (int i = 0; i < count; ++i) object[junkText(input)] = anyValue(input, depth + 1);
            return object;
        }
    }
}

// An array near a setting's length limit (the most numbers it takes): at it, just under or just
// over it, or as long as a JS array may be; described, not held (see FuzzedSource).
json longArrayValue(FuzzedDataProvider& input, std::size_t limit, double fill) {
    const std::size_t kLongestJsArray = 4294967295;
    std::size_t length = kLongestJsArray;
    switch (input.ConsumeIntegralInRange(0, 4)) {
        case 0: length = limit + 1; break;
        case 1: length = limit; break;
        case 2: length = limit > 0 ? limit - 1 : 0; break;
        case 3: length = 300000000; break;  // issue 30's new Array(3e8)
        default: break;
    }
    const std::size_t nanAt = input.ConsumeBool() ? input.ConsumeIntegralInRange<std::size_t>(0, length) : length;
    return json{{kLongArray, length}, {"fill", fill}, {"nanAt", nanAt}, {"overLimit", length > limit}};
}

// The array with a NaN at some index.
json withNaN(FuzzedDataProvider& input, json array) {
    if (!array.empty()) array[input.ConsumeIntegralInRange<std::size_t>(0, array.size() - 1)] = kNaN;
    return array;
}

// Three numbers most of the time; otherwise another length or a wrong element.
json vectorValue(FuzzedDataProvider& input, bool smallValues = false) {
    const auto element = [&] { return smallValues ? input.ConsumeFloatingPointInRange(-3.0, 3.0) : anyNumber(input); };
    switch (input.ConsumeIntegralInRange(0, 9)) {
        default: return json::array({element(), element(), element()});
        case 5: return json::array({anyNumber(input), anyNumber(input), anyNumber(input)});
        case 6: return json::array({element(), anyValue(input, 1), element()});
        case 7: {
            json array = json::array();
            const int length = input.ConsumeIntegralInRange(0, 6);
            for (int i = 0; i < length; ++i) array.push_back(element());
            return array;
        }
        case 8: return withNaN(input, json::array({element(), element(), element()}));
        case 9: return longArrayValue(input, 3, element());
    }
}

// Mostly a few particles a side (fast to build and step), up to kMaxSide.
int smallSide(FuzzedDataProvider& input) {
    return oneIn(input, 4) ? input.ConsumeIntegralInRange(2, kMaxSide) : input.ConsumeIntegralInRange(2, 8);
}

// A grid side: small and valid, or a size validation must reject before allocating anything
// (never a valid huge grid, which would only measure the allocator).
json gridSideValue(FuzzedDataProvider& input) {
    static const double kRejectedSides[] = {-16385, -1, 0, 1, 1.5, 2.5, 16385, 1e5, 1e9, 1e9 + 1,
                                            2147483647.0, 4294967296.0, 1e10, 1e300, kInfinity, kNaN};
    switch (input.ConsumeIntegralInRange(0, 9)) {
        default: return numberValue(smallSide(input));
        case 8: return numberValue(4097);  // valid alone; with another 4097, over the particle limit
        case 9: return numberValue(input.PickValueInArray(kRejectedSides));
    }
}

const std::string& pick(FuzzedDataProvider& input, const std::vector<std::string>& names) {
    return names[input.ConsumeIntegralInRange<std::size_t>(0, names.size() - 1)];
}

json textValue(FuzzedDataProvider& input, const std::vector<std::string>& names) {
    if (oneIn(input, 5)) return junkText(input);
    return pick(input, names);
}

int documentInteger(const json& document, const char* key, int fallback) {
    const auto found = document.find(key);
    if (found == document.end() || !found->is_number()) return fallback;
    const double value = found->get<double>();
    return value >= 2 && value <= kMaxSide && std::floor(value) == value ? static_cast<int>(value) : fallback;
}

// Starting shapes: usually one point per particle (flat, noisy, all at one point, folded),
// sometimes the wrong count or an unreadable element.
json positionsValue(FuzzedDataProvider& input, const json& document, const ClothSettings& base) {
    const int columns = documentInteger(document, "columns", base.columns);
    const int rows = documentInteger(document, "rows", base.rows);
    const int points = columns * rows;
    json flat = json::array();
    switch (input.ConsumeIntegralInRange(0, 7)) {
        case 7: {  // near the most numbers any cloth takes; a point per particle, so under it a wrong count
            const std::size_t limit = 3 * std::size_t{nuno::maxParticleCount()};
            return longArrayValue(input, limit, input.ConsumeFloatingPointInRange(-1.0, 1.0));
        }
        case 6: {  // a flat sheet with a NaN somewhere
            for (int i = 0; i < points; ++i) flat.insert(flat.end(), {i % columns * 0.05, 1.0 - i / columns * 0.05, 0.0});
            return withNaN(input, flat);
        }
        case 5: {  // a wrong length
            const int length = input.ConsumeIntegralInRange(0, 3 * points + 4);
            for (int i = 0; i < length; ++i) flat.push_back(input.ConsumeFloatingPointInRange(-1.0, 1.0));
            return flat;
        }
        case 4: {  // every particle at one point: zero rest lengths
            const double x = anyNumber(input), y = anyNumber(input), z = anyNumber(input);
            for (int i = 0; i < points; ++i) flat.insert(flat.end(), {x, y, z});
            return flat;
        }
        case 3: {  // flat sheet, one element replaced by anything
            for (int i = 0; i < points; ++i) flat.insert(flat.end(), {i % columns * 0.05, 1.0 - i / columns * 0.05, 0.0});
            flat[input.ConsumeIntegralInRange(0, 3 * points - 1)] = input.ConsumeBool() ? anyValue(input) : json(anyNumber(input));
            return flat;
        }
        default: {  // a noisy sheet, scaled from tiny to huge
            const double scale = std::pow(10.0, input.PickValueInArray({-1, -2, 0, 1, -4, -8, -12, 2, 3, 5}));
            for (int i = 0; i < points; ++i) {
                flat.insert(flat.end(), {scale * (i % columns + input.ConsumeFloatingPointInRange(-0.5, 0.5)),
                                         scale * (i / columns + input.ConsumeFloatingPointInRange(-0.5, 0.5)),
                                         scale * input.ConsumeFloatingPointInRange(-0.5, 0.5)});
            }
            return flat;
        }
    }
}

// A number for a setting with the range [low, high]: inside it most of the time (so the cloth
// runs), at its ends or at the nearest float32 outside them (the reader rounds to float), or
// anything at all.
double numberIn(FuzzedDataProvider& input, double low, double high) {
    const auto justOutside = [](double end, double away) {
        return static_cast<double>(std::nextafter(static_cast<float>(end), static_cast<float>(away)));
    };
    switch (input.ConsumeIntegralInRange(0, 9)) {
        default: {  // log-uniform where the range spans decades, so small values are drawn too
            if (low > 0 && high / low > 100) {
                return std::exp(input.ConsumeFloatingPointInRange(std::log(low), std::log(high)));
            }
            return input.ConsumeFloatingPointInRange(low, high);
        }
        case 6: return input.PickValueInArray({low, high});
        case 7: return input.ConsumeBool() ? justOutside(high, kInfinity) : justOutside(low, -kInfinity);
        case 8: return input.ConsumeFloatingPointInRange(0.0, 1.0) * std::pow(10.0, input.ConsumeIntegralInRange(-3, 2));
        case 9: return anyNumber(input);
    }
}

// An integer setting: small and inside its range most of the time, sometimes at or past an end,
// a fraction or anything.
json integerIn(FuzzedDataProvider& input, const nuno::SettingInfo& info) {
    const double low = info.low;
    const double high = info.high;
    switch (input.ConsumeIntegralInRange(0, 5)) {
        default: return numberValue(input.ConsumeIntegralInRange<int>(static_cast<int>(low), static_cast<int>(std::min(high, low + 3))));
        case 4: return numberValue(input.PickValueInArray({low, high, low - 1, high + 1, low + 0.5, 1e9, 1e10, kNaN}));
        case 5: return numberValue(anyNumber(input));
    }
}

json pinsValue(FuzzedDataProvider& input, const nuno::SettingInfo& info) {
    if (input.ConsumeBool()) return textValue(input, info.choices);
    // Near the most indices any cloth takes; under it, indices past this grid's particles.
    if (oneIn(input, 8)) return longArrayValue(input, nuno::maxParticleCount(), input.ConsumeIntegralInRange(1000, 4000));
    json indices = json::array();
    const int count = input.ConsumeIntegralInRange(0, 8);
    for (int i = 0; i < count; ++i) {
        indices.push_back(oneIn(input, 6) ? json(anyNumber(input)) : json(input.ConsumeIntegralInRange(0, 40)));
    }
    return oneIn(input, 8) ? withNaN(input, indices) : indices;
}

// The settings the reader knows, from the core's own schema (settings_schema.hpp): names,
// kinds, ranges and choices, so a setting added there is fuzzed here with no change.
struct FuzzedSetting {
    const nuno::SettingInfo* info;
    std::vector<const nuno::SettingInfo*> fields;  // a family's, named 'family.field' in the schema
};

const std::vector<FuzzedSetting>& fuzzedSettings() {
    static const std::vector<FuzzedSetting> settings = [] {
        std::vector<FuzzedSetting> list;
        for (const nuno::SettingInfo& info : nuno::settingsSchema()) {
            const std::size_t dot = info.name.find('.');
            if (dot == std::string::npos) {
                list.push_back({&info, {}});
            } else if (!list.empty() && info.name.compare(0, dot, list.back().info->name) == 0) {
                list.back().fields.push_back(&info);
            }
        }
        return list;
    }();
    return settings;
}

json familyValue(FuzzedDataProvider& input, const FuzzedSetting& family) {
    json object = json::object();
    const int count = input.ConsumeIntegralInRange(0, static_cast<int>(family.fields.size()));
    for (int i = 0; i < count; ++i) {
        if (oneIn(input, 10) || family.fields.empty()) {
            object[junkText(input)] = anyValue(input);
            continue;
        }
        const nuno::SettingInfo& field = *family.fields[input.ConsumeIntegralInRange<std::size_t>(0, family.fields.size() - 1)];
        const std::string name = field.name.substr(field.name.find('.') + 1);
        object[name] = oneIn(input, 10) ? anyValue(input) : json(numberIn(input, field.low, field.high));
    }
    return object;
}

json settingValue(FuzzedDataProvider& input, const FuzzedSetting& setting, const json& document,
                  const ClothSettings& base) {
    // One value in eight is of any type, whatever the setting holds.
    if (oneIn(input, 8)) return anyValue(input);
    const nuno::SettingInfo& info = *setting.info;
    switch (info.kind) {
        case nuno::SettingKind::Integer:
            // Grid sides stay small, so the cloth gets built; see gridSideValue.
            return info.name == "columns" || info.name == "rows" ? gridSideValue(input) : integerIn(input, info);
        case nuno::SettingKind::Number: return numberIn(input, info.low, info.high);
        case nuno::SettingKind::Vector: {
            if (oneIn(input, 4)) return vectorValue(input);
            return json::array({numberIn(input, info.low, info.high), numberIn(input, info.low, info.high),
                                numberIn(input, info.low, info.high)});
        }
        case nuno::SettingKind::Choice: return textValue(input, info.choices);
        case nuno::SettingKind::Pins: return pinsValue(input, info);
        case nuno::SettingKind::Points: return positionsValue(input, document, base);
        case nuno::SettingKind::Family: return familyValue(input, setting);
    }
    return anyValue(input);
}

// A settings or changes document over base: known names with values mostly of their kind, some junk.
json settingsDocument(FuzzedDataProvider& input, int maxKeys, const ClothSettings& base) {
    const std::vector<FuzzedSetting>& settings = fuzzedSettings();
    json document = json::object();
    const int count = input.ConsumeIntegralInRange(0, maxKeys);
    for (int i = 0; i < count; ++i) {
        if (oneIn(input, 12)) {
            document[input.ConsumeBool() ? std::string(input.PickValueInArray(kJunkNames)) : junkText(input)] = anyValue(input);
        } else {
            const FuzzedSetting& setting = settings[input.ConsumeIntegralInRange<std::size_t>(0, settings.size() - 1)];
            document[setting.info->name] = settingValue(input, setting, document, base);
        }
    }
    return document;
}

// A per-patch pose array of `width` numbers a patch, each within [-limit, limit] most of the time;
// sometimes a NaN, a number off or beyond the limit, a length one off, or a long array.
json perPatchValue(FuzzedDataProvider& input, int patches, int width, double limit) {
    const std::size_t expected = static_cast<std::size_t>(patches) * static_cast<std::size_t>(width);
    json values = json::array();
    for (std::size_t i = 0; i < expected; ++i) values.push_back(input.ConsumeFloatingPointInRange(-limit, limit));
    switch (input.ConsumeIntegralInRange(0, 9)) {
        default: return values;
        case 6: return withNaN(input, values);
        case 7: {
            if (!values.empty()) values[input.ConsumeIntegralInRange<std::size_t>(0, values.size() - 1)] = anyNumber(input);
            return values;
        }
        case 8: {
            if (input.ConsumeBool() || values.empty()) values.push_back(0.5);
            else values.erase(values.end() - 1);
            return values;
        }
        case 9: return longArrayValue(input, expected, 0.5);
    }
}

// A createPatches document: a small layout (its sides sometimes anything), a scatter, pose
// arrays, and a few cloth settings.
json patchesDocument(FuzzedDataProvider& input, const ClothSettings& base) {
    json document = settingsDocument(input, 3, base);
    // The layout sets the grid's own keys, which createPatches refuses by name: mostly left out.
    if (!oneIn(input, 8)) {
        for (const char* gridKey : {"columns", "rows", "width", "height", "orientation", "center", "positions", "velocities"}) {
            document.erase(gridKey);
        }
    }
    const auto side = [&](int low, int high) { return oneIn(input, 8) ? json(anyNumber(input)) : json(input.ConsumeIntegralInRange(low, high)); };
    document["patchesAcross"] = side(1, 3);
    document["patchesDown"] = side(1, 3);
    document["patchColumns"] = side(2, 6);
    document["patchRows"] = side(2, 6);
    const auto count = [&](const char* key, int fallback) {
        const json& value = document[key];
        return value.is_number_integer() ? value.get<int>() : fallback;
    };
    const int patches = count("patchesAcross", 1) * count("patchesDown", 1);
    if (input.ConsumeBool()) document["seed"] = input.ConsumeIntegralInRange(0, 20);
    if (oneIn(input, 4)) document["scatterSpeed"] = numberIn(input, 0.0, 100.0);
    if (oneIn(input, 4)) document["scatterSpin"] = numberIn(input, 0.0, 1000.0);
    for (const auto& [key, width, limit] : {std::tuple<const char*, int, double>{"patchPositions", 3, 3.0},
                                            {"patchRotations", 4, 1.0}, {"patchVelocities", 3, 5.0},
                                            {"patchSpins", 3, 10.0}}) {
        if (input.ConsumeBool()) document[key] = perPatchValue(input, patches, width, limit);
    }
    return document;
}

// createPatches' settings as the JS API makes them (placePatchesToJs): the layout and poses
// read and placed, then the other keys read over them, with no pins unless some are asked for.
ClothSettings patchSettings(const json& document) {
    const nuno::PatchRequest request = nuno::readPatchRequest(FuzzedSource(document));
    ClothSettings settings;
    nuno::placePatches(request.layout, request.poses, settings);
    settings.pins = nuno::PinPreset::None;
    json clothKeys = document;
    for (const std::string& key : nuno::patchSettingKeys()) clothKeys.erase(key);
    nuno::applySettings(FuzzedSource(clothKeys), settings);
    return settings;
}

// A mesh's vertices and indices, drawn from a generator seeded by the input (a few bytes make a
// whole mesh, so short inputs build meshes too): a few vertices near the cloth, triangles over
// them, now and then a NaN, a huge number, a length no multiple of three, a repeated or
// degenerate triangle, an index out of range or not an integer.
json meshVertices(FuzzedDataProvider& input) {
    std::mt19937 draw(input.ConsumeIntegral<std::uint32_t>() ^ 0x9E3779B9u);  // an exhausted input still draws a mesh
    std::uniform_real_distribution<double> near(-1.0, 1.0);
    json vertices = json::array();
    const int count = 3 * std::uniform_int_distribution<int>(6, 12)(draw) + (draw() % 16 == 0 ? 1 : 0);
    for (int i = 0; i < count; ++i) vertices.push_back(near(draw));
    if (draw() % 24 == 0) vertices[draw() % vertices.size()] = draw() % 2 ? kNaN : 1e30;
    return vertices;
}

json meshIndices(FuzzedDataProvider& input) {
    std::mt19937 draw(input.ConsumeIntegral<std::uint32_t>() ^ 0x9E3779B9u);  // an exhausted input still draws a mesh
    json indices = json::array();
    const int count = 3 * std::uniform_int_distribution<int>(1, 16)(draw) + (draw() % 16 == 0 ? 2 : 0);
    for (int i = 0; i < count; ++i) indices.push_back(static_cast<int>(draw() % 6));  // at least 6 vertices
    if (draw() % 24 == 0) indices[draw() % indices.size()] = draw() % 3 == 0 ? json(2.5) : json(draw() % 2 ? -1 : 12);
    return indices;
}

// One kind's {type, friction, <its keys>} (nuno::forEachColliderKind, so a new kind is fuzzed
// with no edit here), with a wrong or missing type, unknown keys and wrong values some of the time.
json colliderDocument(FuzzedDataProvider& input, bool isUpdate) {
    static const auto kinds = [] {
        std::vector<std::pair<std::string, std::vector<std::string>>> names;
        nuno::forEachColliderKind([&names](const auto& kind) {
            std::vector<std::string> keys(kind.kKeys.begin(), kind.kKeys.end());
            keys.push_back("friction");
            names.emplace_back(kind.kName, keys);
        });
        return names;
    }();
    json collider = json::object();
    const auto& [kindName, fields] = kinds[input.ConsumeIntegralInRange<std::size_t>(0, kinds.size() - 1)];
    const int typeChoice = input.ConsumeIntegralInRange(0, 9);
    if (typeChoice == 9) {
        collider["type"] = input.ConsumeBool() ? anyValue(input) : json(junkText(input));
    } else if (!(isUpdate && input.ConsumeBool()) && typeChoice != 8) {
        collider["type"] = kindName;
    }
    for (const std::string& field : fields) {
        // A new mesh needs both its arrays: give them most of the time, so most meshes get built.
        const bool usuallyGiven = kindName == "mesh" && !isUpdate && (field == "vertices" || field == "indices");
        if (usuallyGiven ? oneIn(input, 8) : !input.ConsumeBool()) continue;
        if (oneIn(input, 10)) {
            collider[field] = anyValue(input);
        } else if (field == "friction") {
            collider[field] = unitNumber(input);
        } else if (field == "radius") {
            collider[field] = input.ConsumeBool() ? anyNumber(input) : input.ConsumeFloatingPointInRange(0.0, 2.0);
        } else if (field == "vertices") {
            collider[field] = oneIn(input, 32) ? longArrayValue(input, 3 * nuno::kMaxMeshVertices, 0.5) : meshVertices(input);
        } else if (field == "indices") {
            collider[field] = oneIn(input, 32) ? longArrayValue(input, 3 * nuno::kMaxMeshTriangles, 1.0) : meshIndices(input);
        } else if (field == "thickness") {
            collider[field] = input.ConsumeBool() ? anyNumber(input) : input.ConsumeFloatingPointInRange(0.0, 0.1);
        } else if (field == "resolution") {
            collider[field] = oneIn(input, 8) ? anyNumber(input) : input.ConsumeIntegralInRange(6, 14);
        } else if (field == "rotation") {
            json quaternion = json::array();
            for (int i = 0; i < 4; ++i) quaternion.push_back(oneIn(input, 4) ? anyNumber(input) : unitNumber(input) - 0.5);
            if (oneIn(input, 8)) quaternion.erase(quaternion.begin());
            if (oneIn(input, 8)) quaternion = withNaN(input, quaternion);
            collider[field] = oneIn(input, 16) ? longArrayValue(input, 4, 0.5) : quaternion;
        } else {
            collider[field] = vectorValue(input, !oneIn(input, 4));
        }
    }
    // A field at the default resolution takes a second under the sanitizers: keep meshes coarse.
    if (kindName == "mesh" && !collider.contains("resolution")) collider["resolution"] = input.ConsumeIntegralInRange(8, 12);
    if (oneIn(input, 12)) collider[input.PickValueInArray(kJunkNames)] = anyValue(input);
    return collider;
}

// A document as JS would write it: NaN and Infinity by name (JSON has neither), bytes that are
// not UTF-8 replaced, so traces show what was passed.
std::string describe(const json& value) {
    if (value.is_number_float()) {
        const double number = value.get<double>();
        if (std::isnan(number)) return "NaN";
        if (std::isinf(number)) return number > 0 ? "Infinity" : "-Infinity";
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", number);
        return text;
    }
    if (value.is_array()) {
        std::string text = "[";
        for (const json& element : value) text += (text.size() > 1 ? "," : "") + describe(element);
        return text + "]";
    }
    if (value.is_object()) {
        std::string text = "{";
        for (const auto& item : value.items()) {
            text += (text.size() > 1 ? "," : "") + json(item.key()).dump(-1, ' ', false, json::error_handler_t::replace) +
                    ":" + describe(item.value());
        }
        return text + "}";
    }
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

// ---------------------------------------------------------------------------------------------
// The cloth and its checks.

std::uint64_t workPerStep(const Cloth& cloth) {
    const ClothSettings& s = cloth.settings();
    return static_cast<std::uint64_t>(cloth.positions().size()) * static_cast<std::uint64_t>(s.substeps) *
           static_cast<std::uint64_t>(s.iterations) * (1 + cloth.colliders().size());
}

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

std::string show(const Vec3& v) {
    char text[96];
    std::snprintf(text, sizeof text, "[%.9g, %.9g, %.9g]", v.x, v.y, v.z);  // every float32 digit
    return text;
}

void requireFiniteState(const Cloth& cloth, const std::string& after) {
    // The cloth undoes a step that went non-finite and counts it: NaN all the same, only caught.
    if (cloth.nonFiniteRecoveries() != 0) {
        failure("a step went non-finite (and was undone) after an accepted " + nameOf(after),
                std::to_string(cloth.nonFiniteRecoveries()) + " step(s) undone by " + after);
    }
    const nuno::Particles& particles = cloth.particles();
    for (std::size_t i = 0; i < particles.size(); ++i) {
        if (!finite(particles.positions[i]) || !finite(particles.velocities[i])) {
            failure("a particle is not finite after an accepted " + nameOf(after),
                    "particle " + std::to_string(i) + " after " + after + ": position " + show(particles.positions[i]) +
                        ", velocity " + show(particles.velocities[i]));
        }
    }
}

// What a rejected call must leave as it was.
bool sameSettings(const ClothSettings& a, const ClothSettings& b) {
    bool same = a.pinnedParticles == b.pinnedParticles;
    // Every setting of the schema, so one added there is compared here too.
#define NUNO_FUZZ_SAME_SETTING(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note) \
    same = same && a.field == b.field;
    NUNO_SETTINGS(NUNO_FUZZ_SAME_SETTING)
#undef NUNO_FUZZ_SAME_SETTING
    return same;
}

// The GPU packing holds every field of every kind.
bool sameCollider(const Collider& a, const Collider& b) {
    return a.friction == b.friction && a.shape.index() == b.shape.index() &&
           nuno::packForGpu(a.shape) == nuno::packForGpu(b.shape);
}

// What a rejected call must leave as it was. Values compare exactly: the state is finite here.
struct Snapshot {
    nuno::Particles particles;
    ClothSettings settings;
    std::vector<std::uint32_t> colliderIds;
    std::vector<Collider> colliders;
    std::uint64_t stepsTaken;
    double carriedSeconds;

    explicit Snapshot(const Cloth& cloth)
        : particles(cloth.particles()),
          settings(cloth.settings()),
          colliderIds(cloth.colliders().ids()),
          colliders(cloth.colliders().all()),
          stepsTaken(cloth.stepsTaken()),
          carriedSeconds(cloth.carriedSeconds()) {}

    // What differs now, or "" when nothing does.
    std::string changeIn(const Cloth& cloth) const {
        const nuno::Particles& now = cloth.particles();
        if (particles.positions != now.positions) return "positions";
        if (particles.velocities != now.velocities) return "velocities";
        if (particles.inverseMasses != now.inverseMasses) return "inverse masses";
        if (!sameSettings(settings, cloth.settings())) return "settings";
        if (colliderIds != cloth.colliders().ids()) return "collider ids";
        for (std::size_t i = 0; i < colliders.size(); ++i) {
            if (!sameCollider(colliders[i], cloth.colliders().all()[i])) return "collider " + std::to_string(colliderIds[i]);
        }
        if (stepsTaken != cloth.stepsTaken() || carriedSeconds != cloth.carriedSeconds()) return "the clock";
        return "";
    }
};

// A call on the running cloth: accepted, it must leave a finite state; rejected, an unchanged one.
template <class Call>
bool onCloth(Cloth& cloth, const std::string& call, Call&& body) {
    const Snapshot before(cloth);
    const bool accepted = attempt(call, body);
    if (accepted) {
        requireFiniteState(cloth, call);
    } else if (const std::string change = before.changeIn(cloth); !change.empty()) {
        failure("a rejected " + nameOf(call) + " changed the cloth's " + change, call);
    }
    return accepted;
}

std::uint32_t particleIndex(FuzzedDataProvider& input, const Cloth& cloth) {
    const auto count = static_cast<std::uint32_t>(cloth.positions().size());
    switch (input.ConsumeIntegralInRange(0, 9)) {
        default: return input.ConsumeIntegralInRange<std::uint32_t>(0, count - 1);
        case 8: return count;  // one past the end
        case 9: return input.ConsumeIntegral<std::uint32_t>();
    }
}

std::uint32_t colliderId(FuzzedDataProvider& input, const Cloth& cloth) {
    const std::vector<std::uint32_t>& ids = cloth.colliders().ids();
    if (!ids.empty() && !oneIn(input, 5)) {
        return ids[input.ConsumeIntegralInRange<std::size_t>(0, ids.size() - 1)];
    }
    return oneIn(input, 2) ? input.ConsumeIntegral<std::uint32_t>() : input.ConsumeIntegralInRange<std::uint32_t>(0, 8);
}

// A hold position, narrowed to float as the JS binding does.
Vec3 holdPosition(FuzzedDataProvider& input, const Cloth& cloth, std::uint32_t particle) {
    if (oneIn(input, 4)) {
        return Vec3(static_cast<float>(anyNumber(input)), static_cast<float>(anyNumber(input)),
                    static_cast<float>(anyNumber(input)));
    }
    // A drag: near where the particle is now.
    const Vec3 at = particle < cloth.positions().size() ? cloth.positions()[particle] : Vec3(0);
    return at + Vec3(static_cast<float>(input.ConsumeFloatingPointInRange(-0.5, 0.5)),
                     static_cast<float>(input.ConsumeFloatingPointInRange(-0.5, 0.5)),
                     static_cast<float>(input.ConsumeFloatingPointInRange(-0.5, 0.5)));
}

double frameSeconds(FuzzedDataProvider& input) {
    switch (input.ConsumeIntegralInRange(0, 4)) {
        default: return input.PickValueInArray({1.0 / 60.0, 1.0 / 120.0, 1.0 / 30.0, 0.1, 0.0, 1.0});
        case 3: return input.ConsumeFloatingPointInRange(0.0, 0.2);
        case 4: return anyNumber(input);
    }
}

// Fixed steps a frame of this length would take, at most (see FixedStepAccumulator::advance).
std::uint64_t stepsForFrame(const Cloth& cloth, double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return 0;
    const ClothSettings& s = cloth.settings();
    const double carried = cloth.carriedSeconds() + std::min(seconds, static_cast<double>(s.maxFrameSeconds));
    return static_cast<std::uint64_t>(carried / s.stepSeconds) + 1;
}

void readEverything(Cloth& cloth, const std::string& call) {
    note(call);
    for (const Vec3& normal : cloth.normals()) {
        if (!finite(normal)) failure("a normal is not finite", show(normal));
    }
    const double energy = cloth.kineticEnergy();
    if (!std::isfinite(energy)) failure("kinetic energy is not finite", std::to_string(energy));
    for (nuno::Family family : {nuno::Family::Structural, nuno::Family::Shear, nuno::Family::Bending}) {
        const nuno::Strain strain = cloth.strain(family);
        if (!std::isfinite(strain.max) || !std::isfinite(strain.mean)) {
            failure("a strain is not finite", nuno::familyName(family));
        }
    }
    if (!std::isfinite(cloth.lowestPoint())) failure("the lowest point is not finite", std::to_string(cloth.lowestPoint()));
    for (const nuno::FamilyRule& rule : cloth.familyRules()) {
        if (!std::isfinite(rule.alphaTilde) || !std::isfinite(rule.stiffness)) failure("a family rule is not finite", "alphaTilde " + std::to_string(rule.alphaTilde));
    }
}

enum class Operation {
    StepFixed, Step, Set, Pin, Unpin, IsPinned, Hold, Release, Attach, AddCollider, UpdateCollider, RemoveCollider,
    Reset, Read, kMaxValue = Read
};

void runOperations(FuzzedDataProvider& input, Cloth& cloth) {
    std::uint64_t workLeft = kWorkBudget;
    for (int i = 0; i < kMaxOperations && input.remaining_bytes() > 0; ++i) {
        switch (input.ConsumeEnum<Operation>()) {
            case Operation::StepFixed: {
                int count = input.PickValueInArray({1, 2, 3, 4, 6, 8, 0, -1, -2});
                if (count > 0) {
                    const std::uint64_t affordable = workLeft / std::max<std::uint64_t>(1, workPerStep(cloth));
                    count = static_cast<int>(std::min<std::uint64_t>(count, affordable));
                }
                if (onCloth(cloth, "stepFixed(" + std::to_string(count) + ")", [&] { cloth.stepFixed(count); })) {
                    workLeft -= std::min<std::uint64_t>(workLeft, count * workPerStep(cloth));
                    tally.stepsRun += count;
                }
                break;
            }
            case Operation::Step: {
                const double seconds = frameSeconds(input);
                const std::uint64_t worst = stepsForFrame(cloth, seconds) * workPerStep(cloth);
                if (worst > workLeft) break;  // too long a frame for this input's budget
                int steps = 0;
                if (onCloth(cloth, "step(" + describe(json(seconds)) + ")", [&] { steps = cloth.step(seconds); })) {
                    workLeft -= std::min<std::uint64_t>(workLeft, steps * workPerStep(cloth));
                    tally.stepsRun += steps;
                }
                break;
            }
            case Operation::Set: {
                // As the JS set(): the changes over the current settings, then configure().
                const json changes = settingsDocument(input, 4, cloth.settings());
                onCloth(cloth, "set(" + describe(changes) + ")", [&] {
                    ClothSettings next = cloth.settings();
                    nuno::applySettings(FuzzedSource(changes), next);
                    cloth.configure(next);
                });
                break;
            }
            case Operation::Pin: {
                const std::uint32_t particle = particleIndex(input, cloth);
                onCloth(cloth, "pin(" + std::to_string(particle) + ")", [&] { cloth.pin(particle); });
                break;
            }
            case Operation::Unpin: {
                const std::uint32_t particle = particleIndex(input, cloth);
                onCloth(cloth, "unpin(" + std::to_string(particle) + ")", [&] { cloth.unpin(particle); });
                break;
            }
            case Operation::IsPinned: {
                const std::uint32_t particle = particleIndex(input, cloth);
                onCloth(cloth, "isPinned(" + std::to_string(particle) + ")", [&] { (void)cloth.isPinned(particle); });
                break;
            }
            case Operation::Hold: {
                const std::uint32_t particle = particleIndex(input, cloth);
                const Vec3 position = holdPosition(input, cloth, particle);
                onCloth(cloth, "hold(" + std::to_string(particle) + ", " + show(position) + ")",
                        [&] { cloth.hold(particle, position); });
                break;
            }
            case Operation::Release: {
                const std::uint32_t particle = particleIndex(input, cloth);
                onCloth(cloth, "release(" + std::to_string(particle) + ")", [&] { cloth.release(particle); });
                break;
            }
            case Operation::Attach: {
                // As the JS attach(): numbers for the particles (mostly rising indices, at times
                // anything) and x, y, z per particle (mostly a drag from where each is, at times
                // anything, at times one short).
                std::vector<double> particles;
                std::vector<double> targets;
                const int count = input.ConsumeIntegralInRange(0, 4);
                double particle = -1.0;
                for (int k = 0; k < count; ++k) {
                    particle = oneIn(input, 8) ? anyNumber(input) : particle + input.ConsumeIntegralInRange(1, 9);
                    particles.push_back(particle);
                    const std::uint32_t index = particle >= 0.0 && particle < 4e9 ? static_cast<std::uint32_t>(particle) : 0;
                    const Vec3 target = holdPosition(input, cloth, index);
                    targets.insert(targets.end(), {target.x, target.y, target.z});
                }
                if (!targets.empty() && oneIn(input, 8)) targets.pop_back();
                onCloth(cloth, "attach(" + describe(json(particles)) + ", " + describe(json(targets)) + ")",
                        [&] { cloth.attach(particles, targets); });
                break;
            }
            case Operation::AddCollider: {
                const json description = colliderDocument(input, false);
                onCloth(cloth, "addCollider(" + describe(description) + ")",
                        [&] { cloth.addCollider(nuno::readCollider(FuzzedSource(description))); });
                break;
            }
            case Operation::UpdateCollider: {
                // As the JS updateCollider(): the current collider, overwritten by the changes.
                const std::uint32_t id = colliderId(input, cloth);
                const json changes = colliderDocument(input, true);
                onCloth(cloth, "updateCollider(" + std::to_string(id) + ", " + describe(changes) + ")", [&] {
                    const Collider& current = cloth.collider(id);
                    cloth.updateCollider(id, nuno::readCollider(FuzzedSource(changes), &current));
                });
                break;
            }
            case Operation::RemoveCollider: {
                const std::uint32_t id = colliderId(input, cloth);
                onCloth(cloth, "removeCollider(" + std::to_string(id) + ")", [&] { cloth.removeCollider(id); });
                break;
            }
            case Operation::Reset:
                onCloth(cloth, "reset()", [&] { cloth.reset(); });
                break;
            case Operation::Read:
                readEverything(cloth, "read normals, energy, strain, lowest point, family rules");
                break;
        }
    }
    requireFiniteState(cloth, "(end of input)");
}

// A settings document, a cloth built from it, then calls on that cloth.
void runInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider input(data, size);
    // The grid the document starts from: small, instead of the 32 x 32 default, which would
    // spend most of the run building topologies. The document may still set any size.
    ClothSettings settings;
    settings.columns = smallSide(input);
    settings.rows = smallSide(input);
    const bool patches = oneIn(input, 4);
    const json document = patches ? patchesDocument(input, settings) : settingsDocument(input, kMaxSettingKeys, settings);
    const bool read = patches ? attempt("createPatches(" + describe(document) + ")", [&] { settings = patchSettings(document); })
                              : attempt("applySettings({columns: " + std::to_string(settings.columns) + ", rows: " +
                                            std::to_string(settings.rows) + "}, " + describe(document) + ")",
                                        [&] { nuno::applySettings(FuzzedSource(document), settings); });
    std::optional<Cloth> cloth;
    if (read &&
        attempt("Cloth(settings)", [&] {
            // A valid grid larger than the fuzzer means to build (a 4097-column one) is checked
            // but not built: building it would only measure the allocator.
            if (std::int64_t{settings.columns} * settings.rows > kMaxSide * kMaxSide) {
                nuno::validate(settings);
                throw SkippedBigGrid{};
            }
            cloth.emplace(settings);
        })) {
        ++tally.clothsBuilt;
        requireFiniteState(*cloth, "Cloth(settings)");
    } else {
        // Rejected settings still leave the calls to fuzz, on a small default cloth.
        ClothSettings small;
        small.columns = 6;
        small.rows = 5;
        cloth.emplace(small);
        note("fallback: Cloth({columns: 6, rows: 5})");
    }
    runOperations(input, *cloth);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    tracing = std::getenv("NUNO_FUZZ_TRACE") != nullptr;
    surveyFolder = std::getenv("NUNO_FUZZ_SURVEY");
    std::atexit(printTally);
    if (surveyFolder) std::atexit(printSurvey);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ++tally.inputs;
    trace.clear();
    inputData = data;
    inputSize = size;
    try {
        runInput(data, size);
    } catch (const AbandonInput&) {
        // Survey mode: this input's failure is reported; on to the next.
    }
    return 0;
}

