//! Scenario quantities: strings with units in the file, exact integers after parsing.
//! Each newtype deserializes through `units` and describes itself in the JSON Schema.

use serde::{Deserialize, Deserializer};

use crate::time::{Bandwidth, Time};
use crate::units::{self, Buffer};

macro_rules! quantity {
    ($name:ident, $inner:ty, $parse:path, $what:literal, $pattern:expr, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct $name(pub $inner);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                $parse(&s)
                    .map($name)
                    .map_err(|e| serde::de::Error::custom(format!("invalid {} \"{}\": {}", $what, s, e)))
            }
        }

        #[cfg(feature = "schema")]
        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({ "type": "string", "pattern": $pattern, "description": $doc })
            }
        }
    };
}

quantity!(
    TimeQ,
    Time,
    units::parse_time,
    "time",
    crate::units::patterns::TIME,
    "A time: a decimal number and ns, us, ms or s (\"2ms\", \"1.5us\"); a whole number of nanoseconds."
);
quantity!(
    BandwidthQ, Bandwidth, units::parse_bandwidth, "bandwidth",
    crate::units::patterns::RATE,
    "A rate: bits (bps) or bytes (Bps) per second with an optional K/M/G/T (powers of 1000) or Ki/Mi/Gi/Ti (powers of 1024) prefix (\"10Gbps\"), or \"inf\" for zero transmission time."
);
quantity!(
    BytesQ, u64, units::parse_bytes, "size",
    crate::units::patterns::SIZE,
    "A size: B = byte, b = bit, with an optional K/M/G/T or Ki/Mi/Gi/Ti prefix (\"1500B\", \"64KiB\"); a whole number of bytes."
);
quantity!(
    BufferQ,
    Buffer,
    units::parse_buffer,
    "buffer",
    crate::units::patterns::BUFFER,
    "A buffer limit: a size (\"128KB\"), a packet count (\"100pkt\") or \"unlimited\"."
);
