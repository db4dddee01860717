# site_chart: the SVG charts and text helpers, with no dependency beyond nlohmann/json, so the
# generator (chart shortcode) and the wasm module (calculator charts) draw with the same code.
add_library(site_chart STATIC
    "${CMAKE_CURRENT_LIST_DIR}/src/chart.cpp"
    "${CMAKE_CURRENT_LIST_DIR}/src/text.cpp")
add_library(accelguide::site_chart ALIAS site_chart)
target_include_directories(site_chart PUBLIC "${CMAKE_CURRENT_LIST_DIR}/src")
target_compile_features(site_chart PUBLIC cxx_std_17)
target_link_libraries(site_chart PUBLIC accelguide::json)
if(EMSCRIPTEN)
    # In the module, compiled like the planner (ACCELGUIDE_WASM_CODE_OPT, planner/CMakeLists.txt).
    set_source_files_properties("${CMAKE_CURRENT_LIST_DIR}/src/chart.cpp" "${CMAKE_CURRENT_LIST_DIR}/src/text.cpp"
        PROPERTIES COMPILE_OPTIONS "${ACCELGUIDE_WASM_CODE_OPT}")
endif()
