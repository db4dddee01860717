// Every message the planner says, declared once: a request error's or a note's code (an error's
// "code" in the JSON), its English and its Japanese, with {0}, {1}, … for the parts that vary (an
// error's "args"). The planner reads only the codes (planner/messages.hpp turns them into the enum
// msg::Code it refuses and notes with, so a code that is not declared here does not compile); the
// sentences are the display's (display/messages.cpp renders them in the request's language). This
// list is a header-only target of its own (accelguide::message_list) so that the planner can take
// its codes without depending on the display.
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
    X(serving_on_cpu, "serving an LLM on CPUs is not modelled: give a measured throughput per instance to the inference fleet calculator (the infer kind's throughput_rps)", \
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
    X(cached_below_prompt, "must be fewer than the prompt's {0} tokens: an engine prefills a prompt's last token at least", \
      "プロンプトのトークン数 ({0}) より少なくしてください。エンジンはプロンプトの最後のトークンを必ずプリフィルします") \
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
      "{0} は {1} では{2}で提供されていません。{2}で提供しているリージョンはカタログにありません") \
    X(capacity_over_account, "capacity: {0} instances are more than the {1} one account may hold across Capacity Blocks (AWS EC2 User Guide, read {2}): plan fewer instances or another purchase option", \
      "調達: {0} 台は、1 つのアカウントがキャパシティブロック全体で持てる {1} 台を超えます (AWS EC2 ユーザーガイド、{2} 閲覧)。台数を減らすか、別の購入オプションにしてください") \
    X(capacity_blocks_needed, "capacity: {0} instances need {1} Capacity Blocks of at most {2} instances each (AWS EC2 User Guide, read {3}); each is sold only where capacity is free at the dates searched, and blocks of {4} are not offered for every type in every region", \
      "調達: {0} 台には、1 ブロック最大 {2} 台のキャパシティブロックが {1} 個必要です (AWS EC2 ユーザーガイド、{3} 閲覧)。各ブロックは検索した日程に空きがある場合にだけ購入でき、{4} 台のブロックはすべてのタイプ・リージョンで提供されてはいません") \
    X(capacity_one_block, "capacity: {0} instances fit one Capacity Block of up to {1} instances (AWS EC2 User Guide, read {2}); a block is sold only where capacity is free at the dates searched", \
      "調達: {0} 台は最大 {1} 台のキャパシティブロック 1 つに収まります (AWS EC2 ユーザーガイド、{2} 閲覧)。ブロックは検索した日程に空きがある場合にだけ購入できます") \
    X(capacity_days_over_block, "capacity: {0} days are longer than the {1} days a Capacity Block may last (AWS EC2 User Guide, read {2}): the job needs blocks one after another, each bought when offered", \
      "調達: {0} 日は、キャパシティブロックの最長 {1} 日を超えます (AWS EC2 ユーザーガイド、{2} 閲覧)。ブロックを続けて、それぞれ提供されたときに購入する必要があります") \
    X(capacity_spot, "capacity: AWS does not guarantee spot capacity; its Spot placement score (1 to 10) rates how likely a request for {0} instances is to be filled (AWS EC2 User Guide, read {1}), and the account's spot quota for the family must cover {2} vCPUs: it starts at 0 for GPU, Inferentia and Trainium families (AWS EC2 User Guide, read {3})", \
      "調達: AWS はスポットの容量を保証しません。スポットプレイスメントスコア (1〜10) が {0} 台の要求が満たされる見込みを示します (AWS EC2 ユーザーガイド、{1} 閲覧)。アカウントのファミリー別スポットクォータが {2} vCPU 以上必要で、GPU・Inferentia・Trainium の既定値は 0 です (AWS EC2 ユーザーガイド、{3} 閲覧)") \
    X(capacity_on_demand, "capacity: AWS publishes no limit on how many {0} one account can run on demand or under a Savings Plan (a discount on on-demand use): the account's vCPU quota for the family ({1} vCPUs here) and the capacity free in the region decide, and only a capacity reservation holds it", \
      "調達: オンデマンドや Savings Plans (オンデマンド利用の割引) で 1 つのアカウントが動かせる {0} の台数について、AWS は上限を公表していません。ファミリー別の vCPU クォータ (ここでは {1} vCPU) とリージョンの空き容量で決まり、確保できるのはキャパシティ予約だけです") \
    X(no_power_estimate, "energy: no power estimate for {0} in the catalogue; give power_watts", \
      "電力量: カタログに {0} の消費電力の推定がありません。消費電力を指定してください") \
    X(no_price, "cost: no published {0} price for {1} in {2}; give price_usd_per_hour", \
      "費用: {2} での {1} の{0}料金は公表されていません。1 時間あたりの料金を指定してください") \
    X(spot_snapshot, "spot: a dated price snapshot; AWS can reclaim spot capacity with two minutes' notice", \
      "スポット: 料金はある日のスナップショットです。AWS は 2 分前の通知でスポットの容量を回収することがあります") \
    X(range_low_throughput_fleet, "range: at the low end of the throughput the demand needs more than ten million instances", \
      "範囲: スループットの下限では 1,000 万台を超えるインスタンスが必要です") \
    X(latency_unchecked, "latency: not known for this throughput source, so the target was not checked", \
      "レイテンシー: このスループットの出典ではわからないため、目標は確かめていません") \
    X(range_low_assumptions_fleet, "range: at the low end of the assumptions the demand needs more than ten million instances", \
      "範囲: 仮定の下限では 1,000 万台を超えるインスタンスが必要です") \
    X(range_low_assumptions_targets, "range: at the low end of the assumptions the targets are not met at this tensor parallelism", \
      "範囲: 仮定の下限では、このテンソル並列で目標を満たせません") \
    X(experts_uniform_routing, "experts: memory holds every expert; a decode step reads the experts its tokens route to, assuming uniform routing (skewed routing reads fewer at small batches and makes hot experts slower)", \
      "エキスパート: メモリーにはすべてのエキスパートを載せます。デコードの各ステップはトークンが割り当てられたエキスパートだけを読み込むとし、割り当ては均等と仮定しています (偏りがあると小さなバッチでは読み込みが減り、集中するエキスパートは遅くなります)") \
    X(attention_not_counted, "attention: the FLOPs and KV reads of attention itself beyond the cache size are not counted; long prompts take longer", \
      "アテンション: アテンション自体の演算は数えていません。長いプロンプトではこれより時間がかかります") \
    X(prefix_cache, "prefix cache: {0} of each prompt's {1} tokens are found in the engine's cache and not prefilled again (their attention is still read); their KV cache is counted for every sequence, as when each conversation caches its own history, so a prefix shared by all needs less memory than planned", \
      "プレフィックスキャッシュ: 各プロンプト {1} トークンのうち {0} トークンはエンジンのキャッシュにあり、プリフィルし直しません (アテンションでは読み込みます)。その KV キャッシュは系列ごとに数えています (会話ごとに自分の履歴をキャッシュする場合)。全リクエストで共有されるプレフィックスなら、必要なメモリーは計画より少なくなります") \
    X(max_batch_cap, "max_batch: each replica runs at most {0} sequences at once, the engine's batch cap", \
      "max_batch: エンジンのバッチ上限により、各レプリカの同時処理は最大 {0} 系列です") \
    X(engine_static, "engine: static batching: a request waits on average half a batch's cycle for the running batch to finish, then for the whole batch's prefill; decode steps are not interrupted", \
      "エンジン: 静的バッチ処理。リクエストは実行中のバッチが終わるまで平均でバッチ 1 周期の半分待ち、さらにバッチ全体のプリフィルを待ちます。デコードは中断されません") \
    X(engine_continuous, "engine: continuous batching (vLLM, TensorRT-LLM, SGLang, NxD Inference): each new request's prefill joins the running batch and stalls its decode; TTFT counts the queue: a new request waits for the iteration under way, then is prefilled beside those that arrived during it, the others arriving at random at the rate served; set engine to static for a runtime that runs whole batches", \
      "エンジン: 連続バッチ処理 (vLLM、TensorRT-LLM、SGLang、NxD Inference)。新しいリクエストのプリフィルは実行中のバッチに加わり、その間デコードが止まります。TTFT は待ち行列を数えます。新しいリクエストは実行中のイテレーションの終わりを待ち、その間に着いたリクエストと一緒にプリフィルされます (ほかのリクエストは処理できる速さでランダムに着くとします)。バッチ単位で処理するランタイムでは、バッチ処理を静的にしてください") \
    X(tokens_chinchilla, "tokens: Chinchilla-optimal, 20 per parameter (Hoffmann et al. 2022)", \
      "トークン数: Chinchilla 最適 (パラメーターあたり 20、Hoffmann ら 2022)") \
    X(qlora_dequantisation, "qlora: the base is held in 4-bit NF4 and dequantised for every multiply; that dequantisation's time is not in this plan", \
      "QLoRA: ベースモデルは 4 ビットの NF4 で保持され、行列積のたびに逆量子化されます。その逆量子化の時間はこの計画に含まれていません") \
    X(spot_checkpoints, "checkpoints: a job on spot saves checkpoints and restarts after interruptions; this time includes none of that: give checkpoint_overhead, the share of time it adds", \
      "チェックポイント: スポットでの学習はチェックポイントを保存し、中断のたびに再開しますが、この時間にはそれが含まれていません。それで増える時間の割合 (チェックポイントのオーバーヘッド) を指定してください") \
    X(layout_over_memory, "memory: this layout needs {0} GB per accelerator, more than the {1} GB usable on each {2}, so it would not run as planned: raise layout.tensor, layout.pipeline or layout.zero, or leave the layout to the planner", \
      "メモリー: このレイアウトはアクセラレーター 1 基あたり {0} GB 必要で、{2} で使える {1} GB を超えるため、計画どおりには動きません。layout.tensor、layout.pipeline か layout.zero を上げるか、レイアウトを計算機に任せてください") \
    X(pipeline_output_stage, "pipeline: the last stage also runs the output layer, so the others wait for it: {0} of the compute; a balanced pipeline_split (Megatron-LM's account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split) makes the step {1} shorter", \
      "パイプライン: 最後のステージは出力層も計算するため、ほかのステージはそれを待ちます (計算時間の {0})。パイプラインの分割を「均衡」にすると (Megatron-LM で埋め込みと損失を分割のときに 1 層と数えるオプション) ステップが {1} 短くなります") \
    X(global_batch_assumed, "global_batch: assumed {0} sequences of {1} tokens per step (about 4M tokens); give global_batch", \
      "グローバルバッチ: 1 ステップあたり {1} トークンのシーケンス {0} 個 (約 400 万トークン) と仮定しました。グローバルバッチを指定してください") \
    X(sequence_assumed, "sequence: assumed {0} tokens; give sequence", \
      "系列長: {0} トークンと仮定しました。系列長を指定してください") \
    X(hidden_estimated, "step: no architecture given: the hidden size {0} estimated from the parameters (128 per layer)", \
      "ステップ: アーキテクチャの指定がないため、隠れ層の次元をパラメーター数から {0} (1 層あたり 128) と推定しました") \
    X(interconnect_assumed_pcie, "interconnect: none published for {0}; collectives inside the instance assumed at PCIe 4.0 speed, 25 GB/s", \
      "インターコネクト: {0} には公表値がないため、インスタンス内の集団通信は PCIe 4.0 の速度 (25 GB/s) と仮定しました") \
    X(activations_not_included, "memory: activations not included; give model.architecture to include them", \
      "メモリー: 活性化は含まれていません。含めるにはモデルのアーキテクチャを指定してください") \
    X(expert_parallelism_one, "layout: expert parallelism 1 (layout.expert is 1 or not given): every data-parallel rank holds every expert (gathered under ZeRO-3); give layout.expert, or leave out layout to search it", \
      "レイアウト: エキスパート並列は 1 です (layout.expert が 1 か指定なし)。データ並列の各ランクがすべてのエキスパートを持ちます (ZeRO-3 では集めます)。layout.expert を指定するか、layout を省いて探索させてください") \
    X(recompute_from_recipe, "recompute: {0}, as {1}'s published recipe sets it ({2}); give recompute to choose another", \
      "再計算: {1} の公表レシピに合わせて {0} にしました ({2})。変えるには再計算を指定してください") \
    X(instances_within_budget, "instances: {0}, the fastest within the budget, of every count from {1} to {2} planned one by one (time is not monotone in the count)", \
      "インスタンス数: {0} 台。予算内で最も速い台数です ({1}〜{2} 台をすべて試算。台数を増やしても時間が短くなるとは限りません)") \
    X(instances_fewest_deadline, "instances: {0}, the fewest that meet the deadline, of every count from {1} to {2} planned one by one (time is not monotone in the count)", \
      "インスタンス数: {0} 台。期限に間に合う最少の台数です ({1}〜{2} 台をすべて試算。台数を増やしても時間が短くなるとは限りません)") \
    X(instances_cheapest_deadline, "instances: {0}, the cheapest that meet the deadline (the fewest, {1}, costs more), of every count from {2} to {3} planned one by one (time is not monotone in the count)", \
      "インスタンス数: {0} 台。期限に間に合う中で最も安い台数です (最少の {1} 台はこれより高くつきます。{2}〜{3} 台をすべて試算。台数を増やしても時間が短くなるとは限りません)") \
    X(instances_fewest_fit, "instances: {0}, the fewest on which the model fits in memory", \
      "インスタンス数: {0} 台。モデルがメモリーに収まる最少の台数です") \
    X(utilisation_hfu, "utilisation: the default {0} counts the FLOPs executed (HFU), recompute included; on the model's FLOPs (MFU) that is {1}", \
      "使用率: 既定の {0} は再計算を含めて実行した演算量で数えた値 (HFU) です。モデルの演算量で数える MFU では {1} です") \
    X(fp8_gain, "fp8: the default utilisation was measured at 16 bits; FP8 is taken as {0}× its throughput ({1}× to {2}× measured, {3}), not the doubled peak: {4} of the fp8 peak", \
      "FP8: 既定の使用率は 16 ビットでの測定値です。FP8 ではピークの 2 倍ではなく、そのスループットの {0} 倍 (測定値は {1} 倍から {2} 倍、{3}) と見なし、FP8 ピークの {4} になります") \
    X(decode_bandwidth_assumed, "decode bandwidth: assumed {0}% of the peak memory bandwidth ({1}–{2}%); give bandwidth_fraction to use your own", \
      "デコードの帯域: ピークのメモリー帯域の {0}% と仮定しました ({1}–{2}%)。自分の値を使うには帯域の割合を指定してください") \
    X(decode_bandwidth_published, "decode bandwidth: {0}% of the peak memory bandwidth ({1}–{2}%), as the published decode times of {3} imply; give bandwidth_fraction to use your own", \
      "デコードの帯域: ピークのメモリー帯域の {0}% ({1}–{2}%)。{3} の公表されたデコード時間から導いた値です。自分の値を使うには帯域の割合を指定してください") \
    X(prefill_mfu_assumed, "prefill MFU: assumed {0}% of the dense peak ({1}–{2}%); give mfu to use your own", \
      "プレフィルの MFU: 密なピークの {0}% と仮定しました ({1}–{2}%)。自分の値を使うには MFU を指定してください") \
    X(collectives_fitted, "collectives: between instances, priced with the latency and bandwidth fitted for each group size to nccl-tests tables measured on {0} to {1} {2} (data/benchmarks.json); a ring crosses the network once per instance", \
      "集団通信: インスタンスの間の通信は、{0}〜{1} 台の {2} で測った nccl-tests の表 (data/benchmarks.json) にグループの大きさごとに合わせた遅延と帯域で見積もります。リングはインスタンスごとに 1 度ネットワークを渡ります") \
    X(collectives_carried, "collectives: {0} has no measured table of its own: the {1}'s are carried to it by the network per accelerator, {2} of the {3}'s", \
      "集団通信: {0} には測った表がありません。{1} の表を、アクセラレーターあたりのネットワーク帯域 ({3} の {2}) で換算して使います") \
    X(expert_dispatch_deduplicated, "expert all-to-all: a token is sent once to each other instance its experts are on (expert_dispatch deduplicated, as DeepEP and HybridEP), and forwarded inside it over the links", \
      "エキスパートの all-to-all: トークンは、そのエキスパートを持つ別のインスタンスへそれぞれ 1 度だけ送り (expert_dispatch が deduplicated。DeepEP や HybridEP と同じ)、その中ではリンクで配ります") \
    X(expert_dispatch_per_expert, "expert all-to-all: a token is sent once to each expert it is routed to (NCCL); give expert_dispatch \"deduplicated\" for DeepEP or HybridEP, which send it once to each instance", \
      "エキスパートの all-to-all: トークンは振り分けられたエキスパートのそれぞれへ 1 度ずつ送ります (NCCL)。DeepEP や HybridEP はインスタンスごとに 1 度だけ送るので、その場合は expert_dispatch に \"deduplicated\" を指定してください") \
    X(power_by_activity_scaled, "power: the accelerators at the board power measured for each activity of this work ({0}), {1} W each on average against a TDP of {2} W, and the host at its estimated {3} W; the busy states were measured on the {4} and scaled to this chip's TDP", \
      "電力: アクセラレーターは、この仕事の各動作 (行列積、デコード、待ち) で実測したボード電力 ({0}) から、TDP {2} W に対し 1 基平均 {1} W、ホストは推定の {3} W です。動作中の値は {4} で測ったものを、このチップの TDP に合わせて換算しています") \
    X(power_by_activity, "power: the accelerators at the board power measured for each activity of this work ({0}), {1} W each on average against a TDP of {2} W, and the host at its estimated {3} W", \
      "電力: アクセラレーターは、この仕事の各動作 (行列積、デコード、待ち) で実測したボード電力 ({0}) から、TDP {2} W に対し 1 基平均 {1} W、ホストは推定の {3} W です") \
    X(mfu_assumed_span, "mfu: assumed {0} for {1}, which has no published training MFU; published GPU training runs span {2} to {3} ({4}). Give a measured achieved_tflops or your own mfu to narrow it", \
      "MFU: {1} には学習時の MFU の公表値がないため {0} と仮定しました。公表されている GPU の大規模学習は {2} から {3} の範囲です ({4})。実測の実効 TFLOP/s か自分の MFU を入れると幅が狭まります") \
    X(mfu_assumed, "mfu: assumed {0} for {1}, which has no published training MFU. Give a measured achieved_tflops or your own mfu to narrow it", \
      "MFU: {1} には学習時の MFU の公表値がないため {0} と仮定しました。実測の実効 TFLOP/s か自分の MFU を入れると幅が狭まります") \
    X(compute_predicted_borrowed, "compute: predicted from operator measurements, not an assumed MFU: each layout's matrix products priced by shape from {0} ({1}, measured {2}, PyTorch {3}), the memory-bound work and the optimizer's update at its measured bandwidth; {4} has no measurement of its own: the {5}'s efficiencies are borrowed, carried to its peaks and bandwidth, and the range widened by {6}% each way. Give a measured achieved_tflops or your own mfu to override it", \
      "計算時間: MFU を仮定せず、演算子の実測から予測しました。配置ごとの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、メモリー律速の処理とオプティマイザーの更新は実測の帯域で数えています。{4} には自身の測定がないため {5} の効率を借り、そのピーク性能と帯域に当てはめ、幅を上下に {6}% 広げています。実測の実効 TFLOP/s か自分の MFU を入れると置き換わります") \
    X(compute_predicted, "compute: predicted from operator measurements, not an assumed MFU: each layout's matrix products priced by shape from {0} ({1}, measured {2}, PyTorch {3}), the memory-bound work and the optimizer's update at its measured bandwidth. Give a measured achieved_tflops or your own mfu to override it", \
      "計算時間: MFU を仮定せず、演算子の実測から予測しました。配置ごとの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、メモリー律速の処理とオプティマイザーの更新は実測の帯域で数えています。実測の実効 TFLOP/s か自分の MFU を入れると置き換わります") \
    X(range_model_error_dense, "range: also the planner's own error on {0} published dense-model training runs it was set against (data/model-error.json, {1}; the accuracy page lists them): their throughput ran from {2} to {3} of what it planned for them, 10th to 90th percentile", \
      "幅: 予測の幅には、このプランナーが合わせ込みに使った公表済みの密なモデルの学習 {0} 件での自身の誤差も含めています ({1} 時点。一覧は精度のページ)。それらの実際のスループットは予測の {2} から {3} でした (10〜90 パーセンタイル)") \
    X(range_model_error_moe, "range: also the planner's own error on {0} published mixture-of-experts training runs it was set against (data/model-error.json, {1}; the accuracy page lists them): their throughput ran from {2} to {3} of what it planned for them, 10th to 90th percentile", \
      "幅: 予測の幅には、このプランナーが合わせ込みに使った公表済みの MoE (専門家混合) モデルの学習 {0} 件での自身の誤差も含めています ({1} 時点。一覧は精度のページ)。それらの実際のスループットは予測の {2} から {3} でした (10〜90 パーセンタイル)") \
    X(range_model_error_serving, "range: also the planner's own error on {0} published serving measurements it was set against (data/model-error.json, {1}; the accuracy page lists them): their speed (throughput, or the inverse of TTFT and TPOT) ran from {2} to {3} of what it planned for them, 10th to 90th percentile", \
      "幅: 予測の幅には、このプランナーが合わせ込みに使った公表済みのサービングの測定 {0} 件での自身の誤差も含めています ({1} 時点。一覧は精度のページ)。それらの実際の速さ (スループット、または TTFT と TPOT の逆数) は予測の {2} から {3} でした (10〜90 パーセンタイル)") \
    X(serving_predicted_graph_borrowed, "serving: predicted from operator measurements, not an assumed bandwidth share or MFU: the prefill's and each decode step's matrix products priced by shape from {0} ({1}, measured {2}, PyTorch {3}), flash attention at its measured rate, the KV cache at the bandwidth the measured decode kernels reach, and the element-wise work at its measured share of the bandwidth; {4}'s own products were timed one launch at a time, the host's launch inside each, while engines replay decode steps as CUDA graphs: the {5}'s graph-timed efficiencies (the same die) are borrowed, carried to its peaks and bandwidth, and the range widened by {6}% each way. Give bandwidth_fraction or mfu to override it", \
      "サービング: 帯域の割合や MFU を仮定せず、演算子の実測から予測しました。プレフィルと各デコードステップの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、フラッシュアテンションは実測の速度、KV キャッシュは実測のデコード用カーネルが達した帯域、要素ごとの処理は実測の帯域の割合で数えています。{4} 自身の行列積はカーネルを 1 回ずつ起動して測っており、各回にホスト側の起動時間が入りますが、推論エンジンはデコードステップを CUDA グラフで再実行します。そこで同じダイの {5} がグラフで測った効率を借り、そのピーク性能と帯域に当てはめ、幅を上下に {6}% 広げています。帯域の割合か MFU を入れると置き換わります") \
    X(serving_predicted_borrowed, "serving: predicted from operator measurements, not an assumed bandwidth share or MFU: the prefill's and each decode step's matrix products priced by shape from {0} ({1}, measured {2}, PyTorch {3}), flash attention at its measured rate, the KV cache at the bandwidth the measured decode kernels reach, and the element-wise work at its measured share of the bandwidth; {4} has no measurement of its own: the {5}'s efficiencies are borrowed, carried to its peaks and bandwidth, and the range widened by {6}% each way. Give bandwidth_fraction or mfu to override it", \
      "サービング: 帯域の割合や MFU を仮定せず、演算子の実測から予測しました。プレフィルと各デコードステップの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、フラッシュアテンションは実測の速度、KV キャッシュは実測のデコード用カーネルが達した帯域、要素ごとの処理は実測の帯域の割合で数えています。{4} には自身の測定がないため {5} の効率を借り、そのピーク性能と帯域に当てはめ、幅を上下に {6}% 広げています。帯域の割合か MFU を入れると置き換わります") \
    X(serving_predicted, "serving: predicted from operator measurements, not an assumed bandwidth share or MFU: the prefill's and each decode step's matrix products priced by shape from {0} ({1}, measured {2}, PyTorch {3}), flash attention at its measured rate, the KV cache at the bandwidth the measured decode kernels reach, and the element-wise work at its measured share of the bandwidth. Give bandwidth_fraction or mfu to override it", \
      "サービング: 帯域の割合や MFU を仮定せず、演算子の実測から予測しました。プレフィルと各デコードステップの行列積を形状ごとに {0} ({1}、{2} 測定、PyTorch {3}) から見積もり、フラッシュアテンションは実測の速度、KV キャッシュは実測のデコード用カーネルが達した帯域、要素ごとの処理は実測の帯域の割合で数えています。帯域の割合か MFU を入れると置き換わります") \
    X(global_batch_raised, "global_batch: raised from {0} to {1} sequences so that each of the {2} replicas has a micro-batch", \
      "グローバルバッチ: {2} 個のレプリカそれぞれにマイクロバッチが 1 つ入るよう、{0} から {1} シーケンスに増やしました")
// clang-format on
