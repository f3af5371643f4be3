#!/bin/bash
# summary of all tuning sets
cd /work/wt/chat6
for f in tune tune-2 tune-3 tune-4 tune-5; do
  node --import tsx bench/chatbot-blind.ts tests/quality/chatbot-blind-$f.json 2>&1 > .tmp-c6/out-$f.txt
  echo "$f: $(grep -E '^\| (Baurecht|Bauausführung) ' .tmp-c6/out-$f.txt | awk -F'|' '{printf "%s first %s fu %s any %s wc %s | ", $2,$5,$6,$4,$8}')"
done
