# cmake -DCLI=accelguide -DROOT=project -DWORK=empty-folder -P run_anywhere.cmake
# `accelguide plan` run from a folder that is not the project answers from the catalogue compiled
# in, byte for byte as from the project's data/; --data names a catalogue folder; a missing one
# fails with exit 2 and says which file.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(_request "${ROOT}/tests/requests/serve_llama70b_p5_slo.json")
function(run out rc)
    execute_process(COMMAND "${CLI}" plan --json "${_request}" ${ARGN} WORKING_DIRECTORY "${WORK}"
        OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)
    set(${out} "${_out}${_err}" PARENT_SCOPE)
    set(${rc} "${_rc}" PARENT_SCOPE)
endfunction()
run(_built _rc)
if(NOT _rc EQUAL 0 OR NOT _built MATCHES "\"ok\":true")
    message(FATAL_ERROR "from an empty folder: exit ${_rc}\n${_built}")
endif()
run(_project _rc --root "${ROOT}")
if(NOT _built STREQUAL _project)
    message(FATAL_ERROR "the built-in catalogue answers otherwise than data/:\n${_built}\n---\n${_project}")
endif()
run(_folder _rc --data "${ROOT}/data")
if(NOT _rc EQUAL 0 OR NOT _folder MATCHES "\"ok\":true")
    message(FATAL_ERROR "--data ${ROOT}/data: exit ${_rc}\n${_folder}")
endif()
run(_missing _rc --data "${WORK}/no-such-folder")
if(NOT _rc EQUAL 2 OR NOT _missing MATCHES "no-such-folder/sources.json: cannot read this file")
    message(FATAL_ERROR "--data of a missing folder: exit ${_rc}\n${_missing}")
endif()
