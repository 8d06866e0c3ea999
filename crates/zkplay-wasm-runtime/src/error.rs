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

/// Bytes in GiB, for the memory refusals' "about {:.1} GiB" texts.
pub fn gib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 30) as f64
}

/// Defines a backend's error enum with each variant's protocol code written beside it, and from
/// that table `code()` and `From<E> for ProverError` (the message is the enum's `Display`), so
/// that no backend writes the mapping as code of its own.
///
/// With a `fmt(f) { … }` block after the enum it also writes `Display`: a variant of one message
/// with a text beside its code (`Proving(String) => Internal: "proving failed",`) displays as
/// `proving failed: {message}`, and the block holds the match arms of the other variants. The
/// texts every backend shares ("invalid input: ", "malformed proof: ", …) are then one column of
/// the table rather than one arm each.
///
/// `refusals;` between the enum and `fmt` adds the four refusals a verifier makes, with the texts
/// and codes the wasm fuzz and the verifier package expect of every backend (scripts/lib/wasm-fuzz.mjs
/// REFUSAL_PREFIXES): `MalformedProof`, `VerificationFailed`, `InvalidInput` and `CorruptKey`, each
/// of one message.
#[macro_export]
macro_rules! coded_error {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($variants:tt)* }
        refusals;
        fmt($f:ident) { $($arms:tt)* }
    ) => {
        $crate::coded_error! {
            $(#[$meta])*
            pub enum $name {
                $($variants)*
                /// Proof bytes that are not one proof of this circuit (length, encoding, trailing bytes).
                MalformedProof(String) => CorruptProof: "malformed proof",
                /// The proof parses and does not verify for this statement.
                VerificationFailed(String) => Internal: "proof rejected",
                /// A verifier input that cannot be a statement of this circuit, refused before the
                /// proof is read: a length outside `0..=capacity`, a digest that is not 32 bytes, a
                /// configuration that has no key.
                InvalidInput(String) => InvalidInput: "invalid input",
                /// A key file that cannot be read, is for another configuration, or does not belong
                /// with the other files.
                CorruptKey(String) => CorruptArtifact: "corrupt key",
            }
            fmt($f) { $($arms)* }
        }
    };
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident $(( $($tuple:tt)* ))? $({ $($fields:tt)* })? => $code:ident $(: $text:literal)?, )*
        }
        fmt($f:ident) { $($arms:tt)* }
    ) => {
        $crate::coded_error! {
            $(#[$meta])*
            pub enum $name {
                $( $(#[$vmeta])* $variant $(( $($tuple)* ))? $({ $($fields)* })? => $code, )*
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, $f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self {
                    $( $( Self::$variant(message) => write!($f, "{}: {message}", $text), )? )*
                    $($arms)*
                }
            }
        }
    };
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

#[cfg(test)]
mod tests {
    use super::*;

    crate::coded_error! {
        #[derive(Debug)]
        pub enum Shown {
            Bad(String) => Internal: "bad",
            TooLong { len: usize } => Capacity,
            Huge { need: u64 } => OutOfMemory,
        }
        refusals;
        fmt(f) {
            Shown::TooLong { len } => write!(f, "message is {len} bytes"),
            Shown::Huge { need } => write!(f, "about {:.1} GiB", gib(*need)),
        }
    }

    #[test]
    fn the_text_beside_a_code_prefixes_the_message_and_the_arms_write_the_rest() {
        let e: ProverError = Shown::Bad("x".into()).into();
        assert_eq!((e.code, e.message.as_str()), (ErrorCode::Internal, "bad: x"));
        for (e, code, text) in [
            (Shown::MalformedProof("x".into()), ErrorCode::CorruptProof, "malformed proof: x"),
            (Shown::VerificationFailed("x".into()), ErrorCode::Internal, "proof rejected: x"),
            (Shown::InvalidInput("x".into()), ErrorCode::InvalidInput, "invalid input: x"),
            (Shown::CorruptKey("x".into()), ErrorCode::CorruptArtifact, "corrupt key: x"),
        ] {
            assert_eq!((e.code(), e.to_string().as_str()), (code, text));
        }
        assert_eq!(Shown::TooLong { len: 9 }.to_string(), "message is 9 bytes");
        assert_eq!(Shown::TooLong { len: 9 }.code(), ErrorCode::Capacity);
        assert_eq!(Shown::Huge { need: 3 << 29 }.to_string(), "about 1.5 GiB");
    }
}
