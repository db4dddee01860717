# cmake -DINPUT=file -DOUTPUT=file.cpp -DSYMBOL=name -P embed_text.cmake
# Writes a C++ source defining `extern const char SYMBOL[]` with the text of INPUT.
file(READ "${INPUT}" _text)
set(_delimiter "accelguide_text")
string(FIND "${_text}" ")${_delimiter}\"" _clash)
if(NOT _clash EQUAL -1)
    message(FATAL_ERROR "${INPUT} contains the raw-string delimiter ${_delimiter}")
endif()
file(WRITE "${OUTPUT}.tmp"
    "// Generated from ${INPUT} by cmake/embed_text.cmake. Do not edit.\n"
    "extern const char ${SYMBOL}[];\n"
    "const char ${SYMBOL}[] = R\"${_delimiter}(${_text})${_delimiter}\";\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
