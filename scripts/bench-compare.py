#!/usr/bin/env python3
"""Compares a benchmark run's figures with the figures recorded in the repository (issue 38, item 4).

    scripts/bench-compare.py RUN.jsonl                 # exit 1 when a figure got worse beyond the noise
    scripts/bench-compare.py --record RUN.jsonl        # the run's figures become the recorded ones
    scripts/bench-compare.py --figures F --tolerance 0.25 RUN.jsonl

RUN.jsonl holds one JSON object per line, as the benchmarks write them when PINBENCH_FIGURES names a file:

    {"name": "core.verdict.pem.rsa", "value": 74.1, "unit": "us",
     "baseline": "openssl.verdict.pem.rsa", "baselineValue": 222.2, "command": "..."}

Lower is better for every figure. A figure measured beside a baseline in the same run is compared by its ratio to
that baseline, which a slow or busy machine changes far less than the figure itself; a figure with a `cap` fails
above the cap; a figure with neither is compared by value. Several lines with one name (rounds) count by their
median. The tolerance is the machine's noise: a figure's own `noise` in the recorded file, else --tolerance.
"""

import argparse
import datetime
import json
import math
import os
import platform
import statistics
import sys
import tempfile

DEFAULT_FIGURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks", "figures.json")


class BadInput(Exception):
    """Input that cannot be judged: the run or the recorded file is not what this script reads."""


def refuse_constant(name):
    raise BadInput(f"{name} is not a number a benchmark measures")


def positive_number(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadInput(f"{what} must be a number, not {json.dumps(value)}")
    if not math.isfinite(value) or value <= 0 or value > 1e15:
        raise BadInput(f"{what} must be a finite number above 0 and at most 1e15, not {value!r}")
    return float(value)


def figure_from(obj, where):
    """One figure checked field by field, so a typo fails here rather than comparing nothing."""
    if not isinstance(obj, dict):
        raise BadInput(f"{where}: a figure must be a JSON object")
    known = {"name", "value", "unit", "baseline", "baselineValue", "cap", "command", "noise", "rounds"}
    unknown = sorted(set(obj) - known)
    if unknown:
        raise BadInput(f"{where}: unknown field(s) {', '.join(unknown)}")
    name = obj.get("name")
    if not isinstance(name, str) or not name or len(name) > 200 or not name.isprintable():
        raise BadInput(f"{where}: `name` must be a short printable string")
    figure = {"name": name, "value": positive_number(obj.get("value"), f"{where}: {name}: `value`")}
    unit = obj.get("unit", "")
    if not isinstance(unit, str) or len(unit) > 20 or not unit.isprintable():
        raise BadInput(f"{where}: {name}: `unit` must be a short printable string")
    figure["unit"] = unit
    if ("baseline" in obj) != ("baselineValue" in obj):
        raise BadInput(f"{where}: {name}: `baseline` and `baselineValue` come together")
    if "baselineValue" in obj:
        figure["baseline"] = str(obj["baseline"])
        figure["baselineValue"] = positive_number(obj["baselineValue"], f"{where}: {name}: `baselineValue`")
    if "cap" in obj:
        figure["cap"] = positive_number(obj["cap"], f"{where}: {name}: `cap`")
    if "noise" in obj:
        noise = positive_number(obj["noise"], f"{where}: {name}: `noise`")
        if noise >= 10:
            raise BadInput(f"{where}: {name}: `noise` is a fraction (0.2 for 20 %), not {noise}")
        figure["noise"] = noise
    if "command" in obj:
        figure["command"] = str(obj["command"])
    return figure


def read_run(path):
    """The run's figures by name; rounds of one name merged into their medians."""
    rounds = {}
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                if number > 100_000:
                    raise BadInput(f"{path}: over 100,000 lines; a run writes a few hundred")
                try:
                    obj = json.loads(line, parse_constant=refuse_constant)
                except json.JSONDecodeError as error:
                    raise BadInput(f"{path}:{number}: not JSON ({error.msg})") from None
                figure = figure_from(obj, f"{path}:{number}")
                rounds.setdefault(figure["name"], []).append(figure)
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror}") from None
    merged = {}
    for name, figures in rounds.items():
        kinds = {("baselineValue" in f, "cap" in f, f["unit"]) for f in figures}
        if len(kinds) > 1:
            raise BadInput(f"{path}: the rounds of {name} disagree on unit, baseline or cap")
        figure = dict(figures[-1])
        figure["value"] = statistics.median(f["value"] for f in figures)
        if "baselineValue" in figure:
            ratios = [f["value"] / f["baselineValue"] for f in figures]
            figure["ratio"] = statistics.median(ratios)
            figure["baselineValue"] = statistics.median(f["baselineValue"] for f in figures)
        figure["rounds"] = len(figures)
        merged[name] = figure
    if not merged:
        raise BadInput(f"{path}: no figures (did the benchmark run with PINBENCH_FIGURES set?)")
    return merged


def read_recorded(path):
    if not os.path.exists(path):
        return {"figures": {}}
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle, parse_constant=refuse_constant)
    except json.JSONDecodeError as error:
        raise BadInput(f"{path}: not JSON ({error.msg}, line {error.lineno})") from None
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror}") from None
    if not isinstance(document, dict) or not isinstance(document.get("figures"), list):
        raise BadInput(f"{path}: expected an object with a `figures` list")
    figures = {}
    for index, obj in enumerate(document["figures"]):
        figure = figure_from({k: v for k, v in obj.items() if k not in ("ratio", "rounds", "recorded")}
                             if isinstance(obj, dict) else obj, f"{path}: figures[{index}]")
        if isinstance(obj, dict) and "recorded" in obj:
            figure["recorded"] = str(obj["recorded"])
        if figure["name"] in figures:
            raise BadInput(f"{path}: {figure['name']} is recorded twice")
        figures[figure["name"]] = figure
    document["figures"] = figures
    return document


def judge(figure, recorded, tolerance):
    """(verdict, detail) for one figure: `worse` fails the run; `better`, `same`, `new` do not."""
    if "cap" in figure and figure["value"] > figure["cap"]:
        return "worse", f"{fmt(figure['value'])} {figure['unit']} is over its cap of {fmt(figure['cap'])}"
    if recorded is None:
        return "new", "not recorded yet (record it with --record)"
    noise = recorded.get("noise", tolerance)
    if "ratio" in figure and "baselineValue" in recorded:
        before = recorded["value"] / recorded["baselineValue"]
        now = figure["ratio"]
        what = f"{now:.3f}x its baseline, recorded {before:.3f}x"
    elif "cap" in figure:
        return "same", f"{fmt(figure['value'])} {figure['unit']}, within its cap of {fmt(figure['cap'])}"
    else:
        before, now = recorded["value"], figure["value"]
        what = f"{fmt(now)} {figure['unit']}, recorded {fmt(before)} (no baseline: compared by value)"
    change = now / before - 1
    detail = f"{what}; {change:+.0%} against a noise of {noise:.0%}"
    if change > noise:
        return "worse", detail
    if change < -noise:
        return "better", detail
    return "same", detail


def fmt(number):
    return f"{number:.4g}"


def machine():
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            model = next((line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")), "")
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {model or platform.processor() or 'unknown CPU'}, {platform.system()}"


def record(path, document, run):
    """Writes the run's figures over the recorded ones of the same names, atomically."""
    figures = dict(document["figures"])
    today = datetime.date.today().isoformat()
    for name, figure in run.items():
        kept = {k: v for k, v in figure.items() if k not in ("ratio", "rounds")}
        if "noise" in figures.get(name, {}) and "noise" not in kept:
            kept["noise"] = figures[name]["noise"]
        kept["recorded"] = today
        figures[name] = kept
    out = {
        "about": "Benchmark figures recorded on this repository's machine; scripts/bench-compare.py compares a run "
        "with them (BENCHMARKS.md, Regressions).",
        "machine": machine(),
        "figures": [figures[name] for name in sorted(figures)],
    }
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=".figures.", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(out, stream, indent=2, sort_keys=True, allow_nan=False)
            stream.write("\n")
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def main():
    parser = argparse.ArgumentParser(
        description="Compare a benchmark run's figures (JSON lines) with those recorded in the repository.")
    parser.add_argument("run", help="the run's figures: one JSON object per line (PINBENCH_FIGURES)")
    parser.add_argument("--figures", default=DEFAULT_FIGURES, help="the recorded figures (Benchmarks/figures.json)")
    parser.add_argument("--tolerance", type=float, default=0.2,
                        help="the machine's noise as a fraction, for figures that record none (default 0.2)")
    parser.add_argument("--record", action="store_true", help="write the run's figures as the recorded ones")
    args = parser.parse_args()
    if not math.isfinite(args.tolerance) or not 0 < args.tolerance < 10:
        print("bench-compare: --tolerance is a fraction above 0 (0.2 for 20 %)", file=sys.stderr)
        return 2
    try:
        run = read_run(args.run)
        document = read_recorded(args.figures)
    except BadInput as error:
        print(f"bench-compare: {error}", file=sys.stderr)
        return 2
    if args.record:
        record(args.figures, document, run)
        print(f"bench-compare: recorded {len(run)} figure(s) in {args.figures}")
        return 0
    verdicts = {"worse": [], "better": [], "same": [], "new": []}
    for name in sorted(run):
        verdict, detail = judge(run[name], document["figures"].get(name), args.tolerance)
        verdicts[verdict].append(name)
        print(f"{verdict:6}  {name}: {detail}")
    missing = sorted(set(document["figures"]) - set(run))
    for name in missing:
        print(f"absent  {name}: recorded, not measured in this run")
    print(f"bench-compare: {len(verdicts['worse'])} worse, {len(verdicts['better'])} better, "
          f"{len(verdicts['same'])} within the noise, {len(verdicts['new'])} new, {len(missing)} not measured")
    if verdicts["worse"]:
        print(f"bench-compare: worse beyond the noise: {', '.join(verdicts['worse'])}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
