//! Refusals: the protocol's error codes, the error every call returns, and `coded_error!`, which
//! maps a backend's own error enum to them.

use serde::Serialize;

/// A protocol error code (`ErrorCode` in packages/core/protocol.ts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// The message is too long for the prepared circuit.
    Capacity,
    /// Bad request arguments: a configuration, length or digest that cannot be a statement.
    InvalidInput,
    /// A key / circuit / wasm file failed its hash or could not be parsed.
    CorruptArtifact,
    /// Proof bytes that cannot be parsed.
    CorruptProof,
    /// prove/verify before prepare.
    NotPrepared,
    /// The wasm heap could not grow.
    OutOfMemory,
    /// Anything else.
    Internal,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Capacity => "capacity",
            ErrorCode::InvalidInput => "invalid-input",
            ErrorCode::CorruptArtifact => "corrupt-artifact",
            ErrorCode::CorruptProof => "corrupt-proof",
            ErrorCode::NotPrepared => "not-prepared",
            ErrorCode::OutOfMemory => "out-of-memory",
            ErrorCode::Internal => "internal",
        }
    }
}

/// A refusal with its protocol code; `message` is the backend's text for a user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProverError {
    pub code: ErrorCode,
    pub message: String,
}

impl ProverError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, message: message.into() }
    }
    /// `invalid-input` with the `invalid input: ` prefix every verifier uses for a refused statement or configuration.
    pub fn invalid_input(what: impl std::fmt::Display) -> Self {
        Self::new(ErrorCode::InvalidInput, format!("invalid input: {what}"))
    }
}

impl std::fmt::Display for ProverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.code.as_str())
    }
}

impl std::error::Error for ProverError {}

/// Defines a backend's error enum with each variant's protocol code written beside it, and from
/// that table `code()` and `From<E> for ProverError` (the message is the enum's `Display`), so
/// that no backend writes the mapping as code of its own.
#[macro_export]
macro_rules! coded_error {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident $(( $($tuple:tt)* ))? $({ $($fields:tt)* })? => $code:ident, )*
        }
    ) => {
        $(#[$meta])*
        pub enum $name {
            $( $(#[$vmeta])* $variant $(( $($tuple)* ))? $({ $($fields)* })?, )*
        }

        impl $name {
            /// The protocol code this error is reported with.
            pub fn code(&self) -> $crate::ErrorCode {
                match self {
                    $( Self::$variant { .. } => $crate::ErrorCode::$code, )*
                }
            }
        }

        impl From<$name> for $crate::ProverError {
            fn from(e: $name) -> Self {
                $crate::ProverError::new(e.code(), e.to_string())
            }
        }
    };
}
