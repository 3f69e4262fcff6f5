"""Scheduler Playground's simulation core for Python.

``run(scenario)`` runs one scenario and returns its results (the ``scheduler-playground/results``
JSON as a dict). ``sweep(spec, client=None)`` runs a sweep's jobs (points x seeds) and returns the
tidy table as a pandas DataFrame: one row per job, the axes' values, seed, trace hash and each
metric, exactly the rows ``sched-cli sweep`` writes to points.csv. With a Dask ``client`` the jobs
run on the cluster's workers; every job is a scenario of its own, so it gives the same trace
hash on any machine. The frame's ``attrs`` hold ``"summary"`` (means and 95% confidence
intervals across seeds, a DataFrame) and ``"checks"`` (the sweep's checks, a list of dicts).

The simulation is the Rust core's (``_core``, built with PyO3); this module only moves text.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any, Callable, Optional, Union

from . import _core

__all__ = ["run", "sweep", "plan", "validate"]

Spec = Union[str, os.PathLike, dict]


def _text_and_dir(spec: Spec, what: str) -> tuple[str, Path]:
    """A spec as text and the folder its relative paths start from."""
    if isinstance(spec, dict):
        return json.dumps(spec), Path.cwd()
    if isinstance(spec, (str, os.PathLike)) and not str(spec).lstrip().startswith("{"):
        path = Path(spec)
        return path.read_text(encoding="utf-8"), path.resolve().parent
    if isinstance(spec, str):
        return spec, Path.cwd()
    raise TypeError(f"{what}: a dict, JSON text or the path of a file, not {type(spec).__name__}")


def validate(scenario: Spec) -> Optional[str]:
    """None when the scenario is valid, else "field.path: problem"."""
    text, _ = _text_and_dir(scenario, "scenario")
    return _core.validate_scenario(text)


def run(scenario: Spec, seed: Optional[int] = None) -> dict:
    """Runs a scenario (a dict, JSON text or a file's path): its results as a dict.

    Raises ValueError naming the field when the scenario is invalid.
    """
    text, _ = _text_and_dir(scenario, "scenario")
    return json.loads(_core.run_scenario(text, seed))


def plan(spec: Spec, base_dir: Optional[Union[str, os.PathLike]] = None) -> "_core.Plan":
    """A checked sweep: ``jobs()``, ``columns()``, ``scenario(job)``; ValueError names the field."""
    text, here = _text_and_dir(spec, "spec")
    return _core.Plan(text, str(base_dir if base_dir is not None else here))


@functools.lru_cache(maxsize=8)
def _cached_plan(inlined: str) -> "_core.Plan":
    # A worker plans a sweep once, however many of its jobs it runs.
    return _core.Plan(inlined)


def run_job(inlined: str, job: int) -> str:
    """Runs one job of a sweep given with its base written in: its row as a CSV line (for workers)."""
    return _cached_plan(inlined).run_job(job)


def _frame(table: str):
    import pandas as pd

    t = json.loads(table)
    return pd.DataFrame(t["rows"], columns=t["columns"])


def sweep(
    spec: Spec,
    client: Any = None,
    base_dir: Optional[Union[str, os.PathLike]] = None,
    progress: Optional[Callable[[int, int], None]] = None,
):
    """Runs a sweep (a dict, JSON text or a ``.sweep.json`` file's path) and returns its tidy table.

    ``client``: a ``dask.distributed.Client``; the jobs then run on its workers (each worker
    needs this package installed). Without one they run here, one after another.
    ``progress(done, total)`` is called as jobs finish.
    """
    p = plan(spec, base_dir)
    inlined, n = p.inlined(), p.jobs()
    rows = []
    if client is None:
        for job in range(n):
            rows.append(p.run_job(job))
            if progress:
                progress(len(rows), n)
    else:
        from dask.distributed import as_completed

        text = client.scatter(inlined, broadcast=True)
        futures = client.map(run_job, [text] * n, range(n), pure=False)
        for future in as_completed(futures):
            rows.append(future.result())
            if progress:
                progress(len(rows), n)
    df = _frame(p.table(rows))
    df.attrs["summary"] = _frame(p.summary(rows))
    df.attrs["checks"] = json.loads(p.checks(rows))
    df.attrs["name"] = p.name()
    return df
