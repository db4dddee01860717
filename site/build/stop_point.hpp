// Named points of a build where a test can freeze it. With ACCELGUIDE_STOP_AT=<point>[:<n>] in the
// environment, the process stops itself (SIGSTOP, every thread at once) the n-th time it passes
// <point> (n = 1 when not given); the test sees the stopped state in /proc and SIGKILLs it there.
// So a kill lands where the test meant it, however busy the machine (tests/atomic/kill_build.sh),
// instead of at a guessed share of a timed build. Without the variable a point costs one load.
//
//     stop_point("parse");    // after every page's Markdown is rendered
//     stop_point("staged");   // after each file is written into the staging folder
#pragma once

namespace site {

/// The points, in the order a build passes them: load, parse, assemble, staged (once a file),
/// rendered (all written, before the swap), swapped (the new site in, the old one not yet deleted).
void stop_point(const char* point);

}  // namespace site
