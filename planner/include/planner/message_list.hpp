// Every message a request error can carry, declared once: its code (the error's "code" in the
// JSON), its English and its Japanese, with {0}, {1}, … for the parts that vary (the error's "args").
// messages.hpp turns the codes into the enum msg::Code that the planner refuses with, so a code
// that is not declared here does not compile; messages.cpp renders them.
#pragma once

// clang-format off
#define ACCELGUIDE_MESSAGES(X) \
    X(required, "is required", \
      "必須です") \
    X(not_a_number, "must be a number", \
      "数値を入力してください") \
    X(too_small, "is too small to plan with (below {0})", \
      "小さすぎて計算できません ({0} 未満)") \
    X(range, "must be from {0} to {1}", \
      "{0} 以上 {1} 以下にしてください") \
    X(range_above, "must be greater than {0} and at most {1}", \
      "{0} より大きく {1} 以下にしてください") \
    X(whole_range, "must be a whole number from {0} to {1}", \
      "{0} 以上 {1} 以下の整数にしてください") \
    X(whole_range_above, "must be a whole number greater than {0} and at most {1}", \
      "{0} より大きく {1} 以下の整数にしてください") \
    X(not_text, "must be text", \
      "文字列にしてください") \
    X(not_one_of, "must be one of: {0}", \
      "次のいずれかにしてください: {0}") \
    X(list_length, "must list {0} to {1} items", \
      "{0} 個から {1} 個の項目を並べてください") \
    X(list_at_most, "must list at most {0} items", \
      "項目は {0} 個までにしてください") \
    X(list_at_least, "must list at least {0} items", \
      "{0} 個以上の項目を並べてください") \
    X(unknown_field, "is not a known field", \
      "不明な項目です") \
    X(unused_field, "internal check: this field was neither used nor refused (the planner would have ignored it)", \
      "内部検査: この項目は使われも拒否もされませんでした (計算機はこれを無視するところでした)") \
    X(api_required, "is required: this planner speaks api 1", \
      "必須です (この計算機は api 1 を使います)") \
    X(api_must_be_1, "must be 1: this planner speaks api 1", \
      "1 にしてください (この計算機は api 1 を使います)") \
    X(kind_required, "is required (one of: {0})", \
      "必須です ({0} のいずれか)") \
    X(request_too_large, "the request is larger than {0} KB", \
      "リクエストが {0} KB を超えています") \
    X(request_not_utf8, "the request is not valid UTF-8 (byte {0})", \
      "リクエストが UTF-8 として正しくありません ({0} バイト目)") \
    X(request_nul_byte, "the request holds a NUL byte (byte {0}); nothing may follow the JSON", \
      "リクエストに NUL バイトがあります ({0} バイト目)。JSON の後には何も置けません") \
    X(number_too_large, "is a number too large to plan with", \
      "大きすぎる数値です") \
    X(nests_too_deep, "nests deeper than {0} levels", \
      "入れ子が {0} 段を超えています") \
    X(given_twice, "is given twice", \
      "2 回指定されています") \
    X(request_not_valid_json, "the request is not valid JSON", \
      "リクエストが JSON として正しくありません") \
    X(request_not_object, "the request must be a JSON object", \
      "リクエストは JSON オブジェクトにしてください") \
    X(internal_error_what, "internal error: {0}", \
      "内部エラー: {0}") \
    X(internal_error_bare, "internal error", \
      "内部エラー") \
    X(catalogue_error, "catalogue: {0}", \
      "カタログ: {0}") \
    X(job_or_like, "give job or like, not both", \
      "job と like はどちらか一方だけを指定してください") \
    X(like_shape, "must be a train, infer or serve request with its instance", \
      "インスタンスを含む学習、推論か LLM サービングのリクエストにしてください") \
    X(job_required, "is required: a train, infer or serve request without its instance", \
      "必須です: インスタンスを除いた学習、推論か LLM サービングのリクエストを指定してください") \
    X(unknown_instance, "unknown instance type {0}", \
      "不明なインスタンスタイプです: {0}") \
    X(listed_twice, "is listed twice", \
      "2 回挙げられています") \
    X(no_instance_types, "the catalogue has no instance types", \
      "カタログにインスタンスタイプがありません") \
    X(compare_job_instance, "leave it out: compare runs the job on every instance type", \
      "指定しないでください: 比較ではすべてのインスタンスタイプで計算します") \
    X(compare_measured_throughput, "to compare instance types, give the throughput as compute or llm: a measured throughput belongs to one instance type", \
      "インスタンスタイプを比較するには、スループットを compute か llm で指定してください (実測値は 1 つのインスタンスタイプのものです)") \
    X(work_shape, "must be a training or serving job without its instance: {\"kind\": \"train\" or \"serve\", …}", \
      "インスタンスを除いた学習またはサービングのジョブにしてください: {\"kind\": \"train\" または \"serve\", …}") \
    X(work_instance, "is each configuration's: leave it out of the job", \
      "各構成のものです。ジョブからは外してください") \
    X(configuration_shape, "must be an object {label, instance, instances, hours}", \
      "{label, instance, instances, hours} のオブジェクトにしてください") \
    X(hours_from_training, "is planned from the training job: leave it out", \
      "学習ジョブから計画します。空欄にしてください") \
    X(instances_from_serving, "is planned from the serving job (the fleet for its rate): leave it out", \
      "サービングのジョブから計画します (リクエスト率に必要なフリート)。空欄にしてください") \
    X(configuration_instances_required, "is required: the instances this configuration trains on (or give the job deadline_days)", \
      "必須です: この構成で学習する台数 (またはジョブに期限を指定してください)") \
    X(compute_shape, "give flops_per_request, or parameters and tokens (2 · P · tokens FLOPs)", \
      "リクエストあたりの FLOP 数か、パラメーター数とトークン数 (2 · P · トークン数 FLOP) を指定してください") \
    X(llm_model_or_figures, "give a model id or the model's figures, not both", \
      "モデル ID とモデルの数値はどちらか一方だけを指定してください") \
    X(one_throughput, "give exactly one of throughput_rps, benchmark, compute or llm for the per-instance throughput", \
      "インスタンスあたりのスループットは throughput_rps、benchmark、compute、llm のうち 1 つだけを指定してください") \
    X(no_dense_peak, "{0} has no published dense {1} peak", \
      "{0} は密な {1} ピークが公表されていません") \
    X(unknown_model, "unknown model \"{0}\"", \
      "不明なモデルです: {0}") \
    X(no_bandwidth_for_llm, "{0} has no published memory bandwidth; give throughput_rps instead", \
      "{0} はメモリー帯域幅が公表されていません。throughput_rps を指定してください") \
    X(llm_memory_exceeded, "weights and KV cache need {0} GB, more than the {1} GB usable on one {2}; lower the batch or pick a larger instance", \
      "重みと KV キャッシュに {0} GB 必要で、{2} 1 台で使える {1} GB を超えます。バッチを小さくするか、大きなインスタンスを選んでください") \
    X(config_kv_heads_divide, "must divide num_attention_heads ({0})", \
      "num_attention_heads ({0}) を割り切れる数にしてください") \
    X(config_dense_layers_exceed, "cannot exceed num_hidden_layers ({0})", \
      "num_hidden_layers ({0}) を超えられません") \
    X(config_head_dim_missing, "is missing, and hidden_size is not a multiple of num_attention_heads", \
      "ありません。hidden_size が num_attention_heads の倍数でないため求められません") \
    X(exceeds_experts, "cannot exceed the experts", \
      "エキスパート数を超えられません") \
    X(config_shape, "must be the config.json object", \
      "config.json の内容 (JSON オブジェクト) にしてください") \
    X(config_too_many_parameters, "describes {0} parameters, more than the {1} a model may have", \
      "{0} パラメーターになり、モデルの上限 {1} を超えています") \
    X(serving_on_cpu, "serving on CPUs is not modelled: give throughput_rps to the infer kind", \
      "CPU での LLM サービングはモデル化していません。推論フリートの計算機に 1 台あたりのスループットを指定してください") \
    X(no_bandwidth, "{0} has no published memory bandwidth", \
      "{0} はメモリー帯域が公表されていません") \
    X(context_exceeded, "the prompt and output ({0} tokens) exceed the model's context of {1} tokens", \
      "プロンプトと出力 ({0} トークン) がモデルのコンテキスト長 {1} トークンを超えています") \
    X(no_dense_peak_compute, "{0} has no published dense {1} peak in the catalogue (its published peaks: {2})", \
      "{0} の密な {1} ピークはカタログにありません (公表されているピーク: {2})") \
    X(format_needs_peak, "needs a published dense {0} peak for {1} to plan {2} on, and the catalogue has none (its published peaks: {3})", \
      "{2} を計画するには {1} の密な {0} ピークが必要ですが、カタログにありません (公表されているピーク: {3})") \
    X(tensor_divide_instance, "must divide the {0} accelerators of one {1} (tensor parallelism stays inside an instance)", \
      "{1} 1 台のアクセラレーター {0} 基を割り切れる数にしてください (テンソル並列はインスタンス内に収まります)") \
    X(experts_together, "give experts and experts_per_token together", \
      "エキスパート数とトークンあたりのエキスパート数は両方指定してください") \
    X(expert_ffn_needs_experts, "needs model.experts and model.experts_per_token", \
      "エキスパート数とトークンあたりのエキスパート数も指定してください") \
    X(latent_together, "give kv_lora_rank and qk_rope_head_dim together for latent attention", \
      "潜在アテンション (MLA) には kv_lora_rank と qk_rope_head_dim を両方指定してください") \
    X(window_layers_need_window, "needs model.sliding_window", \
      "スライディングウィンドウ (model.sliding_window) も指定してください") \
    X(exceeds_layers, "cannot exceed the layers", \
      "層数を超えられません") \
    X(serve_model_required, "is required: a model id of the catalogue, or its architecture", \
      "必須です: カタログのモデル ID か、そのアーキテクチャを指定してください") \
    X(exceeds_parameters, "cannot exceed the parameters", \
      "パラメーター数を超えられません") \
    X(kv_heads_divide, "must divide the model's {0} attention heads", \
      "モデルのアテンションヘッド数 {0} を割り切れる数にしてください") \
    X(serve_model_shape, "must be a model id or an object with the architecture", \
      "モデル ID か、アーキテクチャのオブジェクトにしてください") \
    X(exceeds_max_batch, "cannot exceed max_batch ({0})", \
      "max_batch ({0}) を超えられません") \
    X(lora_needs_shape, "LoRA counts its adapters from the model's shape: give a catalogue model, model.config or model.architecture", \
      "LoRA のアダプターはモデルの形状から数えます。カタログのモデル、config.json、アーキテクチャのいずれかを指定してください") \
    X(layout_context_divide, "tensor × pipeline × context ({0}) must divide the {1} accelerators", \
      "テンソル × パイプライン × コンテキスト ({0}) は、アクセラレーター数 {1} を割り切れる数にしてください") \
    X(layout_pipeline_divide, "tensor × pipeline ({0}) must divide the {1} accelerators", \
      "テンソル × パイプライン ({0}) はアクセラレーター {1} 基を割り切れる数にしてください") \
    X(pipeline_exceeds_layers, "cannot exceed the model's {0} layers", \
      "モデルの層数 {0} を超えられません") \
    X(interleave_exceeds_layers, "pipeline × interleave cannot exceed the model's {0} layers", \
      "パイプライン段数 × インターリーブはモデルの層数 {0} 以下にしてください") \
    X(expert_divide_data, "must divide the data-parallel degree, {0}", \
      "データ並列度 {0} を割り切れる数にしてください") \
    X(context_divide_sequence, "must divide the sequence of {0} tokens", \
      "系列長 {0} トークンを割り切れる数にしてください") \
    X(job_too_large, "the job is too large to estimate", \
      "ジョブが大きすぎて見積もれません") \
    X(budget_needs_price, "needs a price for {0}: give price_usd_per_hour", \
      "{0} の料金が必要です: 1 時間あたりの料金を指定してください") \
    X(budget_below_fewest, "is too small for the model on {0}: it needs at least {1} instances, at {2}", \
      "{0} ではモデルが収まるのに {1} 台以上が必要で、{2} かかるため予算に足りません") \
    X(budget_below_one, "is below the cheapest plan on {0}, one instance at {1}", \
      "{0} で最も安い 1 台の計画 ({1}) に届きません") \
    X(recompute_does_not_fit, "the model does not fit in memory on up to {0} instances of {1} with this recompute: recompute more (selective or full) or choose a type with more memory", \
      "この再計算の設定では、{1} を {0} 台まで使ってもモデルがメモリーに収まりません。再計算を増やす (選択的または完全) か、メモリーの大きいタイプを選んでください") \
    X(deadline_beyond_capacity_blocks, "cannot be met with the {0} instances of {1} one account may hold across Capacity Blocks (AWS EC2 User Guide, read {2}): choose another purchase option", \
      "1 つのアカウントがキャパシティブロック全体で持てる {1} {0} 台では期限に間に合いません (AWS EC2 ユーザーガイド、{2} 閲覧)。別の購入オプションを選んでください") \
    X(deadline_beyond_global_batch, "cannot be met with up to {0} instances of {1} at the job's global batch of {2} sequences (a larger global_batch allows more replicas)", \
      "{1} を {0} 台まで使っても、このジョブのグローバルバッチ {2} シーケンスでは期限に間に合いません (global_batch を大きくすればデータ並列を増やせます)") \
    X(train_model_required, "is required: a model id of the catalogue, model.config, model.parameters or model.architecture", \
      "必須です。カタログのモデル ID、config.json、パラメーター数、アーキテクチャのいずれかを指定してください") \
    X(train_model_shape, "must be a model id or an object", \
      "モデル ID かオブジェクトにしてください") \
    X(parameters_or_architecture, "give either model.parameters or model.architecture", \
      "パラメーター数とアーキテクチャはどちらか一方だけを指定してください") \
    X(moe_needs_counts, "a mixture of experts needs model.active_parameters, model.experts and model.experts_per_token", \
      "混合エキスパート (MoE) には、有効パラメーター数、エキスパート数、トークンあたりのエキスパート数の 3 つが必要です") \
    X(fewer_than_experts, "must be fewer than model.experts", \
      "エキスパート数より少なくしてください") \
    X(architecture_shape, "must be an object {layers, hidden, heads, sequence, vocabulary}", \
      "{layers, hidden, heads, sequence, vocabulary} のオブジェクトにしてください") \
    X(divide_hidden, "must divide model.architecture.hidden", \
      "隠れ層の次元を割り切れる数にしてください") \
    X(fine_tuning_shape, "must be an object {method, rank, target_modules}", \
      "{method, rank, target_modules} のオブジェクトにしてください") \
    X(target_modules_list, "must be a list of q, k, v, o, gate, up, down", \
      "q、k、v、o、gate、up、down の一覧にしてください") \
    X(lora_rank_exceeds_hidden, "cannot exceed the model's hidden size, {0} (a LoRA adapter's rank is at most its matrix's smaller side)", \
      "モデルの隠れ層の次元 {0} を超えられません (LoRA アダプターのランクは行列の小さい方の次元以下です)") \
    X(sequence_in_architecture, "is model.architecture.sequence for a typed architecture: give it there", \
      "アーキテクチャを入力した場合、系列長はアーキテクチャの sequence に指定してください") \
    X(not_boolean, "must be true or false", \
      "true か false にしてください") \
    X(tokens_shape, "must be a number, or \"chinchilla\" for 20 tokens per parameter", \
      "数値か、パラメーターあたり 20 トークンを表す \"chinchilla\" にしてください") \
    X(int8_not_for_training, "int8 is an inference format: train at fp32, tf32, bf16, fp16, fp8 or fp4", \
      "int8 は推論用の形式です。学習には fp32、tf32、bf16、fp16、fp8、fp4 のいずれかを指定してください") \
    X(count_or_deadline, "give either instance_count or deadline_days, not both", \
      "インスタンス数と期限はどちらか一方だけを指定してください") \
    X(count_deadline_budget, "give only one of instance_count, deadline_days and budget_usd", \
      "インスタンス数、期限、予算のどれか 1 つだけを指定してください") \
    X(mfu_or_hfu, "give either mfu or hfu, not both", \
      "MFU と HFU はどちらか一方だけを指定してください") \
    X(mfu_or_tflops, "give either mfu or achieved_tflops, not both", \
      "MFU と実効 TFLOP/s はどちらか一方だけを指定してください") \
    X(hfu_or_tflops, "give either hfu or achieved_tflops, not both", \
      "HFU と実効 TFLOP/s はどちらか一方だけを指定してください") \
    X(one_utilisation, "give one of mfu, hfu, achieved_tflops and matrix_utilisation", \
      "MFU、HFU、実効 TFLOP/s、行列積の使用率 (matrix_utilisation) はどれか 1 つだけを指定してください") \
    X(layout_shape, "must be an object {tensor, pipeline, zero}", \
      "{tensor, pipeline, zero} のオブジェクトにしてください") \
    X(needs_moe, "needs a mixture of experts", \
      "混合エキスパート (MoE) のモデルでのみ指定できます") \
    X(divide_experts, "must divide the model's {0} experts", \
      "モデルのエキスパート数 {0} を割り切れる数にしてください") \
    X(interleave_needs_pipeline, "needs a pipeline (layout.pipeline > 1)", \
      "パイプライン並列 (2 段以上) が必要です") \
    X(overlap_shape, "must be a share from 0 to 1, or \"layer\" (layer by layer, as FSDP and Megatron-LM overlap)", \
      "0 から 1 の割合か、\"layer\" (FSDP や Megatron-LM のように層ごとに重ねる) にしてください") \
    X(fp4_needs_utilisation, "is required at fp4: no published FP4 training measurement to take a default from (give mfu, hfu or achieved_tflops)", \
      "fp4 では必須です。既定値の根拠となる FP4 学習の公表測定がありません (MFU、HFU、実測 TFLOP/s のいずれかを指定してください)") \
    X(no_units, "{0} has no {1} units: it computes in {2}", \
      "{0} には {1} の演算器がありません。対応する形式: {2}") \
    X(above_peak, "is above the accelerator's dense {0} peak of {1} TFLOPS", \
      "アクセラレーターの密な {0} ピーク {1} TFLOPS を超えています") \
    X(no_dense_peak_for_mfu, "{0} has no published dense {1} peak; give achieved_tflops instead of mfu", \
      "{0} は密な {1} ピークが公表されていません。MFU ではなく実効 TFLOP/s を指定してください") \
    X(no_bandwidth_for_memory_work, "{0} has no published memory bandwidth to price the memory-bound work at: give hfu or mfu instead", \
      "{0} はメモリー帯域が公表されておらず、メモリー律速の処理を見積もれません。HFU か MFU を指定してください") \
    X(above_peak_with_recompute, "is more than the peak allows with full recompute: at most {0} (the recompute's extra forward pass runs on the same peak)", \
      "完全な再計算ではピークを超えます。最大 {0} です (再計算で増える順伝播も同じピークで実行されます)") \
    X(no_training_mfu, "is required: no published training MFU for {0} (or give achieved_tflops per accelerator)", \
      "必須です: {0} の学習時 MFU は公表されていません (1 基あたりの実効 TFLOP/s を指定することもできます)") \
    X(offered_for_inference_only, "{0} is offered for inference, not for training", \
      "{0} は推論用のチップで、学習には使えません") \
    X(not_offered_for_inference, "{0} is not offered for inference", \
      "{0} は推論には使えません") \
    X(unknown_region, "unknown region \"{0}\"", \
      "不明なリージョンです: \"{0}\"") \
    X(internal_check, "internal check: {0}", \
      "内部検査で矛盾が見つかったため、この答えは出しません: {0}") \
    X(unknown_benchmark, "unknown inference benchmark \"{0}\"", \
      "不明な推論ベンチマークです: \"{0}\"") \
    X(benchmark_elsewhere, "\"{0}\" was measured on {1}, not {2}", \
      "\"{0}\" は {1} で測定されたもので、{2} のものではありません") \
    X(fleet_too_large, "needs more than ten million instances", \
      "1,000 万台を超えるインスタンスが必要です") \
    X(replica_weights_exceed, "the weights need {0} GB, more than the {1} GB usable at tensor parallelism {2}", \
      "重みに {0} GB 必要で、テンソル並列 {2} で使える {1} GB を超えます") \
    X(replica_one_sequence_exceeds, "the weights and one sequence's KV cache need {0} GB, more than the {1} GB usable at tensor parallelism {2}", \
      "重みと 1 シーケンス分の KV キャッシュに {0} GB 必要で、テンソル並列 {2} で使える {1} GB を超えます") \
    X(replica_concurrency_exceeds, "the weights and the KV cache of {0} sequences need {1} GB, more than the {2} GB usable at tensor parallelism {3}", \
      "重みと {0} シーケンス分の KV キャッシュに {1} GB 必要で、テンソル並列 {3} で使える {2} GB を超えます") \
    X(ttft_above_target_alone, "the first token takes {0} ms at tensor parallelism {1} even alone (the prefill of {2} tokens), above the {3} ms target", \
      "テンソル並列 {1} では、リクエストが 1 つだけでも最初のトークンまで {0} ミリ秒かかり ({2} トークンのプレフィル)、目標の {3} ミリ秒を超えます") \
    X(tpot_above_target_alone, "each output token takes {0} ms at tensor parallelism {1} even for one sequence (reading {2} GB of weights per token), above the {3} ms target", \
      "テンソル並列 {1} では、1 シーケンスだけでも出力トークン 1 つに {0} ミリ秒かかり (トークンごとに重み {2} GB を読み込みます)、目標の {3} ミリ秒を超えます") \
    X(heads_do_not_split, "the model's {0} attention heads do not split evenly over {1} GPUs", \
      "モデルの {0} 個のアテンションヘッドは {1} 基の GPU に均等に分けられません") \
    X(config_field_missing, "is missing from the config.json: type the model's architecture in instead", \
      "config.json にありません。モデルのアーキテクチャを直接入力してください") \
    X(no_architecture, "{0} has no architecture in the catalogue; give the model's layers, hidden, heads, kv_heads and head_dim", \
      "{0} のアーキテクチャはカタログにありません。層数、隠れ次元、ヘッド数、KV ヘッド数、ヘッド次元を指定してください") \
    X(detail_not_published, "{0} does not publish {1} in the catalogue", \
      "{0} の {1} はカタログにありません") \
    X(count_from_shape, "comes from model.{0} here: give it only beside model.parameters", \
      "ここでは model.{0} から求めます。model.parameters と一緒のときだけ指定してください") \
    X(not_offered_options_nearest, "{0} is not offered in {1} as {2}; it is offered there as {3}; nearest regions that offer it: {4}", \
      "{0} は {1} では{2}で提供されていません。このリージョンでは{3}で提供されています。{2}で提供している近いリージョン: {4}") \
    X(not_offered_options_nowhere, "{0} is not offered in {1} as {2}; it is offered there as {3}; no region in the catalogue offers it so", \
      "{0} は {1} では{2}で提供されていません。このリージョンでは{3}で提供されています。{2}で提供しているリージョンはカタログにありません") \
    X(not_offered_nearest, "{0} is not offered in {1} as {2}; nearest regions that offer it: {3}", \
      "{0} は {1} では{2}で提供されていません。提供している近いリージョン: {3}") \
    X(not_offered_nowhere, "{0} is not offered in {1} as {2}; no region in the catalogue offers it so", \
      "{0} は {1} では{2}で提供されていません。{2}で提供しているリージョンはカタログにありません")
// clang-format on
