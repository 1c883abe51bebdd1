//! Saloon's bot: the table layer, storage and the front ends, as a library so that the
//! binary stays thin and the tests drive the real code.

pub mod community;
pub mod config;
pub mod console;
pub mod discord;
pub mod fair;
pub mod store;
pub mod table;
