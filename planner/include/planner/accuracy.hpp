// The planner's track record: published cases (data/accuracy.json), each a set of planner requests,
// the figure read from their responses, and the published value it is checked against.
//
//     AccuracyLoad load = load_accuracy_cases(file, catalogue);   // validated, errors with positions
//     std::vector<CaseResult> results = evaluate_cases(catalogue, load.cases);
//     std::vector<KindSummary> summary = summarise(results);     // median and worst |error| per kind
//
// The unit test (tests/unit/accuracy_test.cpp) fails when a case's |error| passes its `bound`, and
// the accuracy page shows the same results, so the page cannot drift from what is tested.
//
// A case's `basis` says what its error measures:
//   complete  every input the planner needs is published: the error is the planner's
//   assumed   the site assumes an input the source leaves out (an MFU, a count): the error is
//             mostly the assumption's, and `why` says which
//   input     the published figure is a catalogue input, or an input was derived from this very
//             result: a consistency check, not a prediction
// The targets (median ≤ 5%, worst ≤ 15%) apply to the complete cases of the kinds that are predictions;
// training at scale (the step model predicting throughput on many instances from one instance's
// measurement) has its own: a median ≤ 10% and no worst.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/json_position.hpp"
#include "planner/training.hpp"

namespace planner {

/// The kinds, in the order the page shows them.
inline const std::vector<std::string> kAccuracyKinds = {"training_time", "training_scale", "memory",
                                                        "inference_throughput", "serving", "energy", "cost",
                                                        "catalogue"};
/// The targets apply to what the planner computes. Catalogue rows compare a source's figures with the
/// primary sources the catalogue keeps (S6: 3.4 PFLOPS quoted in a talk, 3.04 from the Neuron
/// documentation): shown with their errors, but not predictions.
inline bool is_prediction(std::string_view kind) { return kind != "catalogue"; }

/// What a kind's complete cases are held to: the median |error|, and the worst where there is one.
struct AccuracyTarget {
    double median = 0.05;
    std::optional<double> worst = 0.15;
};
inline bool operator==(const AccuracyTarget& a, const AccuracyTarget& b) {
    return a.median == b.median && a.worst == b.worst;
}
/// The site's targets, the step model's at scale, none for catalogue figures.
inline std::optional<AccuracyTarget> target_of(std::string_view kind) {
    if (!is_prediction(kind)) return std::nullopt;
    if (kind == "training_scale") return AccuracyTarget{0.10, std::nullopt};
    return AccuracyTarget{};
}
inline const std::vector<std::string> kAccuracyBases = {"complete", "assumed", "input"};
inline const std::vector<std::string> kAccuracyUnits = {"days", "gpu_hours", "gb", "per_second", "instances",
                                                        "mwh", "percent", "fraction", "tflops", "ratio", "ms",
                                                        "seconds", "watts"};

/// One text in each of the site's languages.
struct Bilingual {
    std::string ja, en;
    const std::string& in(std::string_view lang) const { return lang == "ja" ? ja : en; }
};

struct AccuracyCase {
    std::string id;
    std::string kind;    // one of kAccuracyKinds
    std::string basis;   // one of kAccuracyBases
    Bilingual title, inputs;
    std::optional<Bilingual> why;  // required unless the basis is complete
    std::string source;   // an id of data/sources.json
    std::string locator;  // where in the source: "Table 15", "§5.1"
    std::vector<nlohmann::json> requests;
    std::vector<std::string> read;  // dotted paths; read[i] is taken from requests[min(i, n - 1)]
    std::string combine = "value";  // value | sum | ratio (read[0] / read[1]) | saving_percent ((1 − read[0] / read[1]) · 100)
    double scale = 1;               // multiplies the combined figure (1e-9: bytes to GB)
    double published = 0;
    std::string unit;  // one of kAccuracyUnits
    double bound = 0;  // the largest |error| (a fraction) before the test fails
    TextPosition position;  // of the case in its file, for errors
};

struct AccuracyLoad {
    std::vector<AccuracyCase> cases;
    std::vector<Diagnostic> errors;
    bool ok() const { return errors.empty(); }
};

/// Parses and validates data/accuracy.json: fields, kinds, units, sources (against the catalogue),
/// and the shape of each request and read. It does not run the requests (evaluate_cases does).
AccuracyLoad load_accuracy_cases(const CatalogueFiles::File& file, const Catalogue& catalogue);

struct CaseResult {
    AccuracyCase c;
    std::optional<double> planned;  // absent when a request failed or a path is missing
    std::optional<Range> range;     // the planner's range for a figure that rests on an assumption
    double error = 0;               // (planned − published) / published
    bool within_bound = false;
    bool published_in_range = false;
    std::string failure;            // why there is no planned figure ("request 0 fails")
    std::optional<FieldError> refused;  // a failing request's first error (the display says it)
};

/// Runs every case's requests through answer() and reads its figure.
std::vector<CaseResult> evaluate_cases(const Catalogue& catalogue, const std::vector<AccuracyCase>& cases);

struct KindSummary {
    std::string kind;
    int cases = 0, complete = 0;
    std::optional<double> median_complete, worst_complete;  // |error| over the complete cases
    double median_all = 0, worst_all = 0;                    // |error| over every case of the kind
    std::string worst_id;                                    // the case with the worst |error|
};

/// One summary per kind that has cases, in kAccuracyKinds order.
std::vector<KindSummary> summarise(const std::vector<CaseResult>& results);

/// The test third: the cases whose id hashes (FNV-1a, 64 bits, of its bytes) to 0 modulo 3. The
/// split is a rule on the id, chosen before any change to the performance model, so no constant
/// can be set on the cases the model is judged by, and no case can be moved between the thirds.
bool in_test_third(std::string_view id);

/// The figures a buyer would have had to measure, which a case's requests may carry as anchors:
/// a utilisation (mfu, hfu, matrix_utilisation), a throughput (achieved_tflops), a scaling
/// efficiency, a decode bandwidth share.
const std::vector<std::string>& anchor_fields();

/// The case as a prediction: its requests without anchor_fields() (in a compare request's job
/// too), so the planner answers from hardware, model and configuration alone. Whether it removed
/// any is `anchored`.
AccuracyCase without_anchors(const AccuracyCase& c, bool* anchored = nullptr);

/// The median of |x| (0 for none).
double median_abs(std::vector<double> values);

void to_json(nlohmann::json& j, const Bilingual& b);
void to_json(nlohmann::json& j, const AccuracyCase& c);
void to_json(nlohmann::json& j, const CaseResult& r);
void to_json(nlohmann::json& j, const KindSummary& s);

}  // namespace planner
