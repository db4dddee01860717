# cmake -DCLI=accelguide -DROOT=project -DEXAMPLE=tests/cli/name -P run_example.cmake
# Runs the command line in EXAMPLE.args (one argument per line) and compares its standard output
# with EXAMPLE.expected and its exit code with the first line of EXAMPLE.expected ("exit N").
# When EXAMPLE.stderr exists, standard error is compared with it too. Relative paths in the
# arguments are from the project root. UPDATE_GOLDEN=1 in the environment rewrites the goldens instead.
file(STRINGS "${EXAMPLE}.args" _args ENCODING UTF-8)
execute_process(COMMAND "${CLI}" ${_args} --root "${ROOT}" WORKING_DIRECTORY "${ROOT}"
    OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)

function(compare_golden golden actual what)
    if(DEFINED ENV{UPDATE_GOLDEN})
        file(WRITE "${golden}" "${actual}")
    endif()
    file(READ "${golden}" _expected)
    if(NOT actual STREQUAL _expected)
        message(FATAL_ERROR "${what} differs from ${golden}\n--- expected\n${_expected}\n--- actual\n${actual}\n--- stderr\n${_err}")
    endif()
endfunction()

compare_golden("${EXAMPLE}.expected" "exit ${_rc}\n${_out}" "output")
if(EXISTS "${EXAMPLE}.stderr")
    compare_golden("${EXAMPLE}.stderr" "${_err}" "standard error")
endif()
