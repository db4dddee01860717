// Appended to the Emscripten loader (--post-js): the module's three functions as JS string →
// JS string calls, over the C exports in wasm/bindings.cpp.
Module['plan'] = cwrap('accelguide_plan', 'string', ['string']);
Module['chart'] = cwrap('accelguide_chart', 'string', ['string']);
Module['display'] = cwrap('accelguide_display', 'string', ['string']);
