#include "js_setting_source.hpp"

#include <stdexcept>

namespace nuno {
namespace {

using emscripten::val;

std::string typeOf(const val& value) {
    if (value.isNull()) return "null";
    if (value.isArray()) return "an array";
    return value.typeOf().as<std::string>();
}

[[noreturn]] void wrongType(const std::string& key, const char* wanted, const val& got) {
    throw std::invalid_argument("nuno: '" + key + "' must be " + wanted + ", got " + typeOf(got));
}

}  // namespace

JsSettingSource::JsSettingSource(val object, const std::string& what) : object_(std::move(object)) {
    if (object_.isUndefined()) object_ = val::object();
    if (object_.isNull() || object_.typeOf().as<std::string>() != "object" || object_.isArray()) {
        throw std::invalid_argument("nuno: " + what + " must be a plain object, got " + typeOf(object_));
    }
}

std::vector<std::string> JsSettingSource::keys() const {
    std::vector<std::string> names;
    const val all = val::global("Object").call<val>("keys", object_);
    const int count = all["length"].as<int>();
    for (int i = 0; i < count; ++i) {
        const std::string key = all[i].as<std::string>();
        const val value = object_[key];
        if (!value.isUndefined() && !value.isNull()) names.push_back(key);
    }
    return names;
}

bool JsSettingSource::isText(const std::string& key) const { return object_[key].isString(); }

double JsSettingSource::number(const std::string& key) const {
    const val value = object_[key];
    if (!value.isNumber()) wrongType(key, "a number", value);
    return value.as<double>();
}

std::string JsSettingSource::text(const std::string& key) const {
    const val value = object_[key];
    if (!value.isString()) wrongType(key, "a string", value);
    return value.as<std::string>();
}

std::vector<double> JsSettingSource::numbers(const std::string& key) const {
    const val value = object_[key];
    const bool typedArray = val::global("ArrayBuffer").call<bool>("isView", value);
    if (!value.isArray() && !typedArray) wrongType(key, "an array of numbers", value);
    const int count = value["length"].as<int>();
    std::vector<double> result;
    result.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        const val element = value[i];
        if (!element.isNumber()) wrongType(key + "[" + std::to_string(i) + "]", "a number", element);
        result.push_back(element.as<double>());
    }
    return result;
}

std::unique_ptr<SettingSource> JsSettingSource::child(const std::string& key) const {
    return std::make_unique<JsSettingSource>(object_[key], "'" + key + "'");
}

}  // namespace nuno
