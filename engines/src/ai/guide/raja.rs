//! Raja's advice to the search: the defaults for now.

use super::Guide;
use crate::raja::Raja;

impl Guide for Raja {}
