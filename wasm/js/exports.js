// Appended to the Emscripten loader (--post-js): the module's functions as JS string →
// JS string calls, over the C exports in wasm/bindings.cpp. The text goes in through the module's
// input buffer (TextEncoder.encodeInto) and comes back as pointer and length (one TextDecoder
// call): no copy on the module's stack, no byte-by-byte scan for the end of the result.
var textEncoder = new TextEncoder();
var textDecoder = new TextDecoder();
function textCall(name) {
  return function (text) {
    text = String(text);
    var most = text.length * 3;  // UTF-8 takes at most 3 bytes per UTF-16 code unit
    var at = Module['_accelguide_input'](most);
    var size = textEncoder.encodeInto(text, HEAPU8.subarray(at, at + most)).written;
    var out = Module['_accelguide_' + name](at, size);
    return textDecoder.decode(HEAPU8.subarray(out, out + Module['_accelguide_result_size']()));
  };
}
Module['plan'] = textCall('plan');
Module['chart'] = textCall('chart');
Module['charts'] = textCall('charts');
Module['display'] = textCall('display');
Module['display_ja'] = textCall('display_ja');
Module['field_message'] = textCall('field_message');
