//! Reading the page's configuration object: JSON text, and the numbers and strings in it, each
//! refused with `invalid-input` when it is not what a backend can take.

use crate::ProverError;

/// The page's configuration, given as JSON text (the wasm `Prover` and verifier-only builds).
pub fn parse_config_json(text: &str) -> Result<serde_json::Value, ProverError> {
    serde_json::from_str(text).map_err(|e| ProverError::invalid_input(format!("the configuration is not JSON: {e}")))
}

/// Reads a configuration value: a number, or a string holding one.
pub fn config_number(config: &serde_json::Value, key: &str) -> Result<f64, ProverError> {
    let v = config.get(key).ok_or_else(|| ProverError::invalid_input(format!("the configuration has no {key}")))?;
    match v {
        serde_json::Value::Number(n) => n.as_f64(),
        serde_json::Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    }
    .ok_or_else(|| ProverError::invalid_input(format!("{key} must be a number, got {v}")))
}

/// Reads a whole number in `min..=max` from the configuration.
pub fn config_int(config: &serde_json::Value, key: &str, min: u64, max: u64) -> Result<u64, ProverError> {
    let x = config_number(config, key)?;
    if x.fract() != 0.0 || x < min as f64 || x > max as f64 {
        return Err(ProverError::invalid_input(format!("{key} must be a whole number in {min}..={max}, got {x}")));
    }
    Ok(x as u64)
}

/// Reads a string (or a boolean, as "true"/"false") from the configuration; `default` when absent.
pub fn config_str(config: &serde_json::Value, key: &str, default: &str) -> Result<String, ProverError> {
    match config.get(key) {
        None | Some(serde_json::Value::Null) => Ok(default.to_string()),
        Some(serde_json::Value::String(s)) => Ok(s.clone()),
        Some(serde_json::Value::Bool(b)) => Ok(b.to_string()),
        Some(v) => Err(ProverError::invalid_input(format!("{key} must be a string, got {v}"))),
    }
}
