# accelguide::json — nlohmann/json for both toolchains.
#
# Natively it is Debian's nlohmann_json package. Under Emscripten, find_package finds nothing and
# -I/usr/include would pull glibc headers into the wasm build, so only /usr/include/nlohmann is
# exposed, through an include folder of its own in the build tree.
add_library(accelguide_json INTERFACE)
add_library(accelguide::json ALIAS accelguide_json)

if(EMSCRIPTEN)
    find_path(ACCELGUIDE_NLOHMANN_DIR nlohmann/json.hpp
        PATHS /usr/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH REQUIRED)
    set(_json_include "${PROJECT_BINARY_DIR}/third_party/include")
    file(MAKE_DIRECTORY "${_json_include}")
    file(CREATE_LINK "${ACCELGUIDE_NLOHMANN_DIR}/nlohmann" "${_json_include}/nlohmann" SYMBOLIC)
    target_include_directories(accelguide_json SYSTEM INTERFACE "${_json_include}")
else()
    find_package(nlohmann_json 3.10 REQUIRED)
    target_link_libraries(accelguide_json INTERFACE nlohmann_json::nlohmann_json)
endif()
