#include "json_setting_source.hpp"

#include <stdexcept>

namespace nuno {
namespace {

[[noreturn]] void wrongType(const std::string& key, const char* wanted) {
    throw std::invalid_argument("nuno: '" + key + "' must be " + wanted);
}

}  // namespace

std::vector<std::string> JsonSettingSource::keys() const {
    std::vector<std::string> names;
    for (const auto& item : document_.items()) {
        if (!item.value().is_null()) names.push_back(item.key());
    }
    return names;
}

bool JsonSettingSource::isText(const std::string& key) const { return document_.at(key).is_string(); }

double JsonSettingSource::number(const std::string& key) const {
    const auto& value = document_.at(key);
    if (!value.is_number()) wrongType(key, "a number");
    return value.get<double>();
}

std::string JsonSettingSource::text(const std::string& key) const {
    const auto& value = document_.at(key);
    if (!value.is_string()) wrongType(key, "a string");
    return value.get<std::string>();
}

std::vector<double> JsonSettingSource::numbers(const std::string& key) const {
    const auto& value = document_.at(key);
    if (!value.is_array()) wrongType(key, "an array of numbers");
    std::vector<double> result;
    for (const auto& element : value) {
        if (!element.is_number()) wrongType(key, "an array of numbers");
        result.push_back(element.get<double>());
    }
    return result;
}

std::unique_ptr<SettingSource> JsonSettingSource::child(const std::string& key) const {
    const auto& value = document_.at(key);
    if (!value.is_object()) wrongType(key, "an object");
    return std::make_unique<JsonSettingSource>(value);
}

ClothSettings settingsFromJson(const nlohmann::json& document) {
    ClothSettings settings;
    applySettings(JsonSettingSource(document), settings);
    validate(settings);
    return settings;
}

Cloth runScenario(const nlohmann::json& scenario) {
    Cloth cloth(settingsFromJson(scenario.value("settings", nlohmann::json::object())));
    for (const auto& collider : scenario.value("colliders", nlohmann::json::array())) {
        cloth.addCollider(readCollider(JsonSettingSource(collider)));
    }
    cloth.stepFixed(scenario.at("steps").get<int>());
    return cloth;
}

}  // namespace nuno
