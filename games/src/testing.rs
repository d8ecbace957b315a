//! Conformance harness — being written.
