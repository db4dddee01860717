// Lets doctest print vectors of strings and paths when a comparison fails.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>

namespace doctest {
template <class T>
struct StringMaker<std::vector<T>> {
    static String convert(const std::vector<T>& items) {
        std::string out = "{";
        for (const auto& item : items) {
            if constexpr (std::is_same_v<T, std::filesystem::path>) out += "\n  \"" + item.generic_string() + "\"";
            else out += "\n  \"" + std::string(item) + "\"";
        }
        return (out + "\n}").c_str();
    }
};
}  // namespace doctest
