//! Class and round-robin schedulers: strict priority, round robin, weighted round robin and
//! deficit round robin.
