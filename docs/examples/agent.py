#!/usr/bin/env python3
"""A tabletop exec bot (docs/exec-bots.md): it plays a legal option at random.

    tabletop play clubs --seats "me,bot:exec:python3 docs/examples/agent.py,bot"
"""
import json
import random
import sys

def send(message):
    print(json.dumps(message), flush=True)  # one line, flushed at once

rng = random.Random()
lines_seen = 0
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "hello":
        rng.seed(message["seed"])  # the same game, the same choices
        print(f"seat {message['seat']} of {message['game']}", file=sys.stderr)
        send({"type": "ready", "protocol": 1, "observe": True})
    elif kind == "observe":
        lines_seen += 1  # message["text"]: a line of the log the seat reads
    elif kind == "decide":
        options = message["options"]  # [{"index": 0, "text": "play 2C"}, ...]
        send({"type": "choose", "index": rng.randrange(len(options))})
    elif kind == "bye":
        result = message.get("result") or {}
        print(f"{message['reason']}: won {result.get('won')} after {lines_seen} lines", file=sys.stderr)
        break
