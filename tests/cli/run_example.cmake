# cmake -DCLI=accelguide -DROOT=project -DEXAMPLE=tests/cli/name -P run_example.cmake
# Runs the command line in EXAMPLE.args (one argument per line) and compares its standard output
# with EXAMPLE.expected and its exit code with the first line of EXAMPLE.expected ("exit N").
# UPDATE_GOLDEN=1 in the environment rewrites EXAMPLE.expected instead.
file(STRINGS "${EXAMPLE}.args" _args ENCODING UTF-8)
execute_process(COMMAND "${CLI}" ${_args} --root "${ROOT}"
    OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)
set(_actual "exit ${_rc}\n${_out}")
if(DEFINED ENV{UPDATE_GOLDEN})
    file(WRITE "${EXAMPLE}.expected" "${_actual}")
endif()
file(READ "${EXAMPLE}.expected" _expected)
if(NOT _actual STREQUAL _expected)
    message(FATAL_ERROR "output differs from ${EXAMPLE}.expected\n--- expected\n${_expected}\n--- actual\n${_actual}\n--- stderr\n${_err}")
endif()
