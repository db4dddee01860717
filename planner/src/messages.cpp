#include "planner/messages.hpp"

#include "planner/catalogue.hpp"

#include <algorithm>

#include <optional>

namespace planner {

namespace {

struct Entry {
    const char* en;  // {} marks a part that varies
    const char* ja;  // {0}, {1}, … put those parts back, in any order
};

// Longer, more specific patterns first: the first that matches wins.
const Entry kJapanese[] = {
    {"max_batch: each replica runs at most {} sequences at once, the engine's batch cap",
     "max_batch: エンジンのバッチ上限により、各レプリカの同時処理は最大 {0} 系列です"},
    {"memory: this layout needs {} GB per accelerator, more than the {} GB usable on each {}, so it would not run as "
     "planned: raise layout.tensor, layout.pipeline or layout.zero, or leave the layout to the planner",
     "メモリ: このレイアウトはアクセラレーター 1 基あたり {0} GB 必要で、{2} で使える {1} GB を超えるため、計画どおりには"
     "動きません。layout.tensor、layout.pipeline か layout.zero を上げるか、レイアウトを計算機に任せてください"},
    {"range: at the low end of the assumptions the demand needs more than ten million instances",
     "範囲: 仮定の下限では 1,000 万台を超えるインスタンスが必要です"},
    {"range: at the low end of the throughput the demand needs more than ten million instances",
     "範囲: スループットの下限では 1,000 万台を超えるインスタンスが必要です"},
    {"decode bandwidth: assumed {}% of the peak memory bandwidth ({}–{}%); give bandwidth_fraction to use your own",
     "デコードの帯域: ピークのメモリー帯域の {0}% と仮定しました ({1}–{2}%)。自分の値を使うには帯域の割合を指定してください"},
    {"decode bandwidth: {}% of the peak memory bandwidth ({}–{}%), as the published decode times of {} imply; give bandwidth_fraction to use your own",
     "デコードの帯域: ピークのメモリー帯域の {0}% ({1}–{2}%)。{3} の公表されたデコード時間から導いた値です。自分の値を使うには帯域の割合を指定してください"},
    {"prefill MFU: assumed {}% of the dense peak ({}–{}%); give mfu to use your own",
     "プレフィルの MFU: 密なピークの {0}% と仮定しました ({1}–{2}%)。自分の値を使うには MFU を指定してください"},
    {"range: at the low end of the assumptions the targets are not met at this tensor parallelism",
     "範囲: 仮定の下限では、このテンソル並列で目標を満たせません"},
    {"experts: memory holds every expert; a decode step reads the experts its tokens route to, assuming uniform routing (skewed routing reads fewer at small batches and makes hot experts slower)",
     "エキスパート: メモリーにはすべてのエキスパートを載せます。デコードの各ステップはトークンが割り当てられたエキスパートだけを読み込むとし、割り当ては均等と仮定しています (偏りがあると小さなバッチでは読み込みが減り、集中するエキスパートは遅くなります)"},
    {"tensor parallelism: the catalogue has no interconnect figure for {}, so only the all-reduce latency is counted",
     "テンソル並列: カタログに {0} のアクセラレーター間接続の値がないため、all-reduce は遅延だけを数えています"},
    {"attention: the FLOPs and KV reads of attention itself beyond the cache size are not counted; long prompts take longer",
     "アテンション: アテンション自体の演算は数えていません。長いプロンプトではこれより時間がかかります"},
    // A type the region does not offer under the purchase option (longest forms first: the matcher
    // takes the first pattern that fits).
    // Notes beside a result (training, inference, footprint).
    {"memory: activations not included; give model.architecture to include them",
     "メモリー: 活性化は含まれていません。含めるにはモデルのアーキテクチャを指定してください"},
    {"tokens: Chinchilla-optimal, 20 per parameter (Hoffmann et al. 2022)",
     "トークン数: Chinchilla 最適 (パラメーターあたり 20、Hoffmann ら 2022)"},
    {"instances: {}, the fewest that meet the deadline, of every count from {} to {} planned one by one (time is not monotone in the count)",
     "インスタンス数: {0} 台。期限に間に合う最少の台数です ({1}〜{2} 台をすべて試算。台数を増やしても時間が短くなるとは限りません)"},
    {"instances: {}, the cheapest that meet the deadline (the fewest, {}, costs more), of every count from {} to {} planned one by one (time is not monotone in the count)",
     "インスタンス数: {0} 台。期限に間に合う中で最も安い台数です (最少の {1} 台はこれより高くつきます。{2}〜{3} 台をすべて試算。台数を増やしても時間が短くなるとは限りません)"},
    {"instances: {}, the fastest within the budget, of every count from {} to {} planned one by one (time is not monotone in the count)",
     "インスタンス数: {0} 台。予算内で最も速い台数です ({1}〜{2} 台をすべて試算。台数を増やしても時間が短くなるとは限りません)"},
    {"engine: static batching: a request waits on average half a batch's cycle for the running batch to finish, then for the whole batch's prefill; decode steps are not interrupted",
     "エンジン: 静的バッチ処理。リクエストは実行中のバッチが終わるまで平均でバッチ 1 周期の半分待ち、さらにバッチ全体のプリフィルを待ちます。デコードは中断されません"},
    {"engine: continuous batching (vLLM, TensorRT-LLM, SGLang, NxD Inference): each new request's prefill joins the running batch and stalls its decode; TTFT counts the queue: a new request waits for the iteration under way, then is prefilled beside those that arrived during it, the others arriving at random at the rate served; set engine to static for a runtime that runs whole batches",
     "エンジン: 連続バッチ処理 (vLLM、TensorRT-LLM、SGLang、NxD Inference)。新しいリクエストのプリフィルは実行中のバッチに加わり、その間デコードが止まります。TTFT は待ち行列を数えます。新しいリクエストは実行中のイテレーションの終わりを待ち、その間に着いたリクエストと一緒にプリフィルされます (ほかのリクエストは処理できる速さでランダムに着くとします)。バッチ単位で処理するランタイムでは、バッチ処理を静的にしてください"},
    {"recompute: {}, as {}'s published recipe sets it ({}); give recompute to choose another",
     "再計算: {1} の公表レシピに合わせて {0} にしました ({2})。変えるには再計算を指定してください"},
    {"capacity: {} instances are more than the {} one account may hold across Capacity Blocks (AWS EC2 User Guide, read {}): plan fewer instances or another purchase option",
     "調達: {0} 台は、1 つのアカウントがキャパシティブロック全体で持てる {1} 台を超えます (AWS EC2 ユーザーガイド、{2} 閲覧)。台数を減らすか、別の購入オプションにしてください"},
    {"capacity: {} instances need {} Capacity Blocks of at most {} instances each (AWS EC2 User Guide, read {}); each is sold only where capacity is free at the dates searched, and blocks of {} are not offered for every type in every region",
     "調達: {0} 台には、1 ブロック最大 {2} 台のキャパシティブロックが {1} 個必要です (AWS EC2 ユーザーガイド、{3} 閲覧)。各ブロックは検索した日程に空きがある場合にだけ購入でき、{4} 台のブロックはすべてのタイプ・リージョンで提供されてはいません"},
    {"capacity: {} instances fit one Capacity Block of up to {} instances (AWS EC2 User Guide, read {}); a block is sold only where capacity is free at the dates searched",
     "調達: {0} 台は最大 {1} 台のキャパシティブロック 1 つに収まります (AWS EC2 ユーザーガイド、{2} 閲覧)。ブロックは検索した日程に空きがある場合にだけ購入できます"},
    {"capacity: {} days are longer than the {} days a Capacity Block may last (AWS EC2 User Guide, read {}): the job needs blocks one after another, each bought when offered",
     "調達: {0} 日は、キャパシティブロックの最長 {1} 日を超えます (AWS EC2 ユーザーガイド、{2} 閲覧)。ブロックを続けて、それぞれ提供されたときに購入する必要があります"},
    {"capacity: AWS does not guarantee spot capacity; its Spot placement score (1 to 10) rates how likely a request for {} instances is to be filled (AWS EC2 User Guide, read {}), and the account's spot quota for the family must cover {} vCPUs: it starts at 0 for GPU, Inferentia and Trainium families (AWS EC2 User Guide, read {})",
     "調達: AWS はスポットの容量を保証しません。スポットプレイスメントスコア (1〜10) が {0} 台の要求が満たされる見込みを示します (AWS EC2 ユーザーガイド、{1} 閲覧)。アカウントのファミリー別スポットクォータが {2} vCPU 以上必要で、GPU・Inferentia・Trainium の既定値は 0 です (AWS EC2 ユーザーガイド、{3} 閲覧)"},
    {"capacity: AWS publishes no limit on how many {} one account can run on demand or under a Savings Plan (a discount on on-demand use): the account's vCPU quota for the family ({} vCPUs here) and the capacity free in the region decide, and only a capacity reservation holds it",
     "調達: オンデマンドや Savings Plans (オンデマンド利用の割引) で 1 つのアカウントが動かせる {0} の台数について、AWS は上限を公表していません。ファミリー別の vCPU クォータ (ここでは {1} vCPU) とリージョンの空き容量で決まり、確保できるのはキャパシティ予約だけです"},
    {"instances: {}, the fewest on which the model fits in memory", "インスタンス数: {0} 台。モデルがメモリーに収まる最少の台数です"},
    {"global_batch: raised from {} to {} sequences so that each of the {} replicas has a micro-batch",
     "グローバルバッチ: {2} 個のレプリカそれぞれにマイクロバッチが 1 つ入るよう、{0} から {1} シーケンスに増やしました"},
    {"global_batch: assumed {} sequences of {} tokens per step (about 4M tokens); give global_batch",
     "グローバルバッチ: 1 ステップあたり {1} トークンのシーケンス {0} 個 (約 400 万トークン) と仮定しました。グローバルバッチを指定してください"},
    {"step: no architecture given: the hidden size {} estimated from the parameters (128 per layer)",
     "ステップ: アーキテクチャの指定がないため、隠れ層の次元をパラメーター数から {0} (1 層あたり 128) と推定しました"},
    {"pipeline: the last stage also runs the output layer, so the others wait for it: {} of the compute; a balanced pipeline_split (Megatron-LM's account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split) makes the step {} shorter",
     "パイプライン: 最後のステージは出力層も計算するため、ほかのステージはそれを待ちます (計算時間の {0})。パイプラインの分割を「均衡」にすると (Megatron-LM で埋め込みと損失を分割のときに 1 層と数えるオプション) ステップが {1} 短くなります"},
    {"sequence: assumed {} tokens; give sequence", "系列長: {0} トークンと仮定しました。系列長を指定してください"},
    {"qlora: the base is held in 4-bit NF4 and dequantised for every multiply; that dequantisation's time is not in this plan",
     "QLoRA: ベースモデルは 4 ビットの NF4 で保持され、行列積のたびに逆量子化されます。その逆量子化の時間はこの計画に含まれていません"},
    {"fp8: the default utilisation was measured at 16 bits; FP8 is taken as {}× its throughput ({}× to {}× measured, {}), not the doubled peak: {} of the fp8 peak",
     "FP8: 既定の使用率は 16 ビットでの測定値です。FP8 ではピークの 2 倍ではなく、そのスループットの {0} 倍 (測定値は {1} 倍から {2} 倍、{3}) と見なし、FP8 ピークの {4} になります"},
    {"interconnect: none published for {}; collectives inside the instance assumed at PCIe 4.0 speed, 25 GB/s",
     "インターコネクト: {0} には公表値がないため、インスタンス内の集団通信は PCIe 4.0 の速度 (25 GB/s) と仮定しました"},
    {"cost: no published {} price for {} in {}; give price_usd_per_hour",
     "費用: {2} での {1} の{0}料金は公表されていません。1 時間あたりの料金を指定してください"},
    {"spot: a dated price snapshot; AWS can reclaim spot capacity with two minutes' notice",
     "スポット: 料金はある日のスナップショットです。AWS は 2 分前の通知でスポットの容量を回収することがあります"},
    {"checkpoints: a job on spot saves checkpoints and restarts after interruptions; this time includes none of that: give checkpoint_overhead, the share of time it adds",
     "チェックポイント: スポットでの学習はチェックポイントを保存し、中断のたびに再開しますが、この時間にはそれが含まれていません。それで増える時間の割合 (チェックポイントのオーバーヘッド) を指定してください"},
    {"power: the accelerators at the board power measured for each activity of this work ({}), {} W each on average against a TDP of {} W, and the host at its estimated {} W; the busy states were measured on the {} and scaled to this chip's TDP",
     "電力: アクセラレーターは、この仕事の各動作 (行列積、デコード、待ち) で実測したボード電力 ({0}) から、TDP {2} W に対し 1 基平均 {1} W、ホストは推定の {3} W です。動作中の値は {4} で測ったものを、このチップの TDP に合わせて換算しています"},
    {"power: the accelerators at the board power measured for each activity of this work ({}), {} W each on average against a TDP of {} W, and the host at its estimated {} W",
     "電力: アクセラレーターは、この仕事の各動作 (行列積、デコード、待ち) で実測したボード電力 ({0}) から、TDP {2} W に対し 1 基平均 {1} W、ホストは推定の {3} W です"},
    {"collectives: between instances, priced with the latency and bandwidth fitted for each group size to nccl-tests tables measured on {} to {} {} (data/benchmarks.json); a ring crosses the network once per instance",
     "集団通信: インスタンスの間の通信は、{0}〜{1} 台の {2} で測った nccl-tests の表 (data/benchmarks.json) にグループの大きさごとに合わせた遅延と帯域で見積もります。リングはインスタンスごとに 1 度ネットワークを渡ります"},
    {"collectives: {} has no measured table of its own: the {}'s are carried to it by the network per accelerator, {} of the {}'s",
     "集団通信: {0} には測った表がありません。{1} の表を、アクセラレーターあたりのネットワーク帯域 ({3} の {2}) で換算して使います"},
    {"expert all-to-all: a token is sent once to each other instance its experts are on (expert_dispatch deduplicated, as DeepEP and HybridEP), and forwarded inside it over the links",
     "エキスパートの all-to-all: トークンは、そのエキスパートを持つ別のインスタンスへそれぞれ 1 度だけ送り (expert_dispatch が deduplicated。DeepEP や HybridEP と同じ)、その中ではリンクで配ります"},
    {"expert all-to-all: a token is sent once to each expert it is routed to (NCCL); give expert_dispatch \"deduplicated\" for DeepEP or HybridEP, which send it once to each instance",
     "エキスパートの all-to-all: トークンは振り分けられたエキスパートのそれぞれへ 1 度ずつ送ります (NCCL)。DeepEP や HybridEP はインスタンスごとに 1 度だけ送るので、その場合は expert_dispatch に \"deduplicated\" を指定してください"},
    {"layout: expert parallelism 1 (layout.expert is 1 or not given): every data-parallel rank holds every expert (gathered under ZeRO-3); give layout.expert, or leave out layout to search it",
     "レイアウト: エキスパート並列は 1 です (layout.expert が 1 か指定なし)。データ並列の各ランクがすべてのエキスパートを持ちます (ZeRO-3 では集めます)。layout.expert を指定するか、layout を省いて探索させてください"},
    {"energy: no power estimate for {} in the catalogue; give power_watts",
     "電力量: カタログに {0} の消費電力の推定がありません。消費電力を指定してください"},
    {"latency: not known for this throughput source, so the target was not checked",
     "レイテンシー: このスループットの出典ではわからないため、目標は確かめていません"},
    {"mfu: assumed {} for {}, which has no published training MFU; published GPU training runs span {} to {} ({}). Give a measured achieved_tflops or your own mfu to narrow it",
     "MFU: {1} には学習時の MFU の公表値がないため {0} と仮定しました。公表されている GPU の大規模学習は {2} から {3} の範囲です ({4})。実測の実効 TFLOP/s か自分の MFU を入れると幅が狭まります"},
    {"utilisation: the default {} counts the FLOPs executed (HFU), recompute included; on the model's FLOPs (MFU) that is {}",
     "使用率: 既定の {0} は再計算を含めて実行した演算量で数えた値 (HFU) です。モデルの演算量で数える MFU では {1} です"},
    {"mfu: assumed {} for {}, which has no published training MFU. Give a measured achieved_tflops or your own mfu to narrow it",
     "MFU: {1} には学習時の MFU の公表値がないため {0} と仮定しました。実測の実効 TFLOP/s か自分の MFU を入れると幅が狭まります"},
    {"compute: predicted from operator measurements, not an assumed MFU: each layout's matrix products priced by shape from {} ({}, measured {}, PyTorch {}), the memory-bound work and the optimizer's update at its measured bandwidth; {} has no measurement of its own: the {}'s efficiencies are borrowed, carried to its peaks and bandwidth, and the range widened by {}% each way. Give a measured achieved_tflops or your own mfu to override it",
     "計算時間: MFU を仮定せず、演算子の実測から予測しました。配置ごとの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、メモリー律速の処理とオプティマイザーの更新は実測の帯域で数えています。{4} には自身の測定がないため {5} の効率を借り、そのピーク性能と帯域に当てはめ、幅を上下に {6}% 広げています。実測の実効 TFLOP/s か自分の MFU を入れると置き換わります"},
    {"compute: predicted from operator measurements, not an assumed MFU: each layout's matrix products priced by shape from {} ({}, measured {}, PyTorch {}), the memory-bound work and the optimizer's update at its measured bandwidth. Give a measured achieved_tflops or your own mfu to override it",
     "計算時間: MFU を仮定せず、演算子の実測から予測しました。配置ごとの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、メモリー律速の処理とオプティマイザーの更新は実測の帯域で数えています。実測の実効 TFLOP/s か自分の MFU を入れると置き換わります"},
    {"serving: predicted from operator measurements, not an assumed bandwidth share or MFU: the prefill's and each decode step's matrix products priced by shape from {} ({}, measured {}, PyTorch {}), flash attention at its measured rate, the KV cache at the bandwidth the measured decode kernels reach, and the element-wise work at its measured share of the bandwidth; {}'s own products were timed one launch at a time, the host's launch inside each, while engines replay decode steps as CUDA graphs: the {}'s graph-timed efficiencies (the same die) are borrowed, carried to its peaks and bandwidth, and the range widened by {}% each way. Give bandwidth_fraction or mfu to override it",
     "サービング: 帯域の割合や MFU を仮定せず、演算子の実測から予測しました。プレフィルと各デコードステップの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、フラッシュアテンションは実測の速度、KV キャッシュは実測のデコード用カーネルが達した帯域、要素ごとの処理は実測の帯域の割合で数えています。{4} 自身の行列積はカーネルを 1 回ずつ起動して測っており、各回にホスト側の起動時間が入りますが、推論エンジンはデコードステップを CUDA グラフで再実行します。そこで同じダイの {5} がグラフで測った効率を借り、そのピーク性能と帯域に当てはめ、幅を上下に {6}% 広げています。帯域の割合か MFU を入れると置き換わります"},
    {"serving: predicted from operator measurements, not an assumed bandwidth share or MFU: the prefill's and each decode step's matrix products priced by shape from {} ({}, measured {}, PyTorch {}), flash attention at its measured rate, the KV cache at the bandwidth the measured decode kernels reach, and the element-wise work at its measured share of the bandwidth; {} has no measurement of its own: the {}'s efficiencies are borrowed, carried to its peaks and bandwidth, and the range widened by {}% each way. Give bandwidth_fraction or mfu to override it",
     "サービング: 帯域の割合や MFU を仮定せず、演算子の実測から予測しました。プレフィルと各デコードステップの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、フラッシュアテンションは実測の速度、KV キャッシュは実測のデコード用カーネルが達した帯域、要素ごとの処理は実測の帯域の割合で数えています。{4} には自身の測定がないため {5} の効率を借り、そのピーク性能と帯域に当てはめ、幅を上下に {6}% 広げています。帯域の割合か MFU を入れると置き換わります"},
    {"serving: predicted from operator measurements, not an assumed bandwidth share or MFU: the prefill's and each decode step's matrix products priced by shape from {} ({}, measured {}, PyTorch {}), flash attention at its measured rate, the KV cache at the bandwidth the measured decode kernels reach, and the element-wise work at its measured share of the bandwidth. Give bandwidth_fraction or mfu to override it",
     "サービング: 帯域の割合や MFU を仮定せず、演算子の実測から予測しました。プレフィルと各デコードステップの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、フラッシュアテンションは実測の速度、KV キャッシュは実測のデコード用カーネルが達した帯域、要素ごとの処理は実測の帯域の割合で数えています。帯域の割合か MFU を入れると置き換わります"},
    {"predicted", "予測"},
    // Where a figure came from (mfu_source, scaling_source, throughput_source); source ids stay.
    {"measured", "実測"},
    {"measured at scale", "その規模での実測"},
    {"assumed", "仮定"},
    {"request", "入力値"},
    {"step time", "ステップ時間のモデル"},
    {"compute estimate", "計算量からの推定"},
    {"llm estimate", "LLM の推定 (LLM サービングの計算機と同じモデル)"},
};

// The parts of `text` that fill the {} of `pattern`, or nothing when it does not match. Each {}
// takes the shortest text that lets the next literal part follow; the last literal part must end
// the text.
std::optional<std::vector<std::string>> match(std::string_view pattern, std::string_view text) {
    std::vector<std::string_view> literals;
    for (std::size_t from = 0;;) {
        const std::size_t hole = pattern.find("{}", from);
        literals.push_back(pattern.substr(from, hole == std::string_view::npos ? std::string_view::npos : hole - from));
        if (hole == std::string_view::npos) break;
        from = hole + 2;
    }
    if (text.substr(0, literals.front().size()) != literals.front()) return std::nullopt;
    std::vector<std::string> parts;
    std::size_t at = literals.front().size();
    for (std::size_t i = 1; i < literals.size(); ++i) {
        const bool last = i + 1 == literals.size();
        const std::size_t next = last ? (text.size() >= literals[i].size() && text.substr(text.size() - literals[i].size()) == literals[i]
                                             ? text.size() - literals[i].size()
                                             : std::string_view::npos)
                                      : text.find(literals[i], at);
        if (next == std::string_view::npos || next < at || (literals[i].empty() && !last)) return std::nullopt;
        parts.emplace_back(text.substr(at, next - at));
        at = next + literals[i].size();
    }
    if (at != text.size()) return std::nullopt;
    return parts;
}

std::string fill(std::string_view form, const std::vector<std::string>& parts) {
    std::string out;
    for (std::size_t i = 0; i < form.size(); ++i) {
        if (form[i] == '{' && i + 2 < form.size() && form[i + 2] == '}' && form[i + 1] >= '0' && form[i + 1] <= '9') {
            const std::size_t k = std::size_t(form[i + 1] - '0');
            if (k < parts.size()) out += parts[k];
            i += 2;
        } else {
            out += form[i];
        }
    }
    return out;
}

// A part of a message that is a purchase option id, or a list of them, in Japanese; other parts
// (instance ids, regions, numbers) as they are.
std::string option_names_ja(const std::string& part) {
    const auto& options = purchase_options();
    std::string out;
    for (std::size_t from = 0; from <= part.size();) {
        const std::size_t comma = std::min(part.find(", ", from), part.size());
        const std::string item = part.substr(from, comma - from);
        if (std::find(options.begin(), options.end(), item) == options.end()) return part;  // not a list of options
        out += (out.empty() ? "" : "、") + purchase_option_name(item, "ja");
        from = comma + 2;
    }
    return out;
}

}  // namespace

namespace {

struct Coded {
    const char* code;
    const char* en;  // {0}, {1}, … the parts that vary
    const char* ja;
};

// message_list.hpp's table, in msg::Code's order.
const Coded kCoded[] = {
#define ACCELGUIDE_MESSAGE_ROW(code, en, ja) {#code, en, ja},
    ACCELGUIDE_MESSAGES(ACCELGUIDE_MESSAGE_ROW)
#undef ACCELGUIDE_MESSAGE_ROW
};

// A coded message's English as the pattern table writes it: each {0}, {1}, … as {}.
std::string as_pattern(const char* en) {
    std::string out;
    for (const char* c = en; *c; ++c) {
        if (c[0] == '{' && c[1] >= '0' && c[1] <= '9' && c[2] == '}') {
            out += "{}";
            c += 2;
        } else {
            out += *c;
        }
    }
    return out;
}

}  // namespace

const char* code_name(msg::Code code) { return kCoded[code].code; }

std::string message_text(msg::Code code, const std::vector<std::string>& args, std::string_view lang) {
    const Coded& c = kCoded[code];
    if (lang != "ja") return fill(c.en, args);
    std::vector<std::string> parts = args;
    for (std::string& part : parts) part = option_names_ja(part);
    return fill(c.ja, parts);
}

FieldError coded(std::string field, msg::Code code, std::vector<std::string> args) {
    std::string message = message_text(code, args, "en");
    return FieldError(std::move(field), std::move(message), code_name(code), std::move(args));
}

bool Stages::refuse(std::string field, msg::Code code, std::vector<std::string> args) {
    errors.push_back(coded(std::move(field), code, std::move(args)));
    return false;
}

std::string message_text(std::string_view code, const std::vector<std::string>& args, std::string_view lang) {
    for (const Coded& c : kCoded)
        if (code == c.code) {
            if (lang != "ja") return fill(c.en, args);
            std::vector<std::string> parts = args;
            for (std::string& part : parts) part = option_names_ja(part);
            return fill(c.ja, parts);
        }
    return std::string(code);
}

std::string messages_markdown() {
    std::string out = "| code | English | 日本語 |\n|---|---|---|\n";
    for (const Coded& c : kCoded) out += std::string("| `") + c.code + "` | " + c.en + " | " + c.ja + " |\n";
    return out;
}

std::vector<std::string> message_codes() {
    std::vector<std::string> out;
    for (const Coded& c : kCoded) out.push_back(c.code);
    return out;
}

std::string localise(const std::string& message, std::string_view lang) {
    if (lang != "ja") return message;
    for (const Entry& e : kJapanese)
        if (auto parts = match(e.en, message)) {
            for (std::string& part : *parts) part = option_names_ja(part);
            return fill(e.ja, *parts);
        }
    // A coded message that reached here as text (copied by a plan that nests another's errors).
    for (const Coded& c : kCoded)
        if (auto parts = match(as_pattern(c.en), message)) return message_text(c.code, *parts, lang);
    return message;
}

std::vector<std::string> message_patterns() {
    std::vector<std::string> out;
    for (const Entry& e : kJapanese) out.emplace_back(e.en);
    for (const Coded& c : kCoded) out.push_back(as_pattern(c.en));
    return out;
}

}  // namespace planner
