//! The Python binding (`scheduler_playground._core`): scenario and sweep text in, JSON out.
//! No simulation logic lives here; every function forwards to `sched_sim`, as the wasm
//! binding does. The Python package (`python/scheduler_playground`) turns the JSON into
//! dicts and pandas frames and sends sweep jobs to Dask.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sched_sim::scenario::TRUSTED_LIMITS;
use sched_sim::sweep::Row;

fn value_error(e: impl ToString) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Checks a scenario: None when it is valid, else "field.path: problem".
#[pyfunction]
fn validate_scenario(text: &str) -> Option<String> {
    sched_sim::validate_with(text, &TRUSTED_LIMITS).err().map(|e| e.to_string())
}

/// Runs a scenario (its own seed, or `seed`): the results as JSON (format
/// scheduler-playground/results).
#[pyfunction]
#[pyo3(signature = (text, seed=None))]
fn run_scenario(py: Python<'_>, text: &str, seed: Option<u32>) -> PyResult<String> {
    let opts = sched_sim::RunOptions { seed, max_trace_events: Some(0) };
    let out = py.detach(|| sched_sim::start(text, &TRUSTED_LIMITS, &opts).map(|r| r.finish())).map_err(value_error)?;
    Ok(serde_json::to_string(&out.summary).expect("the summary is plain data"))
}

/// A checked sweep (`sched_sim::sweep::Plan`).
#[pyclass(frozen)]
struct Plan {
    inner: sched_sim::sweep::Plan,
}

impl Plan {
    /// Rows from `run_job`'s lines.
    fn rows(&self, lines: Vec<String>) -> PyResult<Vec<Row>> {
        self.inner.parse_lines(lines.iter().map(String::as_str)).map_err(value_error)
    }
}

#[pymethods]
impl Plan {
    /// Reads sweep text; a base given as a path is read relative to `base_dir`.
    #[new]
    #[pyo3(signature = (text, base_dir=None))]
    fn new(text: &str, base_dir: Option<std::path::PathBuf>) -> PyResult<Plan> {
        let dir = base_dir.unwrap_or_else(|| ".".into());
        let load = |p: &str| std::fs::read_to_string(dir.join(p)).map_err(|e| format!("{p}: {e}"));
        sched_sim::sweep::Plan::parse(text, &load, &TRUSTED_LIMITS).map(|inner| Plan { inner }).map_err(value_error)
    }

    /// The sweep with its base written in (for workers that cannot read the base's path).
    fn inlined(&self) -> String {
        self.inner.inlined().to_string()
    }

    fn name(&self) -> String {
        self.inner.name.clone()
    }

    /// Jobs: points x seeds.
    fn jobs(&self) -> usize {
        self.inner.jobs()
    }

    /// The tidy table's columns.
    fn columns(&self) -> Vec<String> {
        self.inner.columns()
    }

    /// Job `job`'s scenario, a scenario file of its own.
    fn scenario(&self, job: usize) -> PyResult<String> {
        (job < self.inner.jobs()).then(|| self.inner.scenario_text(job)).ok_or_else(|| value_error("no such job"))
    }

    /// Runs job `job`: its row as a line of the tidy table's CSV (exact numbers).
    fn run_job(&self, py: Python<'_>, job: usize) -> PyResult<String> {
        let text = self.scenario(job)?;
        let opts = sched_sim::RunOptions { seed: None, max_trace_events: Some(0) };
        let out =
            py.detach(|| sched_sim::start(&text, &TRUSTED_LIMITS, &opts).map(|r| r.finish())).map_err(value_error)?;
        let row = self.inner.row(job, &out.summary).map_err(value_error)?;
        Ok(self.inner.csv_line(&row))
    }

    /// The tidy table of these rows (`run_job`'s lines) as JSON: {"columns", "rows"}.
    fn table(&self, lines: Vec<String>) -> PyResult<String> {
        Ok(self.inner.table_json(&self.rows(lines)?).to_string())
    }

    /// Means and 95% intervals across seeds: {"columns", "rows"}.
    fn summary(&self, lines: Vec<String>) -> PyResult<String> {
        Ok(self.inner.summary_json(&self.inner.summarize(&self.rows(lines)?)).to_string())
    }

    /// The sweep's checks at every point: a JSON list of {"name", "passed", "message"}.
    fn checks(&self, lines: Vec<String>) -> PyResult<String> {
        let outcomes = self.inner.evaluate(&self.inner.summarize(&self.rows(lines)?));
        let list: Vec<_> = outcomes
            .iter()
            .map(|o| serde_json::json!({"name": o.name, "passed": o.passed, "message": o.message}))
            .collect();
        Ok(serde_json::Value::Array(list).to_string())
    }

    /// The tidy table as CSV, as `sched-cli sweep` writes points.csv.
    fn csv(&self, lines: Vec<String>) -> PyResult<String> {
        Ok(self.inner.csv(&self.rows(lines)?))
    }
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(validate_scenario, m)?)?;
    m.add_function(wrap_pyfunction!(run_scenario, m)?)?;
    m.add_class::<Plan>()?;
    Ok(())
}
