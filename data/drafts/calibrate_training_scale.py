#!/usr/bin/env python3
"""Calibrates the training-at-scale cases of data/accuracy.json on their one-instance anchors.

Run from the repository root after `cmake --build --preset dev`: for each case whose inputs name an
anchor (a one-instance row of the same source), finds the anchor's end-to-end HFU at which the planner
reproduces the anchor's published figure (bisection), reads the matrix_utilisation that leaves the
multiplies, runs the case with it, and prints the error of each case (new) beside the error of the
case's request as committed (old), with the median per basis. With a path argument it writes the
values per case as JSON (what data/accuracy.json's requests carry). Anchors that are not cases of
the page (llm-foundry's 8-GPU rows) are built from the case's request and the anchor's figures in
training-validation-cases.json. A research tool, not part of the build.
"""
import json,subprocess,re,statistics,sys,copy
d=json.load(open('data/accuracy.json'))
cases={c['id']:c for c in d['cases']}
AMAP={'anchor-n-h100-fp8-llama2-7b':'n5-llama2-7b-8-h100-fp8','anchor-n-h100-fp8-llama3-8b':'n11-llama3-8b-8-h100-fp8','anchor-b-h100-fp8-llama3-8b':'b1-llama3.1-8b-8-h100-fp8-2511','anchor-b-b200-fp8-llama3-8b':'b7-llama3.1-8b-8-b200-fp8-2511','anchor-b-b200-fp8-qwen3-30b-2511':'b11-qwen3-30b-a3b-8-b200-fp8-2511','anchor-b-b200-fp8-qwen3-30b-260401':'b20-qwen3-30b-a3b-8-b200-fp8-260401','anchor-a-h100-bf16-qwen3-moe-30b':'a4-qwen3-30b-a3b-8-h100-bf16-tokens'}
DA={a['id']:a for a in json.load(open('data/drafts/training-validation-cases.json'))['anchors']}
def plan(r):
    p=subprocess.run(['./build/bin/accelguide','plan','--json','-'],input=json.dumps(r),capture_output=True,text=True)
    o=json.loads(p.stdout)
    if 'train' not in o: raise RuntimeError(p.stdout[:400])
    return o['train']
def read(o,path):
    x={'train':o}
    for k in path.split('.'): x=x[k]
    return x
out={}
CAL={}
ANCH={}
errs=[]
for c in d['cases']:
    if c['kind']!='training_scale' or c['basis']=='input': continue
    mt=re.search(r"reproduces (anchor-[\w.-]+)'s",c['inputs']['en'])
    if mt: aid=mt.group(1)
    elif c['id'].startswith('korthikanti'): aid='korthikanti-megatron-22b-'+('full' if 'full' in c['id'] else 'seqsel')+'-step'
    else:
        print('no anchor', c['id'], c['requests'][0].get('hfu')); continue
    r=c['requests'][0]
    if aid in AMAP: ra=cases[AMAP[aid]]['requests'][0]
    elif aid in cases: ra=cases[aid]['requests'][0]
    elif aid in DA:
        f=DA[aid]['figures']; ra=copy.deepcopy(r); ra['instance_count']=1; ra['micro_batch']=f['MicroBatchSize']; ra['global_batch']=f['GlobalBatchSize']; ra['recompute']='full' if f['Activation Checkpointing'] else 'none'; ra.pop('matrix_utilisation',None)
    else: print('no anchor',aid); continue
    # recalibrate the anchor's end-to-end hfu so that it reproduces its published figure
    if aid in AMAP or aid in cases:
        ac=cases[AMAP.get(aid,aid)]; apath=ac['read'][0]; atarget=ac['published']['value']
    else:
        apath='train.tokens_per_second_per_accelerator'; atarget=DA[aid]['figures']['Throughput (T/s/GPU)']
    ra={k:v for k,v in ra.items() if k not in ('hfu','matrix_utilisation')}
    key=json.dumps(ra,sort_keys=True)
    if key not in CAL:
        lo,hi=0.001,1.0
        for _ in range(40):
            mid=(lo+hi)/2; v=read(plan(dict(ra,hfu=mid)),apath)
            fast = v>atarget if 'tokens_per_second' in apath else v<atarget
            if fast: hi=mid
            else: lo=mid
        CAL[key]=round((lo+hi)/2,4)
    ra=dict(ra,hfu=CAL[key])
    ANCH[AMAP.get(aid,aid)]=CAL[key]
    oa=plan(ra)
    u=oa.get('matrix_utilisation')
    if u is None: print('no matrix for anchor', aid); continue
    u=round(u,4)
    r2=copy.deepcopy(r); r2.pop('hfu',None); r2['matrix_utilisation']=u
    try: o=plan(r2)
    except Exception as ex: print('fail',c['id'],ex); continue
    pred=read(o,c['read'][0]); pub=c['published']['value']
    old=read(plan(r),c['read'][0])
    errs.append((c['basis'],c['id'],pred/pub-1,old/pub-1,u,CAL[key]))
    out[c['id']]=dict(matrix=u,anchor=aid,anchor_hfu=oa.get('hfu'),pred=pred)
for b in ('complete','assumed'):
    e=[abs(x[2]) for x in errs if x[0]==b]; e0=[abs(x[3]) for x in errs if x[0]==b]
    print(b,len(e),'median new %.1f%% old %.1f%%'%(100*statistics.median(e),100*statistics.median(e0)))
for x in errs: print('%-9s %-45s new %+6.1f%% old %+6.1f%% matrix=%.4f anchor hfu=%s'%(x[0],x[1],100*x[2],100*x[3],x[4],x[5]))
print(ANCH)
json.dump(out,open(sys.argv[1] if len(sys.argv)>1 else '/dev/null','w'),indent=1)
