//! Raja's tests.
