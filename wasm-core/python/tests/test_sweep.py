"""The Python binding against the CLI: the same runs, and sweeps on a local Dask cluster of two
worker processes whose every job has the trace hash `sched-cli sweep` gives it.

SCHED_CLI names the CLI binary (npm test builds wasm-core/target/ci/sched-cli)."""

import copy
import csv
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

import scheduler_playground as sp

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = ROOT / "scenarios"
CLI = os.environ.get("SCHED_CLI", str(ROOT / "wasm-core" / "target" / "ci" / "sched-cli"))


def cli(*args):
    out = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout


def cli_sweep(spec: dict, tmp: Path, name: str):
    """Runs a sweep with `sched-cli sweep --jobs 2` and returns points.csv's rows as dicts."""
    file = tmp / f"{name}.sweep.json"
    file.write_text(json.dumps(spec))
    cli("sweep", file, "--jobs", 2, "--out", tmp / name)
    return list(csv.DictReader(io.StringIO((tmp / name / "points.csv").read_text())))


@pytest.fixture(scope="module")
def client():
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    with Client(cluster) as c:
        yield c
    cluster.close()


def absolute_base(path: Path) -> dict:
    """A sweep file's JSON with its base as an absolute path (for copies in a temp folder)."""
    spec = json.loads(path.read_text())
    spec["base"] = str((path.parent / spec["base"]).resolve())
    return spec


def test_run_gives_the_cli_trace_hash():
    results = sp.run(SCENARIOS / "default.json")
    first = cli("run", SCENARIOS / "default.json").splitlines()[0]
    assert first == f"trace hash: {results['trace_hash']}"
    assert sp.run(SCENARIOS / "default.json", seed=2)["trace_hash"] != results["trace_hash"]


def test_bad_input_names_the_field():
    with pytest.raises(ValueError, match=r"^axes\[0\]\.path: traffic\[9\]\.rate: traffic has 3 entries, so no \[9\]"):
        spec = absolute_base(SCENARIOS / "sweeps" / "default-load.sweep.json")
        spec["axes"][0]["path"] = "traffic[9].rate"
        sp.sweep(spec)
    assert sp.validate('{"format": "scheduler-playground/scenario"}') == "missing field `version`"


def compare(frame, rows, columns):
    """Every CLI row is the frame's row: the same axes, seed, trace hash and metrics."""
    assert list(frame.columns) == columns
    assert len(frame) == len(rows)
    for (_, got), want in zip(frame.iterrows(), rows):
        for c in columns:
            value = got[c]
            if isinstance(value, float):
                # points.csv writes the shortest text that reads back as the same double.
                assert (value != value and want[c] == "") or value == float(want[c]), (c, value, want[c])
            else:
                assert str(value) == want[c], (c, value, want[c])


def test_default_load_sweep_on_dask_is_the_cli_sweep(client, tmp_path):
    spec = absolute_base(SCENARIOS / "sweeps" / "default-load.sweep.json")
    rows = cli_sweep(spec, tmp_path, "default-load")
    seen = []
    frame = sp.sweep(spec, client=client, progress=lambda done, total: seen.append((done, total)))
    compare(frame, rows, list(rows[0].keys()))
    assert seen[-1] == (30, 30)
    # Both workers ran jobs.
    assert len(client.scheduler_info()["workers"]) == 2
    summary = frame.attrs["summary"]
    assert list(summary.columns) == ["h2 rate", "scheduler", "metric", "n", "mean", "std", "ci95"]
    one = summary[(summary["h2 rate"] == "5Mbps") & (summary["scheduler"] == "fq") & (summary["metric"] == "drop_fraction")]
    drops = frame[(frame["h2 rate"] == "5Mbps") & (frame["scheduler"] == "fq")]["drop_fraction"]
    assert one["mean"].iloc[0] == pytest.approx(drops.mean())
    # Student's t with 2 degrees of freedom: 4.303 s / sqrt(3).
    assert one["ci95"].iloc[0] == pytest.approx(4.303 * drops.std(ddof=1) / 3 ** 0.5)
    assert all(c["passed"] for c in frame.attrs["checks"]) and len(frame.attrs["checks"]) == 20
    # Without a client: the same table.
    local = sp.sweep(spec)
    assert local["trace_hash"].tolist() == frame["trace_hash"].tolist()


def test_aifo_fig7_slice_on_dask_is_the_cli_sweep(client, tmp_path):
    """AIFO Fig. 7's sweep cut to its top load, one seed and 2 ms: its five lines (three
    schedulers over the pFabric transport, TCP and DCTCP over FIFO) as the CLI runs them."""
    spec = absolute_base(SCENARIOS / "reproductions" / "aifo-fig7.sweep.json")
    small = copy.deepcopy(spec)
    small["set"] = {**spec.get("set", {}), "duration": "2ms", "traffic[0].stop": "2ms"}
    load = next(a for a in small["axes"] if a["name"] == "load")
    load["cases"] = load["cases"][-1:]
    small["seeds"] = small["seeds"][:1]
    small["checks"], small["paper"] = [], []
    rows = cli_sweep(small, tmp_path, "aifo-fig7-slice")
    assert len(rows) == 5
    frame = sp.sweep(small, client=client)
    compare(frame, rows, list(rows[0].keys()))
    assert frame["line"].tolist() == ["PIFO", "SP-PIFO", "AIFO", "TCP", "DCTCP"]
